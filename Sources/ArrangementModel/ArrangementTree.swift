/// A validated tree of nested arrangements: unique pane ids and at most
/// ``maximumDepth`` arrangements deep (contract §5). Resolvers take only this type.
public struct ArrangementTree: Equatable, Sendable {
    /// The deepest nesting the contract accepts, counted in arrangements.
    public static let maximumDepth = 256

    public let root: Arrangement
    /// Every pane id in depth-first order (primary, the panes inside it, secondary,
    /// the panes inside it): the order of every resolution.
    public let paneIDs: [String]
    /// The number of arrangements, the root included.
    public let arrangementCount: Int
    /// The deepest nesting, in arrangements (1 for a lone root).
    public let depth: Int
    /// Each pane id's place in ``paneIDs``: an edit names its pane by id, and a resolver
    /// that takes it in place looks the place up here rather than through every id.
    let places: [String: Int]

    /// Checks the tree-wide rules, without recursion so that any input is safe.
    public init(root: Arrangement) throws(ModelError) {
        var ids: [String] = []
        var places: [String: Int] = [:]
        var arrangements = 0
        var deepest = 0
        // Depth-first, primary before secondary: push the secondary first.
        var stack: [(pane: Pane, depth: Int)] = [(root.secondary, 1), (root.primary, 1)]
        arrangements = 1
        deepest = 1
        while let (pane, depth) = stack.popLast() {
            guard places.updateValue(ids.count, forKey: pane.id) == nil else {
                var error = ModelError("duplicate id \"\(pane.id)\"", field: "id")
                error.duplicateID = pane.id
                throw error
            }
            ids.append(pane.id)
            if let nested = pane.arrangement {
                let nestedDepth = depth + 1
                guard nestedDepth <= Self.maximumDepth else {
                    throw ModelError("nesting is deeper than \(Self.maximumDepth) arrangements")
                }
                arrangements += 1
                deepest = max(deepest, nestedDepth)
                stack.append((nested.secondary, nestedDepth))
                stack.append((nested.primary, nestedDepth))
            }
        }
        self.root = root
        self.paneIDs = ids
        self.arrangementCount = arrangements
        self.depth = deepest
        self.places = places
    }

    /// Trees are equal when their roots are (the rest follows from the root).
    public static func == (left: ArrangementTree, right: ArrangementTree) -> Bool { left.root == right.root }

    /// The place of the pane with id `id` in ``paneIDs``, or nil when the tree has none.
    public func index(ofPane id: String) -> Int? { places[id] }

    /// The number of panes (twice the arrangements).
    public var paneCount: Int { paneIDs.count }

    /// Every pane in the order of ``paneIDs`` (a primary and everything it holds, then the
    /// secondary), each with what it holds.
    public var panes: [Pane] {
        var panes: [Pane] = []
        panes.reserveCapacity(paneCount)
        var stack = [root.secondary, root.primary]
        while let pane = stack.popLast() {
            panes.append(pane)
            if let nested = pane.arrangement { stack += [nested.secondary, nested.primary] }
        }
        return panes
    }
}

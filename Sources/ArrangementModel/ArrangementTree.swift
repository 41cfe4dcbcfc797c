/// A validated tree of nested arrangements: unique pane ids and at most
/// ``maximumDepth`` arrangements deep (contract §5). Resolvers take only this type.
public struct ArrangementTree: Equatable, Sendable {
    /// The deepest nesting the contract accepts, counted in arrangements.
    public static let maximumDepth = 256

    /// What the tree is, in one box shared by its copies: a tree goes from a timeline to a
    /// variant on every edit frame, and a copy of the root (two panes with their ids and
    /// what they hold) costs dozens of reference counts, of the box one.
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let root: Arrangement
        @usableFromInline let paneIDs: [String]
        @usableFromInline let arrangementCount: Int
        @usableFromInline let depth: Int
        @usableFromInline let places: [String: Int]

        init(root: Arrangement, paneIDs: [String], arrangementCount: Int, depth: Int, places: [String: Int]) {
            (self.root, self.paneIDs, self.arrangementCount, self.depth) = (root, paneIDs, arrangementCount, depth)
            self.places = places
        }
    }
    @usableFromInline let storage: Storage

    @inlinable public var root: Arrangement { storage.root }
    /// Every pane id in depth-first order (primary, the panes inside it, secondary,
    /// the panes inside it): the order of every resolution.
    @inlinable public var paneIDs: [String] { storage.paneIDs }
    /// The number of arrangements, the root included.
    @inlinable public var arrangementCount: Int { storage.arrangementCount }
    /// The deepest nesting, in arrangements (1 for a lone root).
    @inlinable public var depth: Int { storage.depth }

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
        storage = Storage(root: root, paneIDs: ids, arrangementCount: arrangements, depth: deepest, places: places)
    }

    /// Trees are equal when their roots are (the rest follows from the root).
    public static func == (left: ArrangementTree, right: ArrangementTree) -> Bool {
        left.storage === right.storage || left.root == right.root
    }

    /// The place of the pane with id `id` in ``paneIDs``, or nil when the tree has none:
    /// an edit names its pane by id.
    public func index(ofPane id: String) -> Int? { storage.places[id] }

    /// The number of panes (twice the arrangements).
    @inlinable public var paneCount: Int { storage.paneIDs.count }

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

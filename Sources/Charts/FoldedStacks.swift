import Support

/// Stacks with a cost each, in the folded form flame-graph tools read: one line per
/// distinct stack, frames outermost first separated by `;`, then a space and the cost.
public struct FoldedStacks: Sendable, Equatable {
    /// Cost per stack, the stack's frames joined by `;`.
    public private(set) var costs: [String: Double] = [:]

    public init() {}

    /// Adds `cost` to `stack` (outermost frame first).
    public mutating func add(_ stack: [String], _ cost: Double) {
        guard !stack.isEmpty else { return }
        costs[stack.joined(separator: ";"), default: 0] += cost
    }

    /// The stacks with every frame up to the last one that `isDriver` cut off, so
    /// that two builds whose harness frames have different names still line up; a
    /// stack of driver frames only is kept as `driverName`.
    public func rerooted(below isDriver: (String) -> Bool, driverName: String) -> FoldedStacks {
        var result = FoldedStacks()
        for (stack, cost) in costs {
            let frames = stack.split(separator: ";").map(String.init)
            guard let last = frames.lastIndex(where: isDriver) else {
                result.add(frames, cost)
                continue
            }
            let rest = Array(frames[(last + 1)...])
            result.add(rest.isEmpty ? [driverName] : rest, cost)
        }
        return result
    }

    /// The sum over every stack.
    public var total: Double { costs.values.reduce(0, +) }

    /// The folded text, stacks in order, costs as integers when they are.
    public var text: String {
        costs.keys.sorted().map { "\($0) \(formatNumber(costs[$0]!))\n" }.joined()
    }

    /// Reads folded text; a line without a cost after its last space is refused.
    public static func parse(_ text: String) -> Result<FoldedStacks, FoldedStacksError> {
        var stacks = FoldedStacks()
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard let space = line.lastIndex(of: " "), let cost = Double(line[line.index(after: space)...]),
                cost.isFinite
            else { return .failure(FoldedStacksError(line: number + 1)) }
            stacks.add(line[..<space].split(separator: ";").map(String.init), cost)
        }
        return .success(stacks)
    }
}

/// A line of folded text that is not `STACK COST`.
public struct FoldedStacksError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int

    public init(line: Int) { self.line = line }

    public var description: String { "line \(line): not 'frame;frame;... COST'" }
}

/// The tree a flame graph draws: every distinct path of frames, with the cost below
/// it in two profiles (`before` is zero when only one is drawn).
public struct FlameNode: Sendable, Equatable {
    public var name: String
    /// The cost of this frame and everything above it, in the profile that is drawn.
    public var value: Double
    /// The same in the profile compared with (a differential flame graph).
    public var before: Double
    /// Children ordered by name, as flame graphs order them (so that two graphs line up).
    public var children: [FlameNode]

    public init(name: String, value: Double, before: Double = 0, children: [FlameNode] = []) {
        self.name = name
        self.value = value
        self.before = before
        self.children = children
    }

    /// The tree of `stacks` (and of `before`, for a differential graph).
    public static func tree(_ stacks: FoldedStacks, before: FoldedStacks = FoldedStacks()) -> FlameNode {
        var root = Builder()
        for (stack, cost) in stacks.costs { root.add(stack.split(separator: ";")[...], after: cost, before: 0) }
        for (stack, cost) in before.costs { root.add(stack.split(separator: ";")[...], after: 0, before: cost) }
        return root.node(named: "all")
    }

    private struct Builder {
        var value = 0.0
        var before = 0.0
        var children: [String: Builder] = [:]

        mutating func add(_ frames: ArraySlice<Substring>, after: Double, before: Double) {
            value += after
            self.before += before
            guard let first = frames.first else { return }
            children[String(first), default: Builder()].add(frames.dropFirst(), after: after, before: before)
        }

        func node(named name: String) -> FlameNode {
            FlameNode(
                name: name, value: value, before: before,
                children: children.keys.sorted().map { children[$0]!.node(named: $0) })
        }
    }
}

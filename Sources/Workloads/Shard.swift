/// One of N parts of a suite, for a CI matrix: every scenario in exactly one part,
/// the parts balanced by expected cost, the same scenarios in the same part on every
/// machine.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` (1 ≤ K ≤ N).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count <= 10_000 else {
            return nil
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's scenarios, in their given order. The parts are filled greedily,
    /// costliest scenario first (ties by name), each into the part with the least cost
    /// so far (ties to the lowest part): within 4/3 of the best split, and deterministic.
    public func select(_ scenarios: [Scenario], cost: (Scenario) -> Double) -> [Scenario] {
        let assignment = Shard.assign(scenarios, parts: count, cost: cost)
        return scenarios.indices.filter { assignment[$0] == index - 1 }.map { scenarios[$0] }
    }

    /// The part (0-based) of each scenario.
    static func assign(_ scenarios: [Scenario], parts: Int, cost: (Scenario) -> Double) -> [Int] {
        let costs = scenarios.map(cost)
        let order = scenarios.indices.sorted {
            (costs[$0], scenarios[$1].description) > (costs[$1], scenarios[$0].description)
        }
        var loads = [Double](repeating: 0, count: parts)
        var assignment = [Int](repeating: 0, count: scenarios.count)
        for index in order {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            assignment[index] = lightest
            loads[lightest] += costs[index]
        }
        return assignment
    }
}

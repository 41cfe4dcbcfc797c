import ArrangementModel

/// A small, fast, seedable generator (SplitMix64), so that every generated tree and
/// context is the same on every machine and run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The tree families of benchmark-design §3, generated deterministically.
public enum TreeFactory {
    /// `balanced-dN`: a full binary tree of depth N (2^N − 1 arrangements) of automatic
    /// splits; every other primary prefers a 0.4 ratio so both the explicit and the
    /// flexible paths run. Throws beyond the contract's depth.
    public static func balanced(depth: Int) throws(ModelError) -> ArrangementTree {
        guard (1...20).contains(depth) else { throw ModelError("balanced trees have depth 1...20, not \(depth)") }
        var counter = 0
        func build(_ level: Int) throws(ModelError) -> Arrangement {
            counter += 1
            let name = counter
            let explicit = name % 2 == 0
            let primaryContent: PaneContent = level < depth ? .arrangement(try build(level + 1)) : .view
            let secondaryContent: PaneContent = level < depth ? .arrangement(try build(level + 1)) : .view
            return Arrangement(
                primary: try Pane(
                    id: "p\(name)",
                    split: explicit
                        ? SplitPreferences(horizontal: try .ratio(ideal: 0.4), vertical: try .ratio(ideal: 0.4))
                        : SplitPreferences(),
                    content: primaryContent),
                secondary: try Pane(id: "s\(name)", content: secondaryContent))
        }
        return try ArrangementTree(root: build(1))
    }

    /// `chain-dN`: each secondary holds the next arrangement, N arrangements deep.
    public static func chain(depth: Int) throws(ModelError) -> ArrangementTree {
        guard (1...ArrangementTree.maximumDepth).contains(depth) else {
            throw ModelError("chain trees have depth 1...\(ArrangementTree.maximumDepth), not \(depth)")
        }
        var arrangement = Arrangement(primary: try Pane(id: "p\(depth)"), secondary: try Pane(id: "s\(depth)"))
        for level in stride(from: depth - 1, through: 1, by: -1) {
            arrangement = Arrangement(
                style: level % 3 == 0 ? .overlay(.both) : .automatic,
                primary: try Pane(id: "p\(level)", minWidth: Double(level % 5) * 2),
                secondary: try Pane(id: "s\(level)", content: .arrangement(arrangement)))
        }
        return try ArrangementTree(root: arrangement)
    }

    /// `random-nN`: N arrangements with every style, axis restriction, preference
    /// kind, priority and overlay edge drawn from `seed`, at most `maximumDepth` deep.
    public static func random(arrangements count: Int, seed: UInt64, maximumDepth: Int = ArrangementTree.maximumDepth)
        throws(ModelError) -> ArrangementTree
    {
        guard count >= 1 else { throw ModelError("random trees need at least 1 arrangement, not \(count)") }
        var builder = RandomTreeBuilder(generator: SplitMix64(seed: seed))
        let capacity = (1 << min(maximumDepth, 62)) - 1
        let root = try builder.arrangement(count: min(count, capacity), depth: 1, maximumDepth: maximumDepth)
        return try ArrangementTree(root: root)
    }
}

/// Draws random arrangements; every value it draws is valid by construction.
struct RandomTreeBuilder {
    var generator: SplitMix64
    var nextID = 0

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }

    /// A value on a coarse grid most of the time (to hit ties), arbitrary otherwise.
    mutating func number(upTo limit: Double, step: Double) -> Double {
        if chance(0.8) {
            return Double(Int.random(in: 0...Int(limit / step), using: &generator)) * step
        }
        return Double.random(in: 0...limit, using: &generator)
    }

    mutating func arrangement(count: Int, depth: Int, maximumDepth: Int) throws(ModelError) -> Arrangement {
        let remaining = count - 1
        let perSide = (1 << min(maximumDepth - depth, 62)) - 1
        let primaryLow = max(0, remaining - perSide)
        let primaryHigh = min(remaining, perSide)
        let primaryCount = primaryLow <= primaryHigh ? Int.random(in: primaryLow...primaryHigh, using: &generator) : 0
        let style = try self.style()
        let primary = try pane(nested: primaryCount, depth: depth, maximumDepth: maximumDepth)
        let secondary = try pane(nested: remaining - primaryCount, depth: depth, maximumDepth: maximumDepth)
        return Arrangement(style: style, primary: primary, secondary: secondary)
    }

    mutating func style() throws(ModelError) -> ArrangementStyle {
        let axes = pick([AxisSet.both, .both, .horizontal, .vertical])
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: return .automatic
        case 1: return .split(axes)
        default: return .overlay(axes)
        }
    }

    mutating func pane(nested: Int, depth: Int, maximumDepth: Int) throws(ModelError) -> Pane {
        nextID += 1
        let id = "v\(nextID)"
        let minWidth = chance(0.6) ? 0 : number(upTo: 400, step: 25)
        let minHeight = chance(0.6) ? 0 : number(upTo: 400, step: 25)
        let idealWidth = chance(0.5) ? nil : minWidth + number(upTo: 300, step: 25)
        let idealHeight = chance(0.5) ? nil : minHeight + number(upTo: 300, step: 25)
        var split = SplitPreferences()
        if chance(0.15) {
            let ratio = try SizePreference.ratio(ideal: number(upTo: 1, step: 0.05))
            split = SplitPreferences(horizontal: ratio, vertical: ratio)
        } else {
            split.horizontal = try preference()
            split.vertical = try preference()
        }
        let edges = OverlayEdges(
            horizontal: pick([nil, HorizontalEdge.leading, .trailing]),
            vertical: pick([nil, VerticalEdge.top, .bottom]))
        let content: PaneContent =
            nested > 0
            ? .arrangement(try arrangement(count: nested, depth: depth + 1, maximumDepth: maximumDepth)) : .view
        return try Pane(
            id: id, layoutPriority: pick([0, 0, 0, 1, 2, -1, 0.5]), minWidth: minWidth, minHeight: minHeight,
            idealWidth: idealWidth, idealHeight: idealHeight, split: split, overlayEdge: edges, content: content)
    }

    /// None, a ratio, a length or fixed, with a random subset of ordered min/ideal/max.
    mutating func preference() throws(ModelError) -> SizePreference? {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return nil
        case 3: return .fixed
        case let kind:
            let isRatio = kind == 1
            var values = (0..<3).map { _ in isRatio ? number(upTo: 1, step: 0.05) : number(upTo: 600, step: 25) }
            values.sort()
            var present = (0..<3).map { _ in chance(0.5) }
            if !present.contains(true) { present[Int.random(in: 0..<3, using: &generator)] = true }
            let (min, ideal, max) = (
                present[0] ? values[0] : nil, present[1] ? values[1] : nil, present[2] ? values[2] : nil
            )
            return isRatio
                ? try .ratio(min: min, ideal: ideal, max: max) : try .length(min: min, ideal: ideal, max: max)
        }
    }
}

import ArrangementModel
import SceneGenerator

/// The tree families , generated deterministically.
public enum TreeFactory {
    /// The depths a balanced tree may have: 20 levels are a million arrangements.
    public static let balancedDepths = 1...20

    /// `balanced-dN`: a full binary tree of depth N (2^N − 1 arrangements) of automatic
    /// splits; every other primary prefers a 0.4 ratio so both the explicit and the
    /// flexible paths run. Throws beyond the contract's depth.
    public static func balanced(depth: Int) throws(ModelError) -> ArrangementTree {
        guard balancedDepths.contains(depth) else {
            throw ModelError("balanced trees have depth \(balancedDepths), not \(depth)")
        }
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
        var generator = SceneGenerator(SeededSource(seed: seed))
        return try generator.tree(arrangements: count, maximumDepth: maximumDepth)
    }
}

import ArrangementModel
import SceneGenerator
import Testing
import Workloads

@testable import FastResolver

@Suite("The fast resolver's prepared storage")
struct CompiledTreeTests {
    /// The storage index of the arrangement holding each pane, from the full-path table.
    static func owners(_ compiled: CompiledTree) -> [Int: Int] {
        var owners: [Int: Int] = [:]
        for (index, arrangement) in compiled.arrangements.enumerated() {
            owners[Int(arrangement.primary.rawValue)] = index
            owners[Int(arrangement.secondary.rawValue)] = index
        }
        return owners
    }

    /// Each arrangement's depth, in storage order.
    /// Fails the calling test (without trapping) for a parent slot that no arrangement
    /// owns or a child stored before its parent.
    static func depths(_ compiled: CompiledTree, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        let owners = owners(compiled)
        var depths = [0]
        let parentSlots = compiled.leftToRightSteps.map(\.parent)
        for index in 1..<parentSlots.count {
            let parent = try #require(
                owners[Int(parentSlots[index].rawValue)], "arrangement \(index): no arrangement owns its parent slot",
                sourceLocation: sourceLocation)
            try #require(
                parent < index, "arrangement \(index) is stored before its parent \(parent)",
                sourceLocation: sourceLocation)
            depths.append(depths[parent] + 1)
        }
        return depths
    }

    @Test("both orders store every parent before its children", arguments: [CompiledTree.Order.levelOrder, .preOrder])
    func parentsFirst(order: CompiledTree.Order) throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let tree = try TreeFactory.random(arrangements: 300, seed: seed, maximumDepth: 20)
            let compiled = CompiledTree(tree, order: order)
            #expect(compiled.leftToRightSteps.count == tree.arrangementCount)
            _ = try Self.depths(compiled)
        }
    }

    @Test("a tree of at most four levels is stored depth by depth")
    func levelOrder() throws {
        let compiled = CompiledTree(try TreeFactory.balanced(depth: 4))
        let depths = try Self.depths(compiled)
        #expect(depths == [0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3])
    }

    @Test("a deeper tree is cut into blocks of four levels counted from the bottom")
    func blocks() throws {
        // Depth 10: heights 8...9 (the top two levels, 3 arrangements) form the first
        // block; each arrangement at depth 2 roots a block of 15 at depths 2...5, and
        // each at depth 6 one of 15 at depths 6...9, in the pre-order of their roots.
        let compiled = CompiledTree(try TreeFactory.balanced(depth: 10))
        let depths = try Self.depths(compiled)
        #expect(Array(depths[0..<3]) == [0, 1, 1])
        var blocks: [[Int]] = []
        var index = 3
        while index < depths.count {
            blocks.append(Array(depths[index..<(index + 15)]))
            index += 15
        }
        // Each upper block (depths 2...5) is followed by the 16 lower blocks (depths
        // 6...9) rooted in it.
        let upper = [2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]
        let lower = upper.map { $0 + 4 }
        #expect(blocks == (0..<4).flatMap { _ in [upper] + Array(repeating: lower, count: 16) })
    }

    @Test("pre-order follows the depth-first numbering")
    func preOrder() throws {
        let compiled = CompiledTree(try TreeFactory.balanced(depth: 4), order: .preOrder)
        #expect(try Self.depths(compiled) == [0, 1, 2, 3, 3, 2, 3, 3, 1, 2, 3, 3, 2, 3, 3])
    }

    @Test("the common kernel is chosen only where no bound can bind, the near pane solved first")
    func kernels() throws {
        // balanced trees: flexible views, or a 0.4 ratio ideal on the primary; no minimum.
        let balanced = CompiledTree(try TreeFactory.balanced(depth: 3))
        #expect(balanced.leftToRightSteps.allSatisfy { $0.horizontal.kernel == 0 && $0.vertical.kernel == 0 })
        #expect(balanced.leftToRightSteps.map(\.horizontalFraction).contains(0.4))
        // Right to left, side by side, the secondary is near but solved second.
        #expect(
            balanced.rightToLeftSteps.allSatisfy {
                $0.horizontal.kernel == AxisEntry.Kernel.farFirst && $0.vertical.kernel == 0
            })
        // A minimum width, a ratio with a max, a length ideal or an overlay: not the common kernel.
        let cases: [(Arrangement, UInt32)] = [
            (
                Arrangement(primary: try Pane(id: "a", minWidth: 10), secondary: try Pane(id: "b")),
                AxisEntry.Kernel.general
            ),
            (
                Arrangement(
                    primary: try Pane(id: "a", split: SplitPreferences(horizontal: try .ratio(ideal: 0.3, max: 0.5))),
                    secondary: try Pane(id: "b")), AxisEntry.Kernel.general
            ),
            (
                Arrangement(
                    primary: try Pane(id: "a", split: SplitPreferences(horizontal: try .length(ideal: 200))),
                    secondary: try Pane(id: "b")), AxisEntry.Kernel.general
            ),
            (
                Arrangement(style: .overlay(.both), primary: try Pane(id: "a"), secondary: try Pane(id: "b")),
                AxisEntry.Kernel.full
            ),
            (
                Arrangement(style: .split(.vertical), primary: try Pane(id: "a"), secondary: try Pane(id: "b")),
                AxisEntry.Kernel.full
            ),
        ]
        for (arrangement, kernel) in cases {
            let compiled = CompiledTree(try ArrangementTree(root: arrangement))
            #expect(compiled.leftToRightSteps[0].horizontal.kernel & kernel != 0, "\(arrangement)")
            #expect(!compiled.leftToRightIsProportional)
        }
    }

    @Test(
        "an overlay's kernel says whether a divider along each axis separates it, and which pane takes the first region"
    )
    func overlayKernels() throws {
        let (full, separates, farFirst) = (AxisEntry.Kernel.full, AxisEntry.Kernel.separates, AxisEntry.Kernel.farFirst)
        func kernels(_ arrangement: Arrangement) throws -> [UInt32] {
            let steps = CompiledTree(try ArrangementTree(root: arrangement)).steps
            return [
                steps[0].horizontal.kernel, steps[0].vertical.kernel, steps[1].horizontal.kernel,
                steps[1].vertical.kernel,
            ]
        }
        // No edges: the secondary leads and is on top (§2.3.1). Left to right the far pane
        // (the secondary) takes the left and the top region; right to left the leading
        // region is the right one and the near pane side by side is the secondary, so the
        // far pane (the primary) takes the left region: the same bits in both directions.
        #expect(
            try kernels(Arrangement(style: .overlay(.both), primary: Pane(id: "a"), secondary: Pane(id: "b")))
                == Array(repeating: full | separates | farFirst, count: 4))
        // The primary leading and on top, separable only side by side.
        let edges = OverlayEdges(horizontal: .leading, vertical: .top)
        #expect(
            try kernels(
                Arrangement(
                    style: .overlay(.horizontal), primary: Pane(id: "a", overlayEdge: edges), secondary: Pane(id: "b")))
                == [full | separates, full, full | separates, full])
        // A split along an axis its style does not permit is placed alone, whatever its
        // plan (a minimum width would make the horizontal one general).
        #expect(
            try kernels(
                Arrangement(style: .split(.vertical), primary: Pane(id: "a", minWidth: 10), secondary: Pane(id: "b")))
                == [full, 0, full, 0])
    }

    @Test("the frame a direction's tree takes: none for one or two arrangements, a loop for more; proportional or not")
    func frameShapes() throws {
        func shapes(_ tree: ArrangementTree) -> [FrameShape] {
            let compiled = CompiledTree(tree)
            return [compiled.tables(.leftToRight).pointee.shape, compiled.tables(.rightToLeft).pointee.shape]
        }
        let plain = Arrangement(primary: try Pane(id: "a"), secondary: try Pane(id: "b"))
        let bounded = Arrangement(primary: try Pane(id: "c", minWidth: 10), secondary: try Pane(id: "d"))
        func holding(_ nested: Arrangement) throws -> ArrangementTree {
            try ArrangementTree(
                root: Arrangement(
                    primary: try Pane(id: "e", content: .arrangement(nested)), secondary: try Pane(id: "f")))
        }
        // Right to left, side by side, the near pane (the secondary) is solved second.
        #expect(shapes(try ArrangementTree(root: plain)) == [.oneProportional, .one])
        #expect(shapes(try ArrangementTree(root: bounded)) == [.one, .one])
        #expect(shapes(try holding(plain)) == [.twoProportional, .two])
        #expect(shapes(try holding(bounded)) == [.two, .two])
        #expect(shapes(try TreeFactory.balanced(depth: 2)) == [.proportional, .any])
        #expect(shapes(try TreeFactory.random(arrangements: 100, seed: 3)) == [.any, .any])
    }

    @Test("a plan has a maximum when either view's length is bounded above along its axis")
    func maximums() throws {
        func hasMaximum(_ primary: Pane, _ secondary: Pane) -> Bool {
            AxisPlan(primary: primary, secondary: secondary, axis: .horizontal).hasMaximum
        }
        let free = try Pane(id: "b")
        #expect(
            !hasMaximum(
                try Pane(id: "a", minWidth: 250, split: SplitPreferences(horizontal: try .length(ideal: 300))), free))
        #expect(
            !hasMaximum(try Pane(id: "a", split: SplitPreferences(horizontal: try .ratio(min: 0.2, ideal: 0.3))), free))
        #expect(hasMaximum(free, try Pane(id: "a", split: SplitPreferences(horizontal: try .ratio(max: 0.4)))))
        #expect(hasMaximum(try Pane(id: "a", split: SplitPreferences(horizontal: try .length(max: 500))), free))
        #expect(hasMaximum(free, try Pane(id: "a", idealWidth: 200, split: SplitPreferences(horizontal: .fixed))))
        // A maximum along the other axis does not count.
        #expect(!hasMaximum(try Pane(id: "a", split: SplitPreferences(vertical: try .length(max: 500))), free))
    }

    @Test("a tree whose every step takes the common kernel is marked proportional, per direction")
    func proportionalTrees() throws {
        // Left to right, the primary leads and is solved first; right to left, side by
        // side, the secondary leads but the primary is still solved first.
        let balanced = CompiledTree(try TreeFactory.balanced(depth: 6))
        #expect(balanced.leftToRightIsProportional && !balanced.rightToLeftIsProportional)
        for seed in 1...20 as ClosedRange<UInt64> {
            var generator = SceneGenerator(seed: seed)
            let compiled = CompiledTree(try generator.proportionalTree(arrangements: 150))
            #expect(compiled.leftToRightIsProportional, "seed \(seed)")
        }
        // One arrangement that is not proportional is enough to take the general loop.
        let random = CompiledTree(try TreeFactory.random(arrangements: 100, seed: 3))
        #expect(!random.leftToRightIsProportional && !random.rightToLeftIsProportional)
    }

    @Test("a tree compiled in pre-order on the level order's tables finds each arrangement's entries there")
    func sharedTables() throws {
        let tree = try TreeFactory.random(arrangements: 100, seed: 3)
        let levelOrder = CompiledTree(tree, order: .levelOrder)
        let shared = CompiledTree(tree, order: .preOrder, sharingTablesOf: levelOrder)
        let own = CompiledTree(tree, order: .preOrder)
        // One copy: the same storage, not equal copies.
        #expect(shared.plans.baseAddress == levelOrder.plans.baseAddress)
        #expect(shared.arrangements.baseAddress == levelOrder.arrangements.baseAddress)
        #expect(own.plans.baseAddress != levelOrder.plans.baseAddress)
        // What a frame reads in each direction: that direction's half of the steps, the shared tables.
        for (direction, half) in [(LayoutDirection.leftToRight, 0), (.rightToLeft, 1)] {
            let tables = shared.tables(direction).pointee
            #expect(tables.steps == shared.steps.baseAddress! + half * shared.count)
            #expect(tables.rightToLeft == (half == 1) && tables.count == 100 && tables.paneCount == 200)
            #expect(tables.plans == levelOrder.plans.baseAddress)
        }
        #expect(shared.tableOrder == .levelOrder && own.tableOrder == .preOrder)
        // Stored as its own pre-order tree is, each step pointing at its arrangement's entries.
        for index in 0..<own.count {
            let (a, b) = (shared.arrangement(stored: index), own.arrangements[index])
            #expect(a.primary == b.primary && a.secondary == b.secondary && a.isOverlay == b.isOverlay)
            #expect(own.steps[index].tableIndex == index)
            let (sharedPlan, ownPlan) = (shared.plans[2 * shared.steps[index].tableIndex + 1], own.plans[2 * index + 1])
            #expect(
                sharedPlan.firstLoPoints == ownPlan.firstLoPoints && sharedPlan.primaryFirst == ownPlan.primaryFirst)
            #expect(shared.steps[index].parent == own.steps[index].parent)
            let flags = Step.Flags.overlay | Step.Flags.primaryWinsCollapse
            #expect(shared.steps[index].flags & flags == own.steps[index].flags & flags)
        }
        #expect(Set((0..<shared.count).map { shared.steps[$0].tableIndex }) == Set(0..<shared.count))
    }

    @Test("a step is 40 bytes and carries each axis's share of the view solved first, in both directions")
    func steps() throws {
        #expect(MemoryLayout<Step>.stride == 40)
        // The root's primary is explicit on both axes with different shares; the nested
        // arrangement's secondary is the explicit one, so it is solved first; the
        // innermost is flexible and aims at half.
        let innermost = Arrangement(primary: try Pane(id: "c"), secondary: try Pane(id: "d"))
        let nested = Arrangement(
            primary: try Pane(id: "b", content: .arrangement(innermost)),
            secondary: try Pane(
                id: "e", split: SplitPreferences(horizontal: try .ratio(ideal: 0.25), vertical: try .ratio(ideal: 0.6)))
        )
        let root = Arrangement(
            primary: try Pane(
                id: "a", split: SplitPreferences(horizontal: try .ratio(ideal: 0.3), vertical: try .ratio(ideal: 0.7))),
            secondary: try Pane(id: "f", content: .arrangement(nested)))
        let compiled = CompiledTree(try ArrangementTree(root: root))
        for steps in [compiled.leftToRightSteps, compiled.rightToLeftSteps] {
            #expect(steps.map(\.horizontalFraction) == [0.3, 0.25, 0.5])
            #expect(steps.map(\.verticalFraction) == [0.7, 0.6, 0.5])
        }
    }
}

import ArrangementModel
import CVariantInterface
import FlatTrees
import Testing
import Workloads

/// Interface version 2 hands a library its edits as indices into the edited tree: each
/// must name the pane and the arrangement whose values changed, as the flat tree lays
/// them out.
@Suite("Edits through the C interface")
struct InterfaceEditTests {
    @Test("each edit's pane and arrangement are the edited tree's indices; a pane a later edit removed is -1")
    func indices() throws {
        let tree = try TreeFactory.balanced(depth: 3)
        let subtree = Arrangement(primary: try Pane(id: "new-a"), secondary: try Pane(id: "new-b"))
        let edits: [TreeEdit] = [
            .setPane("s2", .minHeight(40)), .setPane("p3", .layoutPriority(2)), .setStyle("root", .overlay(.both)),
            .setAxes("p1", .vertical), .remove("s5"), .insert("p4", subtree), .setPane("p5", .idealWidth(9)),
            .remove("p1"),
        ]
        var edited = tree
        for edit in edits { edited = try edit.applied(to: edited) }
        let flat = FlatTree(edited)
        let ids = flat.panes.map { String(cString: $0.id) }
        let handed = flat.interfaceEdits(edits)
        #expect(handed.map(\.kind) == [0, 1, 3, 4, 6, 5, 0, 6])
        /// The index of the pane called `id` in the edited tree, and of the arrangement holding it.
        func place(_ id: String) -> (pane: Int32, owner: Int32) {
            guard let pane = ids.firstIndex(of: id) else { return (-1, -1) }
            let owner = flat.arrangements.firstIndex { $0.primary == UInt32(pane) || $0.secondary == UInt32(pane) }
            return (Int32(pane), Int32(owner ?? -1))
        }
        // "s2" and "p3" lived inside the subtree "p1" held, which the last edit removed.
        #expect(handed[0].pane == -1 && handed[0].arrangement == -1)
        #expect(handed[1].pane == -1 && handed[1].arrangement == -1)
        #expect(handed[2].pane == -1 && handed[2].arrangement == 0)
        let p1 = place("p1")
        #expect(p1.pane >= 0 && handed[3].pane == p1.pane)
        #expect(handed[3].arrangement == flat.panes[Int(p1.pane)].arrangement && handed[3].arrangement == -1)
        #expect(handed[4].pane == place("s5").pane && handed[4].pane >= 0 && handed[4].arrangement == -1)
        // "p4" lived inside p1's subtree too; "p5" did not.
        #expect(handed[5].pane == -1 && handed[5].arrangement == -1)
        #expect(handed[6].pane == place("p5").pane && handed[6].arrangement == place("p5").owner)
        #expect(handed[7].pane == p1.pane && handed[7].arrangement == -1)
        // Without the removals, every index lands on a live pane.
        var kept = tree
        let keptEdits = Array(edits[0..<4]) + [edits[5], edits[6]]
        for edit in keptEdits { kept = try edit.applied(to: kept) }
        let keptFlat = FlatTree(kept)
        let keptIDs = keptFlat.panes.map { String(cString: $0.id) }
        let keptHanded = keptFlat.interfaceEdits(keptEdits)
        for (edit, handed) in zip(keptEdits, keptHanded) where edit.pane != TreeEdit.rootPane {
            #expect(keptIDs[Int(handed.pane)] == edit.pane, "\(edit.description)")
            let arrangement = Int(handed.arrangement)
            switch edit.kind {
            case .preference, .priority:
                let owner = keptFlat.arrangements[arrangement]
                #expect(owner.primary == UInt32(handed.pane) || owner.secondary == UInt32(handed.pane))
            case .axes, .insert:
                #expect(keptFlat.panes[Int(handed.pane)].arrangement == handed.arrangement && arrangement > 0)
            default: Issue.record("unexpected \(edit.kind)")
            }
        }
        #expect(FOLDBENCH_EDIT_REPLACE == 7 && TreeEdit.Kind.allCases.count == 8)
    }

    @Test(
        "a frame loop's edits are placed where the interface places them: each changed arrangement once, each subtree by its pane"
    )
    func placedAsTheInterfacePlacesThem() throws {
        let tree = try TreeFactory.balanced(depth: 3)
        let subtree = Arrangement(primary: try Pane(id: "new-a"), secondary: try Pane(id: "new-b"))
        let lists: [[TreeEdit]] = [
            [
                .setPane("s2", .minHeight(40)), .setPane("p3", .layoutPriority(2)), .setStyle("root", .overlay(.both)),
                .setAxes("p1", .vertical), .remove("s5"), .insert("p4", subtree), .setPane("p5", .idealWidth(9)),
                .remove("p1"),
            ],
            [
                .setPane("s6", .idealHeight(400)), .setPane("s6", .minHeight(400)), .setPane("p3", .minWidth(2)),
                .setStyle("p1", .overlay(.both)), .replace("s1", subtree), .setAxes("root", .horizontal),
            ],
        ]
        for edits in lists {
            var edited = tree
            for edit in edits { edited = try edit.applied(to: edited) }
            let flat = FlatTree(edited)
            let handed = flat.interfaceEdits(edits)
            let placed = PlacedEdits(edits, in: edited)
            let moves = edits.map(\.kind.movesPanes)
            var expected: [Int32] = []
            for (edit, moving) in zip(handed, moves) where !moving && edit.arrangement >= 0 {
                if !expected.contains(edit.arrangement) { expected.append(edit.arrangement) }
            }
            #expect(placed.changed.map { Int32($0.index) } == expected)
            #expect(placed.movesPanes == moves.contains(true))
            for change in placed.changed {
                let read = try flat.withTree { try ArrangementTree.arrangement($0, change.index) }
                #expect(read.style == change.arrangement.style)
                #expect(read.primary.id == change.arrangement.primary.id)
                #expect(read.secondary.minHeight == change.arrangement.secondary.minHeight)
            }
            // Each pane a subtree went into or out of, in pane order, once.
            let panes = Set(zip(handed, moves).filter { $0.1 && $0.0.pane >= 0 }.map { Int($0.0.pane) }).sorted()
            #expect(placed.splices.map(\.pane) == panes)
            for splice in placed.splices {
                #expect(splice.subtree == edited.panes[splice.pane].arrangement)
            }
        }
    }
}

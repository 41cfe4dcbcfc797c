import ArrangementModel
import FastResolver
import ReferenceResolver
import SceneFormat
import Support
import Testing
import Workloads

@Suite("Edits to a tree")
struct TreeEditTests {
    let tree = try! TreeFactory.balanced(depth: 4)

    /// Every pane of `tree`, by id.
    func panes(_ tree: ArrangementTree) -> [String: Pane] {
        var found: [String: Pane] = [:]
        var stack = [tree.root]
        while let arrangement = stack.popLast() {
            for pane in [arrangement.primary, arrangement.secondary] {
                found[pane.id] = pane
                if let nested = pane.arrangement { stack.append(nested) }
            }
        }
        return found
    }

    var leaf: String { tree.paneIDs.first { panes(tree)[$0]!.arrangement == nil }! }
    var holder: String { tree.paneIDs.first { panes(tree)[$0]!.arrangement != nil }! }

    @Test("each kind of edit changes what it names, and only that")
    func editsChangeWhatTheyName() throws {
        let before = panes(tree)
        let cases: [(TreeEdit, TreeEdit.Kind, (Pane) -> Bool)] = [
            (.setPane(leaf, .idealHeight(640)), .preference, { $0.idealHeight == 640 }),
            (.setPane(leaf, .minWidth(120)), .preference, { $0.minWidth == 120 && $0.idealWidth == 120 }),
            (.setPane(leaf, .split(.vertical, try .length(min: 200))), .preference, { $0.split.vertical != nil }),
            (.setPane(leaf, .layoutPriority(3)), .priority, { $0.layoutPriority == 3 }),
            (
                .setPane(leaf, .overlayEdges(OverlayEdges(vertical: .bottom))), .overlayEdges,
                {
                    $0.overlayEdge.vertical == .bottom
                }
            ),
            (.setStyle(holder, .overlay(.both)), .style, { $0.arrangement?.style == .overlay(.both) }),
            (.setAxes(holder, .vertical), .axes, { $0.arrangement?.style == .split(.vertical) }),
            (.remove(holder), .remove, { $0.arrangement == nil }),
        ]
        for (edit, kind, holds) in cases {
            #expect(edit.kind == kind)
            let edited = try edit.applied(to: tree)
            let after = panes(edited)
            #expect(holds(after[edit.pane]!), "\(edit.description)")
            for (id, pane) in after where id != edit.pane {
                #expect(pane == before[id] || pane.arrangement != nil, "\(edit.description) changed \(id)")
            }
        }
        // The root's style, named by "root".
        let overlaid = try TreeEdit.setStyle(TreeEdit.rootPane, .overlay(.horizontal)).applied(to: tree)
        #expect(overlaid.root.style == .overlay(.horizontal) && overlaid.paneIDs == tree.paneIDs)
        // Removed, then inserted back: the tree it was.
        let nested = before[holder]!.arrangement!
        let removed = try TreeEdit.remove(holder).applied(to: tree)
        #expect(removed.paneCount == tree.paneCount - 2 * (tree.arrangementCount - removed.arrangementCount))
        #expect(try TreeEdit.insert(holder, nested).applied(to: removed) == tree)
        // Replaced by one arrangement of two new panes.
        let small = Arrangement(primary: try Pane(id: "new-a"), secondary: try Pane(id: "new-b"))
        let replaced = try TreeEdit.replace(holder, small).applied(to: tree)
        #expect(panes(replaced)[holder]!.arrangement == small)
        #expect(
            TreeEdit.replace(holder, small).description
                == "pane \"\(holder)\": replace its arrangement with an arrangement")
    }

    @Test("an edit that names nothing, or would leave an invalid tree, is refused with the rule it breaks")
    func refusals() throws {
        let small = Arrangement(primary: try Pane(id: "new-a"), secondary: try Pane(id: "new-b"))
        let duplicate = Arrangement(primary: try Pane(id: leaf), secondary: try Pane(id: "new-b"))
        let cases: [(TreeEdit, String)] = [
            (.setPane("nowhere", .idealHeight(1)), "pane: no pane \"nowhere\" in the tree"),
            (.setPane(leaf, .minWidth(-1)), "minWidth: -1 is a negative size"),
            (.setPane(leaf, .layoutPriority(.infinity)), "layoutPriority: must be a finite number"),
            (
                .insert(holder, small),
                "pane: pane \"\(holder)\" already holds an arrangement: replace it, or remove it first"
            ),
            (.remove(leaf), "pane: pane \"\(leaf)\" holds no arrangement to remove it"),
            (.replace(leaf, small), "pane: pane \"\(leaf)\" holds no arrangement to replace it (insert one instead)"),
            (.setStyle(leaf, .overlay(.both)), "pane: pane \"\(leaf)\" holds no arrangement to set its style"),
            (.setAxes(leaf, .vertical), "pane: pane \"\(leaf)\" holds no arrangement to set its axes"),
            (.insert(leaf, duplicate), "id: duplicate id \"\(leaf)\""),
        ]
        for (edit, message) in cases {
            #expect(throws: ModelError.self, "\(edit.description)") { try edit.applied(to: tree) }
            do {
                _ = try edit.applied(to: tree)
            } catch {
                #expect(error.description == message)
            }
        }
        // A minimum above the ideal the pane states.
        let ideal = try TreeEdit.setPane(leaf, .idealWidth(100)).applied(to: tree)
        #expect(throws: ModelError.self) { try TreeEdit.setPane(leaf, .minWidth(200)).applied(to: ideal) }
        // An insert past the deepest nesting the contract accepts.
        let chain = try TreeFactory.chain(depth: ArrangementTree.maximumDepth)
        let deepest = chain.paneIDs.last { id in panes(chain)[id]!.arrangement == nil }!
        #expect(throws: ModelError.self) { try TreeEdit.insert(deepest, small).applied(to: chain) }
    }

    @Test("every edited tree resolves as the reference does, for fast and incremental")
    func editedTreesResolve() throws {
        let context = LayoutContext(
            bounds: try Rect(x: 0, y: 0, width: 1000, height: 700),
            reservedRegions: [try Rect(x: 495, y: 0, width: 10, height: 700)])
        let small = Arrangement(
            style: .overlay(.both), primary: try Pane(id: "new-a", minWidth: 300), secondary: try Pane(id: "new-b"))
        let edits: [TreeEdit] = [
            .setPane(leaf, .idealWidth(900)), .setPane(leaf, .minHeight(400)), .setPane(leaf, .layoutPriority(5)),
            .setPane(leaf, .split(.horizontal, try .ratio(min: 0.7))), .setStyle(holder, .overlay(.both)),
            .setAxes(TreeEdit.rootPane, .vertical), .remove(holder), .insert(leaf, small), .replace(holder, small),
        ]
        for edit in edits {
            let edited = try edit.applied(to: tree)
            let expected = ReferenceResolver().resolve(edited, in: context)
            #expect(FastResolver().resolve(edited, in: context) == expected, "\(edit.description)")
            #expect(IncrementalResolver().resolve(edited, in: context) == expected, "\(edit.description)")
        }
    }

    /// An edit read from its text, at `path`.
    func read(_ text: String, path: String = "edits[0]") throws(InputError) -> TreeEdit {
        try EditFormat.decode(JSONReader(try JSONReader.document(Array(text.utf8)), path: path), extraKeys: ["frame"])
    }

    @Test("every edit's text reads back as the same edit")
    func textRoundTrips() throws {
        let small = Arrangement(
            style: .overlay(.vertical), primary: try Pane(id: "new-a", minWidth: 300),
            secondary: try Pane(id: "new-b", split: SplitPreferences(horizontal: try .length(ideal: 200))))
        let edits: [TreeEdit] = [
            .setPane("list", .minWidth(320)), .setPane("list", .minHeight(0.5)), .setPane("list", .idealWidth(900)),
            .setPane("list", .idealHeight(640)), .setPane("list", .layoutPriority(-2)),
            .setPane("list", .split(.vertical, try .ratio(min: 0.2, max: 0.8))),
            .setPane("list", .split(.horizontal, nil)),
            .setPane("list", .split(.horizontal, .fixed)),
            .setPane("list", .overlayEdges(OverlayEdges(horizontal: .trailing, vertical: .top))),
            .setPane("list", .overlayEdges(OverlayEdges())), .setStyle("root", .overlay(.both)),
            .setStyle("detail", .split(.horizontal)), .setAxes("detail", .vertical), .insert("detail", small),
            .replace("detail", small), .remove("detail"),
        ]
        for edit in edits {
            let text = JSONWriter.write(EditFormat.json(edit))
            #expect(try read(text) == edit, "\(text)")
        }
        #expect(try read(#"{"frame": 12, "pane": "list", "idealHeight": 640}"#) == .setPane("list", .idealHeight(640)))
    }

    @Test("a bad edit is refused with its place and rule, before any tree is touched")
    func textRefusals() throws {
        let cases: [(String, String)] = [
            (#"{"pane": "list"}"#, "edits[0]: an edit names exactly one change"),
            (#"{"pane": "list", "minWidth": 1, "idealWidth": 2}"#, "edits[0]: an edit names exactly one change"),
            (#"{"idealWidth": 2}"#, "edits[0].pane: missing"),
            (#"{"pane": "list", "idealWidth": "wide"}"#, "edits[0].idealWidth: expected a number"),
            (#"{"pane": "list", "split": {"vertical": {"ratio": {"min": 2}}}}"#, "edits[0].split.vertical.ratio.min"),
            (#"{"pane": "list", "split": {"vertical": null, "horizontal": null}}"#, "edits[0].split: an edit sets"),
            (#"{"pane": "list", "axes": []}"#, "edits[0].axes: axes must not be empty"),
            (#"{"pane": "list", "remove": false}"#, "edits[0].remove: expected true"),
            (#"{"pane": "list", "style": "sideways"}"#, "edits[0].style: unknown style"),
            (#"{"pane": "list", "insert": {"primary": {"id": "a"}}}"#, "edits[0].insert.secondary: missing"),
            (#"{"pane": "list", "grow": 1}"#, "edits[0]"),
        ]
        for (text, message) in cases {
            do {
                _ = try read(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.hasPrefix(message), "\(text): \(error.description)")
            }
        }
        // Read, then refused on the tree with the same place.
        let edit = try read(#"{"pane": "nowhere", "idealWidth": 2}"#, path: "edits[3]")
        let reader = JSONReader(.null, path: "edits[3]")
        #expect(throws: InputError.self) { try EditFormat.apply(edit, to: tree, at: reader) }
        do {
            _ = try EditFormat.apply(edit, to: tree, at: reader)
        } catch {
            #expect(error.description == "edits[3].pane: no pane \"nowhere\" in the tree")
        }
    }
}

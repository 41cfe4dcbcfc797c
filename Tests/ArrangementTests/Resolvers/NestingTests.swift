import ArrangementModel
import Foundation
import ReferenceResolver
import SceneFormat
import Support
import Testing

@Suite("Nesting, hidden subtrees, aliases (§3, §4)")
struct NestingTests {
    @Test("§4 the contract's example prints exactly as the contract shows")
    func contractExample() throws {
        let text = """
            {"context": {"bounds": {"x": 0, "y": 0, "width": 1000, "height": 700},
              "sizeClass": {"horizontal": "regular", "vertical": "regular"},
              "layoutDirection": "leftToRight", "reservedRegions": []},
             "styles": {"sideBySide": {"split": {"axes": ["horizontal"]}}},
             "root": {"style": "sideBySide", "primary": {"id": "account", "splitRatio": 0.6},
              "secondary": {"id": "photo", "minWidth": 200,
                "split": {"horizontal": {"ratio": {"min": 0.3, "ideal": 0.4, "max": 0.5}}, "vertical": "fixed"},
                "overlayEdge": {"horizontal": "leading"},
                "arrangement": {"style": {"overlay": {"axes": ["vertical"]}},
                  "primary": {"id": "card"}, "secondary": {"id": "map"}}}}}
            """
        let expected = """
            {"panes": [
              {"id": "account", "visible": true,
               "frame": {"x": 0, "y": 0, "width": 600, "height": 700},
               "sizeClass": {"horizontal": "compact", "vertical": "regular"},
               "splitAxis": "horizontal", "zIndex": 0},
              {"id": "photo", "visible": true,
               "frame": {"x": 600, "y": 0, "width": 400, "height": 700},
               "sizeClass": {"horizontal": "compact", "vertical": "regular"},
               "splitAxis": "horizontal", "zIndex": 0},
              {"id": "card", "visible": true,
               "frame": {"x": 600, "y": 0, "width": 400, "height": 700},
               "sizeClass": {"horizontal": "compact", "vertical": "regular"},
               "splitAxis": null, "zIndex": 1},
              {"id": "map", "visible": true,
               "frame": {"x": 600, "y": 0, "width": 400, "height": 700},
               "sizeClass": {"horizontal": "compact", "vertical": "regular"},
               "splitAxis": null, "zIndex": 0}
            ]}

            """
        let scene = try decodeScene(text)
        let resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        #expect(ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs) == expected)
    }

    @Test("§3 a hidden pane hides everything below it and prints null")
    func hiddenSubtree() throws {
        let root = """
            {"style": {"split": {"axes": ["horizontal"]}}, "primary": {"id": "a"},
             "secondary": {"id": "b", "arrangement": {"primary": {"id": "c",
               "arrangement": {"primary": {"id": "e"}, "secondary": {"id": "f"}}}, "secondary": {"id": "d"}}}}
            """
        let text = sceneJSON(bounds: "0 0 400 800", root: root)
        try expectResolution(
            text, [pane("a", 0, 0, 400, 800), hidden("b"), hidden("c"), hidden("e"), hidden("f"), hidden("d")])
        let scene = try decodeScene(text)
        let printed = ResolutionEncoder.encode(
            ReferenceResolver().resolve(scene.tree, in: scene.context), ids: scene.tree.paneIDs)
        #expect(
            printed.contains(
                #"{"id": "d", "visible": false,"# + "\n" + #"   "frame": null,"# + "\n" + #"   "sizeClass": null,"#))
    }

    @Test("§3 the collapse winner lays out its nested arrangement in the whole bounds")
    func nestedInCollapseWinner() throws {
        let root = """
            {"primary": {"id": "a", "minWidth": 600, "arrangement": {"primary": {"id": "c"}, "secondary": {"id": "d"}}},
             "secondary": {"id": "b", "minWidth": 500}}
            """
        try expectResolution(
            sceneJSON(root: root),
            [
                pane("a", 0, 0, 1000, 700), pane("c", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("d", 500, 0, 500, 700, axis: .horizontal, sc: "CR"), hidden("b"),
            ])
    }

    @Test("§3 splitAxis and zIndex come from the nearest arrangement")
    func nearestArrangementReports() throws {
        let root = """
            {"style": "overlay", "primary": {"id": "a", "arrangement": {"primary": {"id": "c"}, "secondary": {"id": "d"}}},
             "secondary": {"id": "b"}}
            """
        try expectResolution(
            sceneJSON(root: root),
            [
                pane("a", 0, 0, 1000, 700, z: 1), pane("c", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("d", 500, 0, 500, 700, axis: .horizontal, sc: "CR"), pane("b", 0, 0, 1000, 700),
            ])
    }

    @Test("§3 nested panes inherit the pane's size class and the direction")
    func nestedRightToLeft() throws {
        let root = """
            {"primary": {"id": "a", "splitRatio": 0.4},
             "secondary": {"id": "b", "arrangement": {"primary": {"id": "c", "splitRatio": 0.5}, "secondary": {"id": "d"}}}}
            """
        try expectResolution(
            sceneJSON(bounds: "0 0 1400 700", direction: "rightToLeft", root: root),
            [
                pane("a", 840, 0, 560, 700, axis: .horizontal, sc: "CR"),
                pane("b", 0, 0, 840, 700, axis: .horizontal, sc: "CR"),
                pane("c", 420, 0, 420, 700, axis: .horizontal, sc: "CR"),
                pane("d", 0, 0, 420, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§3 a nested stack makes the vertical class compact too")
    func nestedStackSizeClass() throws {
        let root = """
            {"primary": {"id": "a", "arrangement": {"primary": {"id": "c"}, "secondary": {"id": "d"}}}, "secondary": {"id": "b"}}
            """
        try expectResolution(
            sceneJSON(root: root),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("c", 0, 0, 500, 350, axis: .vertical, sc: "CC"),
                pane("d", 0, 350, 500, 350, axis: .vertical, sc: "CC"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§1 a named alias of a split restriction")
    func splitAlias() throws {
        try expectResolution(
            sceneJSON(styles: #"{"stack": {"split": {"axes": ["vertical"]}}}"#, root: pair(style: #""stack""#)),
            [pane("a", 0, 0, 1000, 700), hidden("b")])
    }

    @Test("§1 an alias may name a built-in style")
    func aliasOfBuiltIn() throws {
        try expectResolution(
            sceneJSON(styles: #"{"layers": "overlay"}"#, root: pair(style: #""layers""#)),
            [pane("a", 0, 0, 1000, 700, z: 1), pane("b", 0, 0, 1000, 700)])
    }

    @Test("§1 an omitted style is automatic, a split on both axes")
    func omittedStyle() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 300 500", root: #"{"primary": {"id": "a"}, "secondary": {"id": "b"}}"#),
            [
                pane("a", 0, 0, 300, 250, axis: .vertical, sc: "RC"),
                pane("b", 0, 250, 300, 250, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§5 a chain exactly 256 arrangements deep resolves; one more is rejected")
    func maximumNesting() throws {
        func chain(_ depth: Int) -> String {
            var text = #"{"primary": {"id": "p\#(depth)"}, "secondary": {"id": "s\#(depth)"}}"#
            for level in stride(from: depth - 1, through: 1, by: -1) {
                text = #"{"primary": {"id": "p\#(level)"}, "secondary": {"id": "s\#(level)", "arrangement": \#(text)}}"#
            }
            return text
        }
        let scene = try decodeScene(sceneJSON(root: chain(256)))
        #expect(scene.tree.depth == 256)
        #expect(scene.tree.arrangementCount == 256)
        let resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        #expect(resolution.panes.count == 512)
        #expect(resolution.panes.allSatisfy { $0.visible })
        #expect(throws: InputError.self) { try SceneDecoder.decode(sceneJSON(root: chain(257))) }
    }
}

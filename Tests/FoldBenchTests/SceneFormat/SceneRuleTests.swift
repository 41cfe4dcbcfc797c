import SceneFormat
import TestSupport
import Testing
import Variants

@Suite("Scene rules pinned by hand")
struct SceneRuleTests {
    @Test("a length with only a maximum below 1 pt is honoured: no minimum means 0, by every variant")
    func lengthWithoutMinimum() throws {
        let scene = try SceneDecoder.decode(
            Array(
                #"""
                {"context": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}},
                 "root": {"style": "split", "primary": {"id": "a", "split": {"horizontal": {"length": {"max": 0.5}}}},
                          "secondary": {"id": "b"}}}
                """#.utf8))
        for entry in VariantList.all where !entry.isTestOnly {
            let panes = entry.variant.resolve(scene.tree, in: scene.context).panes
            #expect(panes.map(\.frame.width) == [0.5, 9.5], "\(entry.name)")
        }
    }
}

import ArrangementModel
import Foundation
import ReferenceResolver
import SceneFormat
import Support
import Testing

@Suite("Shipped scenes under Benchmarks/Scenes")
struct ShippedSceneTests {
    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Benchmarks/Scenes/\(name).json")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("moon phase, half-open landscape: tonight and the phases either side of the fold (475/391)")
    func moonPhase() throws {
        try expectResolution(
            try Self.text("moon-phase"),
            [
                pane("tonight", 0, 0, 475, 822, axis: .horizontal, sc: "CR"),
                pane("upcoming-phases", 475, 0, 391, 822, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("frog atlas, half-open portrait: the map on top, the species account 60 % beside its photograph")
    func frogAtlas() throws {
        try expectResolution(
            try Self.text("frog-atlas"),
            [
                pane("species", 0, 475, 822, 475, sc: "RC"),
                pane("account", 0, 475, 0.6 * 822, 475, axis: .horizontal, sc: "CC"),
                pane("photograph", 0.6 * 822, 475, 822 - 0.6 * 822, 475, axis: .horizontal, sc: "CC"),
                pane("world-map", 0, 0, 822, 475, sc: "RC"),
            ])
    }

    @Test("media player: the fold wins over the queue's length; the controls layered over the artwork")
    func mediaPlayer() throws {
        try expectResolution(
            try Self.text("media-player"),
            [
                pane("now-playing", 0, 0, 475, 822, axis: .horizontal, sc: "CR"),
                pane("controls", 0, 0, 475, 822, z: 1, sc: "CR"), pane("artwork", 0, 0, 475, 822, sc: "CR"),
                pane("queue", 475, 0, 391, 822, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("nested reader, right-to-left: the library on the right, page above fixed notes")
    func nestedReader() throws {
        try expectResolution(
            try Self.text("nested-reader"),
            [
                pane("library", 650, 0, 300, 822, axis: .horizontal, sc: "CR"),
                pane("reader", 0, 0, 650, 822, axis: .horizontal, sc: "CR"),
                pane("page", 0, 0, 650, 622, axis: .vertical, sc: "CC"),
                pane("notes", 0, 622, 650, 200, axis: .vertical, sc: "CC"),
            ])
    }
}

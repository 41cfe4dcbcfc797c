import ArrangementModel
import Foundation
import SceneFormat
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

/// Decoding while parsing (no document held) against decoding the document: the same
/// scene whenever the first accepts, and never a scene the second refuses.
@Suite("Scenes decoded while parsed")
struct SceneDecodingTests {
    /// The document decoder's answer for `bytes`: the scene, or `nil` when it refuses.
    static func fromDocument(_ bytes: [UInt8]) -> Scene? {
        try? SceneDecoder.decode(JSONReader.document(bytes))
    }

    @Test("generated, shipped and catalog scenes: the same scene either way, decoded while parsed")
    func sameScenes() throws {
        var generator = SceneGenerator(seed: 0xD1CE)
        var texts: [String] = []
        for index in 0..<300 {
            let (tree, context) = try generator.scene(arrangements: 1...120, maximumDepth: index % 3 == 0 ? 4 : 16)
            texts.append(SceneEncoder.encode(Scene(context: context, tree: tree)))
        }
        for name in TreeSpec.shippedScenes {
            texts.append(try String(contentsOfFile: "Benchmarks/Scenes/\(name).json", encoding: .utf8))
        }
        texts.append(SceneEncoder.encode(try TreeSpec("chain-d256").makeScene()))
        for text in texts {
            let bytes = Array(text.utf8)
            let parsed = try #require(SceneDecoder.decodeWhileParsing(bytes), "declined: \(text.prefix(200))")
            #expect(parsed == Self.fromDocument(bytes))
        }
    }

    @Test("every bad scene of §5 is declined while parsed; the document's message is the one given")
    func badScenesDeclined() {
        for (what, text, message) in BadSceneTests.cases {
            let bytes = Array(text.utf8)
            #expect(SceneDecoder.decodeWhileParsing(bytes) == nil, "\(what)")
            #expect(throws: InputError.self, "\(what)") { try SceneDecoder.decode(bytes) }
            do {
                _ = try SceneDecoder.decode(bytes)
            } catch {
                #expect(error.description.contains(message), "\(what): \(error)")
            }
        }
    }

    @Test("style aliases after the tree that uses them: declined while parsed, the same scene from the document")
    func aliasesAfterTheTree() throws {
        let text = """
            {"context": {"bounds": {"x": 0, "y": 0, "width": 800, "height": 600}},
             "root": {"style": "layered", "primary": {"id": "a"}, "secondary": {"id": "b"}},
             "styles": {"layered": {"overlay": {"axes": ["vertical"]}}}}
            """
        let bytes = Array(text.utf8)
        #expect(SceneDecoder.decodeWhileParsing(bytes) == nil)
        let scene = try SceneDecoder.decode(bytes)
        #expect(scene.tree.root.style == .overlay(try AxisSet([.vertical])))
        // Given before the tree, they are taken while parsing.
        let before = """
            {"context": {"bounds": {"x": 0, "y": 0, "width": 800, "height": 600}},
             "styles": {"layered": {"overlay": {"axes": ["vertical"]}}},
             "root": {"style": "layered", "primary": {"id": "a"}, "secondary": {"id": "b"}}}
            """
        #expect(SceneDecoder.decodeWhileParsing(Array(before.utf8))?.tree == scene.tree)
    }

    @Test("10,000 scenes with a byte changed: whatever is decoded while parsed, the document decodes the same")
    func mutatedBytes() throws {
        var generator = SceneGenerator(seed: 0xBAD5EED)
        var random = SplitMix64(seed: 7)
        var accepted = 0
        var refused = 0
        let alphabet = Array(#"{}[]:,"0123456789.-eE aAtfnul\"#.utf8)
        for index in 0..<10_000 {
            let (tree, context) = try generator.scene(arrangements: 1...12, maximumDepth: 6)
            var bytes = Array(SceneEncoder.encode(Scene(context: context, tree: tree)).utf8)
            let position = Int(random.next() % UInt64(bytes.count))
            bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            let parsed = SceneDecoder.decodeWhileParsing(bytes)
            let document = Self.fromDocument(bytes)
            if let parsed {
                #expect(parsed == document, "scene \(index), byte \(position)")
                accepted += 1
            } else {
                refused += document == nil ? 1 : 0
            }
        }
        // Both kinds occur: the check is not vacuous.
        #expect(accepted > 500 && refused > 5_000, "\(accepted) accepted, \(refused) refused")
    }

    @Test("each optional context field a scene gives is recorded as stated, alone, by both decoders")
    func statedFields() throws {
        let bounds = #""bounds": {"x": 0, "y": 0, "width": 800, "height": 600}"#
        let cases: [(String, StatedContext)] = [
            ("", []),
            (#", "sizeClass": {"horizontal": "compact", "vertical": "regular"}"#, [.sizeClass]),
            (#", "layoutDirection": "rightToLeft""#, [.layoutDirection]),
            (#", "reservedRegions": []"#, [.reservedRegions]),
        ]
        #expect(Set([StatedContext.sizeClass, .layoutDirection, .reservedRegions].map(\.rawValue)).count == 3)
        for (fields, stated) in cases {
            let text =
                #"{"context": {"# + bounds + fields + #"}, "root": {"primary": {"id": "a"}, "secondary": {"id": "b"}}}"#
            let bytes = Array(text.utf8)
            for scene in [SceneDecoder.decodeWhileParsing(bytes), Self.fromDocument(bytes)] {
                #expect(scene?.stated == stated, "\(fields)")
                for single in [StatedContext.sizeClass, .layoutDirection, .reservedRegions] {
                    #expect(scene?.stated.contains(single) == stated.contains(single), "\(fields): \(single.rawValue)")
                }
                #expect(scene?.stated.isEmpty == stated.isEmpty)
                // One bit a field given, whatever the constants say.
                #expect(scene?.stated.rawValue.nonzeroBitCount == (fields.isEmpty ? 0 : 1), "\(fields)")
            }
        }
    }
}

import ArrangementModel
import SceneFormat
import SceneGenerator
import Support
import Testing
import Workloads

@Suite("The scene generator")
struct SceneGeneratorTests {
    @Test("the seeded source draws exactly as the standard library does from the same generator")
    func seededDraws() {
        var source = SeededSource(seed: 99)
        var generator = SplitMix64(seed: 99)
        for _ in 0..<200 {
            #expect(source.int(in: 3...17) == Int.random(in: 3...17, using: &generator))
            #expect(source.double(in: -1...2) == Double.random(in: -1...2, using: &generator))
            #expect(source.unit() == Double.random(in: 0..<1, using: &generator))
            #expect(source.bool() == Bool.random(using: &generator))
        }
    }

    @Test("the byte source reads one byte for small ranges, eight for large ones, and zeros once the bytes run out")
    func byteSource() throws {
        var source = ByteSource([5, 255, 128, 1, 0, 0, 0, 0, 0, 0, 0, 9])
        #expect(source.int(in: 0...2) == 2)  // 5 % 3
        #expect(source.double(in: 0...10) == 10)  // 255 / 255
        #expect(source.unit() == 0.5)  // 128 / 256
        let odd = source.bool()
        #expect(odd)  // 1 is odd
        #expect(source.int(in: 0...1_000_000) == 9)  // eight bytes, big-endian
        #expect(source.index == 12)
        let (int, unit, bool) = (source.int(in: 4...9), source.unit(), source.bool())
        #expect(int == 4 && unit == 0 && !bool)
        var empty = ByteSource([])
        let fromNothing = try empty.tree(arrangements: 5)
        #expect(fromNothing.arrangementCount == 5, "a valid tree even from no bytes")
    }

    @Test("random-nN trees keep their shapes, so a committed baseline stays comparable")
    func pinnedShapes() throws {
        // The FNV-1a hash of the encoded random-n20 tree, as generated since the quick
        // suite's baseline was recorded (its random-n100 checksums match). It changes
        // if the generator's draws change, and then Results/baseline.json must be
        // regenerated in the same commit; or if the encoder's spelling does (it leaves
        // default styles out since 2026-12-01), with the baseline's checksums unchanged.
        let tree = try TreeFactory.random(arrangements: 20, seed: 20)
        let text = SceneEncoder.encode(Scene(context: LayoutContext(bounds: .zero), tree: tree))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        #expect(tree.arrangementCount == 20)
        #expect(hash == 0x4B11_8BA0_CCCE_DE28, "hash \(String(hash, radix: 16))")
    }
}

extension ByteSource {
    fileprivate mutating func tree(arrangements: Int) throws -> ArrangementTree {
        var generator = SceneGenerator(self)
        defer { self = generator.source }
        return try generator.tree(arrangements: arrangements)
    }
}

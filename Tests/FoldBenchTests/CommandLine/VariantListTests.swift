import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing
import Variants

/// Adding a variant is one file and one line in ``VariantList``: every consumer
/// reads that list. These tests list what each consumer sees.
@Suite("One list of variants")
struct VariantListTests {
    let names = VariantList.all.map(\.name)

    @Test("the list starts with the reference, names are unique, the slowed test-only variants are in it")
    func contents() {
        #expect(names.first == VariantList.referenceName)
        #expect(VariantList.reference.name == VariantList.referenceName)
        #expect(Set(names).count == names.count, "names are unique")
        #expect(VariantList.candidates.map(\.name) == Array(names.dropFirst()))
        for name: VariantName in ["fast", "fast-preorder"] { #expect(names.contains(name)) }
        for name: VariantName in ["fast-slowed", "fast-slowed-10"] {
            #expect(VariantList.entry(named: name)?.isTestOnly == true)
        }
        #expect(VariantList.defaultRun.allSatisfy { !$0.isTestOnly && $0.runsByDefault })
        #expect(VariantList.listed.allSatisfy { !$0.isTestOnly })
    }

    @Test("the command line: list shows the listed ones, list --variants every one, resolve accepts every one")
    func commandLine() {
        let machine = runFoldBench(["list", "--variants"])
        #expect(machine.status == 0)
        // Every variant run accepts, the planted stale caches included.
        let marked = Set(VariantList.all.filter(\.isTestOnly).map(\.name) + VariantList.staleCaches.map(\.name))
        #expect(
            machine.out
                == (names + VariantList.staleCaches.map(\.name)).map {
                    marked.contains($0) ? "\($0)\ttest only\n" : "\($0)\n"
                }.joined())
        // Every variant a run measures by default is unmarked; every planted fault is marked.
        #expect(machine.out.contains("fast\n") && machine.out.contains("fast-slowed\ttest only\n"))
        let human = runFoldBench(["list"])
        for entry in VariantList.all {
            #expect(human.out.contains("  \(entry.name): \(entry.summary)") == !entry.isTestOnly, "\(entry.name)")
        }
        let scene = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json").path
        for name in names {
            #expect(runFoldBench(["resolve", scene, "--variant", name.rawValue]).status == 0, "\(name)")
        }
    }

    @Test("a run without --variant measures the default ones, in the list's order")
    func defaultRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "drag-resize/media-player/iphone-duo", "--frames", "4", "--time-per-scenario", "0",
            "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let summary = try Report.decode(
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("latest.json"))))
        #expect(summary.results.map(\.variant) == VariantList.defaultRun.map(\.name) + ["floor"])
        #expect(VariantList.defaultRun.map(\.name).starts(with: ["reference", "fast"]))
    }

    @Test("the fuzz targets iterate the list and bench.sh names no variant")
    func scripts() throws {
        for file in [
            "Fuzz/Sources/FuzzDifferential/DifferentialFuzz.swift", "Fuzz/Sources/FuzzDecoder/SceneDecoderFuzz.swift",
        ] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("for entry in VariantList.candidates"), "\(file)")
            #expect(!text.contains("FastResolver("), "\(file) names no variant")
        }
        let bench = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/bench.sh"), encoding: .utf8)
        // bench.sh runs the default variants (the runner checks each against the reference).
        #expect(bench.contains("foldbench run"))
        #expect(!bench.contains("--variant ") && !bench.contains("--variant="), "bench.sh names no variant")
    }
}

import Foundation
import Testing

/// Variants in shared libraries (`--variant-library`): checked, timed and counted like
/// built-in ones, and a library that breaks the interface's rules ends in one line, exit
/// 1 (a bad library) or 2 (a bad path), with nothing written.
@Suite("variant libraries")
struct VariantLibraryTests {
    static let scenario = "fold-cycle/balanced-d4/galaxy-z-fold7"

    /// `run` with one library's variant on one scenario, into a fresh folder: the status,
    /// the standard error, and whether anything was written there.
    func run(_ name: String, variant: String? = nil, extra: [String] = []) throws -> (
        status: Int32, out: String, err: String, wrote: [String]
    ) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let result = try runBinary(
            [
                "run", "--variant-library", library(name), "--scenario", Self.scenario, "--time-per-scenario", "0.05",
                "--frames", "60", "--out", out,
            ] + (variant.map { ["--variant", $0] } ?? []) + extra)
        let wrote = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        return (result.status, result.out, result.err, wrote)
    }

    @Test(
        "each misbehaving library ends the run in one line naming the library, the problem and the place, exit 1, nothing written",
        arguments: [
            ("misbehaving-crash", "crashed with SIGSEGV (signal 11) in scenario \(scenario) at frame 7"),
            ("misbehaving-hang", "took longer than 1000 ms on one frame (a hang?) in scenario \(scenario) at frame 7"),
            (
                "misbehaving-overrun",
                "wrote past the last pane (byte 32 after 30 panes of 40 bytes) in scenario \(scenario) at frame 7"
            ),
            (
                "misbehaving-refuse",
                "refuses the tree: 15 arrangements; this library takes 3 at most in scenario \(scenario)"
            ),
            ("misbehaving-version", "speaks interface version 99; this FoldBench speaks version 1"),
            ("misbehaving-clash", "names its variant 'fast', which is a built-in variant's name"),
            ("misbehaving-no-release", "does not export foldbench_variant_release (see foldbench_variant.h)"),
        ])
    func misbehaviour(name: String, problem: String) throws {
        let result = try run(name)
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("library \(library(name)): \(problem)\n"), "\(result.err)")
        #expect(result.wrote.isEmpty, "wrote \(result.wrote)")
        #expect(result.out.isEmpty)
    }

    @Test("a library that blocks the time limit's signal and hangs is killed by the parent's limit on the whole check")
    func deafHang() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let result = try runBinary(
            [
                "run", "--variant-library", library("misbehaving-deaf"), "--scenario", Self.scenario,
                "--time-per-scenario", "0.05", "--frames", "60", "--out", out,
            ], environment: ProcessInfo.processInfo.environment.merging(["FOLDBENCH_LIBRARY_CHECK_SECONDS": "3"]) { $1 })
        #expect(result.status == 1)
        #expect(
            result.err.contains(
                "library \(library("misbehaving-deaf")): its check did not end within 3 s, and no frame's time limit stopped it"),
            "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a path that names no file exits 2; a file that is no library exits 1")
    func badPaths() throws {
        let missing = try runBinary(["run", "--variant-library", "/nonexistent/libx.so", "--scenario", Self.scenario])
        #expect(missing.status == 2)
        #expect(missing.err.contains("library /nonexistent/libx.so: no such file"), "\(missing.err)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try writeFile("not a library", named: "libtext.so", in: directory)
        let notLibrary = try runBinary(["list", "--variant-library", text])
        #expect(notLibrary.status == 1)
        #expect(notLibrary.err.contains("library \(text): cannot be loaded:"), "\(notLibrary.err)")
    }

    @Test("ab takes two builds of one library together, and no other build with them")
    func abLibraries() throws {
        let alone = runFoldBench(["ab", "--baseline-library", library("c-fast")])
        #expect(alone.status == 2)
        #expect(alone.err.contains("--baseline-library and --candidate-library go together"), "\(alone.err)")
        let mixed = runFoldBench(
            [
                "ab", "--baseline-library", library("c-fast"), "--candidate-library", library("c-fast"), "--baseline",
                "HEAD",
            ])
        #expect(mixed.status == 2)
        #expect(mixed.err.contains("--baseline does not go with --baseline-library"), "\(mixed.err)")
        let crashing = try runBinary(
            [
                "ab", "--baseline-library", library("c-fast"), "--candidate-library", library("misbehaving-crash"),
                "--scenario", "fold-cycle/balanced-d4/iphone-duo",
            ])
        #expect(crashing.status == 1)
        #expect(
            crashing.err.contains("library \(library("misbehaving-crash")): crashed with SIGSEGV"), "\(crashing.err)")
    }

    @Test("a library answering wrongly is refused like a built-in variant: the frame, the pane, the picture")
    func wrongAnswer() throws {
        let result = try run("misbehaving-wrong")
        #expect(result.status == 1)
        #expect(result.err.contains("variant misbehaving-wrong differs from the reference at frame 7"), "\(result.err)")
        #expect(result.wrote == ["disagreement.html"])
    }

    @Test("a library that remembers is held to the history checks: a cache keyed on the bounds alone is refused")
    func staleLibrary() throws {
        let result = try run("misbehaving-stale")
        #expect(result.status == 1)
        #expect(result.err.contains("variant misbehaving-stale differs from the reference"), "\(result.err)")
    }

    @Test("jemalloc counts a C library's malloc: one allocation per relayout; c-fast none")
    func allocations() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let result = try runBinary(
            [
                "run", "--variant-library", library("misbehaving-allocate"), "--variant-library", library("c-fast"),
                "--variant", "misbehaving-allocate", "--variant", "c-fast", "--scenario", Self.scenario,
                "--time-per-scenario", "0.05", "--frames", "60", "--out", out,
            ])
        #expect(result.status == 0, "\(result.err)")
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(out)/latest.json")))
        let rows = try #require((report as? [String: Any])?["results"] as? [[String: Any]])
        func allocations(_ variant: String) -> Double? {
            let row = rows.first { $0["variant"] as? String == variant }
            return ((row?["metrics"] as? [String: Any])?["allocationsPerRelayout"] as? [String: Any])?["value"]
                as? Double
        }
        #expect(allocations("misbehaving-allocate") == 1)
        #expect(allocations("c-fast") == 0)
    }

    @Test("list, resolve and draw take libraries: c-fast listed, resolving every shipped scene as the reference does")
    func oneOffCommands() throws {
        let listed = try runBinary(["list", "--variants", "--variant-library", library("c-fast")])
        #expect(listed.out.split(separator: "\n").last == "c-fast")
        let scenes = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Benchmarks/Scenes").path
        ).filter { $0.hasSuffix(".json") }
        #expect(!scenes.isEmpty)
        for scene in scenes {
            let path = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/\(scene)").path
            let reference = try runBinary(["resolve", path])
            let port = try runBinary(["resolve", path, "--variant-library", library("c-fast"), "--variant", "c-fast"])
            #expect(port.status == 0 && port.out == reference.out, "\(scene): \(port.err)")
        }
        let drawn = try runBinary(
            [
                "draw", "--scenario", "fold-cycle/balanced-d4/iphone-duo", "--frame", "10", "--variant-library",
                library("misbehaving-refuse"), "--variant", "misbehaving-refuse",
            ])
        #expect(drawn.status == 1)
        #expect(drawn.out.isEmpty)
        #expect(drawn.err.contains("refuses the tree: 15 arrangements"), "\(drawn.err)")
    }

    @Test("c-fast is exact on the default suite, both directions: the run checks every frame and measures it")
    func cFastRuns() throws {
        for direction in ["leftToRight", "rightToLeft"] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = try runBinary(
                [
                    "run", "--variant-library", library("c-fast"), "--variant", "c-fast", "--suite", "default",
                    "--time-per-scenario", "0.01", "--frames", "120", "--layout-direction", direction,
                    "--out", directory.path,
                ])
            #expect(result.status == 0, "\(direction): \(result.err.suffix(600))")
            #expect(result.out.contains("  c-fast "))
        }
    }
}

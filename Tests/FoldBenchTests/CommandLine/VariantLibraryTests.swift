import ChildProcesses
import Foundation
import Reports
import TestSupport
import Testing
import Variants

/// Variants in shared libraries (`--variant-library`): checked, timed and counted like
/// built-in ones, and a library that breaks the interface's rules ends in one line, exit
/// 1 (a bad library) or 2 (a bad path), with nothing written.
@Suite("variant libraries")
struct VariantLibraryTests {
    static let scenario = "fold-cycle/balanced-d4/galaxy-z-fold7"

    /// The environment a misbehaving library runs in: the exhausting one under a smaller
    /// memory limit, so that the tests running beside it keep theirs.
    static func environment(_ name: String) -> [String: String]? {
        guard name == "misbehaving-exhaust" else { return nil }
        return ProcessInfo.processInfo.environment.merging(["FOLDBENCH_WORKER_MEMORY_MIB": "512"]) { $1 }
    }

    /// `run` with one library's variant on one scenario, into a fresh folder: the status,
    /// the standard error, and whether anything was written there.
    func run(_ name: String, variant: String? = nil, time: String = "0.05", extra: [String] = []) throws -> (
        status: Int32, out: String, err: String, wrote: [String]
    ) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let result = try runBinary(
            [
                "run", "--variant-library", library(name), "--scenario", Self.scenario, "--time-per-scenario", time,
                "--frames", "60", "--out", out,
            ] + (variant.map { ["--variant", $0] } ?? []) + extra, environment: Self.environment(name))
        let wrote = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        return (result.status, result.out, result.err, wrote)
    }

    /// Every misbehaving library and what `run` says of it, after "library PATH: ".
    static let misbehaviours: [(String, String)] = [
        ("misbehaving-crash", "crashed with SIGSEGV (signal 11) while checking \(scenario) at frame 7"),
        ("misbehaving-hang", "took longer than 1000 ms on one frame (a hang?) while checking \(scenario) at frame 7"),
        ("misbehaving-deaf", "took longer than 1000 ms on one frame (a hang?) while checking \(scenario) at frame 7"),
        (
            "misbehaving-overrun",
            "wrote past the last pane, 32 bytes after its end (rule 1) while checking \(scenario) at frame 7"
        ),
        (
            "misbehaving-refuse",
            "refuses the tree: 15 arrangements; this library takes 3 at most while preparing \(scenario) at its prepare"
        ),
        ("misbehaving-version", "speaks interface version 99; this FoldBench speaks versions 1 to 2"),
        ("misbehaving-clash", "names its variant 'fast', which is a built-in variant's name"),
        ("misbehaving-no-release", "does not export foldbench_variant_release (see foldbench_variant.h)"),
        (
            "misbehaving-exit",
            "exited (status 0) before FoldBench's work was done (rule 5: nothing exits the process) while checking \(scenario) at frame 7"
        ),
        (
            "misbehaving-write-context",
            "wrote into the context it was given, which is read-only (rule 1) while checking \(scenario) at frame 0"
        ),
        (
            "misbehaving-write-tree",
            "wrote into the tree it was given, which is read-only (rule 1) while preparing \(scenario) at its prepare"
        ),
        ("misbehaving-stop", "its answers changed after the check"),
        ("misbehaving-late-crash", "crashed with SIGSEGV (signal 11) while timing \(scenario) at batch "),
        ("misbehaving-fork", "started a process (rule 5: a library starts nothing)"),
        (
            "misbehaving-far-overrun",
            "wrote past the last pane, 65536 bytes after its end (rule 1) while checking \(scenario) at frame 0"
        ),
        ("misbehaving-underrun", "wrote 8 bytes before the first pane (rule 1) while checking \(scenario) at frame 0"),
        (
            "misbehaving-far-underrun",
            "wrote 4096 bytes before the first pane (rule 1) while checking \(scenario) at frame 0"
        ),
        ("misbehaving-print", "printed on its standard output: \"relayout 1\" (rule 5: a library prints nothing)"),
        ("misbehaving-constructor", "crashed with SIGSEGV (signal 11) while loading it"),
        (
            "misbehaving-keep-tree",
            "touched a tree after the call it was given to returned (rule 3: it lives only during the call) while checking \(scenario) at frame 7"
        ),
        // Replies the worker did not write: the verdict is the supervisor's.
        ("misbehaving-forge-report", "a report on FoldBench's channel before the timing began"),
        ("misbehaving-forge-done", "a \"done\" on FoldBench's channel that the worker did not write"),
        ("misbehaving-forge-failure", "a failure on FoldBench's channel that the worker did not write"),
        (
            // Who ends the escaped process, the worker or FoldBench after it, is a race
            // (nothingALibraryStartsOutlivesTheRun holds that one of them does).
            "misbehaving-escape",
            "started a process (rule 5: a library starts nothing)"
        ),
        (
            "misbehaving-escape-crash",
            "crashed with SIGSEGV (signal 11) while checking \(scenario) at frame 7; FoldBench ended 1 process a library had left running outside the worker's process group"
        ),
        (
            "misbehaving-handler",
            "installed its own handler for SIGSEGV (rule 5: no signal handler is installed) while preparing \(scenario)"
        ),
        (
            "misbehaving-slow-prepare",
            "took longer than 10 s in one call of foldbench_variant_prepare (a hang?) while preparing \(scenario) at its prepare"
        ),
        (
            "misbehaving-close-channel",
            "left the worker unable to write FoldBench's channel (descriptor 3 closed or replaced) while timing \(scenario)"
        ),
        (
            "misbehaving-protect-panes",
            "left its panes unwritable (rule 1: the panes are FoldBench's to write and read) while checking \(scenario) at frame 8"
        ),
        (
            "misbehaving-limit",
            "lowered the worker's limit on open descriptors (RLIMIT_NOFILE) from "
        ),
        (
            "misbehaving-rounding",
            "changed the worker's floating-point control from rounding to nearest (0x1f80) to rounding toward zero"
        ),
        // Ended at the memory limit, or at the frame's time limit with the memory it took named.
        ("misbehaving-exhaust", "more memory in one step"),
        (
            "misbehaving-thread",
            "left a thread running after foldbench_variant_prepare returned (rule 5: a library starts nothing that outlives its call) while preparing \(scenario)"
        ),
    ]

    @Test(
        "each misbehaving library ends the run in one line naming the library, the problem and the place, exit 1, nothing written, soon",
        arguments: misbehaviours)
    func misbehaviour(name: String, problem: String) throws {
        let started = Date()
        // Long enough for the libraries that misbehave only after 20,000 and 60,000 relayouts.
        let result = try run(name, time: "0.3")
        #expect(result.status == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n").filter { !$0.hasPrefix("[") }
        #expect(lines.count == (name == "misbehaving-stop" ? 2 : 1), "\(result.err)")
        #expect(lines.first?.hasPrefix("foldbench: failed: library \(library(name)): ") == true, "\(result.err)")
        #expect(result.err.contains(problem), "\(result.err)")
        // A disagreement draws its picture; nothing else is written.
        #expect(result.wrote.isEmpty || result.wrote == ["disagreement.html"], "wrote \(result.wrote)")
        #expect(result.out.isEmpty)
        // The per-frame limit is 1 s; a helper holding the outputs open for 30 s delays nothing.
        // The bound is under those 30 s with room for a loaded machine: with the suite's
        // other tests running beside these 30 cases on 2 cores, a run took 16–17 s.
        #expect(Date().timeIntervalSince(started) < 25, "\(name) took \(Date().timeIntervalSince(started)) s")
    }

    /// A small fixture set for `answer`, written once.
    static let fixtures: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "foldbench-lib-fixtures-\(UUID())"
        ).path
        _ = try? runBinary(["fixtures", "--out", directory, "--scenario", scenario, "--frames", "60"])
        return directory
    }()

    @Test(
        "answer refuses each misbehaving library in one line with run's prefix, naming the scenario and frame, and leaves nothing behind",
        // misbehaving-slow-prepare's 11 s are spent once, by run's test: the limit is the worker's, whoever asks.
        arguments: misbehaviours.filter {
            !["misbehaving-stop", "misbehaving-late-crash", "misbehaving-slow-prepare"].contains($0.0)
        }.map {
            // `answer` times nothing: the forged report's "done" is what gives it away there.
            $0.0 == "misbehaving-forge-report"
                ? ($0.0, "a \"done\" on FoldBench's channel that the worker did not write") : $0
        })
    func answerRefuses(name: String, problem: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("answers.jsonl").path
        let result = try runBinary(
            [
                "answer", "--fixtures", Self.fixtures, "--variant-library", library(name), "--variant", name, "--out",
                out,
            ], environment: Self.environment(name))
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.hasPrefix("foldbench: failed: library \(library(name)): "), "\(result.err)")
        let words = problem.components(separatedBy: " while ").first ?? problem
        #expect(result.err.contains(words), "\(result.err)")
        if problem.contains(" while checking ") {
            #expect(result.err.contains("while answering \(Self.scenario)"), "\(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("answer refuses a library that stops writing its panes: every pane it leaves is seen")
    func answerSeesUnwrittenPanes() throws {
        let set = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: set) }
        // 25,000 frames: past the 20,000th relayout.
        _ = try runBinary([
            "fixtures", "--out", set.path, "--scenario", "hold/balanced-d1/iphone-duo", "--frames", "25000",
        ])
        let result = try runBinary(
            [
                "answer", "--fixtures", set.path, "--variant-library", library("misbehaving-stop"), "--variant",
                "misbehaving-stop",
            ])
        #expect(result.status == 1)
        #expect(result.err.contains("left pane 0 of "), "\(result.err)")
        #expect(result.err.contains("unwritten (rule 2: relayout writes every pane) while answering "), "\(result.err)")
    }

    @Test(
        "profile refuses each misbehaving library before profiling it, in one line, exit 1",
        arguments: misbehaviours.filter { !["misbehaving-deaf", "misbehaving-slow-prepare"].contains($0.0) })
    func profileRefuses(name: String, problem: String) throws {
        guard ChildProcess.onPath("valgrind") != nil else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "profile", "--scenario", Self.scenario, "--variant-library", library(name), "--variant", name, "--out",
                directory.path,
            ], environment: Self.environment(name))
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("foldbench: failed: library \(library(name)): "), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a library timed below the floor though it declares no frame memory is flagged impossible, and the run fails")
    func impossibleTime() throws {
        // On a timeline whose answer never changes, a library that skips its work once its
        // panes hold an answer gives right answers; only its time gives it away.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "run", "--variant-library", library("misbehaving-skip"), "--variant", "misbehaving-skip",
                "--scenario", "hold/balanced-d8/iphone-duo", "--time-per-scenario", "0.3", "--out", directory.path,
            ])
        // A harness built without optimisation has a floor that bounds nothing: no verdict.
        guard SpeedOfLight.isOptimised else {
            #expect(result.status == 0 && !result.out.contains("below the floor"), "\(result.err)")
            return
        }
        #expect(result.status == 1, "\(result.err)")
        #expect(result.out.contains("! misbehaving-skip: timed below the floor"), "\(result.out)")
        #expect(
            result.err.contains(
                "foldbench: failed: hold/balanced-d8/iphone-duo × misbehaving-skip: timed below the floor"),
            "\(result.err)")
        // The report is kept, with the flag.
        let report = try String(contentsOfFile: "\(directory.path)/latest.json", encoding: .utf8)
        #expect(report.contains("\"belowFloor\": true"))
    }

    @Test(
        "a library that copies its last answer when the context repeats, declaring no frame memory, shows as remembering: flagged, out of the ranking, the run fails"
    )
    func undeclaredMemory() throws {
        // Right on every frame and every pane written, and no quicker than the floor: only
        // a context given again at once, far quicker than the first time, gives it away.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "run", "--variant-library", library("misbehaving-memo"), "--variant", "misbehaving-memo", "--variant",
                "fast", "--baseline-variant", "fast", "--scenario", "fold-cycle/balanced-d8/iphone-duo",
                // A motion whose context never repeats: the probe gives contexts of its own.
                "--scenario", "drag-resize/balanced-d8/iphone-duo", "--time-per-scenario", "0.2", "--out",
                directory.path,
            ])
        #expect(result.status == 1, "\(result.err)")
        #expect(
            result.err.contains(
                "foldbench: failed: fold-cycle/balanced-d8/iphone-duo × misbehaving-memo: a context given again at once took "
            ), "\(result.err)")
        #expect(
            result.err.contains(
                "foldbench: failed: drag-resize/balanced-d8/iphone-duo × misbehaving-memo: a context given again at once took "
            ), "\(result.err)")
        #expect(
            result.err.components(separatedBy: "foldbench: failed:").count == 3, "fast is not flagged: \(result.err)")
        let report = try Report.decode(Array(Data(contentsOf: directory.appendingPathComponent("latest.json"))))
        let memos = report.results.filter { $0.variant.rawValue == "misbehaving-memo" }
        #expect(memos.count == 2 && memos.allSatisfy { $0.remembersUndeclared && ($0.repeatTimeRatio ?? 1) < 0.5 })
        let fast = try #require(report.results.first { $0.variant.rawValue == "fast" })
        #expect(!fast.isImpossible && (fast.repeatTimeRatio ?? 0) > 0.6, "\(String(describing: fast.repeatTimeRatio))")
        let page = try String(
            contentsOf: directory.appendingPathComponent("report/index.html"), encoding: .utf8)
        let ranking = try #require(page.components(separatedBy: "<table class=\"ranking\">").dropFirst().first)
        #expect(!ranking.prefix(while: { $0 != "/" }).contains("misbehaving-memo") && ranking.contains("fast"))
        // profile times it briefly first, and profiles nothing it could not believe.
        let profiled = directory.appendingPathComponent("profile")
        let profile = try runBinary([
            "profile", "--scenario", "fold-cycle/balanced-d8/iphone-duo", "--variant-library",
            library("misbehaving-memo"), "--variant", "misbehaving-memo", "--out", profiled.path,
        ])
        #expect(profile.status == 1, "\(profile.err)")
        #expect(profile.err.contains("a context given again at once took "), "\(profile.err)")
        #expect(!FileManager.default.fileExists(atPath: profiled.path))
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
        #expect(
            result.err.contains(
                "library \(library("misbehaving-wrong")): \(Self.scenario): variant misbehaving-wrong differs from the reference at frame 7"
            ),
            "\(result.err)")
        #expect(result.wrote == ["disagreement.html"])
    }

    /// An infinite coordinate is a disagreement at its frame, named as such, though the
    /// relative tolerance grows with the values it compares.
    @Test
    func anInfiniteAnswerIsRefusedAtItsFrame() throws {
        let result = try run("misbehaving-infinite")
        #expect(result.status == 1)
        #expect(
            result.err.contains("variant misbehaving-infinite differs from the reference at frame 7")
                && result.err.contains(", variant misbehaving-infinite: (inf, ")
                && result.err.contains("; x is not a finite number"),
            "\(result.err)")
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

    @Test(
        "interface version 2: c-fast takes edits in place and a version-1 build is prepared anew, both exact on every motion with content; an edit taken and forgotten is refused at its frame"
    )
    func edits() throws {
        let listed = try runBinary([
            "list", "--variant-library", library("c-fast"), "--variant-library", library("c-fast-v1"),
        ])
        #expect(listed.out.contains("(from \(library("c-fast")), interface 2, takes edits in place)"), "\(listed.out)")
        #expect(listed.out.contains("(from \(library("c-fast-v1")), interface 1)"), "\(listed.out)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = [
            "list-loading/balanced-d4/iphone-duo", "keyboard/nested-reader/pixel-9-pro-fold",
            "sheet/random-n100/galaxy-z-trifold", "detail/balanced-d4/hinged-duo",
        ]
        let result = try runBinary(
            [
                "run", "--variant-library", library("c-fast"), "--variant-library", library("c-fast-v1"), "--variant",
                "c-fast", "--variant", "c-fast-v1", "--time-per-scenario", "0.01", "--frames", "240", "--out",
                directory.path,
            ] + scenarios.flatMap { ["--scenario", $0] })
        #expect(result.status == 0, "\(result.err.suffix(600))")
        // A suite's printout is a line a scenario; the edit frames' summary is in the report.
        let report = try Report.decode(Array(Data(contentsOf: directory.appendingPathComponent("latest.json"))))
        #expect(
            report.results.filter { $0.variant.rawValue == "c-fast" }.allSatisfy { $0.editFrameSummary != nil },
            "\(result.out.suffix(600))")
        let forgotten = try runBinary([
            "run", "--variant-library", library("misbehaving-forget-edit"), "--scenario",
            "sheet/balanced-d4/iphone-duo",
            "--time-per-scenario", "0.01", "--out", directory.appendingPathComponent("forgotten").path,
        ])
        #expect(forgotten.status == 1)
        #expect(
            forgotten.err.contains(
                "sheet/balanced-d4/iphone-duo: variant misbehaving-forget-edit differs from the reference at frame 15"),
            "\(forgotten.err)")
        #expect(forgotten.err.contains("edits on this frame: the arrangement in pane \"s1\": style overlay"))
    }

    /// A library that answers 1 to a subtree inserted but changes nothing is refused on a
    /// motion that edits nothing (the edit history inserts one), and the refusal names the
    /// insert, whatever rule the call after it broke.
    @Test
    func aForgottenSubtreeIsRefusedNamingTheInsert() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "run", "--variant-library", library("misbehaving-forget-subtree"), "--scenario",
            "hold/balanced-d4/iphone-duo", "--frames", "30", "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(result.status == 1, "\(result.out)")
        #expect(
            result.err.contains("misbehaving-forget-subtree.so: left pane ")
                && result.err.contains("on its first call after taking in place pane \"p4\": insert")
                && result.err.contains(" of the edit history"),
            "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest.json").path))
    }

    /// A process a library starts in a session of its own does not outlive the run,
    /// whether the worker finds it (and ends it) or crashes first (and FoldBench, its
    /// subreaper, ends it by the mark in its environment).
    @Test(arguments: ["misbehaving-escape", "misbehaving-escape-crash"])
    func nothingALibraryStartsOutlivesTheRun(name: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("escaped.pid").path
        var environment = ProcessInfo.processInfo.environment
        environment["MISBEHAVING_ESCAPE_PID_FILE"] = pidFile
        let result = try runBinary(
            [
                "run", "--variant-library", library(name), "--scenario", Self.scenario, "--time-per-scenario", "0.3",
                "--frames", "60", "--out", directory.appendingPathComponent("out").path,
            ], environment: environment)
        #expect(result.status == 1, "\(result.err)")
        let pid = try #require(
            Int32(
                (try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Ended and reaped by the time the run returned: nothing of it left in /proc.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "process \(pid) outlived the run")
    }

    /// On a motion whose tree changes, a library's timed frames take the edits unwatched,
    /// but the frames checked run the same steps watched: a subtree taken and forgotten is
    /// refused at the frame the insert lands on, naming it; a tree read after the call that
    /// gave it is refused there too (the timeline's trees are out of reach during a
    /// checked relayout); a crash in the edit call names the edits it was given.
    @Test(arguments: [
        (
            "misbehaving-forget-subtree",
            "left pane 30 of 32 unwritten (rule 2: relayout writes every pane), on its first call after taking in place pane \"p4\": insert an arrangement, while checking detail/balanced-d4/iphone-duo at frame 12"
        ),
        (
            "misbehaving-keep-tree",
            "touched a tree after the call it was given to returned (rule 3: it lives only during the call) while checking detail/balanced-d4/iphone-duo at frame 7"
        ),
        (
            "misbehaving-edit-crash",
            "crashed with SIGSEGV (signal 11) while checking detail/balanced-d4/iphone-duo at its edit at frame 12; edits on this frame: pane \"p4\": insert an arrangement"
        ),
    ])
    func aContentMotionIsCheckedWatched(name: String, problem: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "run", "--variant-library", library(name), "--scenario", "detail/balanced-d4/iphone-duo", "--frames",
            "60", "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(result.status == 1, "\(result.out)")
        #expect(result.err.contains("\(name).so: \(problem)"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest.json").path))
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

    @Test(
        "a Swift variant from a package of its own: the template builds against FoldBenchVariantKit and passes run's checks"
    )
    func swiftPackageTemplate() throws {
        let template = repositoryRoot.appendingPathComponent("examples/swift-variant").path
        let built = try runProcess("/usr/bin/env", ["swift", "build", "-c", "release", "--package-path", template])
        try #require(built.status == 0, "\(built.out.suffix(2000))\(built.err.suffix(2000))")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "run", "--variant-library", "\(template)/.build/release/libMyResolver.so", "--variant", "my-resolver",
                "--scenario", "fold-cycle/balanced-d4/iphone-duo", "--scenario", "detail/balanced-d4/iphone-duo",
                "--time-per-scenario", "0.05", "--frames", "120", "--out", directory.path,
            ])
        #expect(result.status == 0, "\(result.err.suffix(600))")
        #expect(result.out.contains("  my-resolver "), "\(result.out)")
        // It takes edits in place through the kit: the subtrees the detail motion inserts
        // and removes, and every kind of the edit history, each frame checked.
        let listed = try runBinary(["list", "--variant-library", "\(template)/.build/release/libMyResolver.so"])
        #expect(listed.out.contains("interface 2, takes edits in place"), "\(listed.out)")
        #expect(result.out.contains("* my-resolver: 4 edit frames of 120"), "\(result.out)")
    }
}

import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing
import Variants
import Workers
import Workloads

@testable import Runs

/// The Runs module on its own, without the command line: the plan as a worker receives
/// it, the failures and their exit statuses, the files it reads, the budget gate, the
/// code layouts' link.
@Suite
struct RunsModuleTests {
    /// Options away from every default, as a run's plan carries them.
    static var options: RunOptions {
        var options = RunOptions()
        options.timePerScenario = 0.125
        options.frames = 48
        options.refreshRate = 90
        options.direction = .rightToLeft
        options.measureFloor = false
        options.measureChainedFloor = true
        options.historySeed = 1 << 40 + 7
        options.baselineVariant = "fast"
        options.verdictThreshold = 0.035
        options.minimumBatchNanoseconds = 50_000
        options.minimumSamples = 7
        options.maximumSamples = 77
        options.framePasses = 5
        options.countInstructions = true
        options.suite = "quick"
        options.shard = "2/3"
        return options
    }

    /// What the parent plans is what the worker measures: the plan through its request
    /// and the channel's codec, and back into the worker's runner, loses no option.
    @Test
    func thePlanReachesTheWorkerWhole() throws {
        let scenarios = [try Scenario("fold-cycle/balanced-d4/iphone-duo")]
        let plan = RunPlan(scenarios: scenarios, options: Self.options, outDirectory: "/tmp/unused")
        let request = plan.request(.run)
        let line = JSONWriter.write(request.json)
        let received = try WorkRequest(json: JSONReader(JSONReader.document(Array(line.utf8))))
        let (runner, measured) = try WorkerService.runner(received, [])
        #expect(measured.map(\.description) == scenarios.map(\.description))
        #expect(runner.variants.map(\.name) == plan.runner.variants.map(\.name))
        let sent = plan.runner.options
        let got = runner.options
        #expect(got.timePerScenario == sent.timePerScenario && got.frames == sent.frames)
        #expect(got.refreshRate == sent.refreshRate && got.direction == sent.direction)
        #expect(got.measureFloor == sent.measureFloor && got.measureChainedFloor == sent.measureChainedFloor)
        #expect(got.historySeed == sent.historySeed && got.baselineVariant == sent.baselineVariant)
        #expect(got.verdictThreshold == sent.verdictThreshold)
        #expect(got.minimumBatchNanoseconds == sent.minimumBatchNanoseconds && got.framePasses == sent.framePasses)
        #expect(got.minimumSamples == sent.minimumSamples && got.maximumSamples == sent.maximumSamples)
        #expect(got.countInstructions && got.suite == "quick" && got.shard == "2/3")
        // Every default differs from what was sent, so a field the table forgot fails above.
        let defaults = RunOptions()
        #expect(defaults.frames != sent.frames && defaults.framePasses != sent.framePasses)
    }

    @Test
    func anUnknownVariantInARequestIsWordedAsEverywhereElse() throws {
        var request = WorkRequest(.run)
        request.variants = ["fsat"]
        let failure = try #require(throws: RunFailure.self) { try WorkerService.variants(request, []) }
        #expect(failure.exit == .badInput)
        #expect(failure.message.hasPrefix("unknown variant 'fsat' (did you mean 'fast'?) (expected one of reference, "))
    }

    @Test
    func aMissingLibraryIsBadInputBeforeAnyWorkerStarts() throws {
        let failure = try #require(throws: RunFailure.self) { try Libraries.describe(["/no/such/libx.so"]) }
        #expect(failure.exit == .badInput && failure.status == 2)
        #expect(failure.message == "library /no/such/libx.so: no such file")
    }

    @Test
    func filesThatCannotBeReadAreBadInputNamingTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try #require(throws: RunFailure.self) { try readFile(directory.path + "/none.json") }
        #expect(missing.exit == .badInput && missing.message.hasSuffix("none.json: cannot read: no such file"))
        let folder = try #require(throws: RunFailure.self) { try readFile(directory.path) }
        #expect(folder.message.hasSuffix(": cannot read: is a directory"))
        let big = try writeFile(String(repeating: "x", count: 2 << 20), named: "big.json", in: directory)
        let tooLarge = try #require(throws: RunFailure.self) { try readFile(big, limit: 1 << 20) }
        #expect(tooLarge.message.contains("larger than 1 MiB, the input limit"))
        #expect(try readFile(big, limit: 2 << 20).count == 2 << 20)
        let bad = try writeFile("{\"schemaVersion\": ", named: "bad.json", in: directory)
        let unreadable = try #require(throws: RunFailure.self) { try ResultsDirectory.load(bad) }
        #expect(unreadable.exit == .badInput && unreadable.message.hasPrefix("\(bad): "))
    }

    @Test
    func theBudgetGateFailsOnlyAVariantOverItsShare() {
        var result = VariantResult(scenario: "s", variant: "fast", arrangements: 1)
        result.frames = 100
        result.framesOverBudget = 0.05
        var floor = result
        floor.variant = SpeedOfLight.variantName
        floor.framesOverBudget = 1
        let quiet = Console(out: { _ in }, err: { _ in })
        #expect(BudgetGate(percent: nil).judge([result, floor], console: quiet) == .success)
        #expect(BudgetGate(percent: 5).judge([result, floor], console: quiet) == .success)
        #expect(BudgetGate(percent: 4.9).judge([result, floor], console: quiet) == .failed)
    }

    @Test
    func aLayoutLinksTheSameObjectsToItsOwnFileWithShuffledSections() throws {
        let manifest = """
            commands:
              "C.FoldBenchPlugin-release.dylib":
                tool: shell
                args: ["/usr/bin/swiftc","-emit-library","-o","/b/libFoldBenchPlugin.so","/b/a.o"]
              "C.other":
                args: ["x"]
            """
        let link = try #require(CodeLayouts.linkCommand(inManifest: manifest))
        #expect(link == ["/usr/bin/swiftc", "-emit-library", "-o", "/b/libFoldBenchPlugin.so", "/b/a.o"])
        let layout = CodeLayouts.layoutLink(link, output: "/c/layout-3.so", seed: 3)
        #expect(layout.contains("/c/layout-3.so") && !layout.contains("/b/libFoldBenchPlugin.so"))
        #expect(layout.suffix(4) == ["-Xlinker", "--shuffle-sections=*=3", "-Xlinker", "--strip-debug"])
        #expect(CodeLayouts.linkCommand(inManifest: "commands:\n") == nil)
    }

    @Test
    func everyExitStatusIsTheDocumentedNumber() {
        #expect([ExitStatus.success, .failed, .badInput].map(\.rawValue) == [0, 1, 2])
        #expect(RunFailure(.failed, "x").status == 1 && RunFailure(.badInput, "x").status == 2)
        #expect(
            RunFailure.badInput(file: "f.json", "at $.a: expected a number").description
                == "f.json: at $.a: expected a number")
    }

    @Test("ab --confirm: a slower verdict stands only when a second experiment with the next seed finds one too")
    func abConfirms() throws {
        let experiment = ABExperiment(options: ABOptions(), comparisons: 1) { _, _, _, _, _ in "" }
        for (first, second, confirm, status, seeds) in [
            (ExitStatus.failed, ExitStatus.success, true, ExitStatus.success, 2), (.failed, .failed, true, .failed, 2),
            (.failed, .success, false, .failed, 1), (.success, .failed, true, .success, 1),
        ] {
            let captured = CapturedOutput()
            var seen: [UInt64] = []
            let result = try ABTrials.confirming(experiment, confirm: confirm, console: captured.console) { run in
                seen.append(run.options.seed)
                return seen.count == 1 ? first : second
            }
            #expect(result == status && seen.count == seeds, "\(first) \(second) \(confirm)")
            #expect(seen == Array([experiment.options.seed, experiment.options.seed &+ 1].prefix(seeds)))
            #expect(captured.err.contains("not confirmed") == (seeds == 2 && status == .success))
        }
    }

    /// A file costs memory for its size, not for the limit: 100 bytes read under a
    /// 64 MiB limit leave an array of the first read's size, not of the limit's.
    @Test
    func aSmallFileIsReadIntoASmallArray() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = try writeFile(String(repeating: "x", count: 100), named: "small.json", in: directory)
        let bytes = try readFile(small, limit: 64 << 20)
        #expect(bytes.count == 100 && bytes.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(bytes.capacity <= 1 << 17)
    }

    /// A pipe is read whole, however many times its buffer fills (a report piped to
    /// `compare /dev/stdin`), up to the limit and no further.
    @Test
    func aPipeIsReadWholeUpToTheLimit() throws {
        for (size, limit) in [(200_000, 1 << 20), (70_000, 100_000), (150_000, 100_000)] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let (input, output) = (ends[0], ends[1])
            let writer = Thread {
                let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: size)
                var written = 0
                while written < bytes.count {
                    let count = bytes[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    written += count
                }
                close(output)
            }
            writer.start()
            defer { close(input) }
            if size <= limit {
                #expect(try readFile("/dev/fd/\(input)", limit: limit).count == size)
            } else {
                #expect(throws: RunFailure.self) { try readFile("/dev/fd/\(input)", limit: limit) }
                // The writer may wait on a full pipe: drain it so that it ends.
                var sink = [UInt8](repeating: 0, count: 1 << 16)
                while sink.withUnsafeMutableBytes({ read(input, $0.baseAddress, $0.count) }) > 0 {}
            }
        }
    }

    /// `bisect`'s commits: from --good to --bad along first parents, both included, in
    /// a repository of three commits made here.
    @Test
    func bisectWalksTheFirstParentsFromGoodToBad() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.path
        func git(_ arguments: String...) -> String? {
            Builds.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", root] + arguments, in: root).output
        }
        _ = git("init", "-q")
        for subject in ["one", "two", "three"] {
            try subject.write(toFile: "\(root)/file", atomically: true, encoding: .utf8)
            _ = git("add", "file")
            _ = git("commit", "-q", "-m", subject)
        }
        let commits = try BisectPlan.commitsBetween("HEAD~2", "HEAD", in: root)
        #expect(commits.map(\.subject) == ["one", "two", "three"])
        #expect(commits.last?.commit == git("rev-parse", "HEAD"))
        let backwards = try #require(throws: RunFailure.self) {
            try BisectPlan.commitsBetween("HEAD", "HEAD~2", in: root)
        }
        #expect(backwards.exit == .badInput && backwards.message == "--good HEAD is not an ancestor of --bad HEAD~2")
        #expect(throws: RunFailure.self) { try BisectPlan.commitsBetween("nowhere", "HEAD", in: root) }
    }

    /// What a base's build knows, read from its `list`: its motions, devices, scenes,
    /// variants and suites; a scenario is the base's when all of its parts are.
    @Test
    func aBaseKnowsTheScenariosItsBuildLists() throws {
        let known = try BaseRun.Known(try freshFoldBenchBinary())
        #expect(known.knows("fold-cycle/balanced-d4/iphone-duo"))
        #expect(known.knows("drag-resize/media-player/galaxy-z-fold7"))
        #expect(!known.knows("fold-cycle/balanced-d4/moon-base"))
        #expect(!known.knows("moonwalk/balanced-d4/iphone-duo"))
        #expect(!known.knows("fold-cycle/no-such-scene/iphone-duo"))
        #expect(known.variants.isSuperset(of: ["reference", "fast", "incremental"]))
        #expect(known.suites["quick"]?.contains("fold-cycle/balanced-d4/iphone-duo") == true)
    }
}

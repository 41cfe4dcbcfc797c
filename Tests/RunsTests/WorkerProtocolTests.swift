import CWorker
import Foundation
import Support
import TestSupport
import Testing

@testable import Workers

/// The worker protocol on its own: every request and reply through its codec, and the
/// supervisor's reading of a worker's end, with stand-in workers (shell scripts that
/// speak the channel) rather than foldbench.
@Suite
struct WorkerProtocolTests {
    /// A request of `kind` with every field it carries set away from its default.
    static func fullRequest(_ kind: WorkRequest.Kind) -> WorkRequest {
        var request = WorkRequest(kind)
        request.libraries = ["a.so", "b.so"]
        request.libraryPaths = ["/x/a.so", "/x/b.so"]
        request.scenarios = ["fold-cycle/balanced-d4/iphone-duo"]
        request.variants = ["fast", "c-fast"]
        request.deviceFiles = ["/d.json"]
        request.motionFiles = ["/m.json"]
        request.options = .object([
            ("frames", .number(77)), ("layoutDirection", .string("rightToLeft")),
            ("historySeed", .string(String(UInt64.max - 3))),
        ])
        request.frames = 77
        request.perFrame = true
        request.fixtures = "/fixtures"
        request.scene = "{\"tree\": 1}"
        if kind == .abTrial {
            request.plugins = ["/one.so", "/two.so"]
            request.pluginLibraries = ["", "/lib.so"]
            request.seed = 1 << 60 + 5
            request.timeDifferentAnswers = true
            request.placements = 4
        }
        return request
    }

    static let replies: [WorkReply] = [
        .progress(scenario: "s", phase: "timing", index: 3, count: 9, elapsedSeconds: 1.25),
        .library(path: "a.so", name: "c-fast", summary: "C", frameMemory: 1, interface: 2, takesEdits: true),
        .report(.object([("schemaVersion", .number(9)), ("results", .array([]))]), frameChanges: ["s": ["fold", ""]]),
        .answers("{\"frame\": 0}\n{\"frame\": 1}\n"),
        .resolution([[1, 2, 3, 4, 5], [UInt64.max, 0, 0x7ff8_0000_0000_0000, 9, 1]]),
        .trial("{\"ratio\": 1.01}"),
        .failure(status: .failed, message: "the answers differ", page: "<html></html>"),
        .failure(status: .badInput, message: "no such file", page: nil),
        .done,
    ]

    @Test(arguments: WorkRequest.Kind.allCases)
    func everyRequestSurvivesTheChannel(_ kind: WorkRequest.Kind) throws {
        let request = Self.fullRequest(kind)
        let line = JSONWriter.write(request.json)
        let decoded = try WorkRequest(json: JSONReader(JSONReader.document(Array(line.utf8))))
        #expect(decoded == request)
        // A field the protocol does not know is refused, so that two builds that disagree
        // about the protocol fail at once rather than drop what one of them meant.
        let extra = "{\"unknown\": 1," + line.dropFirst()
        #expect(throws: InputError.self) {
            try WorkRequest(json: JSONReader(JSONReader.document(Array(extra.utf8))))
        }
    }

    @Test
    func everyReplySurvivesTheChannel() throws {
        for reply in Self.replies {
            let line = JSONWriter.write(reply.json)
            #expect(!line.contains("\n"), "a reply is one line: \(line)")
            let decoded = try WorkReply(json: JSONReader(JSONReader.document(Array(line.utf8))))
            #expect(decoded == reply)
        }
        #expect(Self.replies.filter(\.isFinal).count == 3)
    }

    /// A stand-in worker: `body` run by bash with the channel on descriptor 3.
    static func worker(_ body: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("worker.sh").path
        try ("#!/bin/bash\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    static func line(_ reply: WorkReply) -> String {
        JSONWriter.write(reply.json).replacingOccurrences(of: "'", with: "")
    }

    /// Runs `body` as the worker of a `run` request, with a general limit of `limit` seconds.
    static func supervise(_ body: String, limit: Double = 20) throws -> (replies: [WorkReply], failure: WorkerFailure?)
    {
        var supervisor = Supervisor(executable: try worker(body), generalLimitSeconds: limit)
        // Read by bash rather than executed: a test running beside this one may fork while
        // the script is still open for writing, and executing it then fails (ETXTBSY).
        supervisor.launcher = ["/bin/bash"]
        var request = WorkRequest(.run)
        request.scenarios = ["fold-cycle/balanced-d4/iphone-duo"]
        request.variants = ["fast"]
        var replies: [WorkReply] = []
        do {
            try supervisor.run(request) { reply in replies.append(reply) }
            return (replies, nil)
        } catch {
            return (replies, error)
        }
    }

    @Test
    func aWorkerThatSaysDoneSucceedsAndItsRepliesArriveInOrder() throws {
        let progress = WorkReply.progress(scenario: "s", phase: "timing", index: 1, count: 1, elapsedSeconds: 0)
        let result = try Self.supervise(
            "read -r request <&3\necho '\(Self.line(progress))' >&3\necho '\(Self.line(.done))' >&3")
        #expect(result.failure == nil)
        #expect(result.replies == [progress])
    }

    @Test
    func aFailureReplyIsTheRequestsFailureWithItsStatus() throws {
        let failure = WorkReply.failure(status: .badInput, message: "no such scenario", page: nil)
        let result = try Self.supervise("read -r request <&3\necho '\(Self.line(failure))' >&3\nexit 2")
        #expect(result.failure?.status == .badInput)
        #expect(result.failure?.message == "no such scenario")
    }

    /// The verdict is the supervisor's: a last reply is believed only when the worker's own
    /// end agrees with it, and a run's report only when the timing it claims fits what the
    /// supervisor saw (a stand-in writes no crumb: no timing was seen at all).
    @Test(arguments: [
        (
            "echo '{\"reply\":\"done\"}' >&3\necho '{\"reply\":\"done\"}' >&3",
            "a \"done\" on FoldBench's channel that the worker did not write (1 more reply came after it)"
        ),
        (
            "echo '{\"reply\":\"failure\",\"status\":0,\"message\":\"failed\"}' >&3",
            "a failure with exit status 0 on FoldBench's channel"
        ),
        (
            "echo '{\"reply\":\"failure\",\"status\":1,\"message\":\"failed\"}' >&3\nexit 0",
            "a failure with exit status 1 on FoldBench's channel, but the worker then exited with status 0"
        ),
        (
            "echo '{\"reply\":\"done\"}' >&3\nexit 3",
            "a \"done\" on FoldBench's channel, but the worker then exited with status 3"
        ),
        (
            "echo '{\"reply\":\"done\"}' >&3\nsleep 30",
            "a final reply on FoldBench's channel, but the worker went on running"
        ),
        (
            "echo '{\"reply\":\"report\",\"report\":{\"results\":[{\"timeSamples\":[1.05],\"batchFrames\":600}]},\"frameChanges\":{}}' >&3\necho '{\"reply\":\"done\"}' >&3",
            "a report on FoldBench's channel before the timing began"
        ),
    ])
    func aVerdictTheWorkerDidNotReachIsRefused(script: String, problem: String) throws {
        let result = try Self.supervise("read -r request <&3\n" + script)
        let message = try #require(result.failure?.message)
        #expect(result.failure?.status == .failed)
        #expect(message.hasPrefix("the worker: \(problem) — a bug in FoldBench"), "\(message)")
    }

    @Test(
        "a run's report is held to the timing the supervisor saw: before it, shorter than a hundredth of it, longer than it"
    )
    func theReportsTimingFitsWhatWasSeen() {
        func report(nanosecondsAFrame: Double, frames: Double) -> JSONValue {
            .object([
                (
                    "results",
                    .array([
                        .object([
                            ("timeSamples", .array([.number(nanosecondsAFrame)])), ("batchFrames", .number(frames)),
                        ])
                    ])
                )
            ])
        }
        var verdict = Verdict(started: 0)
        verdict.observe(UInt32(FOLDBENCH_PHASE_PREPARING), at: 10)
        let forged = report(nanosecondsAFrame: 1.05, frames: 600)
        #expect(
            verdict.problem(withReport: forged, at: 20) == "a report on FoldBench's channel before the timing began")
        verdict.observe(UInt32(FOLDBENCH_PHASE_SAMPLING), at: 100)
        verdict.observe(UInt32(FOLDBENCH_PHASE_SAMPLING), at: 400)
        #expect(
            verdict.problem(withReport: forged, at: 410) == "a report on FoldBench's channel before the timing ended")
        verdict.observe(UInt32(FOLDBENCH_PHASE_RECHECKING), at: 450)
        // 600 relayouts in 630 ns after a timing seen for 0.3 s.
        #expect(
            verdict.problem(withReport: forged, at: 460)
                == "a report on FoldBench's channel whose timed batches add up to 0.00063 ms, where the timing was seen to take 300 to 440 ms"
        )
        #expect(verdict.problem(withReport: report(nanosecondsAFrame: 450_000, frames: 600), at: 460) == nil)
        // A genuine run with short batches on a loaded machine: 48 ms of batches in 300 ms.
        #expect(verdict.problem(withReport: report(nanosecondsAFrame: 80_000, frames: 600), at: 460) == nil)
        #expect(verdict.problem(withReport: report(nanosecondsAFrame: 1_000_000, frames: 600), at: 460) != nil)
    }

    @Test
    func anEndWithoutDoneIsAFailureEvenWithStatusZero() throws {
        let result = try Self.supervise("read -r request <&3\nexit 0")
        let message = try #require(result.failure?.message)
        #expect(result.failure?.status == .failed)
        #expect(message.contains("exited (status 0) before FoldBench's work was done"), "\(message)")
        // No library in the request: the worker's own end is FoldBench's bug, and says so.
        #expect(message.contains("a bug in FoldBench"), "\(message)")
    }

    @Test
    func aSignalIsNamed() throws {
        let result = try Self.supervise("read -r request <&3\nkill -SEGV $$")
        let message = try #require(result.failure?.message)
        #expect(message.contains("SIGSEGV"), "\(message)")
    }

    @Test
    func aSilentWorkerIsKilledAtTheGeneralLimit() throws {
        let start = Date()
        let result = try Self.supervise("read -r request <&3\nsleep 60", limit: 0.5)
        let message = try #require(result.failure?.message)
        #expect(message.contains("went silent for 0.5 s"), "\(message)")
        // Killed at the limit, not left to its sleep (the bound is loose for a loaded machine).
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test
    func aWorkerThatPrintsFails() throws {
        let result = try Self.supervise("read -r request <&3\necho hello\nsleep 5")
        let message = try #require(result.failure?.message)
        #expect(message.contains("printed on its standard output: \"hello\""), "\(message)")
    }

    @Test
    func aGarbledChannelIsNamed() throws {
        let result = try Self.supervise("read -r request <&3\necho 'not json' >&3\nsleep 5")
        let message = try #require(result.failure?.message)
        #expect(message.contains("garbled FoldBench's channel"), "\(message)")
    }

    @Test
    func aWorkerThatReadsTheRequestGetsItWhole() throws {
        // The stand-in echoes the request back as a failure's message: what it read is what was sent.
        let result = try Self.supervise(
            """
            read -r request <&3
            printf '{"reply":"failure","status":1,"message":%s}\\n' "$(printf '%s' "$request" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" >&3
            exit 1
            """)
        let message = try #require(result.failure?.message)
        let echoed = try WorkRequest(json: JSONReader(JSONReader.document(Array(message.utf8))))
        #expect(echoed.kind == .run && echoed.variants == ["fast"])
    }

    /// The crumb read at a worker's end: whose code ran, in which phase, on which step.
    @Test
    func theCrumbNamesTheLibraryThePhaseAndTheStep() {
        var request = WorkRequest(.run)
        request.libraries = ["libone.so", "libtwo.so"]
        request.scenarios = ["fold-cycle/balanced-d8/iphone-duo"]
        request.variants = ["one", "two"]
        var crumb = foldbench_crumb()
        crumb.magic = FOLDBENCH_CRUMB_MAGIC
        crumb.phase = UInt32(FOLDBENCH_PHASE_TIMING)
        crumb.scenario = 0
        crumb.variant = 1
        crumb.library = 1
        crumb.last_library = 1
        crumb.step_kind = UInt32(FOLDBENCH_STEP_BATCH)
        crumb.step = 12
        crumb.limit_ms = 2000
        let reading = CrumbReading(crumb, request: request, lastScenario: nil)
        let hung = reading.failure(.hung(milliseconds: 2000, perStep: true))
        #expect(hung.status == .failed)
        #expect(
            hung.message
                == "library libtwo.so: took longer than 2 s on one batch (a hang?) while timing fold-cycle/balanced-d8/iphone-duo at batch 12"
        )
        // Outside any library's call, the worker's own code is to blame, with the libraries named.
        crumb.library = -1
        crumb.last_library = -1
        let own = CrumbReading(crumb, request: request, lastScenario: nil).failure(.ended(11))
        #expect(own.message.hasPrefix("the worker crashed with SIGSEGV (signal 11)"), "\(own.message)")
        #expect(own.message.contains("with library libone.so, libtwo.so loaded"))
        // But the channel is the worker's alone: closed or garbled, it is the library called last that did it.
        crumb.last_library = 0
        let closed = CrumbReading(crumb, request: request, lastScenario: nil).failure(.channelClosed)
        #expect(closed.message.hasPrefix("library libone.so: closed FoldBench's channel (descriptor 3) without ending"))
        // A crumb the worker never wrote (no magic) names no place it does not know.
        let blank = CrumbReading(foldbench_crumb(), request: request, lastScenario: "s")
        #expect(blank.place == "while starting")
    }
}

import CWorker
import ChildProcesses
import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a request in a worker process and watches it: the parent of every command that
/// loads a library runs none of its code. The worker is started in a process group of
/// its own, told what to do on its channel, and heard only there (its standard output
/// and error are read apart: a library must print nothing). The supervisor keeps the
/// deadlines itself, from the crumb the worker updates at every step (a frame, a history
/// step, a batch): a step that outlasts its limit, or silence past the general limit,
/// gets the whole process group killed. Every way a worker can end without its final
/// reply — any exit status, 0 included, any signal, a closed channel — is a failure
/// that names the library whose code was running, the phase, the scenario and the step.
public struct Supervisor {
    /// The program that is the worker (`foldbench`), and what runs it (`valgrind …`), if anything.
    public var executable: String
    public var launcher: [String] = []
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The longest FoldBench's own code may go between two steps of the crumb.
    public var generalLimitSeconds: Double

    public init(executable: String = Supervisor.workerExecutable, generalLimitSeconds: Double = Supervisor.generalLimit)
    {
        self.executable = executable
        self.generalLimitSeconds = generalLimitSeconds
    }

    /// The most memory a worker may hold resident (bytes): a library that allocates without
    /// end is ended at it, before it takes the machine's memory from everything else.
    public var memoryLimitBytes: Int64 = Supervisor.memoryLimit

    /// `FOLDBENCH_WORKER_MEMORY_MIB`, else 4 GiB: a default suite's worker holds about 100 MiB.
    public static var memoryLimit: Int64 {
        let given = ProcessInfo.processInfo.environment["FOLDBENCH_WORKER_MEMORY_MIB"].flatMap(Int64.init)
        // A limit no worker could start under (0, a negative number) is no limit anyone meant.
        return (given.map { $0 > 0 ? min($0, 1 << 40) : 4096 } ?? 4096) << 20
    }

    /// `FOLDBENCH_LIBRARY_CHECK_SECONDS`, else two minutes: how long FoldBench's own
    /// work between two steps may take before the worker counts as hung.
    public static var generalLimit: Double {
        ProcessInfo.processInfo.environment["FOLDBENCH_LIBRARY_CHECK_SECONDS"].flatMap(Double.init) ?? 120
    }

    /// The `foldbench` to start as a worker: this executable when it is foldbench, else
    /// the one beside it (a test bundle's), else `FOLDBENCH_WORKER_EXECUTABLE`.
    public static var workerExecutable: String {
        if let path = ProcessInfo.processInfo.environment["FOLDBENCH_WORKER_EXECUTABLE"] { return path }
        let own = ChildProcess.ownExecutable
        if own.hasSuffix("/foldbench") { return own }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for directory in [beside, beside.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("foldbench").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return own
    }

    /// Runs `request`, handing each reply but the last to `onReply` as it comes; returns
    /// when the worker said `done`, throws the failure otherwise. `scenarioNames` names
    /// the crumb's scenario indices (the request's own when empty).
    public func run(_ request: WorkRequest, onReply: (WorkReply) throws(WorkerFailure) -> Void = { _ in })
        throws(WorkerFailure)
    {
        var session = try Session(self, request)
        defer { session.close() }
        try session.send(request)
        do {
            try session.watch(onReply)
        } catch {
            var failure = error
            if let ended = session.endOrphans() { failure.message += "; \(ended)" }
            throw failure
        }
        // The worker found none of a library's processes at its end (it refuses the library
        // when it does); what its exit left behind (a sanitizer's symbolizer, a library's
        // destructor) is ended all the same, and said.
        if let ended = session.endOrphans() {
            FileHandle.standardError.write(Data("foldbench: note: after the worker's end, \(ended)\n".utf8))
        }
    }
}

/// A worker's failure: one line, the exit status it calls for, and a page to write, if any.
public struct WorkerFailure: Error, Sendable, CustomStringConvertible {
    public var status: ExitStatus
    public var message: String
    public var page: String?

    public init(_ status: ExitStatus, _ message: String, page: String? = nil) {
        self.status = status
        self.message = message
        self.page = page
    }

    public var description: String { message }
}

/// One worker from start to end.
struct Session {
    let supervisor: Supervisor
    let request: WorkRequest
    var pid: pid_t = 0
    var channel: Int32 = -1
    var output: Int32 = -1
    var errors: Int32 = -1
    var crumb: UnsafeMutablePointer<foldbench_crumb>
    var pending: [UInt8] = []
    /// The entry in the worker's environment that every process it starts inherits.
    var mark = ""
    /// The last scenario a progress reply named (for requests whose scenarios the worker finds).
    var lastScenario: String?
    var closed = false

    init(_ supervisor: Supervisor, _ request: WorkRequest) throws(WorkerFailure) {
        self.supervisor = supervisor
        self.request = request
        let program = supervisor.launcher.first ?? supervisor.executable
        let arguments = supervisor.launcher + [supervisor.executable, "worker"]
        var environment = supervisor.environment
        // A crashing library is the worker's business; Swift's backtracer would only slow its end.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        var fds: [Int32] = [-1, -1, -1]
        var shared: UnsafeMutablePointer<foldbench_crumb>?
        var child: pid_t = 0
        let failed = withCStrings(arguments) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                foldbench_spawn_worker(program, argv, envp, &child, &fds, &shared)
            }
        }
        guard failed == 0, let shared else {
            throw WorkerFailure(.badInput, "cannot start a worker (\(program)): \(String(cString: strerror(failed)))")
        }
        pid = child
        InterruptCleanup.watch(group: child)
        crumb = shared
        // The supervisor's own copy: the crumb is in reach of the worker's libraries.
        mark = withUnsafeBytes(of: shared.pointee.mark) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // A process a library starts and orphans (a double fork, a new session: out of
        // the worker's group) comes to FoldBench when the worker ends, not to init.
        Self.becomeSubreaper
        (channel, output, errors) = (fds[0], fds[1], fds[2])
    }

    /// Once per process: the `foldbench` command becomes a subreaper. Not a process that
    /// only hosts a supervisor (a test bundle): the orphans of everything it runs would
    /// come to it, and a test runner waiting on its own children is not built for that.
    static let becomeSubreaper: Void = {
        if ChildProcess.ownExecutable.hasSuffix("/foldbench") { _ = foldbench_become_subreaper() }
    }()

    /// Ends the processes the worker's libraries started that outlived it (orphans that
    /// came to FoldBench, by the worker's mark in their environment); what it did, in
    /// words, or nil when there were none.
    func endOrphans() -> String? {
        guard !mark.isEmpty else { return nil }
        let ended = foldbench_end_children(mark)
        guard ended > 0 else { return nil }
        return
            "FoldBench ended \(ended) process\(ended == 1 ? "" : "es") a library had left running outside the worker's process group"
    }

    mutating func close() {
        guard !closed else { return }
        closed = true
        foldbench_kill_group(pid)
        InterruptCleanup.forget(group: pid)
        for fd in [channel, output, errors] { Glibc.close(fd) }
        shmdt(crumb)
    }

    func send(_ request: WorkRequest) throws(WorkerFailure) {
        let bytes = Array((JSONWriter.write(request.json) + "\n").utf8)
        var sent = 0
        let deadline = foldbench_monotonic_ms() + 30_000
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                sent += written
                continue
            }
            if written < 0, errno == EAGAIN || errno == EINTR, foldbench_monotonic_ms() < deadline {
                // The worker is reading: wait for room in the socket.
                var entry = pollfd(fd: channel, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 50)
                continue
            }
            // The worker is gone already: its end says why.
            return
        }
    }

    /// What the watch has heard: the final reply and when, what came after it, and what
    /// the supervisor saw of the phases.
    struct Heard {
        var final: WorkReply?
        var finalAt: Int64 = 0
        var repliesAfterFinal = 0
        var verdict: Verdict
    }

    /// Memory grown within one step past which a hang is put down to it (bytes).
    static let growthNamed: Int64 = 256 << 20

    /// Reads replies until the final one and the worker's end, keeping the deadlines.
    mutating func watch(_ onReply: (WorkReply) throws(WorkerFailure) -> Void) throws(WorkerFailure) {
        var lastTick = crumb.pointee.tick
        var lastChange = foldbench_monotonic_ms()
        var residentAtChange = foldbench_resident_bytes(pid)
        var heard = Heard(verdict: Verdict(started: lastChange))
        // How long a worker may take to end after its last reply (under valgrind, which
        // writes its profile at the end, longer).
        let settle: Int64 = supervisor.launcher.isEmpty ? 3000 : 20_000
        var channelOpen = true
        var closedAt: Int64 = 0
        // Descriptors at their end leave the poll (a closed pipe would wake it at once, forever).
        var watched = [channel, output, errors]
        while true {
            let ready = watched.withUnsafeBufferPointer { foldbench_poll($0.baseAddress, 3, 50) }
            for index in 1...2 where ready & (1 << index) != 0 {
                if let line = firstOutput() {
                    foldbench_kill_group(pid)
                    throw failure(.printed(line))
                }
                watched[index] = -1
            }
            if !channelOpen { watched[0] = -1 }
            heard.verdict.observe(crumb.pointee.phase, at: foldbench_monotonic_ms())
            if ready & 1 != 0 || !channelOpen {
                let (replies, open) = try readReplies()
                channelOpen = open
                try take(replies, &heard, onReply)
            }
            var status: Int32 = 0
            let ended = foldbench_reap(pid, &status) != 0
            if ended || heard.final != nil && foldbench_monotonic_ms() - heard.finalAt > settle {
                if !ended {
                    foldbench_kill_group(pid)
                    throw forged("a final reply on FoldBench's channel, but the worker went on running")
                }
                return try finish(status, &heard, onReply)
            }
            if !channelOpen, heard.final == nil {
                // The channel closed: the worker is ending (then its status says how), or
                // it closed its channel and lives on, and nothing more can come.
                if closedAt == 0 { closedAt = foldbench_monotonic_ms() }
                if foldbench_monotonic_ms() - closedAt > 2000 {
                    foldbench_kill_group(pid)
                    throw failure(.channelClosed)
                }
            }
            let tick = crumb.pointee.tick
            let now = foldbench_monotonic_ms()
            let resident = foldbench_resident_bytes(pid)
            if resident > supervisor.memoryLimitBytes {
                foldbench_kill_group(pid)
                throw failure(
                    .memory(
                        resident: resident, grew: resident - residentAtChange, hungAfter: nil,
                        limit: supervisor.memoryLimitBytes))
            }
            if tick != lastTick {
                lastTick = tick
                lastChange = now
                residentAtChange = resident
            } else if heard.final == nil {
                let limit = crumb.pointee.limit_ms
                let allowed = limit > 0 ? Int64(limit) : Int64(supervisor.generalLimitSeconds * 1000)
                if now - lastChange > allowed {
                    foldbench_kill_group(pid)
                    // A step that outlasts its limit while memory piles up is exhausting it.
                    if resident - residentAtChange > Self.growthNamed {
                        throw failure(
                            .memory(
                                resident: resident, grew: resident - residentAtChange, hungAfter: allowed,
                                limit: supervisor.memoryLimitBytes))
                    }
                    throw failure(.hung(milliseconds: allowed, perStep: limit > 0))
                }
            }
        }
    }

    /// Replies as they come: each handed on until the final one, which is kept; a run's
    /// report held to the timing the supervisor saw; anything after the final counted.
    mutating func take(
        _ replies: [WorkReply], _ heard: inout Heard, _ onReply: (WorkReply) throws(WorkerFailure) -> Void
    ) throws(WorkerFailure) {
        for reply in replies {
            if heard.final != nil {
                heard.repliesAfterFinal += 1
                continue
            }
            if case .progress(let scenario, _, _, _, _) = reply { lastScenario = scenario }
            if case .report(let report, _) = reply, request.kind == .run,
                let problem = heard.verdict.problem(withReport: report, at: foldbench_monotonic_ms())
            {
                foldbench_kill_group(pid)
                throw forged(problem)
            }
            if reply.isFinal {
                heard.final = reply
                heard.finalAt = foldbench_monotonic_ms()
            } else {
                try onReply(reply)
            }
        }
    }

    /// The worker ended with `status`: its final reply, believed only when its end agrees.
    mutating func finish(
        _ status: Int32, _ heard: inout Heard, _ onReply: (WorkReply) throws(WorkerFailure) -> Void
    ) throws(WorkerFailure) {
        if heard.final == nil {
            // A reply written just before the end is still in the socket.
            let (replies, _) = try readReplies()
            heard.final = replies.first { $0.isFinal }
            for reply in replies where !reply.isFinal { try onReply(reply) }
        }
        let printed = firstOutput()
        // How it ended says more than what it printed (a fatal error's message, say).
        guard let final = heard.final else { throw failure(.ended(status), lastWords: printed) }
        if let printed { throw failure(.printed(printed)) }
        if heard.repliesAfterFinal == 0 {
            let (late, _) = try readReplies()
            heard.repliesAfterFinal = late.count
        }
        if let problem = Verdict.problem(final: final, status: status, repliesAfter: heard.repliesAfterFinal) {
            throw forged(problem)
        }
        if case .failure(let code, let message, let page) = final {
            throw WorkerFailure(code, message, page: page)
        }
    }

    /// Complete lines from the channel, decoded; whether the channel is still open.
    mutating func readReplies() throws(WorkerFailure) -> ([WorkReply], Bool) {
        var open = true
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(channel, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
                continue
            }
            if count == 0 { open = false }
            break
        }
        var replies: [WorkReply] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            do {
                let value = try JSONReader.document(line, limits: .unlimitedForChannel)
                replies.append(try WorkReply(json: JSONReader(value)))
            } catch {
                foldbench_kill_group(pid)
                throw failure(.garbled("\(error)"))
            }
        }
        return (replies, open)
    }

    /// The first line the worker printed on its standard output or error, if any.
    func firstOutput() -> String? {
        for fd in [output, errors] {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return (fd == output ? "standard output: " : "standard error: ") + "\"\(line.prefix(160))\""
        }
        return nil
    }

    /// How a worker ended without its final reply.
    enum Ending {
        case ended(Int32)
        case printed(String)
        case hung(milliseconds: Int64, perStep: Bool)
        /// Resident memory past the limit, or grown by `grew` bytes in a step that outlasted
        /// its limit (`hungAfter` milliseconds).
        case memory(resident: Int64, grew: Int64, hungAfter: Int64?, limit: Int64)
        case channelClosed
        case garbled(String)

        /// Something done to the worker's outputs or its channel (FoldBench's own code
        /// writes neither out of turn), or its exit for a channel it could not write.
        var isOnTheOutputs: Bool {
            switch self {
            case .printed, .channelClosed, .garbled: true
            case .ended(let status): status & 0x7f == 0 && (status >> 8) & 0xff == 3
            case .hung, .memory: false
            }
        }
    }

    /// A reply the worker did not write, or an end that contradicts its last reply: a
    /// library's doing (it shares the worker's address space), named as such.
    func forged(_ problem: String) -> WorkerFailure {
        InterruptCleanup.parkIfInterrupted()
        let note = "(the verdict is the supervisor's, from what it sees: a library may not speak for the worker)"
        switch request.libraries.count {
        case 0: return WorkerFailure(.failed, "the worker: \(problem) — a bug in FoldBench")
        case 1: return WorkerFailure(.failed, "library \(request.libraries[0]): \(problem) \(note)")
        default:
            return WorkerFailure(
                .failed, "a library (one of \(request.libraries.joined(separator: ", "))): \(problem) \(note)")
        }
    }

    func failure(_ ending: Ending, lastWords: String? = nil) -> WorkerFailure {
        // A worker killed by an interrupt's cleanup is no failure to report.
        InterruptCleanup.parkIfInterrupted()
        var failure = CrumbReading(crumb.pointee, request: request, lastScenario: lastScenario).failure(ending)
        if let lastWords { failure.message += "; it printed on its \(lastWords)" }
        return failure
    }
}

extension InputLimits {
    /// The channel carries reports and answers of any size FoldBench itself wrote.
    public static var unlimitedForChannel: InputLimits {
        var limits = InputLimits.standard
        limits.maximumFileBytes = Int.max
        limits.maximumJSONValues = Int.max
        return limits
    }
}

/// `body` with `strings` as a NULL-terminated C array.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result)
    -> Result
{
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

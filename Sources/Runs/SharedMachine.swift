import Foundation
import Support

/// What a run must know about the machine it shares: whether another run writes into
/// the same results directory (then this one writes its report under names of its own:
/// `latest.json` would otherwise hold only the last one's), and whether another FoldBench
/// ran on the cores while it measured (said: its times shared the machine; its counts
/// did not care).
public enum SharedMachine {
    /// Takes `directory`'s run lock (an exclusive `flock` on a file in the temporary
    /// folder named by the directory's absolute path, so that nothing is written into the
    /// results before they are) and holds it until this process ends. While another run
    /// holds it, this run is not refused (two recording runs share a history, appended
    /// under its own lock) but writes its report under names of its own
    /// (``resultNames(in:)``), says so, and names the other run.
    public static func lockResults(_ directory: String, console: Console) {
        let path = lockPath(directory)
        // Held already by this process (commands run one after another in one process, as
        // the tests run them): the lock is against other processes.
        guard heldLock.withLock({ held[path] == nil && busy[path] == nil }) else { return }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(descriptor, &bytes, bytes.count)
            let holder = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            let names = "latest-\(getpid())"
            heldLock.withLock { busy[path] = names }
            console.err(
                "foldbench: note: another foldbench run\(holder.isEmpty ? "" : " (process \(holder))") is writing into \(directory): this run writes \(names).json, \(names).csv and report-\(getpid())/ there, leaving its latest.json alone\n"
            )
            return
        }
        _ = ftruncate(descriptor, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        // Kept open (and locked) for the life of the process; the kernel lets go at exit.
        heldLock.withLock { held[path] = descriptor }
    }

    /// The names a run's report takes in `directory`: `latest` and `report`, or, when
    /// another run held the directory, `latest-PID` and `report-PID`.
    static func resultNames(in directory: String) -> (latest: String, page: String) {
        guard let names = heldLock.withLock({ busy[lockPath(directory)] }) else { return ("latest", "report") }
        return (names, "report-\(getpid())")
    }

    static func lockPath(_ directory: String) -> String {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        return "\(NSTemporaryDirectory())/foldbench-run-\(String(FNV1a.hash(Array(absolute.utf8)), radix: 16)).lock"
    }

    private static let heldLock = NSLock()
    nonisolated(unsafe) private static var held: [String: Int32] = [:]
    /// Directories another run held: the names this run writes there instead.
    nonisolated(unsafe) private static var busy: [String: String] = [:]

    /// Watches, once a second, for FoldBench processes that are not this one or its
    /// children (another run, an `ab`, a test), until `stop` is called; the processes seen.
    final class Watch: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: Set<Int32> = []
        private var running = true
        private var thread: Thread?

        init() {
            let thread = Thread { [weak self] in
                while let self, self.isRunning {
                    let others = SharedMachine.otherRuns()
                    self.lock.withLock { self.seen.formUnion(others) }
                    Thread.sleep(forTimeInterval: 1)
                }
            }
            self.thread = thread
            thread.start()
        }

        private var isRunning: Bool { lock.withLock { running } }

        /// Stops watching; the other FoldBench processes seen while it watched.
        func stop() -> Set<Int32> {
            lock.withLock {
                running = false
                return seen
            }
        }
    }

    /// FoldBench processes running now that are neither this process nor its descendants.
    static func otherRuns() -> Set<Int32> {
        let me = getpid()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var parents: [Int32: Int32] = [:]
        var foldbench: [Int32] = []
        for entry in entries {
            guard let pid = Int32(entry), pid != me,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (comm) state ppid …": the name may hold spaces, so read after the last ')'.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            if name == "foldbench" || name.hasPrefix("foldbench-") { foldbench.append(pid) }
        }
        func descends(_ pid: Int32) -> Bool {
            var current = pid
            for _ in 0..<64 {
                guard let parent = parents[current], parent > 1 else { return false }
                if parent == me { return true }
                current = parent
            }
            return false
        }
        return Set(foldbench.filter { !descends($0) })
    }
}

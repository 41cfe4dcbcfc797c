import Foundation
import Support

/// What a run must know about the machine it shares: whether another run writes into
/// the same results directory (refused: `latest.json` would hold only the last one's),
/// and whether another FoldBench ran on the cores while it measured (said: its times
/// shared the machine; its counts did not care).
enum SharedMachine {
    /// Holds `directory`'s run lock (an exclusive `flock` on a file in the temporary
    /// folder named by the directory's absolute path, so that nothing is written into the
    /// results before they are) until this process ends; refused (exit 2) while another
    /// run holds it, naming it.
    static func lockResults(_ directory: String) throws(CommandFailure) {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        let key = String(FNV1a.hash(Array(absolute.utf8)), radix: 16)
        let path = "\(NSTemporaryDirectory())/foldbench-run-\(key).lock"
        // Held already by this process (commands run one after another in one process, as
        // the tests run them): the lock is against other processes.
        guard heldLock.withLock({ held[path] == nil }) else { return }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }  // an unwritable folder is refused by the writability check
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(descriptor, &bytes, bytes.count)
            let holder = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw CommandFailure(
                status: 2,
                "\(directory) is in use by another foldbench run\(holder.isEmpty ? "" : " (process \(holder))"): its latest.json would be overwritten; give another --out (nothing measured)"
            )
        }
        _ = ftruncate(descriptor, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        // Kept open (and locked) for the life of the process; the kernel lets go at exit.
        heldLock.withLock { held[path] = descriptor }
    }

    private static let heldLock = NSLock()
    nonisolated(unsafe) private static var held: [String: Int32] = [:]

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

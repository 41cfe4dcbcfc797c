import Foundation

/// What an interrupted command leaves behind, undone: a worker runs in a process group
/// of its own, so the terminal's Ctrl-C reaches only the parent, which must kill it (and
/// valgrind around it); a callgrind run's folder of dumps must go. On SIGINT, SIGTERM or
/// SIGHUP every registered group is killed and every registered folder removed, then the
/// process ends with 128 + the signal, as the shell would report it.
public enum InterruptCleanup {
    nonisolated(unsafe) private static var groups: Set<Int32> = []
    nonisolated(unsafe) private static var directories: Set<String> = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var interrupted = false
    private static let lock = NSLock()

    /// A process group to kill on an interrupt, until `forget(group:)`.
    public static func watch(group: Int32) {
        installOnce()
        lock.withLock { _ = groups.insert(group) }
    }

    public static func forget(group: Int32) { lock.withLock { _ = groups.remove(group) } }

    /// A folder to remove on an interrupt, until `forget(directory:)`.
    public static func watch(directory: String) {
        installOnce()
        lock.withLock { _ = directories.insert(directory) }
    }

    public static func forget(directory: String) { lock.withLock { _ = directories.remove(directory) } }

    private static func installOnce() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                Foundation.signal(signal, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
                source.setEventHandler { cleanUpAndExit(signal) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Waits for the end of the process when an interrupt is being cleaned up: the workers
    /// the cleanup kills die by a signal, and the thread that sees one must neither
    /// report it as a crash nor end the process before the folders are removed (a folder
    /// of a hundred thousand dumps takes seconds).
    public static func parkIfInterrupted() {
        guard lock.withLock({ interrupted }) else { return }
        while true { pause() }
    }

    private static func cleanUpAndExit(_ signal: Int32) -> Never {
        let (live, folders) = lock.withLock {
            interrupted = true
            return (groups, directories)
        }
        for group in live { kill(-group, SIGKILL) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        FileHandle.standardError.write(Data("foldbench: interrupted; workers stopped, temporary files removed\n".utf8))
        exit(128 + signal)
    }
}

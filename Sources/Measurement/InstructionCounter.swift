import CCallgrind
import Foundation

/// Instruction counts of the measured loop, from valgrind's callgrind: exact and
/// repeatable where times are not.
///
/// The runner re-executes itself under `valgrind --tool=callgrind` with
/// instrumentation and collection off at start. In that child, client requests
/// switch counting on around each scenario × variant loop only (prepare and
/// set-up are excluded) and dump the count under a label; the parent reads the
/// dumps back.
public enum InstructionCounter {
    /// What went wrong while counting: valgrind missing, or its output unreadable.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    public static var isUnderValgrind: Bool { foldbench_running_on_valgrind() != 0 }

    /// In the child: counts `body` and dumps the total under `label`.
    public static func countAndDump(label: String, _ body: () -> Void) {
        foldbench_callgrind_start()
        body()
        foldbench_callgrind_stop()
        label.withCString { foldbench_callgrind_dump($0) }
    }

    /// The path of valgrind, or `nil` when it is not installed.
    public static func valgrindPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/valgrind"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs this executable again under callgrind with `arguments` (a child command)
    /// and returns the labelled totals it dumped.
    public static func runChild(arguments: [String]) throws(Failure) -> [String: Double] {
        guard let valgrind = valgrindPath() else {
            throw Failure(
                message: "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "foldbench-callgrind-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot create \(directory.path)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = try executableForValgrind(in: directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments =
            [
                "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
                "--callgrind-out-file=\(directory.path)/callgrind.out", executable,
            ] + arguments
        // Hash seeds change allocation patterns, and jemalloc's time-based purging
        // takes a few extra instructions now and then: both off, counts are exact.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["MALLOC_CONF"] = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        process.environment = environment
        let log = directory.appendingPathComponent("valgrind.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try? FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = logHandle
        do { try process.run() } catch { throw Failure(message: "cannot start valgrind: \(error)") }
        process.waitUntilExit()
        try? logHandle?.close()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(
                message: "the callgrind run failed (status \(process.terminationStatus)):\n\(text.suffix(2000))")
        }
        var totals: [String: Double] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for file in files where file.hasPrefix("callgrind.out") {
            guard let text = try? String(contentsOfFile: "\(directory.path)/\(file)", encoding: .utf8) else { continue }
            if let (label, total) = parseDump(text) { totals[label] = total }
        }
        return totals
    }

    /// The label and the instruction total of one callgrind dump, or `nil` for a
    /// dump that is not one of ours (the final dump at exit has no label).
    public static func parseDump(_ text: String) -> (String, Double)? {
        var label: String?
        var total: Double?
        let prefix = "desc: Trigger: Client Request: "
        for line in text.split(separator: "\n") {
            if line.hasPrefix(prefix) {
                label = String(line.dropFirst(prefix.count))
            } else if line.hasPrefix("totals: ") || line.hasPrefix("summary: ") {
                total = Double(line.split(separator: " ")[1])
            }
        }
        guard let label, let total else { return nil }
        return (label, total)
    }

    /// A copy of this executable without debug information: valgrind 3.19 cannot
    /// read the DWARF that current Swift toolchains write. Symbols stay.
    static func executableForValgrind(in directory: URL) throws(Failure) -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let copy = directory.appendingPathComponent(URL(fileURLWithPath: own).lastPathComponent).path
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        strip.arguments = ["objcopy", "--strip-debug", own, copy]
        strip.standardError = FileHandle.nullDevice
        if (try? strip.run()) != nil {
            strip.waitUntilExit()
            if strip.terminationStatus == 0 { return copy }
        }
        return own
    }
}

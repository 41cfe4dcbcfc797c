import CCallgrind
import ChildProcesses
import Foundation
import Profiling

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
    public static func valgrindPath() -> String? { CallgrindRun.valgrindPath() }

    /// What callgrind counted for one loop.
    public struct Counts: Sendable, Equatable {
        public var instructions: Double
        /// From the fixed-size cache simulation (see ``CacheSimulation``).
        public var estimatedCycles: Double?
    }

    /// Runs this executable again under callgrind, with the fixed-size cache
    /// simulation, with `arguments` (a child command) and returns the labelled counts
    /// it dumped.
    public static func runChild(arguments: [String]) throws(Failure) -> [ResultKey: Counts] {
        let own =
            ChildProcess.ownExecutable
        let dumps: CallgrindRun.Dumps
        do {
            dumps = try CallgrindRun.run(own, arguments: arguments, options: .init(cacheSimulation: true))
        } catch {
            throw Failure(message: error.message)
        }
        var counts: [ResultKey: Counts] = [:]
        for (label, text) in dumps.texts {
            if let key = ResultKey(label: label), let parsed = parseDump(text) { counts[key] = parsed }
        }
        return counts
    }

    /// The dump of one loop among a callgrind run's: labelled with its key, or, by a
    /// build older than JSON labels (a revision `profile` or `bisect` builds), with
    /// "SCENARIO VARIANT".
    public static func dump(of key: ResultKey, in texts: [String: String]) -> String? {
        texts.first { ResultKey(label: $0.key) == key }?.value ?? texts["\(key.scenario) \(key.variant)"]
    }

    /// The counts of one callgrind dump, from its totals, or `nil` when it has none.
    public static func parseDump(_ text: String) -> Counts? {
        var events: [String] = []
        var totals: [Double]?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("events: ") {
                events = line.dropFirst("events: ".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals: ") || (totals == nil && line.hasPrefix("summary: ")) {
                totals = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            }
        }
        guard let totals, let instructions = totals.first else { return nil }
        let cycles = CacheSimulation.estimate(events: events, values: totals)?.cycles
        return Counts(instructions: instructions, estimatedCycles: cycles)
    }
}

import CCallgrind
import ChildProcesses
import Foundation
import Profiling
import Workers

/// Instruction counts of the measured loop, from valgrind's callgrind: exact and
/// repeatable where times are not.
///
/// The runner starts a worker under `valgrind --tool=callgrind` with
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

    /// In the child: counts each of `frames` on its own, `body(frame, 1)` relayouting
    /// it, and dumps each count under `key`'s label for that frame. Instrumentation is
    /// switched on once; only collection is toggled around each frame. First,
    /// ``calibrationRuns`` calls `body(0, 0)` (the frame loop entered and left with no
    /// frame) are counted and dumped as frames -1, -2, …: what counting one frame costs
    /// besides the frame, which the parent takes off (``ChildCounts/frames``).
    public static func countEachAndDump(key: ResultKey, frames: Int, _ body: (Int, Int) -> Void) {
        foldbench_callgrind_start_instrumentation()
        for run in 0..<calibrationRuns {
            foldbench_callgrind_toggle_collect()
            body(0, 0)
            foldbench_callgrind_toggle_collect()
            key.label(frame: -1 - run).withCString { foldbench_callgrind_dump($0) }
        }
        for frame in 0..<frames {
            // A step of the crumb per frame, outside what is collected: a worker under
            // callgrind runs ~50 times slower and its supervisor hears it go on.
            WorkerCrumb.step(.frame, frame)
            foldbench_callgrind_toggle_collect()
            body(frame, 1)
            foldbench_callgrind_toggle_collect()
            key.label(frame: frame).withCString { foldbench_callgrind_dump($0) }
        }
        foldbench_callgrind_stop_instrumentation()
    }

    /// Empty frames counted to calibrate the per-frame counts (the least is taken).
    public static let calibrationRuns = 3

    /// The path of valgrind, or `nil` when it is not installed.
    public static func valgrindPath() -> String? { CallgrindRun.valgrindPath() }

    /// What callgrind counted for one loop.
    public struct Counts: Sendable, Equatable {
        public var instructions: Double
        /// From the fixed-size cache simulation (see ``CacheSimulation``).
        public var estimatedCycles: Double?
    }

    /// Runs `request` (a `count`) in a worker under callgrind, with the fixed-size cache
    /// simulation, supervised like any worker (a library's crash, exit or output is its
    /// failure, named), and returns the labelled counts it dumped.
    public static func runWorker(
        _ request: WorkRequest, onReply: @escaping (WorkReply) throws(WorkerFailure) -> Void = { _ in }
    ) throws -> ChildCounts {
        counts(
            of: try dumps(
                request, executable: Supervisor.workerExecutable, options: .init(cacheSimulation: true),
                onReply: onReply))
    }

    /// The dumps of `request` run by `executable`'s worker under callgrind: valgrind is the
    /// worker's launcher, the libraries the stripped copies callgrind can read.
    public static func dumps(
        _ request: WorkRequest, executable: String, options: CallgrindRun.Options,
        onReply: @escaping (WorkReply) throws(WorkerFailure) -> Void = { _ in }
    ) throws -> CallgrindRun.Dumps {
        try CallgrindRun.run(executable, arguments: [], libraries: request.libraryPaths, options: options) { launch in
            var supervisor = Supervisor(executable: launch.executable)
            supervisor.launcher = [launch.valgrind] + launch.valgrindArguments
            supervisor.environment = launch.environment
            var request = request
            request.libraryPaths = launch.libraries
            try supervisor.run(request, onReply: onReply)
        }
    }

    /// The counts of a callgrind run's labelled dumps: each loop's, and each frame's less
    /// what counting an empty frame took.
    static func counts(of dumps: CallgrindRun.Dumps) -> ChildCounts {
        var counts = ChildCounts()
        var frames: [ResultKey: [(Int, Double)]] = [:]
        for (label, text) in dumps.texts {
            if let key = ResultKey(label: label), let parsed = parseDump(text) {
                counts.totals[key] = parsed
            } else if let (key, frame) = ResultKey.frame(label: label) {
                // A frame in which nothing was collected has no totals line: 0.
                frames[key, default: []].append((frame, parseDump(text)?.instructions ?? 0))
            }
        }
        for (key, list) in frames {
            let empty = list.filter { $0.0 < 0 }.map(\.1).min() ?? 0
            var values = [Double](repeating: 0, count: (list.map(\.0).max() ?? -1) + 1)
            for (frame, value) in list where frame >= 0 { values[frame] = max(0, value - empty) }
            counts.frames[key] = values
        }
        return counts
    }

    /// What the callgrind child counted: each loop's pass, and each frame's count when
    /// frames were counted one by one.
    public struct ChildCounts: Sendable {
        public var totals: [ResultKey: Counts] = [:]
        /// Each frame's instructions, less what counting an empty frame took (the frame
        /// loop entered and left, the toggles).
        public var frames: [ResultKey: [Double]] = [:]
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

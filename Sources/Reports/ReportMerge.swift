import ArrangementModel
import Measurement
import SceneFormat
import Support

/// The reports of a sharded run (`run --shard K/N`) as one report.
extension Report {
    /// Why two reports cannot be merged, naming the files.
    public struct MergeError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The results of every report, in the order given, under the first one's
    /// environment and options. Refused when a result has no samples (the merged
    /// statistics need them) or a scenario × variant is in two reports; whether the
    /// reports are one run is ``mergeConflicts(_:)``'s to say.
    public static func merging(_ reports: [(file: String, report: Report)]) throws(MergeError) -> Report {
        guard var merged = reports.first?.report else { throw MergeError(description: "no report to merge") }
        merged.results = []
        var seen: [ResultKey: String] = [:]
        for (file, report) in reports {
            for (index, result) in report.results.enumerated() {
                guard !result.samples.isEmpty else {
                    throw MergeError(
                        description: "\(file): results[\(index)].timeSamples: a report to merge needs its samples")
                }
                if let earlier = seen[result.key] {
                    throw MergeError(description: "\(result.key) is in both \(earlier) and \(file)")
                }
                seen[result.key] = file
                merged.results.append(result)
            }
        }
        // Every part of one suite makes the whole suite again; otherwise the parts are named.
        let shards = reports.map(\.report.options.shard)
        let parts = Set(shards.compactMap { $0 })
        if let last = shards.first??.split(separator: "/").last, let count = Int(last), (1...10_000).contains(count),
            shards.allSatisfy({ $0 != nil }), parts == Set((1...count).map { "\($0)/\(count)" })
        {
            merged.options.shard = nil
        } else if parts.count > 1 {
            merged.options.shard = parts.sorted().joined(separator: ",")
        }
        return merged
    }

    /// Whether a report counted instructions: its flag, or counts in its results (a
    /// report written before the flag was kept true when counted has only the counts).
    public static func counted(_ report: Report) -> Bool {
        report.options.countInstructions || report.results.contains { $0.metrics[.instructionsPerRelayout] != nil }
    }

    /// Why `reports` (with their file names) cannot be one run: different commits,
    /// options or machines; empty when they can.
    public static func mergeConflicts(_ reports: [(file: String, report: Report)]) -> [String] {
        guard let first = reports.first else { return [] }
        var conflicts: [String] = []
        func options(_ report: Report) -> String {
            let o = report.options
            return
                "time per scenario \(formatNumber(o.timePerScenario)) s, \(o.frames) frames, \(formatNumber(o.refreshRate)) Hz, \(o.direction.name), instructions \(counted(report) ? "counted" : "not counted")"
        }
        for (file, report) in reports.dropFirst() {
            if report.environment.commit != first.report.environment.commit {
                conflicts.append(
                    "commit: \(first.file) has \(first.report.environment.commit), \(file) has \(report.environment.commit)"
                )
            }
            if options(report) != options(first.report) {
                conflicts.append("options: \(first.file) has \(options(first.report)); \(file) has \(options(report))")
            }
            if report.environment.cpu != first.report.environment.cpu {
                conflicts.append(
                    "CPU model: \(first.file) ran on \(first.report.environment.cpu), \(file) on \(report.environment.cpu)"
                )
            }
        }
        return conflicts
    }
}

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
        return merged
    }

    /// Why `reports` (with their file names) cannot be one run: different commits,
    /// options or machines; empty when they can.
    public static func mergeConflicts(_ reports: [(file: String, report: Report)]) -> [String] {
        guard let first = reports.first else { return [] }
        var conflicts: [String] = []
        func options(_ report: Report) -> String {
            let o = report.options
            return
                "time per scenario \(formatNumber(o.timePerScenario)) s, \(o.frames) frames, \(formatNumber(o.refreshRate)) Hz, \(o.direction.name), instructions \(o.countInstructions ? "counted" : "not counted")"
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

import ArrangementModel
import SceneFormat

/// The part of a report that `compare` needs, read from a report file.
public struct ReportSummary: Sendable {
    public struct Entry: Sendable {
        public var scenario: String
        public var variant: String
        public var arrangements: Int
        public var timeSamples: [Double]
        /// Each metric's headline value (p50 for times); metrics this version does not know are skipped.
        public var metrics: [Metric: Double]
        /// Each metric's 95 % interval, where the report gives one.
        public var intervals: [Metric: (lower: Double, upper: Double)] = [:]
    }

    public var commit: String
    public var date: String
    public var entries: [Entry]

    /// Reads a report; every problem names the JSON path and the rule.
    public static func decode(_ bytes: [UInt8]) throws(SceneError) -> ReportSummary {
        let document = try JSONReader.document(bytes)
        guard case .object = document else { throw JSONReader(document).failure("expected a report object") }
        let top = JSONReader(document)
        guard let versionValue = document["schemaVersion"] else {
            throw SceneError(place: "schemaVersion", rule: "missing (not a foldbench report?)")
        }
        let version = try JSONReader(versionValue, path: "schemaVersion").number()
        guard version == Double(Report.schemaVersion) else {
            throw SceneError(
                place: "schemaVersion",
                rule:
                    "unsupported schema version \(formatNumber(version)) (this foldbench reads \(Report.schemaVersion))"
            )
        }
        let environment = document["environment"] ?? .object([])
        let commit = (try? JSONReader(environment["commit"] ?? .null).string()) ?? "unknown"
        let date = (try? JSONReader(environment["date"] ?? .null).string()) ?? ""
        guard let resultsValue = document["results"] else { throw SceneError(place: "results", rule: "missing") }
        var entries: [Entry] = []
        for element in try JSONReader(resultsValue, path: top.childPath("results")).array() {
            guard case .object = element.value else { throw element.failure("expected an object") }
            let scenario = try JSONReader(element.value["scenario"] ?? .null, path: element.childPath("scenario"))
                .string()
            let variant = try JSONReader(element.value["variant"] ?? .null, path: element.childPath("variant")).string()
            let arrangementsReader = JSONReader(
                element.value["arrangements"] ?? .null, path: element.childPath("arrangements"))
            let arrangements = try arrangementsReader.number()
            guard arrangements >= 1, arrangements <= 1e9, arrangements == arrangements.rounded() else {
                throw arrangementsReader.failure("\(formatNumber(arrangements)) is not a count of arrangements")
            }
            var samples: [Double] = []
            if let sampleValue = element.value["timeSamples"] {
                for sample in try JSONReader(sampleValue, path: element.childPath("timeSamples")).array() {
                    samples.append(try sample.number())
                }
            }
            var metrics: [Metric: Double] = [:]
            var intervals: [Metric: (lower: Double, upper: Double)] = [:]
            guard case .object(let metricEntries) = element.value["metrics"] ?? .null else {
                throw SceneError(place: element.childPath("metrics"), rule: "missing or not an object")
            }
            for (name, value) in metricEntries {
                guard let metric = Metric(rawValue: name) else { continue }
                let path = element.childPath("metrics.\(name)")
                guard let headline = value[metric.headline.rawValue] else {
                    throw SceneError(place: path, rule: "needs a \(metric.headline.rawValue)")
                }
                metrics[metric] = try JSONReader(headline, path: path).number()
                if case .array(let bounds) = value["ci95"] ?? .null, bounds.count == 2,
                    case .number(let lower) = bounds[0], case .number(let upper) = bounds[1]
                {
                    intervals[metric] = (lower, upper)
                }
            }
            entries.append(
                Entry(
                    scenario: scenario, variant: variant, arrangements: Int(arrangements), timeSamples: samples,
                    metrics: metrics, intervals: intervals))
        }
        return ReportSummary(commit: commit, date: date, entries: entries)
    }
}

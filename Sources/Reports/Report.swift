import Measurement
import ArrangementModel
import Foundation
import SceneFormat

/// A run's report (benchmark-design §6): the environment, the options, and one
/// result per scenario × variant. Written as JSON and long-format CSV; read back
/// by `compare` and `trend`.
public struct Report: Sendable {
    public static let schemaVersion = 1

    public var environment: RunEnvironment
    public var options: RunOptions
    public var results: [VariantResult]

    public init(environment: RunEnvironment, options: RunOptions, results: [VariantResult]) {
        self.environment = environment
        self.options = options
        self.results = results
    }
}

/// One metric's headline value and its other statistics, as reports and CSV rows carry them.
public struct MetricRow: Equatable, Sendable {
    public var metric: String
    public var statistic: String
    public var value: Double
    public var unit: String
}

extension VariantResult {
    /// Every metric of this result as (metric, statistic, value, unit) rows; the
    /// first row of each metric is its headline (p50 for times, value otherwise).
    public var metricRows: [MetricRow] {
        var rows: [MetricRow] = []
        func summary(_ name: String, _ summary: TimeSummary) {
            for (statistic, value) in [
                ("p50", summary.p50), ("min", summary.min), ("p90", summary.p90), ("p99", summary.p99),
                ("max", summary.max),
                ("mean", summary.mean), ("mad", summary.mad), ("ci95Lower", summary.ci95[0]),
                ("ci95Upper", summary.ci95[1]),
            ] {
                rows.append(MetricRow(metric: name, statistic: statistic, value: value, unit: "ns"))
            }
        }
        func single(_ name: String, _ value: Double, _ unit: String) {
            rows.append(MetricRow(metric: name, statistic: "value", value: value, unit: unit))
        }
        summary("timePerRelayout", time)
        summary("timePerArrangement", timePerArrangement)
        single("relayoutsPerSecond", relayoutsPerSecond, "1/s")
        single("allocationsPerRelayout", allocationsPerRelayout, "count")
        single("bytesAllocatedPerRelayout", bytesAllocatedPerRelayout, "bytes")
        if let instructionsPerRelayout {
            single("instructionsPerRelayout", instructionsPerRelayout, "count")
            single("instructionsPerArrangement", instructionsPerRelayout / Double(arrangements), "count")
        }
        single("peakResidentMemory", Double(peakResidentBytes), "bytes")
        single("framesOverBudget", framesOverBudget, "ratio")
        single("prepareTime", prepareNanoseconds, "ns")
        if let ratio = ratioToReference {
            rows.append(MetricRow(metric: "ratioToReference", statistic: "p50", value: ratio.value, unit: "ratio"))
            rows.append(
                MetricRow(metric: "ratioToReference", statistic: "ci95Lower", value: ratio.lower, unit: "ratio"))
            rows.append(
                MetricRow(metric: "ratioToReference", statistic: "ci95Upper", value: ratio.upper, unit: "ratio"))
        }
        return rows
    }
}

// MARK: JSON

extension Report {
    public func json() -> JSONValue {
        let env = environment
        return .object([
            ("schemaVersion", .number(Double(Self.schemaVersion))),
            (
                "environment",
                .object([
                    ("tool", .string("foldbench \(env.toolVersion)")), ("commit", .string(env.commit)),
                    ("dirty", .bool(env.dirty)), ("date", .string(env.date)), ("host", .string(env.host)),
                    ("cpu", .string(env.cpu)), ("cores", .number(Double(env.cores))), ("os", .string(env.os)),
                    ("swift", .string(env.swift)), ("buildConfiguration", .string(env.buildConfiguration)),
                    ("allocator", .string(env.allocator)),
                ])
            ),
            (
                "options",
                .object([
                    ("timePerScenario", .number(options.timePerScenario)), ("frames", .number(Double(options.frames))),
                    ("refreshRate", .number(options.refreshRate)),
                    ("layoutDirection", .string(options.direction == .leftToRight ? "leftToRight" : "rightToLeft")),
                    ("instructions", .bool(options.countInstructions)),
                ])
            ),
            ("results", .array(results.map(Self.json))),
        ])
    }

    static func json(_ result: VariantResult) -> JSONValue {
        var metrics: [(key: String, value: JSONValue)] = []
        var grouped: [(String, [MetricRow])] = []
        for row in result.metricRows {
            if let last = grouped.indices.last, grouped[last].0 == row.metric {
                grouped[last].1.append(row)
            } else {
                grouped.append((row.metric, [row]))
            }
        }
        for (name, rows) in grouped {
            var entries: [(key: String, value: JSONValue)] = [("unit", .string(rows[0].unit))]
            var lower: Double?
            for row in rows {
                switch row.statistic {
                case "ci95Lower": lower = row.value
                case "ci95Upper": entries.append(("ci95", .array([.number(lower ?? row.value), .number(row.value)])))
                default: entries.append((row.statistic, .number(row.value)))
                }
            }
            metrics.append((name, .object(entries)))
        }
        return .object([
            ("scenario", .string(result.scenario)), ("variant", .string(result.variant)),
            ("arrangements", .number(Double(result.arrangements))), ("frames", .number(Double(result.frames))),
            ("samples", .number(Double(result.samples.count))), ("batchFrames", .number(Double(result.batchFrames))),
            ("refreshRate", .number(result.refreshRate)),
            ("checksum", .string(String(result.checksum, radix: 16))), ("metrics", .object(metrics)),
            ("timeSamples", .array(result.samples.map { .number($0) })),
        ])
    }
}

// MARK: CSV

/// RFC 4180 CSV: a header row, commas, fields quoted when they need it.
public enum CSV {
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func line(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") + "\n" }

    /// Splits one CSV record (no embedded newlines) into fields; `nil` when malformed.
    public static func parse(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var index = line.startIndex
        var atFieldStart = true
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        current.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "," {
                fields.append(current)
                current = ""
                atFieldStart = true
                index = line.index(after: index)
                continue
            } else if character == "\"" && atFieldStart {
                quoted = true
            } else if character == "\"" {
                return nil
            } else {
                current.append(character)
            }
            atFieldStart = false
            index = line.index(after: index)
        }
        guard !quoted else { return nil }
        fields.append(current)
        return fields
    }

    /// The columns of report CSV files and of `Results/history.csv`.
    public static let columns = [
        "date", "commit", "dirty", "host", "scenario", "variant", "arrangements", "metric", "statistic", "value",
        "unit",
    ]
}

extension Report {
    /// Long format: one row per result × metric × statistic.
    public func csv() -> String { csv(headlineOnly: false) }

    /// History rows: one per result × metric (its headline statistic).
    public func historyRows() -> String { String(csv(headlineOnly: true).drop { $0 != "\n" }.dropFirst()) }

    func csv(headlineOnly: Bool) -> String {
        var text = CSV.line(CSV.columns)
        for result in results {
            var seen: Set<String> = []
            for row in result.metricRows {
                if headlineOnly { guard seen.insert(row.metric).inserted else { continue } }
                text += CSV.line([
                    environment.date, environment.commit, environment.dirty ? "true" : "false", environment.host,
                    result.scenario, result.variant, String(result.arrangements), row.metric, row.statistic,
                    formatNumber(row.value), row.unit,
                ])
            }
        }
        return text
    }
}

// MARK: Reading reports back

/// The part of a report that `compare` needs, read from a report file.
public struct ReportSummary: Sendable {
    public struct Entry: Sendable {
        public var scenario: String
        public var variant: String
        public var arrangements: Int
        public var timeSamples: [Double]
        /// metric name → headline value (p50 for times).
        public var metrics: [String: Double]
        /// metric name → its 95 % interval, where the report gives one.
        public var intervals: [String: (lower: Double, upper: Double)] = [:]
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
            var metrics: [String: Double] = [:]
            var intervals: [String: (lower: Double, upper: Double)] = [:]
            guard case .object(let metricEntries) = element.value["metrics"] ?? .null else {
                throw SceneError(place: element.childPath("metrics"), rule: "missing or not an object")
            }
            for (name, value) in metricEntries {
                let path = element.childPath("metrics.\(name)")
                guard let headline = value["p50"] ?? value["value"] else {
                    throw SceneError(place: path, rule: "needs a p50 or a value")
                }
                metrics[name] = try JSONReader(headline, path: path).number()
                if case .array(let bounds) = value["ci95"] ?? .null, bounds.count == 2,
                    case .number(let lower) = bounds[0], case .number(let upper) = bounds[1]
                {
                    intervals[name] = (lower, upper)
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

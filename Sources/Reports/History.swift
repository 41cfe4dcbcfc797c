import Measurement
import Support

/// One series of `Results/history.csv`: a scenario × variant × metric over runs.
public struct TrendSeries: Sendable {
    public struct Point: Sendable {
        public var date: String
        public var commit: String
        public var value: Double
        /// The run's 95 % interval, when the history has it.
        public var interval: Interval?

        public init(date: String, commit: String, value: Double, interval: Interval? = nil) {
            self.date = date
            self.commit = commit
            self.value = value
            self.interval = interval
        }
    }

    public var scenario: ScenarioName
    public var variant: VariantName
    public var metric: String
    public var unit: String
    /// The machine kind the points were measured on (the CPU model, "unknown" for a
    /// history without the machine's columns): one series per machine kind.
    public var machine: String = "unknown"
    public var points: [Point]
    /// Indices of the points where a new level starts.
    public var changePoints: [Int] = []
    /// Change points E-divisive found that move the level by less than the metric's
    /// minimum (``Trend/isSignificant(before:after:metric:values:)``): a count by less
    /// than the gate's threshold, a time by less than its own run-to-run noise.
    public var belowThreshold: [Int] = []
    /// The first point searched for change points: 0, unless the history is longer
    /// than the search's budget (``Trend/changePointBudget``) and older points are only drawn.
    public var searchedFrom = 0

    /// A file-name-safe name.
    public var slug: String {
        "\(metric)--\(scenario)--\(variant)\(machine == "unknown" ? "" : "--\(machine)")".map {
            $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_"
        }.reduce("") {
            $0 + String($1)
        }
    }
}

/// Reads `Results/history.csv` into series and finds their change points; writes
/// the charts, the index page and the summaries (the other files of this extension).
public enum Trend {
    /// A history row that could not be read: the line and why.
    public struct Problem: Sendable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Points searched for change points in all series together. The search costs
    /// 0.06–0.16 ms a point here, more in longer series (docs/measurements.md), so the
    /// budget keeps a history of a million rows within a minute; each series gets an
    /// even share of it, the shorter ones all their points, and is searched in its
    /// newest points.
    public static let changePointBudget = 100_000

    /// Parses history text; bad rows are reported with their line number and skipped.
    public static func read(_ text: String, changePointBudget: Int = changePointBudget) -> (
        series: [TrendSeries], problems: [Problem]
    ) {
        var problems: [Problem] = []
        var series: [TrendSeries] = []
        var index: [String: Int] = [:]
        // Split as bytes: a Character-wise split costs more than the rest of the reading.
        // A history saved with CRLF line ends (a spreadsheet's) reads like one with LF.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.last == UInt8(ascii: "\r") ? Substring($0.dropLast()) : Substring($0)
        }
        guard let headerLine = lines.first, let header = CSV.parse(headerLine),
            header == CSV.columns || header == CSV.legacyColumns
        else {
            return ([], [Problem(line: 1, reason: "the header is not \(CSV.columns.joined(separator: ","))")])
        }
        let legacy = header == CSV.legacyColumns
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            guard let fields = CSV.parse(line) else {
                problems.append(Problem(line: number, reason: "malformed quoting"))
                continue
            }
            guard let row = CSVRow(fields, legacy: legacy) else {
                problems.append(
                    Problem(line: number, reason: "\(fields.count) fields, expected \(header.count) (truncated?)"))
                continue
            }
            guard let value = Double(row[.value]), value.isFinite else {
                problems.append(Problem(line: number, reason: "value '\(row[.value])' is not a number"))
                continue
            }
            let machine = row[.cpu].isEmpty ? "unknown" : row[.cpu]
            let key = "\(row[.scenario])|\(row[.variant])|\(row[.metric])|\(machine)"
            // An interval's bounds follow their run's headline row; other statistics are not series.
            if row[.statistic] == Statistic.ci95Lower.rawValue || row[.statistic] == Statistic.ci95Upper.rawValue {
                if let existing = index[key], let last = series[existing].points.last, last.commit == row[.commit],
                    last.date == row[.date]
                {
                    var interval = last.interval ?? Interval(value, value)
                    if row[.statistic] == Statistic.ci95Lower.rawValue {
                        interval.lower = value
                    } else {
                        interval.upper = value
                    }
                    series[existing].points[series[existing].points.count - 1].interval = interval
                }
                continue
            }
            if let metric = Metric(rawValue: row[.metric]), row[.statistic] != metric.headline.rawValue { continue }
            let point = TrendSeries.Point(date: row[.date], commit: row[.commit], value: value)
            if let existing = index[key] {
                series[existing].points.append(point)
            } else {
                index[key] = series.count
                series.append(
                    TrendSeries(
                        scenario: ScenarioName(row[.scenario]), variant: VariantName(row[.variant]), metric: row[.metric], unit: row[.unit],
                        machine: machine, points: [point]))
            }
        }
        let windows = searchWindows(series.map(\.points.count), budget: changePointBudget)
        for (i, window) in zip(series.indices, windows) {
            let from = series[i].points.count - window
            series[i].searchedFrom = from
            let values = series[i].points[from...].map(\.value)
            let found = ChangePoints.detect(values)
            let boundaries = [0] + found + [values.count]
            for (offset, change) in found.enumerated() {
                let before = Statistics.median(Array(values[boundaries[offset]..<change]))
                let after = Statistics.median(Array(values[change..<boundaries[offset + 2]]))
                if isSignificant(before: before, after: after, metric: series[i].metric, values: values) {
                    series[i].changePoints.append(from + change)
                } else {
                    series[i].belowThreshold.append(from + change)
                }
            }
        }
        return (series, problems)
    }

    /// Whether a step from `before` to `after` is one a reader should see. E-divisive
    /// finds a step of any size in a series that is otherwise constant, so an exact
    /// count moving by one instruction in 50,000 would be a change point. A count that
    /// `compare` judges by a threshold must move by at least that share
    /// (``ComparisonPolicy/instructionThreshold``); an exact count (allocations) by any
    /// amount; anything measured (times, ratios, memory) by more than its own series'
    /// run-to-run noise, the median difference between consecutive points.
    public static func isSignificant(before: Double, after: Double, metric: String, values: [Double]) -> Bool {
        let step = abs(after - before)
        let known = Metric(rawValue: metric)
        if known?.rule == .exactCount { return step > 0 }
        if known?.unit == "count" {
            return step >= ComparisonPolicy().instructionThreshold * abs(before)
        }
        let jumps = zip(values, values.dropFirst()).map { abs($1 - $0) }
        return jumps.isEmpty || step > Statistics.median(jumps)
    }

    /// How many of its newest points each series searches: shares of `budget`, a
    /// series shorter than its share leaving the rest to the others.
    public static func searchWindows(_ counts: [Int], budget: Int) -> [Int] {
        var windows = counts
        var remaining = budget
        var left = counts.count
        for index in counts.indices.sorted(by: { counts[$0] < counts[$1] }) {
            let share = max(remaining / max(left, 1), 0)
            windows[index] = min(counts[index], share)
            remaining -= windows[index]
            left -= 1
        }
        return windows
    }
}

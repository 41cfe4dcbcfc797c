import ArrangementModel
import SceneFormat
import Workloads

/// A report read back from its file: what `compare` and `trend` need, and what the
/// HTML report draws (samples, frame times, each scenario's timeline).
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
        /// Each frame's own time, in ns (empty in reports from before they were kept).
        public var frameTimes: [Double] = []
        public var refreshRate: Double = 120
        /// Relayouts in each time sample.
        public var batchFrames: Int = 1
    }

    public var commit: String
    public var date: String
    public var entries: [Entry]
    /// The environment's fields as the report gives them (host, cpu, swift, …).
    public var environment: [String: String] = [:]
    /// Each scenario's phase, frame by frame (empty in older reports).
    public var timelines: [String: [Timeline.Phase]] = [:]

    /// Reads a report; every problem names the JSON path and the rule.
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(SceneError) -> ReportSummary {
        let document = try JSONReader.document(bytes, limits: limits)
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
        // Where each scenario × variant was first given: a second one could not be told
        // from it by compare, report or merge.
        var firstPlaces: [String: String] = [:]
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
                    let number = try sample.number()
                    guard number >= 0 else { throw sample.failure("a time cannot be negative") }
                    samples.append(number)
                }
            }
            var frameTimes: [Double] = []
            if let value = element.value["frameTimes"] {
                for time in try JSONReader(value, path: element.childPath("frameTimes")).array() {
                    let number = try time.number()
                    guard number >= 0 else { throw time.failure("a time cannot be negative") }
                    frameTimes.append(number)
                }
            }
            var refreshRate = 120.0
            if let value = element.value["refreshRate"] {
                let reader = JSONReader(value, path: element.childPath("refreshRate"))
                refreshRate = try reader.number()
                guard refreshRate > 0, refreshRate <= 10_000 else { throw reader.failure("not a refresh rate in Hz") }
            }
            var batchFrames = 1
            if let value = element.value["batchFrames"] {
                let reader = JSONReader(value, path: element.childPath("batchFrames"))
                let number = try reader.number()
                guard number >= 1, number <= 1e9, number == number.rounded() else {
                    throw reader.failure("not a count of frames")
                }
                batchFrames = Int(number)
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
                let reader = JSONReader(headline, path: path)
                let number = try reader.number()
                // Every metric is a time, a count, a size or a ratio of times: none is negative.
                guard number >= 0 else { throw reader.failure("\(formatNumber(number)) is negative") }
                metrics[metric] = number
                if case .array(let bounds) = value["ci95"] ?? .null, bounds.count == 2,
                    case .number(let lower) = bounds[0], case .number(let upper) = bounds[1]
                {
                    intervals[metric] = (lower, upper)
                }
            }
            if let first = firstPlaces["\(scenario)\u{0}\(variant)"] {
                throw element.failure("\(scenario) × \(variant) is given twice (first at \(first))")
            }
            firstPlaces["\(scenario)\u{0}\(variant)"] = element.path
            entries.append(
                Entry(
                    scenario: scenario, variant: variant, arrangements: Int(arrangements), timeSamples: samples,
                    metrics: metrics, intervals: intervals, frameTimes: frameTimes, refreshRate: refreshRate,
                    batchFrames: batchFrames))
        }
        var summary = ReportSummary(commit: commit, date: date, entries: entries)
        if case .object(let fields) = environment {
            for (key, value) in fields {
                switch value {
                case .string(let text): summary.environment[key] = text
                case .number(let number): summary.environment[key] = formatNumber(number)
                case .bool(let flag): summary.environment[key] = flag ? "true" : "false"
                default: continue
                }
            }
        }
        if let timelines = document["timelines"] {
            summary.timelines = try decodeTimelines(JSONReader(timelines, path: "timelines"))
        }
        return summary
    }

    /// The machine a report was measured on: CPU model, cores, compiler.
    public var machine: String {
        "\(environment["cpu"] ?? "unknown CPU"), \(environment["cores"] ?? "?") cores, \(environment["swift"] ?? "unknown compiler")"
    }

    /// What differs between two reports' machines, in a sentence, or `nil` when the CPU
    /// model, the cores and the compiler are the same (or a report does not say).
    public static func machineDifference(_ a: ReportSummary, _ b: ReportSummary) -> String? {
        let keys = ["cpu", "cores", "swift"]
        let differs = keys.contains { key in
            guard let x = a.environment[key], let y = b.environment[key], !x.isEmpty, !y.isEmpty else { return false }
            return x != y
        }
        guard differs else { return nil }
        return
            "the baseline ran on \(a.machine), the new report on \(b.machine); instruction and allocation counts compare when the compiler is the same, times from different machines do not"
    }

    /// `{"SCENARIO": [{"frames": N, "posture": P, "orientation": O, "display": D, "transition": B}, …]}`.
    static func decodeTimelines(_ reader: JSONReader) throws(SceneError) -> [String: [Timeline.Phase]] {
        guard case .object(let scenarios) = reader.value else { throw reader.failure("expected an object") }
        var timelines: [String: [Timeline.Phase]] = [:]
        for (scenario, runsValue) in scenarios {
            var phases: [Timeline.Phase] = []
            for run in try JSONReader(runsValue, path: reader.childPath(scenario)).array() {
                let frames = try JSONReader(run.value["frames"] ?? .null, path: run.childPath("frames"))
                let count = try frames.number()
                guard count >= 1, count <= 10_000_000, count == count.rounded() else {
                    throw frames.failure("not a count of frames")
                }
                let posture = try JSONReader(run.value["posture"] ?? .null, path: run.childPath("posture")).choice(
                    Posture.allCases.map(\.rawValue), what: "posture")
                let orientation = try JSONReader(run.value["orientation"] ?? .null, path: run.childPath("orientation"))
                    .choice(Orientation.allCases.map(\.rawValue), what: "orientation")
                let display = try JSONReader(run.value["display"] ?? .null, path: run.childPath("display")).choice(
                    ["outer", "inner"], what: "display")
                guard case .bool(let transition) = run.value["transition"] ?? .null else {
                    throw SceneError(place: run.childPath("transition"), rule: "expected true or false")
                }
                let phase = Timeline.Phase(
                    posture: Posture(rawValue: posture)!, orientation: Orientation(rawValue: orientation)!,
                    outerDisplay: display == "outer", inTransition: transition)
                phases += Array(repeating: phase, count: Int(count))
                guard phases.count <= 10_000_000 else { throw run.failure("more than 10,000,000 frames") }
            }
            timelines[scenario] = phases
        }
        return timelines
    }
}

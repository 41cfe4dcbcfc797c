import ArrangementModel
import Measurement
import SceneFormat
import Workloads

extension Report {
    /// A report read back whole from its JSON, for `merge`: the checked summary, with
    /// the environment, the options and every result rebuilt (time statistics are
    /// recomputed from the samples, as the runner computed them).
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(SceneError) -> Report {
        let summary = try ReportSummary.decode(bytes, limits: limits)
        let document = try JSONReader.document(bytes, limits: limits)
        var environment = RunEnvironment()
        let fields = summary.environment
        environment.toolVersion = (fields["tool"] ?? "").replacingOccurrences(of: "foldbench ", with: "")
        environment.commit = fields["commit"] ?? "unknown"
        environment.dirty = fields["dirty"] == "true"
        environment.date = fields["date"] ?? ""
        environment.host = fields["host"] ?? ""
        environment.cpu = fields["cpu"] ?? ""
        environment.cores = Int(fields["cores"] ?? "") ?? 0
        environment.os = fields["os"] ?? ""
        environment.swift = fields["swift"] ?? ""
        environment.buildConfiguration = fields["buildConfiguration"] ?? ""
        environment.allocator = fields["allocator"] ?? ""

        var options = RunOptions()
        let optionsValue = document["options"] ?? .object([])
        if case .number(let value)? = optionsValue["timePerScenario"] { options.timePerScenario = value }
        if case .number(let value)? = optionsValue["frames"] {
            guard let frames = wholeCount(value) else {
                throw SceneError(place: "options.frames", rule: "\(formatNumber(value)) is not a count of frames")
            }
            options.frames = frames
        }
        if case .number(let value)? = optionsValue["refreshRate"] { options.refreshRate = value }
        if case .string(let name)? = optionsValue["layoutDirection"], let direction = LayoutDirection(name: name) {
            options.direction = direction
        }
        if case .bool(let flag)? = optionsValue["instructions"] { options.countInstructions = flag }

        guard case .array(let elements)? = document["results"] else {
            throw SceneError(place: "results", rule: "missing")
        }
        var results: [VariantResult] = []
        for (index, entry) in summary.entries.enumerated() {
            let element = elements[index]
            func count(_ key: String) throws(SceneError) -> Int {
                guard case .number(let value)? = element[key] else { return 0 }
                guard let count = wholeCount(value) else {
                    throw SceneError(place: "results[\(index)].\(key)", rule: "\(formatNumber(value)) is not a count")
                }
                return count
            }
            let frames = try count("frames")
            let peakBytes = entry.metrics[.peakResidentMemory] ?? 0
            guard peakBytes < 1e18 else {
                throw SceneError(
                    place: "results[\(index)].metrics.peakResidentMemory", rule: "\(formatNumber(peakBytes)) bytes")
            }
            guard !entry.timeSamples.isEmpty else {
                throw SceneError(place: "results[\(index)].timeSamples", rule: "a report to merge needs its samples")
            }
            var checksum: UInt64 = 0
            if case .string(let text)? = element["checksum"] {
                guard let value = UInt64(text, radix: 16) else {
                    throw SceneError(place: "results[\(index)].checksum", rule: "not a hexadecimal checksum")
                }
                checksum = value
            }
            func ratio(_ metric: Metric) -> (value: Double, lower: Double, upper: Double)? {
                entry.metrics[metric].map { value in
                    let interval = entry.intervals[metric] ?? (value, value)
                    return (value, interval.lower, interval.upper)
                }
            }
            var result = VariantResult(
                scenario: entry.scenario, variant: entry.variant, arrangements: entry.arrangements,
                frames: frames, refreshRate: entry.refreshRate, batchFrames: entry.batchFrames,
                samples: entry.timeSamples, time: TimeSummary(samples: entry.timeSamples),
                allocationsPerRelayout: entry.metrics[.allocationsPerRelayout] ?? 0,
                bytesAllocatedPerRelayout: entry.metrics[.bytesAllocatedPerRelayout] ?? 0,
                instructionsPerRelayout: entry.metrics[.instructionsPerRelayout],
                peakResidentBytes: UInt64(max(0, peakBytes)),
                framesOverBudget: entry.metrics[.framesOverBudget] ?? 0,
                prepareNanoseconds: entry.metrics[.prepareTime] ?? 0, ratioToReference: ratio(.ratioToReference),
                checksum: checksum)
            result.estimatedCyclesPerRelayout = entry.metrics[.estimatedCyclesPerRelayout]
            result.ratioToFloor = ratio(.ratioToFloor)
            result.changingFrames = entry.metrics[.changingFrames]
            result.frameTimes = entry.frameTimes
            result.framePhases = summary.timelines[entry.scenario] ?? []
            results.append(result)
        }
        return Report(environment: environment, options: options, results: results)
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

/// A JSON number as a count: whole, not negative, and small enough for an `Int`.
func wholeCount(_ value: Double) -> Int? {
    guard value >= 0, value < 1e15, value == value.rounded() else { return nil }
    return Int(value)
}

import Foundation
import Measurement
import Support

/// `foldbench ab`'s outputs: an aligned table, markdown for CI summaries, and JSON
/// (documented in docs/reference.md, "foldbench ab").
public enum ABReport {
    public static let schemaVersion = 1

    static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f%%", value * 100) : "-"
    }

    static func number(_ value: Double) -> String { value.isFinite ? NumberText.fixed(value, decimals: 4) : "-" }

    /// A layout spread: `±1.23%`, `-` before it can be estimated (two pairs of layouts,
    /// one of them measured twice), `1 layout` when neither build has more; `(harness)`
    /// after it when the variants are in libraries, whose own code keeps one layout.
    static func spread(_ result: ABResult) -> String {
        if result.layouts.baseline == 1, result.layouts.candidate == 1 { return "1 layout" }
        let spread = result.layoutSpread.map { "±" + percent($0) } ?? "-"
        return layoutsOf(result) == "harness" ? spread + " (harness)" : spread
    }

    /// Whose code the layouts move: the builds' (a variant built into them), or only the
    /// harness's when both sides' variant is in a library (its code has one layout).
    static func layoutsOf(_ result: ABResult) -> String {
        result.baseline.library != nil && result.candidate.library != nil ? "harness" : "builds"
    }

    static func cells(_ result: ABResult) -> [String] {
        let estimate = result.estimate
        let pair =
            result.baseline.variant == result.candidate.variant
            ? result.baseline.variant.rawValue : "\(result.baseline.variant) -> \(result.candidate.variant)"
        return [
            result.scenario.rawValue, pair, String(result.trialLogRatios.count), number(estimate.ratio),
            "[\(number(estimate.interval.lower)), \(number(estimate.interval.upper))]",
            percent(estimate.smallestDetectable),
            spread(result), estimate.verdict.rawValue,
        ]
    }

    static let header = [
        "scenario", "variant", "trials", "candidate/baseline", "interval", "detectable", "layout spread", "verdict",
    ]
    static let alignments = ["---", "---", "---:", "---:", "---", "---:", "---:", "---"]
    static var verdictColumn: Int { header.count - 1 }

    /// A line under the table for each comparison whose ratio code placement alone moves
    /// by more than the threshold.
    static func layoutNotes(_ results: [ABResult], threshold: Double) -> String {
        results.filter { $0.layoutBound(threshold: threshold) }.map { result in
            "note: \(result.scenario) (\(result.candidate.variant)): code layout alone moves the ratio by "
                + "\(spread(result)), more than the threshold \(percent(threshold)); a single build's time "
                + "at this threshold is about where its code lies, the verdict about the mean over layouts\n"
        }.joined()
    }

    /// A line under the table for each inconclusive comparison whose trials could not
    /// resolve the threshold: `same` was out of reach there, whatever the builds do.
    static func resolutionNotes(_ results: [ABResult], threshold: Double) -> String {
        results.filter { $0.estimate.verdict == .inconclusive && !$0.resolves(threshold: threshold) }.map { result in
            "note: \(result.scenario) (\(result.candidate.variant)): \(result.trialLogRatios.count) trials resolve "
                + "±\(percent(result.estimate.smallestDetectable)), more than the threshold \(percent(threshold)): "
                + "`same` was out of reach; more trials (--max-trials, --max-time) or a wider --threshold would reach a verdict\n"
        }.joined()
    }

    static func notes(_ results: [ABResult], threshold: Double) -> String {
        layoutNotes(results, threshold: threshold) + resolutionNotes(results, threshold: threshold)
    }

    public static func table(_ results: [ABResult], threshold: Double) -> String {
        TextTable.aligned([header] + results.map(cells)) + notes(results, threshold: threshold)
    }

    public static func markdown(_ results: [ABResult], baseline: String, candidate: String, threshold: Double)
        -> String
    {
        let slower = results.filter { $0.estimate.verdict == .slower }.count
        let text =
            slower == 0
            ? "**Not slower** in \(results.count) comparison(s) of \(candidate) with \(baseline).\n\n"
            : "**\(slower) slower** of \(results.count) comparison(s) of \(candidate) with \(baseline).\n\n"
        let rows = results.map { result in
            var row = cells(result)
            if result.estimate.verdict == .slower { row[verdictColumn] = "**slower**" }
            return row
        }
        let notes = notes(results, threshold: threshold)
        return text + TextTable.markdown(header: header, alignments: alignments, rows)
            + (notes.isEmpty ? "" : "\n" + notes)
    }

    public static func json(_ results: [ABResult], options: ABOptions) -> String {
        func number(_ value: Double) -> JSONValue { .number(value) }
        func side(_ side: ABSide) -> JSONValue {
            .object([
                ("label", .string(side.label)), ("plugin", .string(side.plugin)),
                ("variant", .string(side.variant.rawValue)),
            ])
        }
        return JSONWriter.writePretty(
            .object([
                ("schemaVersion", .number(Double(schemaVersion))), ("kind", .string("ab")),
                (
                    "options",
                    .object([
                        ("frames", .number(Double(options.frames))),
                        ("minimumBatchNanoseconds", .number(options.minimumBatchNanoseconds)),
                        ("rounds", .number(Double(options.rounds))),
                        ("minimumTrials", .number(Double(options.minimumTrials))),
                        ("maximumTrials", .number(Double(options.maximumTrials))),
                        ("maximumSeconds", .number(options.maximumSeconds)), ("threshold", .number(options.threshold)),
                        ("confidence", .number(options.confidence)), ("seed", .number(Double(options.seed))),
                        ("layouts", .number(Double(options.layouts))),
                        ("trialsPerLayout", .number(Double(options.trialsPerCell))),
                    ])
                ),
                (
                    "results",
                    .array(
                        results.map { result in
                            .object([
                                ("scenario", .string(result.scenario.rawValue)), ("baseline", side(result.baseline)),
                                ("candidate", side(result.candidate)),
                                ("arrangements", .number(Double(result.arrangements))),
                                ("batchFrames", .number(Double(result.batchFrames))),
                                ("checksumsAgree", .bool(result.checksumsAgree)),
                                ("trialLogRatios", .array(result.trialLogRatios.map { .number($0) })),
                                ("trialLayouts", .array(result.trialLayouts.map { .number(Double($0)) })),
                                (
                                    "layouts",
                                    .object([
                                        ("baseline", .number(Double(result.layouts.baseline))),
                                        ("candidate", .number(Double(result.layouts.candidate))),
                                        ("of", .string(layoutsOf(result))),
                                    ])
                                ),
                                ("layoutSpread", result.layoutSpread.map { .number($0) } ?? .null),
                                ("layoutBound", .bool(result.layoutBound(threshold: options.threshold))),
                                ("resolvesThreshold", .bool(result.resolves(threshold: options.threshold))),
                                ("ratio", number(result.estimate.ratio)),
                                (
                                    "interval",
                                    .array([
                                        number(result.estimate.interval.lower), number(result.estimate.interval.upper),
                                    ])
                                ),
                                ("smallestDetectable", number(result.estimate.smallestDetectable)),
                                ("verdict", .string(result.estimate.verdict.rawValue)),
                                ("seconds", .number(result.seconds)),
                            ])
                        })
                ),
            ]))
    }
}

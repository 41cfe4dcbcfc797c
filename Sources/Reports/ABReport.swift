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

    static func cells(_ result: ABResult) -> [String] {
        let estimate = result.estimate
        let pair =
            result.baseline.variant == result.candidate.variant
            ? result.baseline.variant : "\(result.baseline.variant) -> \(result.candidate.variant)"
        return [
            result.scenario, pair, String(result.trialLogRatios.count), number(estimate.ratio),
            "[\(number(estimate.lower)), \(number(estimate.upper))]", percent(estimate.smallestDetectable),
            estimate.verdict.rawValue,
        ]
    }

    static let header = ["scenario", "variant", "trials", "candidate/baseline", "interval", "detectable", "verdict"]
    static let alignments = ["---", "---", "---:", "---:", "---", "---:", "---"]

    public static func table(_ results: [ABResult]) -> String {
        TextTable.aligned([header] + results.map(cells))
    }

    public static func markdown(_ results: [ABResult], baseline: String, candidate: String) -> String {
        let slower = results.filter { $0.estimate.verdict == .slower }.count
        let text =
            slower == 0
            ? "**Not slower** in \(results.count) comparison(s) of \(candidate) with \(baseline).\n\n"
            : "**\(slower) slower** of \(results.count) comparison(s) of \(candidate) with \(baseline).\n\n"
        let rows = results.map { result in
            var row = cells(result)
            if result.estimate.verdict == .slower { row[6] = "**slower**" }
            return row
        }
        return text + TextTable.markdown(header: header, alignments: alignments, rows)
    }

    public static func json(_ results: [ABResult], options: ABOptions) -> String {
        func number(_ value: Double) -> JSONValue { .number(value) }
        func side(_ side: ABSide) -> JSONValue {
            .object([
                ("label", .string(side.label)), ("plugin", .string(side.plugin)), ("variant", .string(side.variant)),
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
                    ])
                ),
                (
                    "results",
                    .array(
                        results.map { result in
                            .object([
                                ("scenario", .string(result.scenario)), ("baseline", side(result.baseline)),
                                ("candidate", side(result.candidate)),
                                ("arrangements", .number(Double(result.arrangements))),
                                ("batchFrames", .number(Double(result.batchFrames))),
                                ("checksumsAgree", .bool(result.checksumsAgree)),
                                ("trialLogRatios", .array(result.trialLogRatios.map { .number($0) })),
                                ("ratio", number(result.estimate.ratio)),
                                ("interval", .array([number(result.estimate.lower), number(result.estimate.upper)])),
                                ("smallestDetectable", number(result.estimate.smallestDetectable)),
                                ("verdict", .string(result.estimate.verdict.rawValue)),
                                ("seconds", .number(result.seconds)),
                            ])
                        })
                ),
            ]))
    }
}

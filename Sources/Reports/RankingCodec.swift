import Measurement
import Support

extension Report {
    /// The ranking over the run (``SuiteRanking``), at the run's verdict threshold.
    public var ranking: SuiteRanking? { SuiteRanking(results, threshold: options.verdictThreshold) }

    /// The ranking as JSON (written for readers; a report read back ranks its results again):
    /// `{"yardstick": "fast", "scenarios": 28, "threshold": 0.02, "variants": [{"rank": 1,
    /// "variant": "incremental", "scenarios": 28, "geometricMean": 0.241, "ci95": [0.237,
    /// 0.245], "faster": 22, "slower": 1, "same": 0, "inconclusive": 5, "worstScenario": …,
    /// "worstRatio": 1.1, "impossibleLeftOut": 0}], "notRanked": []}`.
    func rankingJSON() -> JSONValue? {
        guard let ranking else { return nil }
        let scenarios = Set(results.map(\.scenario)).count
        return .object([
            ("yardstick", .string(ranking.yardstick.rawValue)), ("scenarios", .number(Double(scenarios))),
            ("threshold", .number(options.verdictThreshold)),
            (
                "variants",
                .array(
                    ranking.entries.enumerated().map { place, entry in
                        .object([
                            ("rank", .number(Double(place + 1))), ("variant", .string(entry.variant.rawValue)),
                            ("scenarios", .number(Double(entry.scenarios))),
                            ("geometricMean", .number(entry.geometricMean)),
                            ("ci95", .array([.number(entry.interval.lower), .number(entry.interval.upper)])),
                            ("faster", .number(Double(entry.faster))), ("slower", .number(Double(entry.slower))),
                            ("same", .number(Double(entry.same))),
                            ("inconclusive", .number(Double(entry.inconclusive))),
                            ("worstScenario", .string(entry.worstScenario.rawValue)),
                            ("worstRatio", .number(entry.worstRatio)),
                            ("impossibleLeftOut", .number(Double(entry.leftOut))),
                        ])
                    })
            ),
            ("notRanked", .array(ranking.leftOut.map { .string($0.rawValue) })),
        ])
    }

    /// The ranking as CSV, a row per ranked variant (the header alone when there is none).
    public func rankingCSV() -> String {
        let header = [
            "rank", "variant", "yardstick", "scenarios", "geometric_mean", "ci95_lower", "ci95_upper", "faster",
            "slower", "same", "inconclusive", "worst_scenario", "worst_ratio", "impossible_left_out",
        ]
        guard let ranking else { return CSV.line(header) }
        return CSV.line(header)
            + ranking.entries.enumerated().map { place, entry in
                CSV.line([
                    String(place + 1), entry.variant.rawValue, ranking.yardstick.rawValue, String(entry.scenarios),
                    formatNumber(entry.geometricMean), formatNumber(entry.interval.lower),
                    formatNumber(entry.interval.upper), String(entry.faster), String(entry.slower),
                    String(entry.same), String(entry.inconclusive), entry.worstScenario.rawValue,
                    formatNumber(entry.worstRatio), String(entry.leftOut),
                ])
            }.joined()
    }
}

import Measurement
import Support

/// What `foldbench bisect` prints: each measured commit, and the sentence that answers.
public struct BisectReport {
    public typealias Kind = BisectPlan.Kind
    public let request: BisectPlan
    public let commits: [(commit: String, subject: String)]
    /// In the order measured.
    public let steps: [Step]
    public let outcome: Bisection.Outcome

    public init(
        request: BisectPlan, commits: [(commit: String, subject: String)], steps: [Step], outcome: Bisection.Outcome
    ) {
        (self.request, self.commits, self.steps, self.outcome) = (request, commits, steps, outcome)
    }

    /// The sentence that answers: the first commit, or why there is none.
    public var answer: String { Self.sentence(outcome, commits: commits, kind: request.kind) }

    /// The steps in the order of the commits, then the answer.
    public func table() -> String {
        Self.table(steps.sorted { $0.index < $1.index }, kind: request.kind, reference: steps[0].value) + answer
    }

    /// One measured commit.
    public struct Step {
        public var index: Int
        public var commit: String
        public var subject: String
        /// A count: its value; time: the ratio against the good end.
        public var value: Double
        public var judgement: Bisection.Judgement
        public var interval: Interval?
        public var verdict: ABVerdict?

        /// A time step's interval, `[0.9838, 1.0157]`.
        public var intervalText: String? { interval?.text(decimals: 4) }

        /// The judgement as reports write it.
        public var judged: String {
            switch judgement {
            case .bad: "moved"
            case .good: "not moved"
            case .undecided: "undecided"
            }
        }
    }

    public static func unit(_ kind: Kind) -> String {
        switch kind {
        case .instructions: "instructions per relayout"
        case .allocations: "allocations per relayout"
        case .time: "time against the good end"
        }
    }

    public static func describe(_ step: Step, kind: Kind, reference: Double) -> String {
        let judged = step.judged
        let what: String
        if kind == .time {
            let interval = step.intervalText.map { " " + $0 } ?? ""
            what = "ratio \(NumberText.fixed(step.value, decimals: 4))\(interval) \(step.verdict?.rawValue ?? "")"
        } else {
            what = "\(NumberText.fixed(step.value, decimals: 1)) \(unit(kind)) (\(change(step.value, reference)))"
        }
        return "\(step.commit.prefix(12)) \(step.subject.prefix(60)): \(what): \(judged)"
    }

    static func change(_ value: Double, _ reference: Double) -> String {
        guard reference != 0 else { return value == 0 ? "+0 %" : "new" }
        let percent = (value / reference - 1) * 100
        return (percent >= 0 ? "+" : "") + NumberText.fixed(percent, decimals: 2) + " %"
    }

    public static func sentence(_ outcome: Bisection.Outcome, commits: [(commit: String, subject: String)], kind: Kind)
        -> String
    {
        func name(_ index: Int) -> String { "\(commits[index].commit.prefix(12)) (\(commits[index].subject))" }
        switch outcome {
        case .first(let index):
            return "first commit that moved \(unit(kind)): \(name(index))"
        case .undecided(let after, let through, let at):
            return
                "inconclusive between \(name(after)) and \(name(through)): the step at \(commits[at].commit.prefix(12)) could not tell"
        case .badEndNotBad(let judgement):
            return
                "the bad end has not moved (\(judgement == .undecided ? "its time verdict is inconclusive" : "it measures like the good end")): nothing to look for"
        }
    }

    public static func table(_ steps: [Step], kind: Kind, reference: Double) -> String {
        let header =
            kind == .time
            ? ["commit", "subject", "ratio", "interval", "verdict", "judged"]
            : ["commit", "subject", unit(kind), "change", "judged"]
        let rows = steps.map { step -> [String] in
            let judged = step.judged
            let subject = String(step.subject.prefix(50))
            if kind == .time {
                return [
                    String(step.commit.prefix(12)), subject, NumberText.fixed(step.value, decimals: 4),
                    step.intervalText ?? "-",
                    step.verdict?.rawValue ?? "(good end)", judged,
                ]
            }
            return [
                String(step.commit.prefix(12)), subject, NumberText.fixed(step.value, decimals: 1),
                change(step.value, reference), judged,
            ]
        }
        return TextTable.aligned([header] + rows)
    }

    /// The steps, the outcome and the answer, for scripts (schema version 1).
    public func json() -> String {
        let (kind, scenario, variant, threshold) = (request.kind, request.scenario, request.variant, request.threshold)
        let answer = self.answer
        func commit(_ index: Int) -> JSONValue {
            .object([("commit", .string(commits[index].commit)), ("subject", .string(commits[index].subject))])
        }
        let outcomeValue: JSONValue
        switch outcome {
        case .first(let index): outcomeValue = .object([("first", commit(index))])
        case .undecided(let after, let through, let at):
            outcomeValue = .object([
                ("inconclusiveBetween", .array([commit(after), commit(through)])), ("undecidedAt", commit(at)),
            ])
        case .badEndNotBad: outcomeValue = .object([("badEndNotMoved", .bool(true))])
        }
        return JSONWriter.writePretty(
            .object([
                ("schemaVersion", .number(1)), ("kind", .string("bisect")), ("metric", .string(kind.rawValue)),
                ("scenario", .string(scenario.rawValue)), ("variant", .string(variant.rawValue)),
                ("threshold", .number(threshold)),
                ("commits", .array(commits.indices.map(commit))),
                (
                    "steps",
                    .array(
                        steps.map { step in
                            var members: [(String, JSONValue)] = [
                                ("commit", .string(step.commit)), ("subject", .string(step.subject)),
                                (kind == .time ? "ratio" : "value", .number(step.value)),
                            ]
                            if let interval = step.interval {
                                members.append(
                                    ("interval", .array([.number(interval.lower), .number(interval.upper)])))
                            }
                            if let verdict = step.verdict { members.append(("verdict", .string(verdict.rawValue))) }
                            members.append(("judged", .string(step.judged)))
                            return .object(members)
                        })
                ),
                ("outcome", outcomeValue), ("answer", .string(answer)),
            ]))
    }
}

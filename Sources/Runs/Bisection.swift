import Measurement

/// The search of `foldbench bisect`: over the commits from a good revision to a bad one
/// (oldest first, both ends included), the first commit judged like the bad end, each
/// judgement asked for only once and only where it halves what is left.
public struct Bisection {
    /// What a step found of one commit.
    public enum Judgement: Equatable {
        /// Like the good end: the metric had not moved yet.
        case good
        /// Like the bad end: the metric had moved.
        case bad
        /// The measurement cannot tell (a time verdict `inconclusive`).
        case undecided
    }

    /// Where the search ended.
    public enum Outcome: Equatable {
        /// The first commit (an index into the commits) judged bad, its parent good.
        case first(Int)
        /// The first bad commit lies after `after` and at or before `through`, but the
        /// step at `undecided` could not tell.
        case undecided(after: Int, through: Int, at: Int)
        /// The bad end is not judged bad: nothing to look for.
        case badEndNotBad(Judgement)
    }

    /// Searches commits `0...last` (0 the good end, `last` the bad one): the bad end is
    /// judged first, then the middle of what is left, until one commit is left.
    public static func search(last: Int, judge: (Int) throws -> Judgement) rethrows -> Outcome {
        let end = try judge(last)
        guard end == .bad else { return .badEndNotBad(end) }
        var (good, bad) = (0, last)
        while bad - good > 1 {
            let middle = (good + bad) / 2
            switch try judge(middle) {
            case .good: good = middle
            case .bad: bad = middle
            case .undecided: return .undecided(after: good, through: bad, at: middle)
            }
        }
        return .first(bad)
    }

    /// Judges the time steps: the bad end's verdict (slower or faster) sets the direction
    /// looked for; a step with that verdict is bad, one that cannot tell (inconclusive,
    /// different answers) undecided, any other good.
    public struct TimeJudge {
        private(set) var badVerdict: ABVerdict?

        public mutating func judge(_ verdict: ABVerdict) -> Judgement {
            let cannotTell = verdict == .inconclusive || verdict == .differentAnswers
            guard let badVerdict else {
                if verdict == .slower || verdict == .faster { badVerdict = verdict }
                return badVerdict == nil ? (cannotTell ? .undecided : .good) : .bad
            }
            return verdict == badVerdict ? .bad : cannotTell ? .undecided : .good
        }
    }
}

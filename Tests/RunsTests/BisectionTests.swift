import Measurement
import Testing

@testable import Runs

@Suite("foldbench bisect's search")
struct BisectionTests {
    /// A search over commits 0...last whose first bad commit is `first`, recording what
    /// it asked for.
    func search(last: Int, first: Int, undecided: Set<Int> = []) -> (Bisection.Outcome, [Int]) {
        var asked: [Int] = []
        let outcome = Bisection.search(last: last) { index in
            asked.append(index)
            if undecided.contains(index) { return .undecided }
            return index >= first ? .bad : .good
        }
        return (outcome, asked)
    }

    @Test("the first bad commit is found wherever it lies, the bad end judged first, each commit once")
    func everyPosition() {
        for last in 1...9 {
            for first in 1...last {
                let (outcome, asked) = search(last: last, first: first)
                #expect(outcome == .first(first), "last \(last), first \(first)")
                #expect(asked.first == last && Set(asked).count == asked.count && !asked.contains(0))
                #expect(asked.count <= 1 + BisectSearch.log2Ceiling(last), "\(asked)")
            }
        }
    }

    @Test("halving: eight commits after the good end take the bad end and three steps")
    func halving() {
        let (outcome, asked) = search(last: 8, first: 3)
        #expect(outcome == .first(3))
        #expect(asked == [8, 4, 2, 3])
        #expect(
            BisectSearch.log2Ceiling(8) == 3 && BisectSearch.log2Ceiling(1) == 0 && BisectSearch.log2Ceiling(5) == 3)
    }

    @Test("an undecided step ends the search between the commits known good and bad")
    func undecided() {
        let (outcome, asked) = search(last: 8, first: 3, undecided: [2])
        #expect(outcome == .undecided(after: 0, through: 4, at: 2))
        #expect(asked == [8, 4, 2])
    }

    @Test("a bad end that has not moved, or cannot tell, leaves nothing to look for")
    func badEnd() {
        #expect(search(last: 4, first: 5).0 == .badEndNotBad(.good))
        #expect(search(last: 4, first: 1, undecided: [4]).0 == .badEndNotBad(.undecided))
    }

    @Test("the answer names the commit and its subject; an undecided search names both ends")
    func sentences() {
        let commits = (0..<4).map { (commit: String(repeating: "\($0)", count: 40), subject: "subject \($0)") }
        #expect(
            BisectReport.sentence(.first(2), commits: commits, kind: .instructions)
                == "first commit that moved instructions per relayout: 222222222222 (subject 2)")
        #expect(
            BisectReport.sentence(.undecided(after: 1, through: 3, at: 2), commits: commits, kind: .time)
                == "inconclusive between 111111111111 (subject 1) and 333333333333 (subject 3): the step at 222222222222 could not tell"
        )
        #expect(BisectReport.change(110, 100) == "+10.00 %" && BisectReport.change(99, 100) == "-1.00 %")
    }
}

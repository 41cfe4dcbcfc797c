import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import TestSupport
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

@Suite("E-divisive's statistic against the definition")
struct EnergyStatisticTests {
    /// q(s) = s(n − s)/n · (2·mean|x − y| − mean|x − x'| − mean|y − y'|), pairs within a
    /// side taken once: Matteson and James's statistic, computed from its definition.
    static func bruteForce(_ values: [Double], minimumSegment: Int) -> (Int, Double) {
        let n = values.count
        var best: (Int, Double) = (0, -.infinity)
        for split in minimumSegment...(n - minimumSegment) {
            let left = Array(values[..<split])
            let right = Array(values[split...])
            func meanWithin(_ side: [Double]) -> Double {
                guard side.count > 1 else { return 0 }
                var sum = 0.0
                for i in side.indices { for j in side.indices where j > i { sum += abs(side[i] - side[j]) } }
                return sum / Double(side.count * (side.count - 1) / 2)
            }
            var between = 0.0
            for x in left { for y in right { between += abs(x - y) } }
            between /= Double(left.count * right.count)
            let q = Double(left.count * right.count) / Double(n) * (2 * between - meanWithin(left) - meanWithin(right))
            if q > best.1 { best = (split, q) }
        }
        return best
    }

    @Test("the fast split statistic equals the definition's on seeded series", arguments: [3, 17, 101])
    func statistic(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for length in [6, 11, 40] {
            let values = (0..<length).map { index in
                Double(generator.next() % 1000) / 10 + (index >= length / 2 ? 30 : 0)
            }
            let (split, q) = try #require(ChangePoints.bestSplit(values, minimumSegment: 3))
            let (expectedSplit, expectedQ) = Self.bruteForce(values, minimumSegment: 3)
            #expect(split == expectedSplit, "\(values)")
            #expect(abs(q - expectedQ) <= 1e-9 * max(1, abs(expectedQ)), "\(q) against \(expectedQ)")
        }
    }
}

import ArrangementModel
import FastResolver
import Foundation
import ReferenceResolver
import Reports
import SceneFormat
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

@testable import Measurement
@testable import Variants

@Suite("Statistics")
struct StatisticsTests {
    @Test("known samples give known percentiles, MAD and mean")
    func percentiles() {
        let values = (1...10).map(Double.init)
        #expect(Statistics.quantile(values, 0.5) == 5.5)
        #expect(abs(Statistics.quantile(values, 0.9) - 9.1) < 1e-12)
        #expect(Statistics.quantile(values, 0) == 1)
        #expect(Statistics.quantile(values, 1) == 10)
        #expect(Statistics.medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9]) == 1)
        let summary = TimeSummary(samples: [3, 1, 2])
        #expect(summary.min == 1 && summary.max == 3 && summary.p50 == 2 && summary.mean == 2)
    }

    @Test("the median's 95 % interval uses the binomial order statistics")
    func medianInterval() {
        let interval = Statistics.medianConfidenceInterval((1...100).map(Double.init))
        #expect(interval.lower == 40)
        #expect(interval.upper == 61)
        let single = Statistics.medianConfidenceInterval([7])
        #expect(single.lower == 7 && single.upper == 7)
    }

    /// A caller's mistake stops the process rather than give a number: each
    /// precondition at the first value it refuses (in a child process each).
    @Test("t with no degree of freedom, a probability of 0 or 1, or no values: refused")
    func refusedArguments() async {
        await #expect(processExitsWith: .failure) { _ = Statistics.tCDF(1, degrees: 0) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(0.9, degrees: 0) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(1, degrees: 3) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(0, degrees: 3) }
        await #expect(processExitsWith: .failure) { _ = Statistics.quantile([], 0.5) }
    }
}

import Foundation
import FoundationXML
import Reports
import SceneGenerator
import Support
import TestSupport
import Testing

@testable import Charts

/// The project's own SVG charts: scales and ticks, the edge cases of data, escaping.
@Suite("Charts")
struct ChartsTests {
    @Test("a linear scale widens to round numbers and ticks every 1, 2 or 5 × 10^k")
    func linearScale() {
        let scale = Scale(covering: [3.2, 47.9], from: 0, to: 100)
        #expect(scale.low == 0 && scale.high == 50)
        #expect(scale.ticks() == [0, 10, 20, 30, 40, 50])
        #expect(scale.position(25) == 50)
        #expect(scale.position(-10) == 0 && scale.position(99) == 100, "clamped to the axis")
        let exact = Scale(covering: [-0.5, 599.5], from: 0, to: 600, exact: true)
        #expect(exact.low == -0.5 && exact.high == 599.5)
        #expect(exact.ticks(count: 6) == [0, 100, 200, 300, 400, 500])
        #expect(Scale.niceStep(0.013) == 0.02 && Scale.niceStep(7) == 10 && Scale.niceStep(2) == 2)
    }

    @Test("a logarithmic scale spans whole decades; y axes run upwards")
    func logarithmicScale() {
        let scale = Scale(covering: [480, 61_000], from: 300, to: 0, logarithmic: true)
        #expect(scale.low == 100 && scale.high == 100_000)
        #expect(scale.ticks() == [100, 1000, 10_000, 100_000])
        #expect(scale.position(100) == 300 && scale.position(100_000) == 0)
        #expect(abs(scale.position(10_000) - 100) < 1e-9)
        #expect(Scale(covering: [0.5, 2], from: 0, to: 1, logarithmic: true).ticks() == [0.1, 0.2, 0.5, 1, 2, 5, 10])
        #expect(!Scale(covering: [-1, 5], from: 0, to: 1, logarithmic: true).logarithmic, "not with a negative value")
    }

    @Test("empty and flat data still give a usable scale")
    func degenerateScales() {
        // Worked by hand: no data spans 0...1; a flat series gets half its value either
        // side (7 → 3.5...10.5), widened to steps of 2 (a fifth of 7 is 1.4); zero gets 0...1
        // (data that is never negative keeps an axis that is not).
        let empty = Scale(covering: [], from: 0, to: 10)
        #expect(empty.low == 0 && empty.high == 1)
        let flat = Scale(covering: [7, 7, 7], from: 0, to: 10)
        #expect(flat.low == 2 && flat.high == 12)
        let exactFlat = Scale(covering: [7], from: 0, to: 10, exact: true)
        #expect(exactFlat.low == 3.5 && exactFlat.high == 10.5)
        let zero = Scale(covering: [0, 0], from: 0, to: 10, exact: true)
        #expect(zero.low == 0 && zero.high == 1 && zero.position(0) == 0)
        let negative = Scale(covering: [-4], from: 0, to: 10, exact: true)
        #expect(negative.low == -6 && negative.high == -2)
        #expect(
            Scale(covering: [.nan, .infinity, 3], from: 0, to: 10).high == 5, "3 alone: 1.5...4.5, widened to 1...5")
    }

    @Test(
        "numbers for readers and for attributes",
        arguments: [
            (12_345.4, "12,345"), (526.2, "526"), (2.064, "2.06"), (0.017_36, "0.0174"), (0, "0"), (-1234, "-1,234"),
        ])
    func readableValues(value: Double, text: String) {
        #expect(NumberText.forReader(value) == text)
    }

    @Test("tick labels are the shortest form; coordinates keep two decimals")
    func ticksAndCoordinates() {
        #expect([0.05, 0.1, 2, 1000, 20_000].map(NumberText.tick) == ["0.05", "0.1", "2", "1,000", "20,000"])
        #expect(NumberText.coordinate(1.234) == "1.23" && NumberText.coordinate(-0.5) == "-0.5")
        #expect(NumberText.coordinate(3) == "3" && NumberText.coordinate(.nan) == "0")
    }

    @Test("a series with more points than pixel columns keeps each column's lowest and highest point")
    func thinnedLines() throws {
        // 100,000 runs at 100, one dip to 50 and one spike to 300, on a 760-pixel chart.
        let points = (0..<100_000).map { index in
            LineChart.Point(
                x: Double(index), y: index == 31_337 ? 50 : index == 77_777 ? 300 : 100, tooltip: "run \(index)")
        }
        let svg = LineChart(
            title: "long", xLabel: "run", yLabel: "ns", series: [.init(name: "fast", points: points, dots: false)]
        )
        .svg()
        _ = try parse(svg)
        let line = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        let attribute = try #require(line.split(separator: "points=\"").last?.split(separator: "\"").first)
        let vertices = attribute.split(separator: " ")
        #expect(vertices.count <= 2 * 760 && vertices.count >= 600, "\(vertices.count)")
        let ys = Set(vertices.map { $0.split(separator: ",")[1] })
        #expect(ys.count == 3, "the level, the dip and the spike: \(ys)")
        #expect(svg.contains("<title>run 31337</title>") && svg.contains("<title>run 77777</title>"))
        #expect(svg.utf8.count < 500_000, "\(svg.utf8.count) bytes")
    }

    /// Found by the history fuzzer: values 10^17 apart by 16 made the tick loop add a
    /// step lost to rounding forever (and a domain of ±10^308 or of subnormals would too).
    @Test("ticks end on domains beyond a Double's precision or range")
    func extremeDomains() {
        for (low, high) in [(1e17, 1e17 + 16), (-1e308, 1e308), (5e-324, 1e-320), (1e300, 1.7e308), (0, 1e-310)] {
            let linear = Scale(covering: [low, high], from: 0, to: 100)
            #expect(linear.ticks().count <= 500, "\(low)...\(high)")
            let exact = Scale(covering: [low, high], from: 0, to: 100, exact: true)
            #expect(exact.ticks().count <= 500, "\(low)...\(high)")
            if low > 0 {
                #expect(Scale(covering: [low, high], from: 0, to: 100, logarithmic: true).ticks().count <= 400)
            }
        }
        #expect(Scale(covering: [1e17, 1e17 + 16], from: 0, to: 100, exact: true).ticks() == [1e17, 1e17 + 16])
        // A line over such a domain is drawn, its points thinned without stalling.
        let points = (0..<5000).map { LineChart.Point(x: $0 % 2 == 0 ? -1e308 : 1e308, y: Double($0), tooltip: "") }
        #expect(
            LineChart(title: "wide", xLabel: "x", yLabel: "y", series: [.init(name: "s", points: points)]).svg()
                .contains("<polyline"))
    }

    /// Found by the report fuzzer (scripts/fuzz.sh report): a metric of 1e20 trapped
    /// converting to Int64 while the page grouped its digits.
    @Test("values beyond 10^15, even beyond Int64, are written, not trapped on")
    func hugeValues() {
        #expect(NumberText.grouped(1e20) == "1e+20" && NumberText.forReader(-1e300) == "-1e+300")
        #expect(
            NumberText.forReader(999_999_999_999_999) == "999,999,999,999,999" && NumberText.grouped(1e16) == "1e+16")
        #expect(NumberText.tick(9.3e18) == "9.3e+18")
    }

    func parse(_ svg: String) throws -> XMLElement {
        try #require(try XMLDocument(xmlString: svg).rootElement())
    }

    @Test("a line chart with no series, one point, and a change point: well-formed, marks counted")
    func lineCharts() throws {
        let empty = LineChart(title: "nothing", xLabel: "run", yLabel: "ns", series: []).svg()
        #expect(empty.contains("data-marks=\"0\""))
        #expect(empty.contains("no data"))

        let one = LineChart(
            title: "one", xLabel: "run", yLabel: "ns",
            series: [.init(name: "fast", points: [.init(x: 0, y: 500, tooltip: "only run")])]
        ).svg()
        #expect(one.contains("data-marks=\"1\""))
        #expect(one.contains("<title>only run</title>"), "one point is still drawn, with its tooltip")

        var chart = LineChart(
            title: "steps", xLabel: "run", yLabel: "ns",
            series: [
                .init(
                    name: "fast",
                    points: (0..<10).map {
                        .init(x: Double($0), y: $0 < 5 ? 100 : 120, interval: Interval(95, 125), tooltip: "run \($0)")
                    })
            ])
        chart.markers = [.init(x: 4.5, label: "+20 %", tooltip: "change at c5, 2026-11-30: 100 → 120")]
        chart.rules = [(110, "budget")]
        let svg = chart.svg()
        _ = try parse(svg)
        #expect(svg.contains("data-marks=\"10\""))
        #expect(svg.contains("<title>change at c5, 2026-11-30: 100 → 120</title>"))
        #expect(svg.contains(">+20 %</text>") && svg.contains(">budget</text>"))
        #expect(svg.contains("<polygon"), "the intervals as a band")
    }

    @Test("names are escaped, non-ASCII kept as UTF-8")
    func escaping() throws {
        let name = "Größe <fold> & \"hinge\" 折り"
        let svg = LineChart(
            title: name, xLabel: "x", yLabel: "y",
            series: [.init(name: name, points: [.init(x: 1, y: 1, tooltip: name)])]
        ).svg()
        #expect(svg.contains("Größe &lt;fold&gt; &amp; &quot;hinge&quot; 折り"))
        let root = try parse(svg)
        #expect(root.stringValue?.contains(name) == true)
        let distribution = DistributionChart(title: name, unit: "ns", groups: [.init(name: name, values: [1, 2, 3])])
        #expect(try parse(distribution.svg()).stringValue?.contains(name) == true)
        let intervals = IntervalChart(title: name, rows: [.init(label: name, value: 0.5, interval: Interval(0.4, 0.6))])
        #expect(try parse(intervals.svg()).stringValue?.contains(name) == true)
    }

    @Test("a distribution chart: quartiles and whiskers from the samples, log scale when groups lie far apart")
    func distributions() throws {
        #expect(DistributionChart.quantile([1, 2, 3, 4, 5], 0.25) == 2)
        #expect(DistributionChart.quantile([1, 2, 3, 4], 0.5) == 2.5)
        let near = DistributionChart(title: "t", unit: "ns", groups: [.init(name: "a", values: [10, 11, 12])]).svg()
        #expect(!near.contains("log scale"))
        let far = DistributionChart(
            title: "t", unit: "ns",
            groups: [.init(name: "reference", values: [60_000, 61_000]), .init(name: "fast", values: [500, 520])]
        ).svg()
        #expect(far.contains("(log scale)"))
        #expect(far.contains("median 510 ns") && far.contains("2 samples"))
        let none = DistributionChart(title: "t", unit: "ns", groups: [.init(name: "a", values: [])]).svg()
        #expect(none.contains("data-marks=\"0\""))
    }

    /// The E-divisive search as it was first written: every statistic from scratch,
    /// O(n³) a test. The fast one must find exactly what it finds.
    static func exactChangePoints(_ values: [Double]) -> [Int] {
        func meanDistance(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
            var sum = 0.0
            for x in a { for y in b { sum += abs(x - y) } }
            return sum / Double(a.count * b.count)
        }
        func meanWithin(_ a: ArraySlice<Double>) -> Double {
            guard a.count > 1 else { return 0 }
            var sum = 0.0
            for i in a.indices { for j in a.indices where j > i { sum += abs(a[i] - a[j]) } }
            return sum / Double(a.count * (a.count - 1) / 2)
        }
        func bestSplit(_ values: [Double]) -> (Int, Double)? {
            let n = values.count
            guard n >= 6 else { return nil }
            var best: (Int, Double)?
            for split in 3...(n - 3) {
                let q =
                    Double(split * (n - split)) / Double(n)
                    * (2 * meanDistance(values[..<split], values[split...]) - meanWithin(values[..<split])
                        - meanWithin(values[split...]))
                if best == nil || q > best!.1 { best = (split, q) }
            }
            return best
        }
        var found: [Int] = []
        var generator = SplitMix64(seed: 0xE_D1F)
        var pending = [0..<values.count]
        while let range = pending.popLast() {
            let segment = Array(values[range])
            guard let (split, statistic) = bestSplit(segment), statistic > 0 else { continue }
            var atLeastAsLarge = 0
            var shuffled = segment
            for _ in 0..<199 {
                shuffled.shuffle(using: &generator)
                if let (_, permuted) = bestSplit(shuffled), permuted >= statistic { atLeastAsLarge += 1 }
            }
            guard Double(atLeastAsLarge + 1) / 200 < 0.05 else { continue }
            found.append(range.lowerBound + split)
            pending.append(range.lowerBound..<(range.lowerBound + split))
            pending.append((range.lowerBound + split)..<range.upperBound)
        }
        return found.sorted()
    }

    @Test("change points: the fast search finds what the exact one finds, on series with known steps")
    func changePointsMatchExact() {
        var noise = SplitMix64(seed: 42)
        func jitter(_ scale: Double) -> Double { (Double(noise.next() % 10_000) / 10_000 - 0.5) * scale }
        let series: [[Double]] = [
            (0..<40).map { _ in 100 + jitter(2) },
            (0..<40).map { ($0 < 20 ? 100 : 110) + jitter(2) },
            (0..<60).map { ($0 < 15 ? 500 : $0 < 40 ? 450 : 520) + jitter(8) },
            (0..<30).map { ($0 < 10 ? 1 : 2) + jitter(0.01) },
            (0..<80).map { ($0 < 50 ? 8_800 : 8_830) + jitter(10) },
            [1, 1, 1, 1, 1, 1, 5, 5, 5, 5, 5, 5],
        ]
        for values in series {
            #expect(ChangePoints.detect(values) == Self.exactChangePoints(values), "\(values.prefix(3))")
        }
        #expect(ChangePoints.detect(series[1]) == [20])
        #expect(ChangePoints.detect(series[2]) == [15, 40])
        #expect(ChangePoints.detect(series[0]) == [])
    }
}

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

@Suite("The shard plan's balance")
struct ShardBalanceTests {
    static func scenarios(_ count: Int) -> [Scenario] {
        (0..<count).map { Scenario(motion: .foldCycle, tree: .balanced(depth: $0 + 1), device: "d") }
    }

    @Test("worked by hand: 3 3 2 2 2 into two parts is 7 and 5, LPT's tight case (the best is 6 and 6)")
    func tightCase() {
        let scenarios = Self.scenarios(5)
        let costs = [3.0, 3, 2, 2, 2]
        let cost = { (s: Scenario) in costs[scenarios.firstIndex(of: s)!] }
        #expect(Shard.assign(scenarios, parts: 2, cost: cost) == [0, 1, 0, 1, 0])
        #expect(Shard(index: 1, count: 2)!.select(scenarios, cost: cost) == [scenarios[0], scenarios[2], scenarios[4]])
    }

    @Test("on 300 seeded cost lists, every scenario in one part and the largest part within 4/3 - 1/(3m) of the best")
    func bound() {
        var generator = SplitMix64(seed: 23)
        for _ in 0..<300 {
            let parts = Int(generator.next() % 3) + 2
            let count = Int(generator.next() % 6) + 3
            let scenarios = Self.scenarios(count)
            let costs = (0..<count).map { _ in Double(generator.next() % 20 + 1) }
            let cost = { (s: Scenario) in costs[scenarios.firstIndex(of: s)!] }
            let assignment = Shard.assign(scenarios, parts: parts, cost: cost)
            #expect(assignment.allSatisfy { (0..<parts).contains($0) })
            let shards = (1...parts).map { Shard(index: $0, count: parts)!.select(scenarios, cost: cost) }
            #expect(
                shards.flatMap { $0 }.count == count && Set(shards.flatMap { $0 }.map(\.description)).count == count)
            var loads = [Double](repeating: 0, count: parts)
            for (index, part) in assignment.enumerated() { loads[part] += costs[index] }
            // The best split, by trying every assignment (at most 4^8).
            var best = Double.infinity
            var trial = [Int](repeating: 0, count: count)
            func search(_ index: Int, _ trialLoads: inout [Double]) {
                if trialLoads.max()! >= best { return }
                if index == count {
                    best = trialLoads.max()!
                    return
                }
                for part in 0..<parts {
                    trial[index] = part
                    trialLoads[part] += costs[index]
                    search(index + 1, &trialLoads)
                    trialLoads[part] -= costs[index]
                }
            }
            var empty = [Double](repeating: 0, count: parts)
            search(0, &empty)
            #expect(loads.max()! <= (4.0 / 3 - 1 / (3 * Double(parts))) * best + 1e-9, "\(costs) in \(parts): \(loads)")
        }
    }
}

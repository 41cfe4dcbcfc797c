import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

/// main → a → b → a → c, a recursive through b, with an inlined helper in a: self and
/// inclusive costs worked by hand, for two events.
@Suite("Profile costs on a hand-built call graph")
struct ProfileCostTests {
    static let profile = Profile(
        label: nil, events: ["Ir", "Dr"], totals: [155, 31],
        samples: [
            .init(stack: ["main"], function: "main", location: nil, values: [10, 1]),
            .init(stack: ["main", "a"], function: "a", location: nil, values: [20, 2]),
            .init(stack: ["main", "a", "b"], function: "b", location: nil, values: [30, 4]),
            .init(stack: ["main", "a", "b", "a"], function: "a", location: nil, values: [40, 8]),
            .init(stack: ["main", "a", "b", "a", "c"], function: "c", location: nil, values: [50, 16]),
            .init(stack: ["main", "a", "helper [inlined]"], function: "a", location: nil, values: [5, 0]),
        ])

    @Test("self: the instructions compiled into each; inclusive: once per instruction, however deep the recursion")
    func costs() {
        let functions = Self.profile.functions()
        #expect(functions.map(\.function) == ["a", "c", "b", "main"])
        let byName = Dictionary(uniqueKeysWithValues: functions.map { ($0.function, $0) })
        #expect(byName["main"]?.selfValues == [10, 1] && byName["main"]?.inclusiveValues == [155, 31])
        #expect(byName["a"]?.selfValues == [65, 10] && byName["a"]?.inclusiveValues == [145, 30])
        #expect(byName["b"]?.selfValues == [30, 4] && byName["b"]?.inclusiveValues == [120, 28])
        #expect(byName["c"]?.selfValues == [50, 16] && byName["c"]?.inclusiveValues == [50, 16])
        #expect(byName["helper [inlined]"] == nil)
    }

    @Test("every name is simplified: those only callgrind gives and those only the symbolizer gives")
    func simplifiedNames() {
        let dump = CallgrindProfile(
            label: nil, events: ["Ir"], totals: [10],
            costs: [
                // Not symbolized (a library without line tables): the name is callgrind's alone.
                InstructionCost(object: "/lib/libc.so", context: ["memcpy", "outer"], address: 0x50, values: [7]),
                // `helper`, inlined into `outer`, is a name only the symbolizer knows.
                InstructionCost(object: "/bin/app", context: ["outer"], address: 0x10, values: [3]),
            ])
        let frames: [String: [UInt64: [SourceFrame]]] = [
            "/bin/app": [
                0x10: [
                    SourceFrame(function: "helper", file: "/src/a.swift", line: 5),
                    SourceFrame(function: "outer", file: "/src/a.swift", line: 9),
                ]
            ]
        ]
        let profile = Profile(
            dump, frames: frames, simplify: { $0.map { $0.uppercased() } }, isSource: { $0.hasPrefix("/src/") })
        #expect(profile.samples.map(\.stack) == [["OUTER", "MEMCPY"], ["OUTER", "HELPER [inlined]"]])
        #expect(profile.samples.map(\.function) == ["MEMCPY", "OUTER"])
        #expect(profile.samples.map { $0.location?.description } == [nil, "/src/a.swift:5"])
    }

    @Test("the page: each file's share of the total, each line shaded by its cost over the hottest line's")
    func pageShares() {
        func sample(_ file: String, _ line: Int, _ cost: Double) -> Profile.Sample {
            .init(stack: ["f"], function: "f", location: SourceLocation(file: file, line: line), values: [cost])
        }
        // 200 instructions: a.swift 120 (lines 1 and 2: 80 and 40), b.swift 60, 20 elsewhere.
        let profile = Profile(
            label: nil, events: ["Ir"], totals: [200],
            samples: [sample("/src/a.swift", 1, 80), sample("/src/a.swift", 2, 40), sample("/src/b.swift", 1, 60)])
        let view = ProfileText(profile: profile, relayouts: 1) { file in
            file.hasPrefix("/src/") ? ["let x = 1  \t", "\tlet y = 2\t\r"] : nil
        }
        let page = ProfileHTML.page(view, title: "t", flameGraph: nil, links: [])
        #expect(page.contains("a.swift — 60.0 % of instructions</h2>"), "120 of 200")
        #expect(page.contains("b.swift — 30.0 % of instructions</h2>"), "60 of 200")
        // Heat 0.08 + 0.6 × cost / hottest: 80 → 0.68, 40 → 0.38, 60 → 0.53.
        #expect(page.contains("<tr id=\"f0-L1\" style=\"background: rgba(255,90,0,0.68)\">"))
        #expect(page.contains("<tr id=\"f0-L2\" style=\"background: rgba(255,90,0,0.38)\">"))
        #expect(page.contains("<tr id=\"f1-L1\" style=\"background: rgba(255,90,0,0.53)\">"))
        // The costliest lines' source, spaces, tabs and a carriage return trimmed at both ends.
        #expect(page.contains("<td class=\"src\">let x = 1</td></tr>"))
        #expect(page.contains("<td class=\"src\">let y = 2</td></tr>"))
    }

    @Test("the callgrind file of lines: its summary is the sum of every cost, per event")
    func callgrindLinesSummary() {
        let text = Self.profile.callgrindLines(command: "x")
        #expect(text.contains("\nsummary: 155 31\n"), "\(text)")
        #expect(text.contains("\nfl=???\nfn=c\n0 50 16\n"), "\(text)")
    }
}

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
        // Every row of every table is opened and closed once.
        #expect(page.components(separatedBy: "<tr").count == page.components(separatedBy: "</tr>").count)
        #expect(page.components(separatedBy: "<table").count == page.components(separatedBy: "</table>").count)
        #expect(page.contains("<th>source</th></tr>\n<tr>"))
        // Each of the costliest lines links to its line in the source below.
        #expect(page.contains("<td class=\"src\"><a href=\"#f0-L1\">") && page.contains("<a href=\"#f1-L1\">"))
    }

    @Test("the callgrind file of lines: its summary is the sum of every cost, per event")
    func callgrindLinesSummary() {
        let text = Self.profile.callgrindLines(command: "x")
        #expect(text.contains("\nsummary: 155 31\n"), "\(text)")
        #expect(text.contains("\nfl=???\nfn=c\n0 50 16\n"), "\(text)")
    }

    /// A profile of 200 instructions: `f` 180 (a.swift lines 1 and 3, its last, 80 and
    /// 100), `a-longer-name` 20 (b.swift line 1); the source of a.swift has three lines.
    static func textView(totals: [Double] = [200]) -> ProfileText {
        func sample(_ function: String, _ file: String, _ line: Int, _ cost: Double) -> Profile.Sample {
            .init(
                stack: [function], function: function, location: SourceLocation(file: file, line: line), values: [cost])
        }
        let profile = Profile(
            label: nil, events: ["Ir"], totals: totals,
            samples: [
                sample("f", "/src/a.swift", 1, 80), sample("f", "/src/a.swift", 3, 100),
                sample("a-longer-name", "/src/b.swift", 1, 20),
            ])
        return ProfileText(profile: profile, relayouts: 1) { file in
            file == "/src/a.swift" ? ["let x = 1", "let y = 2", "return x + y"] : nil
        }
    }

    @Test(
        "the text tables: counts and shares right-aligned, names and lines left; the hot loop reaches the file's last line"
    )
    func textTables() {
        let view = Self.textView()
        #expect(
            view.functionTable(count: 5) == """
                self   share  inclusive  function
                 180  90.0 %        180  f
                  20  10.0 %         20  a-longer-name

                """)
        #expect(
            view.lineTable(count: 5) == """
                instructions   share  line
                         100  50.0 %  /src/a.swift:3  return x + y
                          80  40.0 %  /src/a.swift:1  let x = 1
                          20  10.0 %  /src/b.swift:1

                """)
        #expect(
            view.hotLoop() == """
                instructions   share  /src/a.swift (90.0 % of all)
                          80  40.0 %     1 let x = 1
                                         2 let y = 2
                         100  50.0 %     3 return x + y

                """)
        // Without totals there is no share to give.
        #expect(Self.textView(totals: []).functionTable(count: 1).contains(" 180      –"))
    }

    @Test("the hot loop under its limit keeps the costliest lines, the earlier of equal ones first")
    func hotLoopTies() {
        let samples = [1, 5, 9, 13].map { line in
            Profile.Sample(
                stack: ["f"], function: "f", location: SourceLocation(file: "/src/a.swift", line: line), values: [10])
        }
        let view = ProfileText(
            profile: Profile(label: nil, events: ["Ir"], totals: [40], samples: samples), relayouts: 1
        ) { _ in (1...14).map { "line \($0)" } }
        // Room for two lines with their neighbours: lines 1 and 5 (and 2, 4, 6), not 9 or 13.
        let loop = view.hotLoop(limit: 5)
        #expect(loop.contains("   1 line 1") && loop.contains("   5 line 5"), "\(loop)")
        #expect(!loop.contains("   9 line 9") && !loop.contains("  13 line 13"), "\(loop)")
    }
}

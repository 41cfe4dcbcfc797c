import Charts
import Foundation
import FoundationXML
import Measurement
import Profiling
import Support
import TestSupport
import Testing

/// The profile's arithmetic on small known inputs, and its mapping of addresses to
/// lines on a real run where one line must carry the cost.
@Suite("Profiles")
struct ProfilingTests {
    /// A dump as callgrind writes it with `--dump-instr=yes --separate-callers` and the
    /// cache simulation: compressed names, relative positions, a call, trailing zeros left out.
    static let dump = """
        # callgrind format
        version: 1
        desc: Trigger: Client Request: s v
        positions: instr line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 0
        totals: 100 20 10 1 4 2 1 2 0

        ob=(1) /bin/app
        fl=(1) ???
        fn=(1) inner'outer
        0x1000 0 10 2 1 1
        +12 0 20 4 2 0 2 1 0 1
        * 0 5
        fn=(2) outer
        0x2000 0 30 6 3
        calls=2 0x1000 0
        +5 0 35 6 3 0 2 1 0 1
        -1 0 35 8 4
        ob=(2) /lib/libc.so
        fn=(3) memcpy'inner'outer
        0x10 0 0
        """

    @Test("a callgrind dump: names, positions (hex, +decimal, -, *), calls skipped, zeros filled, same address summed")
    func parsesDump() throws {
        let profile = try CallgrindProfile.parse(Self.dump)
        #expect(profile.label == "s v")
        #expect(profile.events == ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"])
        #expect(profile.totals == [100, 20, 10, 1, 4, 2, 1, 2, 0])
        let costs = profile.costs.map { ($0.object, $0.context, $0.address, $0.values) }
        #expect(costs.count == 5)
        #expect(costs[0].0 == "/bin/app" && costs[0].1 == ["inner", "outer"] && costs[0].2 == 0x1000)
        #expect(costs[0].3 == [10, 2, 1, 1, 0, 0, 0, 0, 0])
        // `+12` is decimal and relative; `*` repeats the address, so its cost adds up.
        #expect(costs[1].2 == 0x100C && costs[1].3 == [25, 4, 2, 0, 2, 1, 0, 1, 0])
        #expect(costs[2].1 == ["outer"] && costs[2].2 == 0x2000 && costs[2].3[0] == 30)
        // The call's inclusive cost (35 at 0x2005) is not outer's own; the next line,
        // 1 below the call's position, is.
        #expect(costs[3].2 == 0x2004 && costs[3].3[0] == 35)
        #expect(costs[4].0 == "/lib/libc.so" && costs[4].1 == ["memcpy", "inner", "outer"])
    }

    @Test(
        "a dump that breaks the format is refused with its line",
        arguments: [
            ("positions: line\nevents: Ir\n", 1, "positions"),
            ("events: Ir\nfn=(4)\n", 2, "before it is defined"),
            ("events: Ir\nfn=x\nzz 1\n", 0, ""),
            ("events: Ir\nfn=x\n0x10 1\n-99 1\n", 4, "below zero"),
            ("events: Ir\nfn=x\n0xzz 1\n", 3, "bad position"),
            ("fn=x\n0x10 1\n", 3, "no 'events:'"),
            ("positions: instr line\nevents: Ir\nfn=x\n0x10 0 many\n", 4, "not a count"),
        ])
    func refusesBadDumps(text: String, line: Int, message: String) {
        // A line that starts with a letter and is not a key is ignored, as callgrind's readers do.
        guard line > 0 else {
            #expect(throws: Never.self) { try CallgrindProfile.parse(text) }
            return
        }
        #expect {
            try CallgrindProfile.parse(text)
        } throws: { error in
            guard let error = error as? CallgrindProfile.FormatError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test("recursion levels stay part of their function's name in a caller chain")
    func recursionLevels() throws {
        let profile = try CallgrindProfile.parse("events: Ir\nfn=f'2'f'g\n0x1 3\n")
        #expect(profile.costs[0].context == ["f'2", "f", "g"])
    }

    /// The symbolizer's answer for the dump's addresses: 0x100C has `helper` (from a
    /// file that is not ours) inlined into `middle`, inlined into `inner`, called from
    /// line 12 of ours.
    static let frames: [String: [UInt64: [SourceFrame]]] = [
        "/bin/app": [
            0x1000: [SourceFrame(function: "inner", file: "/src/a.swift", line: 10)],
            0x100C: [
                SourceFrame(function: "helper", file: "/stdlib/b.swift", line: 99),
                SourceFrame(function: "middle", file: "/src/a.swift", line: 12),
                SourceFrame(function: "inner", file: "/src/a.swift", line: 40),
            ],
            0x2000: [SourceFrame(function: "outer", file: "/<compiler-generated>", line: 0)],
            0x2004: [SourceFrame(function: "outer", file: "/src/a.swift", line: 30)],
        ]
    ]

    func profile() throws -> Profile {
        Profile(
            try CallgrindProfile.parse(Self.dump), frames: Self.frames, simplify: { $0.map { $0.uppercased() } },
            isSource: { $0.hasPrefix("/src/") })
    }

    @Test("costs go to our innermost line; stacks run outermost first with inlined frames last")
    func symbolizedProfile() throws {
        let profile = try profile()
        let lines = profile.lines().map { ($0.location.description, $0.values[0]) }
        #expect(lines.map(\.0) == ["/src/a.swift:30", "/src/a.swift:12", "/src/a.swift:10"])
        #expect(lines.map(\.1) == [35, 25, 10])
        // Without a line of ours, the innermost line there is.
        let foreign = Profile(
            try CallgrindProfile.parse(Self.dump), frames: Self.frames, simplify: { $0 }, isSource: { _ in false })
        #expect(foreign.lines().contains { $0.location.description == "/stdlib/b.swift:99" && $0.values[0] == 25 })

        let folded = profile.folded()
        #expect(folded.costs["OUTER;INNER"] == 10)
        #expect(folded.costs["OUTER;INNER;MIDDLE [inlined];HELPER [inlined]"] == 25)
        #expect(folded.costs["OUTER"] == 65)
        #expect(folded.costs["OUTER;INNER;MEMCPY"] == nil, "a zero cost is not a stack")
        #expect(folded.total == 100)
        #expect(folded.text == "OUTER 65\nOUTER;INNER 10\nOUTER;INNER;MIDDLE [inlined];HELPER [inlined] 25\n")

        let functions = Dictionary(uniqueKeysWithValues: profile.functions().map { ($0.function, $0) })
        #expect(functions["OUTER"]?.selfValues[0] == 65 && functions["OUTER"]?.inclusiveValues[0] == 100)
        #expect(functions["INNER"]?.selfValues[0] == 35 && functions["INNER"]?.inclusiveValues[0] == 35)
        #expect(functions["HELPER [inlined]"] == nil, "an inlined frame has no instructions of its own")
    }

    @Test("the cycle estimate: L1 hits + 5 x last-level hits + 35 x memory accesses")
    func cycleEstimate() throws {
        let estimate = try #require(
            CacheSimulation.estimate(
                events: ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"],
                values: [100, 20, 10, 1, 4, 2, 1, 2, 0]))
        // 130 accesses, 7 L1 misses, 3 of them missed the last level too.
        #expect(estimate.accesses == 130 && estimate.level1Misses == 7 && estimate.lastLevelMisses == 3)
        #expect(estimate.cycles == 123 + 5 * 4 + 35 * 3)
        #expect(CacheSimulation.estimate(events: ["Ir"], values: [100]) == nil)
        // Trailing zeros left out of a cost line: an event without a value counts 0.
        let short = try #require(
            CacheSimulation.estimate(
                events: ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"], values: [100, 20]))
        #expect(short.accesses == 120 && short.level1Misses == 0 && short.lastLevelMisses == 0)
    }

    @Test("the totals: a totals line wins over summary, in either order; summary alone is the totals")
    func totalsOrSummary() throws {
        func totals(_ header: String) throws -> [Double]? {
            try CallgrindProfile.parse(
                "# callgrind format\nversion: 1\npositions: instr line\nevents: Ir\n\(header)\nob=(1) /a\nfn=(1) f\n0x10 0 7\n"
            ).totals
        }
        #expect(try totals("summary: 40") == [40])
        #expect(try totals("summary: 40\ntotals: 50") == [50])
        #expect(try totals("totals: 50\nsummary: 40") == [50])
    }

    @Test("the symbolizer's JSON: frames innermost first, addresses in hex")
    func symbolizerOutput() throws {
        let output = """
            {"Address":"0x61a20","ModuleName":"x","Symbol":[{"Column":0,"Discriminator":0,"FileName":"/<compiler-generated>","FunctionName":"$sIter","Line":0},{"Column":9,"FileName":"/src/D.swift","FunctionName":"$sFind","Line":24}]}
            {"Address":"0x10","ModuleName":"x","Symbol":[{"FileName":"??","FunctionName":"??","Line":0}]}

            """
        let frames = try Symbolizer.parse(output)
        #expect(
            frames[0x61a20] == [
                SourceFrame(function: "$sIter", file: "/<compiler-generated>", line: 0),
                SourceFrame(function: "$sFind", file: "/src/D.swift", line: 24),
            ])
        #expect(frames[0x10]?.first?.function == "??")
        #expect(throws: Symbolizer.Failure.self) { try Symbolizer.parse("{\"Symbol\": []}\n") }
    }

    @Test("folded text reads back; a line without a cost is refused with its number")
    func foldedRoundTrip() throws {
        var stacks = FoldedStacks()
        stacks.add(["a", "b c"], 3)
        stacks.add(["a"], 1.5)
        stacks.add(["a", "b c"], 2)
        #expect(stacks.text == "a 1.5\na;b c 5\n")
        #expect(try FoldedStacks.parse(stacks.text).get() == stacks)
        #expect(FoldedStacks.parse("a;b 1\na;b\n") == .failure(FoldedStacksError(line: 2)))
        #expect(FoldedStacks.parse("a;b nan\n") == .failure(FoldedStacksError(line: 1)))
    }

    @Test("rerooting cuts the driver's frames so that two builds' stacks line up")
    func rerooting() {
        var stacks = FoldedStacks()
        stacks.add(["main", "OldLoop.run", "closure in OldLoop", "relayout", "split"], 10)
        stacks.add(["main", "OldLoop.run", "closure in OldLoop"], 3)
        stacks.add(["main", "OldLoop.run"], 1)
        stacks.add(["elsewhere"], 2)
        let rerooted = stacks.rerooted(below: { $0.contains("OldLoop") }, driverName: "loop")
        #expect(rerooted.costs == ["relayout;split": 10, "loop": 4, "elsewhere": 2])
    }

    @Test("the flame tree sums children into parents and orders them by name; a diff keeps both sides")
    func flameTree() {
        var after = FoldedStacks()
        after.add(["main", "b"], 30)
        after.add(["main", "a"], 10)
        after.add(["main"], 5)
        var before = FoldedStacks()
        before.add(["main", "a"], 20)
        before.add(["main", "gone"], 4)
        let tree = FlameNode.tree(after, before: before)
        #expect(tree.value == 45 && tree.before == 24)
        let main = tree.children[0]
        #expect(main.name == "main" && main.value == 45)
        #expect(main.children.map(\.name) == ["a", "b", "gone"])
        #expect(main.children.map(\.value) == [10, 30, 0])
        #expect(main.children.map(\.before) == [20, 0, 4])
    }

    @Test("the flame graph SVG: boxes as wide as their cost, names escaped, long names clipped")
    func flameGraphSVG() throws {
        var stacks = FoldedStacks()
        stacks.add(["main", "Array<Int>.append(_:) & \"more\""], 75)
        stacks.add(["main", String(repeating: "x", count: 400)], 25)
        let svg = FlameGraph.svg(stacks, title: "t <1>", unit: "instructions")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(
            svg.contains("<title>Array&lt;Int&gt;.append(_:) &amp; &quot;more&quot;: 75 instructions (75.0 %)</title>"))
        #expect(svg.contains("t &lt;1&gt;"))
        #expect(!svg.contains("<Int>"))
        // 1180 px for 100 instructions: the 75 % box is 885 px wide, the other 295.
        let widths = svg.matches(of: /width="([0-9.]+)" height="16"/).map { Double($0.output.1)! }
        #expect(widths == [1180, 1180, 885, 295])
        // Siblings side by side: the second starts where the first ends.
        let lefts = svg.matches(of: /<rect x="([0-9.]+)" y="[0-9.]+" width/).map { Double($0.output.1)! }
        #expect(lefts == [10, 10, 10, 895])
        // A label longer than its box is clipped: 43 characters fit in 295 px.
        #expect(svg.contains(">" + String(repeating: "x", count: 41) + "..</text>"))
        // Well-formed enough for an XML parser.
        let document = try XMLDocument(xmlString: svg)
        #expect(document.rootElement()?.name == "svg")
        #expect(FlameGraph.svg(FoldedStacks(), title: "empty", unit: "instructions").contains("no samples"))
    }

    @Test("the differential flame graph colours growth red, shrinkage blue, no change white")
    func differentialColours() {
        var before = FoldedStacks()
        before.add(["main", "grew"], 10)
        before.add(["main", "shrank"], 30)
        before.add(["main", "same"], 10)
        var after = FoldedStacks()
        after.add(["main", "grew"], 30)
        after.add(["main", "shrank"], 10)
        after.add(["main", "same"], 10)
        let svg = FlameGraph.differentialSVG(before: before, after: after, title: "d", unit: "instructions")
        func fill(_ name: String) -> String? {
            let pattern = try! Regex("<title>\(name): [^<]*</title><rect [^>]* fill=\"([^\"]+)\"")
            return svg.firstMatch(of: pattern).map { String($0.output[1].substring!) }
        }
        #expect(fill("grew") == "rgb(255,55,55)")
        #expect(fill("shrank") == "rgb(55,55,255)")
        #expect(fill("same") == "rgb(255,255,255)")
        #expect(svg.contains("<title>grew: 10 → 30 instructions (+200.0 %)</title>"))
        #expect(svg.contains("50 → 50 instructions (0.0 %)"))
    }

    @Test("valgrind runs without its gdbserver, in every mode: an interrupted count leaves no /tmp/vgdb-pipe-* behind")
    func noGDBServerPipes() {
        for options in [
            CallgrindRun.Options(), CallgrindRun.Options(cacheSimulation: true),
            CallgrindRun.Options(perInstruction: true, cacheSimulation: true),
        ] {
            #expect(options.valgrindArguments.contains("--vgdb=no"), "\(options.valgrindArguments)")
        }
    }

    @Test("a diff matches lines by file, text and occurrence, not by number, and orders by size of change")
    func diffMatchesMovedLines() throws {
        func profile(_ lines: [(String, Int, Double)]) -> Profile {
            Profile(
                label: nil, events: ["Ir"], totals: [lines.map(\.2).reduce(0, +)],
                samples: lines.map { file, line, cost in
                    Profile.Sample(
                        stack: ["f"], function: "f", location: SourceLocation(file: file, line: line), values: [cost])
                })
        }
        // The old checkout has `x += 1` twice at lines 10 and 20; the new one moved both down by 5.
        let old = ["/old/Sources/M/A.swift": [10: "x += 1", 20: "  x += 1", 30: "y = 2"]]
        let new = ["/new/Sources/M/A.swift": [15: "x += 1", 25: "x += 1", 35: "y = 2"]]
        let before = profile([
            ("/old/Sources/M/A.swift", 10, 100), ("/old/Sources/M/A.swift", 20, 50), ("/old/Sources/M/A.swift", 30, 7),
        ])
        let after = profile([
            ("/new/Sources/M/A.swift", 15, 100), ("/new/Sources/M/A.swift", 25, 80), ("/new/Sources/M/A.swift", 35, 7),
        ])
        let diff = ProfileDiff(before: before, after: after) { location in
            (old[location.file] ?? new[location.file])?[location.line]
        }
        #expect(diff.lines.count == 1)
        #expect(diff.lines.first?.key == "Sources/M/A.swift:25")
        #expect(diff.lines.first?.before == 50 && diff.lines.first?.after == 80)
        #expect(diff.totalBefore == 157 && diff.totalAfter == 187)
        #expect(diff.functions.map(\.key) == ["f"] && diff.functions.first?.change == 30)
        // The C library's lines are left out unless asked for: they point nowhere a change can.
        let glibc = profile([
            ("/old/Sources/M/A.swift", 10, 100), ("../sysdeps/x86_64/tls_get_addr.S", 5, 40),
        ])
        let glibcAfter = profile([
            ("/new/Sources/M/A.swift", 15, 100), ("../sysdeps/x86_64/tls_get_addr.S", 5, 90),
        ])
        #expect(
            ProfileDiff(before: glibc, after: glibcAfter) { _ in nil }.lines.allSatisfy { $0.key.hasPrefix("Sources/") }
        )
        #expect(
            ProfileDiff(before: glibc, after: glibcAfter, systemLines: true) { _ in nil }.lines.contains {
                $0.key.hasPrefix("../sysdeps")
            })
        // Without the text, numbers are all there is: the moved lines do not match.
        let blind = ProfileDiff(before: before, after: after) { _ in nil }
        #expect(blind.lines.count == 6)
        #expect(blind.lines.first.map { abs($0.change) } == 100)
    }

    static let scenario = "fold-cycle/balanced-d4/iphone-duo"

    @Test("a loop's dump label is its key as JSON: a scene path with spaces and quotes reads back whole")
    func dumpLabels() {
        let key = ResultKey(scenario: "fold-cycle/my \"scene\" v2.json/iphone-duo", variant: "fast")
        #expect(key.label == #"{"scenario": "fold-cycle/my \"scene\" v2.json/iphone-duo", "variant": "fast"}"#)
        #expect(ResultKey(label: key.label) == key)
        #expect(ResultKey(label: "fold-cycle/balanced-d4/iphone-duo fast") == nil)
        let texts = [key.label: "new", "\(Self.scenario) fast": "old", "\(Self.scenario) reference": "other"]
        #expect(InstructionCounter.dump(of: key, in: texts) == "new")
        // A build older than JSON labels (one `profile` or `bisect` builds) is still read.
        #expect(
            InstructionCounter.dump(of: ResultKey(scenario: ScenarioName(Self.scenario), variant: "fast"), in: texts)
                == "old")
        #expect(
            InstructionCounter.dump(of: ResultKey(scenario: ScenarioName(Self.scenario), variant: "floor"), in: texts)
                == nil)
    }

    /// The profile of `variant`'s loop over 24 frames, run by the built foldbench.
    func realProfile(_ variant: String) throws -> Profile {
        let binary = try freshFoldBenchBinary()
        let dumps = try CallgrindRun.run(
            binary,
            arguments: ["count-instructions", "--scenario", Self.scenario, "--variant", variant, "--frames", "24"],
            options: .init(perInstruction: true))
        let text = try #require(
            InstructionCounter.dump(
                of: ResultKey(scenario: ScenarioName(Self.scenario), variant: VariantName(variant)), in: dumps.texts))
        return try Profile.symbolized(CallgrindProfile.parse(text), objects: [dumps.ranAs: binary])
    }

    @Test("on a real run, the line doing fast-slowed's extra work carries it, and leads the diff against fast")
    func extraWorkLandsOnItsLine() throws {
        let fast = try realProfile("fast")
        let slowed = try realProfile("fast-slowed")
        let file = repositoryRoot.appendingPathComponent("Sources/Variants/SlowedResolver.swift").path
        let source = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(source.firstIndex { $0.contains("value = value * 0.999_999 + 1") }) + 1
        let onLine = slowed.lines().first { $0.location == SourceLocation(file: file, line: line) }?.values[0] ?? 0
        // 15 arrangements x 2 steps in each of 24 relayouts, a multiply and an add each at least.
        #expect(onLine >= 2 * 30 * 24)
        #expect(!fast.lines().contains { $0.location.file == file })
        #expect(slowed.functions().contains { $0.function.contains("SlowedResolver.relayout") })
        let diff = ProfileDiff(before: fast, after: slowed) { location in
            location.file == file ? String(source[location.line - 1]) : nil
        }
        #expect(diff.lines.first?.key == "Sources/Variants/SlowedResolver.swift:\(line)")
        #expect(diff.lines.first?.after == onLine && diff.lines.first?.before == 0)
        #expect(diff.totalAfter - diff.totalBefore == slowed.totals[0] - fast.totals[0])
    }

    @Test(
        "foldbench profile writes its files, prints lines with cache figures, and a build against itself shows no change"
    )
    func profileCommand() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try freshFoldBenchBinary()
        let result = try runBinary([
            "profile", "--scenario", Self.scenario, "--variant", "fast", "--frames", "12", "--lines", "--cache-sim",
            "--baseline", binary, "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("est. cycles"))
        #expect(result.out.contains("Sources/FastResolver/FastResolver.swift:"))
        #expect(result.out.contains("function (own instructions per relayout): no change"))
        #expect(result.out.contains("line (instructions per relayout): no change"))
        let folder = directory.appendingPathComponent("fold-cycle_balanced-d4_iphone-duo")
        for name in [
            "callgrind.out", "callgrind.addresses.out", "folded", "flame.svg", "lines.html", "baseline.folded",
            "diff.svg",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("fast.\(name)").path), "\(name)")
        }
        // callgrind's own reader sees the lines the page shows: it annotates our source.
        let annotated = try runProcess(
            "/usr/bin/callgrind_annotate", ["--auto=yes", folder.appendingPathComponent("fast.callgrind.out").path])
        #expect(annotated.status == 0, "\(annotated.err)")
        #expect(
            annotated.out.range(
                of: "-- Auto-annotated source: [^\n]*Sources/FastResolver/FastResolver.swift",
                options: .regularExpression)
                != nil, "\(annotated.out.prefix(2_000))")
        // A line of that source with its count in the margin, as the page shows it.
        let section =
            annotated.out.components(separatedBy: "Sources/FastResolver/FastResolver.swift\n").dropFirst()
            .first ?? ""
        #expect(section.range(of: #"\n[0-9,]+ \([ 0-9.]+%\) +\S"#, options: .regularExpression) != nil)
        let folded = try String(contentsOf: folder.appendingPathComponent("fast.folded"), encoding: .utf8)
        let baseline = try String(contentsOf: folder.appendingPathComponent("fast.baseline.folded"), encoding: .utf8)
        #expect(folded == baseline && folded.contains("FastResolver.relayout"))
        let html = try String(contentsOf: folder.appendingPathComponent("fast.lines.html"), encoding: .utf8)
        #expect(html.contains("FastResolver.swift") && html.contains("<svg"))

        let unknown = try runBinary(["profile", "--scenario", "fold-cycle/balanced-d4/nowhere"])
        #expect(unknown.status == 2 && unknown.err.contains("nowhere"))
        let missing = try runBinary(["profile", "--scenario", Self.scenario, "--baseline", "/nonexistent/foldbench"])
        #expect(missing.status == 2)
    }
}

@Suite("the profile diff's order")
struct ProfileDiffOrderTests {
    @Test("the largest change in absolute value comes first, a saving as much as a cost")
    func savingsRankByMagnitude() {
        func profile(_ costs: [(String, Double)]) -> Profile {
            Profile(
                label: nil, events: ["Ir"], totals: [costs.map(\.1).reduce(0, +)],
                samples: costs.map { function, cost in
                    Profile.Sample(
                        stack: [function], function: function,
                        location: SourceLocation(file: "/x/Sources/M/A.swift", line: 1),
                        values: [cost])
                })
        }
        let before = profile([("grew", 100), ("saved", 500), ("grewMore", 100)])
        let after = profile([("grew", 110), ("saved", 450), ("grewMore", 120)])
        let diff = ProfileDiff(before: before, after: after) { _ in nil }
        #expect(diff.functions.map(\.key) == ["saved", "grewMore", "grew"])
    }
}

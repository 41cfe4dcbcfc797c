import ArrangementModel
import Drawings
import Fixtures
import Foundation
import ReferenceResolver
import Reports
import Runs
import SceneFormat
import Support

/// `foldbench check ANSWERS.jsonl --fixtures DIR`: another implementation's answers
/// checked against the reference's, frame by frame, with a scorecard by contract rule.
enum CheckCommand: Command {
    static let fixtures = CommandSpec.Option(
        "--fixtures", value: "DIR", help: "The fixture folder ('foldbench fixtures') the answers answer (required).")
    static let output = CommandSpec.Option(
        "--out", value: "DIR",
        help: "Also write conformance.json and, per scenario that differs, its first difference drawn (HTML).")
    static let acrossSets = CommandSpec.Option(
        "--across-sets",
        help:
            "Check answers to another fixture set of the same scenarios (the reference's answers to an earlier set): the differences are what moved between the sets."
    )
    static let spec = CommandSpec(
        name: "check",
        summary: "Check an implementation's answers to conformance fixtures; a scorecard by contract rule.",
        arguments: "ANSWERS.jsonl", positionals: 1...1,
        options: [fixtures, acrossSets, output, .format] + CommandSpec.Option.jsonLimits + [.maxArrangements],
        details: """
            Compares every pane of every frame as 'resolve --check' does (frames to the
            contract's tolerance, 1e-9 of each value's size: docs/contract.md, "Numbers";
            everything else exactly). Prints the frames and panes that agree, the
            first difference of each scenario (frame, pane, field, expected and got, and the
            rule of the contract that decided that pane), and a scorecard: for each rule, the
            panes it decided and how many of them differ. Exit 0 when every frame agrees,
            1 when some differ, 2 for answers that cannot be checked (another fixture set's,
            a missing frame, a pane count or a field out of range), naming file, line and field.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = arguments.positionals[0]
        guard let directory = arguments.value(fixtures) else {
            throw UsageError("\(fixtures.name) DIR is required", command: spec)
        }
        let format = arguments.value(.format) ?? "table"
        guard ["table", "markdown", "json"].contains(format) else {
            throw UsageError.notOneOf("--format", format, ["table", "markdown", "json"], command: spec)
        }
        let pages = arguments.value(output)
        if let pages {
            do { try ResultFiles.checkWritable(pages) } catch {
                throw RunFailure(.badInput, "\(error) (nothing done)")
            }
        }
        let set = try FixtureFiles.load(directory)
        var conformance = Conformance(set: set) { entry in try FixtureFiles.scenario(entry, in: directory) }
        conformance.acrossSets = arguments.flag(acrossSets)
        var lines = JSONLines(try readFile(path))
        do {
            while let line = try lines.next(limits: Limits.current) { try conformance.take(line) }
            try conformance.finish(lastLine: max(lines.lineNumber, 1))
        } catch let failure as RunFailure {
            throw failure
        } catch {
            throw RunFailure.badInput(file: path, String(describing: error))
        }
        let report = ConformanceText(conformance, answers: path)
        switch format {
        case "json": console.out(report.json() + "\n")
        case "markdown": console.out(report.text(markdown: true))
        default: console.out(report.text(markdown: false))
        }
        if let pages { try write(conformance, report: report, to: pages, console: console) }
        return conformance.allAgree ? .success : .failed
    }

    /// conformance.json and the first difference of each scenario that has one, drawn.
    static func write(_ conformance: Conformance, report: ConformanceText, to directory: String, console: Console)
        throws(RunFailure)
    {
        func save(_ text: String, _ name: String) throws(RunFailure) {
            do { try ResultFiles.writeAtomically(text, to: directory + "/" + name) } catch {
                throw RunFailure(.badInput, error.description)
            }
        }
        try save(report.json() + "\n", "conformance.json")
        var drawn = 0
        for (index, scenario) in conformance.scenarios.enumerated() {
            guard let difference = scenario.first else { continue }
            var expected = Resolution(paneCount: 0)
            expected.panes = difference.expectedPanes
            var got = Resolution(paneCount: 0)
            got.panes = difference.gotPanes
            let html = DisagreementPage.html(
                heading: "\(scenario.name), frame \(difference.frame)",
                notes: [
                    "context: \(ResolutionComparison.describe(difference.context))",
                    "first difference: \(ConformanceText.sentence(difference, implementation: conformance.implementation))",
                ],
                variant: conformance.implementation, tree: difference.tree, context: difference.context,
                expected: expected, got: got)
            try save(html, FixtureFormat.fileName(index: index, scenario: scenario.name).dropLast(6) + ".html")
            drawn += 1
        }
        console.err("wrote \(directory)/conformance.json" + (drawn > 0 ? " and \(drawn) pages" : "") + "\n")
    }
}

/// The conformance report as text, markdown or JSON.
struct ConformanceText {
    let conformance: Conformance
    let answers: String

    init(_ conformance: Conformance, answers: String) {
        self.conformance = conformance
        self.answers = answers
    }

    var totals: (frames: Int, framesAgreeing: Int, panes: Int, panesAgreeing: Int) {
        conformance.scenarios.reduce((0, 0, 0, 0)) {
            ($0.0 + $1.frames, $0.1 + $1.framesAgreeing, $0.2 + $1.panes, $0.3 + $1.panesAgreeing)
        }
    }

    /// "pane `list` (3), frame: expected (0, 0, 500, 700), got (0, 0, 400, 700) — minimum (§2.2.7)".
    /// The first difference, the implementation's value first: "pane s2 (#3), frame,
    /// mine: (…), reference: (…); rule …".
    static func sentence(_ difference: Conformance.Difference, implementation: String) -> String {
        let field = difference.field
        return "pane \(difference.id) (#\(difference.pane)), \(field.rawValue), \(implementation): "
            + "\(Conformance.describe(difference.got, field: field)), reference: "
            + "\(Conformance.describe(difference.expected, field: field)); rule \(difference.rule.rawValue) "
            + "(\(difference.rule.section): \(difference.rule.summary))"
    }

    func text(markdown: Bool) -> String {
        let totals = totals
        let set = conformance.set
        func count(_ value: Int) -> String { NumberText.grouped(Double(value)) }
        var text = "\(answers) (\(conformance.implementation)) against fixture set \(set.identity): "
        if let answered = conformance.answeredSet {
            let moves = conformance.moves
            text =
                "\(answers) answers fixture set \(answered), checked against set \(set.identity): every difference "
                + "below is what moved between the two sets, held against the rule that decides it now; "
                + "\(count(moves.near)) panes moved by at most half a point, \(count(moves.far)) by more (at most "
                + "\(NumberText.fixed(moves.largest, decimals: 2)) pt), \(count(moves.decisions)) changed their "
                + "visibility, size class, split axis or z-index\n" + text
        }
        text += "\(count(totals.framesAgreeing)) of \(count(totals.frames)) frames agree, "
        text += "\(count(totals.panesAgreeing)) of \(count(totals.panes)) panes, in \(set.scenarios.count) scenarios\n"
        let differing = conformance.scenarios.filter { $0.first != nil }
        if differing.isEmpty {
            text += "every frame of every scenario agrees with the reference\n"
        } else {
            text +=
                "\n\(differing.count) scenario\(differing.count == 1 ? "" : "s") differ\(differing.count == 1 ? "s" : ""); the first difference of each:\n"
            let header = [
                "scenario", "frames agree", "frame", "pane", "field", conformance.implementation, "reference", "rule",
            ]
            let rows = differing.map { scenario -> [String] in
                let difference = scenario.first!
                return [
                    scenario.name, "\(count(scenario.framesAgreeing)) of \(count(scenario.frames))",
                    String(difference.frame), difference.id, difference.field.rawValue,
                    Conformance.describe(difference.got, field: difference.field),
                    Conformance.describe(difference.expected, field: difference.field),
                    "\(difference.rule.rawValue) \(difference.rule.section)"
                        + (difference.afterEdits.map {
                            "; after the edits of frame \($0.frame): \(Self.keys($0.edits))"
                        } ?? ""),
                ]
            }
            text += table(header, rows, markdown: markdown, numeric: [1, 2])
        }
        text += "\nscorecard by rule (panes the rule decided, and how many of them differ):\n"
        if conformance.inherited > 0 {
            text +=
                "(\(count(conformance.inherited)) more panes differ only inside a pane that differs; they count for no rule)\n"
        }
        let rows = conformance.scorecard.map { row -> [String] in
            [
                row.rule.rawValue, row.rule.section, row.rule.summary, count(row.panes), count(row.differing),
                row.panes == 0
                    ? "-"
                    : NumberText.percent(Double(row.panes - min(row.differing, row.panes)), of: Double(row.panes)),
            ]
        }
        text += table(
            ["rule", "section", "what it decides", "panes", "differ", "agree"], rows, markdown: markdown,
            numeric: [3, 4, 5])
        let edits = conformance.editScorecard
        if !edits.isEmpty {
            text +=
                "\nscorecard by edit (edits that landed, and scenarios whose first difference came on the tree an edit made, its context answered right on the tree before):\n"
            text += table(
                ["edit", "landed", "first differences after"],
                edits.map { [$0.key, count($0.landed), count($0.differing)] }, markdown: markdown, numeric: [1, 2])
        }
        return text
    }

    /// The keys of `edits`, each once, in order: "minWidth, style".
    static func keys(_ edits: [TreeEdit]) -> String {
        var seen: [String] = []
        for key in edits.map(EditFormat.key) where !seen.contains(key) { seen.append(key) }
        return seen.joined(separator: ", ")
    }

    func table(_ header: [String], _ rows: [[String]], markdown: Bool, numeric: Set<Int>) -> String {
        if markdown {
            return TextTable.markdown(
                header: header, alignments: header.indices.map { numeric.contains($0) ? "---:" : "---" },
                rows.map { $0.map { $0.replacingOccurrences(of: "|", with: "\\|") } })
        }
        return TextTable.aligned([header] + rows, indent: "  ") { numeric.contains($0) ? .right : .left }
    }

    func json() -> String {
        let totals = totals
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        func pane(_ layout: PaneLayout) -> JSONValue {
            var text = ""
            FixtureFormat.appendPane(layout, to: &text)
            return (try? JSONReader.document(Array(text.utf8))) ?? .null
        }
        let scenarios: [JSONValue] = conformance.scenarios.map { scenario in
            var entries: [(key: String, value: JSONValue)] = [
                ("name", .string(scenario.name)), ("frames", number(scenario.frames)),
                ("framesAgreeing", number(scenario.framesAgreeing)), ("panes", number(scenario.panes)),
                ("panesAgreeing", number(scenario.panesAgreeing)),
            ]
            if let difference = scenario.first {
                entries.append(
                    (
                        "firstDifference",
                        .object([
                            ("frame", number(difference.frame)), ("pane", number(difference.pane)),
                            ("id", .string(difference.id)), ("field", .string(difference.field.rawValue)),
                            // The implementation's answer first, named; then the reference's.
                            ("implementation", .string(conformance.implementation)),
                            ("got", pane(difference.got)), ("expected", pane(difference.expected)),
                            ("rule", .string(difference.rule.rawValue)), ("section", .string(difference.rule.section)),
                            (
                                "afterEdits",
                                difference.afterEdits.map { after in
                                    .object([
                                        ("frame", number(after.frame)),
                                        (
                                            "edits",
                                            .array(
                                                Self.keys(after.edits).split(separator: ", ").map {
                                                    .string(String($0))
                                                })
                                        ),
                                    ])
                                } ?? .null
                            ),
                        ])
                    ))
            }
            return .object(entries)
        }
        let scorecard: [JSONValue] = conformance.scorecard.map { row in
            .object([
                ("rule", .string(row.rule.rawValue)), ("section", .string(row.rule.section)),
                ("panes", number(row.panes)), ("differing", number(row.differing)),
            ])
        }
        return JSONWriter.writePretty(
            .object([
                ("fixtures", .string(conformance.set.identity)),
                ("answeredSet", conformance.answeredSet.map(JSONValue.string) ?? .null),
                ("implementation", .string(conformance.implementation)),
                ("answers", .string(answers)), ("frames", number(totals.frames)),
                ("framesAgreeing", number(totals.framesAgreeing)), ("panes", number(totals.panes)),
                ("panesAgreeing", number(totals.panesAgreeing)),
                ("panesDifferingInside", number(conformance.inherited)),
                ("agree", .bool(conformance.allAgree)),
                ("scenarios", .array(scenarios)), ("scorecard", .array(scorecard)),
                (
                    "editScorecard",
                    .array(
                        conformance.editScorecard.map { row in
                            .object([
                                ("edit", .string(row.key)), ("landed", number(row.landed)),
                                ("firstDifferencesAfter", number(row.differing)),
                            ])
                        })
                ),
            ]))
    }
}

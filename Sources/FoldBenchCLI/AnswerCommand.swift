import ArrangementModel
import Fixtures
import Support
import Variants

/// `foldbench answer --fixtures DIR`: a variant's answers to a fixture set, frame by
/// frame, in the format `foldbench check` reads (what another implementation writes).
enum AnswerCommand: Command {
    static let fixtures = CommandSpec.Option(
        "--fixtures", value: "DIR", help: "The fixture folder ('foldbench fixtures') to answer (required).")
    static let output = CommandSpec.Option(
        "--out", value: "ANSWERS.jsonl", help: "Where to write (default: standard output).")
    static let spec = CommandSpec(
        name: "answer",
        summary: "Write a variant's answers to conformance fixtures, one JSON line per frame.",
        options: [fixtures, .variant, .variantLibraries, output] + CommandSpec.Option.jsonLimits + [.maxArrangements],
        details: """
            The variant (default: reference) prepares each scenario's tree once and relayouts
            its frames in order, so a variant that remembers is answered as it runs. The
            first line names the fixture set and the variant; each next line is one frame:
            {"scenario": …, "frame": N, "panes": […]}. See docs/fixtures.md.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let directory = arguments.value(fixtures) else {
            throw UsageError("\(fixtures.name) DIR is required", command: spec)
        }
        let entry = try Libraries.variant(
            arguments, fallback: VariantList.referenceName, place: directory, command: spec)
        let set = try FixtureFiles.load(directory)
        let out = try FixtureFiles.Output(path: arguments.value(output), console: console)
        do {
            try out.write(FixtureFormat.answersHeaderLine(set: set.identity, implementation: entry.name.rawValue) + "\n")
            for scenarioEntry in set.scenarios {
                let scenario = try FixtureFiles.scenario(scenarioEntry, in: directory)
                let contexts = scenario.frames.map { scenario.contexts[$0] }
                let loop = entry.frameLoop(scenario.tree, contexts, now: { 0 })
                var line = ""
                for (frame, context) in contexts.enumerated() {
                    loop.relayout(context) { resolution in
                        FixtureFormat.appendAnswerLine(
                            scenario: scenario.name, frame: frame, panes: resolution.panes, to: &line)
                    }
                    try out.write(line)
                    line = ""
                }
            }
            try out.finish()
        } catch {
            out.abandon()
            throw error
        }
        if let path = arguments.value(output) { console.err("wrote \(path)\n") }
        return 0
    }
}

import ArrangementModel
import Fixtures
import Runs
import Support
import Variants
import Workers

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

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let directory = arguments.value(fixtures) else {
            throw UsageError("\(fixtures.name) DIR is required", command: spec)
        }
        let libraries = try Libraries.load(arguments)
        let name = arguments.variantName(.variant) ?? VariantList.referenceName
        let library = libraries.first { $0.name == name }
        let entry = try library.map(\.entry) ?? VariantLookup.named(name, command: spec)
        let set = try FixtureFiles.load(directory)
        let out = try FixtureFiles.Output(path: arguments.value(output), console: console)
        do {
            try out.write(
                FixtureFormat.answersHeaderLine(set: set.identity, implementation: entry.name.rawValue) + "\n")
            if let library {
                try answerInWorker(library, directory: directory, out: out)
            } else {
                try answer(entry, set: set, directory: directory, out: out)
            }
            try out.finish()
        } catch {
            out.abandon()
            throw error
        }
        if let path = arguments.value(output) { console.err("wrote \(path)\n") }
        return .success
    }

    /// A built-in variant's answers, in this process.
    static func answer(_ entry: VariantEntry, set: FixtureSet, directory: String, out: FixtureFiles.Output) throws {
        for scenarioEntry in set.scenarios {
            let scenario = try FixtureFiles.scenario(scenarioEntry, in: directory)
            let contexts = scenario.frames.map { scenario.contexts[$0] }
            let loop = entry.frameLoop(scenario.trees, contexts, now: { 0 })
            var line = ""
            for frame in contexts.indices {
                loop.relayout(frame: frame) { resolution in
                    FixtureFormat.appendAnswerLine(
                        scenario: scenario.name, frame: frame, panes: resolution.panes, to: &line)
                }
                try out.write(line)
                line = ""
            }
        }
    }

    /// A library's answers, from a worker: a failure names the scenario and frame it was answering.
    static func answerInWorker(_ library: LibraryInfo, directory: String, out: FixtureFiles.Output) throws {
        var request = WorkRequest(.answer)
        request.libraries = [library.path]
        request.libraryPaths = [library.absolute]
        request.variants = [library.name.rawValue]
        request.fixtures = absolutePath(directory)
        var writeError: RunFailure?
        try Libraries.run(request) { reply in
            guard case .answers(let lines) = reply, writeError == nil else { return }
            do { try out.write(lines) } catch {
                writeError = error as? RunFailure ?? RunFailure(.badInput, "\(error)")
            }
        }
        if let writeError { throw writeError }
    }
}

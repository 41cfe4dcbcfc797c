import ArrangementModel
import Fixtures
import Foundation
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workloads

/// `foldbench fixtures --out DIR`: every frame's context and the reference's answer,
/// for implementations FoldBench cannot load (`docs/fixtures.md`).
enum FixturesCommand: Command {
    static let output = CommandSpec.Option("--out", value: "DIR", help: "The fixture folder to write (required).")
    // `run`'s options by name, with what they mean here.
    static let suite = CommandSpec.Option(
        "--suite", value: "NAME",
        help:
            "A suite's scenarios (\(Suite.allCases.map(\.rawValue).joined(separator: ", "))) instead of the default set."
    )
    static let frames = CommandSpec.Option(
        "--frames", value: "N",
        help: "Frames in each scenario (default 300: 2.5 s at 120 Hz, a period of every motion).")
    static let direction = CommandSpec.Option(
        "--layout-direction", value: "DIR",
        help: "Every scenario in this direction (default: the default set alternates; chosen scenarios leftToRight).")
    static let spec = CommandSpec(
        name: "fixtures",
        summary: "Write conformance fixtures: every frame's context and the reference's answer, as JSON Lines.",
        arguments: "[SCENE.json ...]", positionals: 0...1000,
        options: [
            output, suite, .scenario, frames, .refreshRate, direction, .deviceFiles, .motionFiles,
        ] + CommandSpec.Option.jsonLimits + [.maxArrangements],
        details: """
            Writes DIR/fixtures.json (the set's identity and its scenarios) and one JSON Lines
            file per scenario: the tree as a scene, the frames as context numbers, and each
            distinct context once with the reference's answer. Scene files are scenarios of
            one frame in their own context. With no suite, scenario or scene: the default set,
            every shipped device with every motion and trace on the shipped scenes (and
            balanced-d4 on iphone-duo, hinged-duo and the tri-fold), random-n100 on the
            tri-fold in four motions, every other device right to left, and 100 generated
            trees each over a walk of 8 contexts, the same trees edited, and the edit rules' own
            scenarios (also chosen alone with --scenario edit-rules). A scenario run right to left whose tree
            states no direction is named MOTION/TREE/DEVICE@rightToLeft. Implementations
            answer them for 'foldbench check'; the format is in docs/fixtures.md.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let directory = arguments.value(output) else {
            throw UsageError("\(output.name) DIR is required", command: spec)
        }
        try FixtureFiles.checkFolder(directory)
        let frames = try arguments.integer(Self.frames, in: 1...1_000_000, command: spec) ?? FixtureFiles.defaultFrames
        let refreshRate = try arguments.number(.refreshRate, in: 1...1000, command: spec) ?? 120
        let direction = try arguments.layoutDirection(command: spec)
        let catalog = try CatalogFiles.load(
            deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
        let scenarios = try chosenScenarios(arguments, catalog: catalog)
        // Scene files first read and checked, so a bad one stops the command before any work.
        let scenes = try arguments.positionals.map { path throws(RunFailure) in
            (path, try SceneFiles.load(path))
        }
        var writer = FixtureWriter(directory: directory)
        for (scenario, defaultDirection) in scenarios {
            let workload: Workload
            let direction = direction ?? defaultDirection
            do {
                workload = try Workload(
                    scenario, catalog: catalog, frames: frames, refreshRate: refreshRate, direction: direction)
            } catch {
                throw RunFailure(.badInput, "\(scenario): \(error)")
            }
            try writer.add(FixtureFiles.name(scenario, direction: direction), workload.trees, workload.contexts)
        }
        if usesDefaultSet(arguments) { try FixtureFiles.addGenerated(to: &writer) }
        if arguments.all(.scenario).contains(FixtureFiles.editRulesFamily) {
            try FixtureFiles.addEditRules(to: &writer)
        }
        for (path, scene) in scenes { try writer.add(path, TreeTimeline(scene.tree), [scene.context]) }
        console.err(try writer.finish() + "\n")
        return .success
    }

    /// The scenarios of `--suite` and `--scenario`, checked against the catalog; the
    /// default set when neither (nor a scene file) is given.
    static func chosenScenarios(_ arguments: ParsedArguments, catalog: Catalog) throws -> [(
        Scenario, LayoutDirection
    )] {
        // `edit-rules` names the edit rules' own scenarios, added after these.
        let names = arguments.all(.scenario).filter { $0 != FixtureFiles.editRulesFamily }
        var scenarios = try CatalogFiles.scenarios(suite: arguments.value(suite), names: names, command: spec)
        if usesDefaultSet(arguments) { return FixtureFiles.defaultScenarios(catalog: catalog) }
        var seen: Set<String> = []
        scenarios = scenarios.filter { seen.insert($0.description).inserted }
        try CatalogFiles.check(scenarios, in: catalog, option: .scenario, command: spec)
        return scenarios.map { ($0, .leftToRight) }
    }

    /// Whether the command writes the default set: no suite, scenario or scene file given.
    static func usesDefaultSet(_ arguments: ParsedArguments) -> Bool {
        arguments.value(suite) == nil && arguments.all(.scenario).isEmpty && arguments.positionals.isEmpty
    }
}

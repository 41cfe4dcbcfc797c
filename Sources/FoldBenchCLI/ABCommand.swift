import ChildProcesses
import Foundation
import Measurement
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workers
import Workloads

/// `foldbench ab`: compares the times of two builds inside one process per trial.
enum ABCommand: Command {
    static let defaultScenario = "fold-cycle/balanced-d8/iphone-duo"

    static let spec = CommandSpec(
        name: "ab", summary: "Compare the times of two builds, loaded side by side, over trials.",
        options: [
            .abBaseline, .abCandidate, .abScenario, .abVariant, .pair, .abThreshold, .maxTime, .maxTrials, .layouts,
            .frames,
            .placements, .seed, .format, .gateSlower, .confirm, .timeDifferentAnswers, .buildCache, .deviceFiles,
            .motionFiles,
            .baselineLibrary, .candidateLibrary, .variantLibraries,
        ],
        details: """
            Each build is compiled once for code layouts (every function in its own section,
            aligned to 64 bytes) and linked again by lld in a shuffled order per layout, on
            demand; trials take the layouts two at a time, so that the interval covers where
            the linker puts the code (a library given by path has its one layout). Each trial
            is a fresh process that loads both builds' plugin libraries side by side, checks
            that both give the same answers on the scenario (the timeline's checksum), then
            lets them take turns, a batch of at least 1 ms each, in a random order each round
            (64 rounds), each build in --placements copies loaded at addresses of their own
            and prepared at heap offsets of their own, round r on placement r mod N. A trial's
            result is the mean over placements of each placement's median candidate/baseline time
            ratios; a pair of layouts' result the mean of its trials' log ratios, and these
            are the unit of the statistics: a 95 % t interval on their mean, shared over the
            comparisons (Bonferroni). The layout spread is how far one pair of layouts'
            ratio lies from that mean (95 %), a note says when it exceeds the threshold.
            Verdicts: slower (the interval above 1 + threshold), faster (below 1/(1 + threshold)),
            same (inside), inconclusive. A verdict is looked for at 6, 10, 20, 40, 80 trials and at
            the last (--max-trials, --max-time), the error shared over those looks too; trials
            are added while inconclusive. A note says when the trials could not resolve the
            threshold (an interval wider than ±threshold): same was out of reach. With --baseline-library and --candidate-library the
            two builds are of a variant in a shared library (the C interface), each checked
            in a child process first and timed in the working tree's harness: the harness's
            code layouts vary, the libraries' own code (not built by FoldBench) does not.
            With --variant-library, a library's variant named by --variant is loaded by both
            builds' plug-ins: the two harnesses compared on it. Exit status — 0; 1 with --gate when a comparison is slower;
            2 for a build that cannot be built or loaded, a scenario or variant it lacks, or bad usage.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        var request = try Request(arguments)
        if arguments.value(.baselineLibrary) != nil || arguments.value(.candidateLibrary) != nil {
            return try compareLibraries(arguments, request, console: console)
        }
        let cache = arguments.value(.buildCache) ?? Builds.defaultCache
        // The change's own base by default, as the count gate's (`compare --base auto`).
        let baselineSpec = try BaseRun.resolve(arguments.value(.abBaseline) ?? "auto")
        if arguments.value(.abCandidate) == nil, let note = ABTrials.sameProgram(baselineSpec) {
            console.err(note + "\n")
            switch request.format {
            case .json:
                console.out("{\"schemaVersion\": 1, \"kind\": \"ab\", \"sameSources\": true, \"results\": []}\n")
            default: console.out("**Not timed**: \(note).\n")
            }
            return .success
        }
        let baselineLayouts = try Builds.pluginLayouts(baselineSpec, cache: cache, console: console)
        let candidateSpec = arguments.value(.abCandidate)
        let candidateLayouts =
            try candidateSpec.map { spec throws(RunFailure) in
                try Builds.pluginLayouts(spec, cache: cache, console: console)
            }
            ?? Builds.workingTreeLayouts(console: console)
        if let note = ABTrials.layoutNote(baselineLayouts, candidateLayouts, &request.options) { console.err(note) }
        let (baselinePlugin, candidatePlugin) = (try baselineLayouts.library(0), try candidateLayouts.library(0))
        let experiment = ABTrials.experiment(
            request.options, comparisons: request.scenarios.count * request.pairs.count, baseline: baselineLayouts,
            candidate: candidateLayouts, timeDifferentAnswers: arguments.flag(.timeDifferentAnswers))
        let sides = try sides(request, arguments, baselinePlugin, candidatePlugin)
        return try ABTrials.confirming(experiment, confirm: arguments.flag(.confirm), console: console) { experiment in
            var request = request
            request.options.seed = experiment.options.seed
            let results = try ABTrials.run(experiment, request.scenarios, sides, console: console)
            return report(
                results, request, baseline: baselineSpec, candidate: candidateSpec ?? "the working tree",
                arguments: arguments, console: console)
        }
    }

    /// Each pair's two sides. A library's variant (`--variant-library`) is checked in a
    /// worker, then loaded by both builds' plug-ins: the two harnesses compared on it.
    static func sides(_ request: Request, _ arguments: ParsedArguments, _ baseline: String, _ candidate: String)
        throws(RunFailure) -> [(ABSide, ABSide)]
    {
        let libraries = try arguments.all(.variantLibraries).map { path throws(RunFailure) in
            try ABTrials.checkLibrary(path, scenarios: request.scenarios, options: request.options)
        }
        func library(_ name: VariantName) -> String? { libraries.first { $0.name == name }?.absolute }
        return request.pairs.map { old, new in
            (
                ABSide(label: "baseline", plugin: baseline, variant: old, library: library(old)),
                ABSide(label: "candidate", plugin: candidate, variant: new, library: library(new))
            )
        }
    }

    /// What the command line asks for, checked before anything is built.
    struct Request {
        var options = ABOptions()
        var format: OutputFormat
        /// Baseline and candidate variant names.
        var pairs: [(VariantName, VariantName)]
        var scenarios: [ScenarioName]

        init(_ arguments: ParsedArguments) throws {
            if let percent = try arguments.number(.abThreshold, in: 0...100, command: spec) {
                options.threshold = percent / 100
            }
            options.maximumSeconds =
                try arguments.number(.maxTime, in: 1...86_400, command: spec) ?? options.maximumSeconds
            // Five trials at least: fewer leave the t interval too wide to judge anything.
            options.maximumTrials =
                try arguments.integer(.maxTrials, in: options.minimumTrials...10_000, command: spec)
                ?? options.maximumTrials
            options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
            options.layouts = try arguments.integer(.layouts, in: 1...1_000, command: spec) ?? options.layouts
            options.seed = try arguments.seed(command: spec) ?? options.seed
            options.placements = try arguments.integer(.placements, in: 1...16, command: spec) ?? options.placements
            format = try arguments.format(command: spec)
            pairs = arguments.all(.abVariant).map { (VariantName($0), VariantName($0)) }
            pairs += try arguments.pairs(.pair, command: spec).map { (VariantName($0.old), VariantName($0.new)) }
            if pairs.isEmpty { pairs = [(VariantList.defaultCandidateName, VariantList.defaultCandidateName)] }
            scenarios = (arguments.all(.abScenario).isEmpty ? [defaultScenario] : arguments.all(.abScenario))
                .map(ScenarioName.init)
            var parsed: [Scenario] = []
            for scenario in scenarios {
                do { parsed.append(try Scenario(scenario.rawValue)) } catch {
                    throw UsageError("\(CommandSpec.Option.abScenario.name) \(error)", command: spec)
                }
            }
            // Read here too, so that a bad file fails before anything is built.
            options.deviceFiles = arguments.all(.deviceFiles).map(absolutePath)
            options.motionFiles = arguments.all(.motionFiles).map(absolutePath)
            let catalog = try CatalogFiles.load(deviceFiles: options.deviceFiles, motionFiles: options.motionFiles)
            try CatalogFiles.check(parsed, in: catalog, option: .abScenario, command: spec)
        }
    }

    /// Prints the results in the request's format; failed when `--gate` is given and a comparison is slower.
    static func report(
        _ results: [ABResult], _ request: Request, baseline: String, candidate: String, arguments: ParsedArguments,
        console: Console
    ) -> ExitStatus {
        let threshold = request.options.threshold
        switch request.format {
        case .markdown:
            console.out(ABReport.markdown(results, baseline: baseline, candidate: candidate, threshold: threshold))
        case .json: console.out(ABReport.json(results, options: request.options))
        case .table: console.out(ABReport.table(results, threshold: threshold))
        }
        let slower = results.contains { $0.estimate.verdict == .slower }
        return arguments.flag(.gateSlower) && slower ? .failed : .success
    }

    /// `ab --baseline-library A.so --candidate-library B.so`: two builds of a library's
    /// variant, each checked in a child process, then timed in trials of the working
    /// tree's harness (its code layouts varied; the libraries' not).
    static func compareLibraries(_ arguments: ParsedArguments, _ request: Request, console: Console) throws
        -> ExitStatus
    {
        guard let baselinePath = arguments.value(.baselineLibrary),
            let candidatePath = arguments.value(.candidateLibrary)
        else {
            throw UsageError(
                "\(CommandSpec.Option.baselineLibrary.name) and \(CommandSpec.Option.candidateLibrary.name) go together",
                command: spec)
        }
        for option in [CommandSpec.Option.abBaseline, .abCandidate, .abVariant, .pair]
        where arguments.value(option) != nil {
            throw UsageError(
                "\(option.name) does not go with \(CommandSpec.Option.baselineLibrary.name)", command: spec)
        }
        let (options, scenarios) = (request.options, request.scenarios)
        var sides: [ABSide] = []
        for (label, path) in [("baseline", baselinePath), ("candidate", candidatePath)] {
            let library = try ABTrials.checkLibrary(path, scenarios: scenarios, options: options)
            sides.append(ABSide(label: label, plugin: "", variant: library.name, library: library.absolute))
        }
        let layouts = try Builds.workingTreeLayouts(console: console)
        console.err(
            "note: the libraries were not built by foldbench: their code has one layout each; the interval covers the harness's layouts only\n"
        )
        let experiment = ABTrials.experiment(
            options, comparisons: scenarios.count, baseline: layouts, candidate: layouts,
            timeDifferentAnswers: arguments.flag(.timeDifferentAnswers))
        let note = " (a library: one code layout, not varied)"
        return try ABTrials.confirming(experiment, confirm: arguments.flag(.confirm), console: console) { experiment in
            var request = request
            request.options.seed = experiment.options.seed
            let results = try ABTrials.run(experiment, scenarios, [(sides[0], sides[1])], console: console)
            return report(
                results, request, baseline: baselinePath + note, candidate: candidatePath + note,
                arguments: arguments, console: console)
        }
    }
}

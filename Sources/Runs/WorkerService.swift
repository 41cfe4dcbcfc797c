import ArrangementModel
import Drawings
import Fixtures
import Measurement
import Reports
import SceneFormat
import Support
import VariantLibraries
import Variants
import Workers
import Workloads

/// The serving side of a worker (`foldbench worker`): what it does with one
/// ``WorkRequest``, its replies on the channel, and what it checks of the libraries it
/// loaded. Every failure ends the worker with its reply (``WorkerChannel/fail``).
public enum WorkerService {
    /// Reads the request its supervisor wrote and serves it; a process not started by a
    /// supervisor (no channel, no crumb) is refused.
    public static func run() throws(RunFailure) {
        guard WorkerCrumb.attach() else {
            throw RunFailure(.badInput, "the worker is started by foldbench itself, with its channel and crumb")
        }
        let request: WorkRequest
        do { request = try WorkerChannel.readRequest() } catch {
            WorkerChannel.fail(.badInput, "the worker's request is unreadable: \(error)")
        }
        serve(request)
    }

    /// Loads the request's libraries, does its work, replies `done`.
    public static func serve(_ request: WorkRequest) {
        WorkerCrumb.phase(.loading)
        let libraries = loadLibraries(request)
        serve(request, libraries)
        checkNoProcessLeft(libraries)
        WorkerCrumb.finished()
        WorkerChannel.send(.done)
    }

    /// The request's work; a failure ends the worker with its reply.
    public static func serve(_ request: WorkRequest, _ libraries: [VariantLibrary]) {
        do {
            switch request.kind {
            case .describe:
                for library in libraries {
                    WorkerChannel.send(
                        .library(
                            path: library.displayPath, name: library.name.rawValue, summary: library.summary,
                            frameMemory: Int(library.frameMemory.rawValue), interface: Int(library.version),
                            takesEdits: library.takesEdits))
                }
            case .run: try measure(request, libraries)
            case .count: try count(request, libraries)
            case .answer: try answer(request, libraries)
            case .resolve: try resolve(request, libraries)
            case .abTrial: try trial(request)
            }
        } catch let failure as VerificationFailure {
            // A library's variant is named by its library too, as every other refusal of it is.
            let library = libraries.first { $0.name == failure.variant }.map { "library \($0.displayPath): " } ?? ""
            WorkerChannel.fail(.failed, library + failure.description, page: page(of: failure))
        } catch let violation as RuleViolation {
            let index = libraries.firstIndex { $0.name == violation.variant } ?? -1
            WorkerChannel.refuse(library: index, violation.problem)
        } catch let error as InputError {
            WorkerChannel.fail(.badInput, error.description)
        } catch let failure as RunFailure {
            WorkerChannel.fail(failure.exit, failure.message)
        } catch {
            WorkerChannel.fail(.badInput, "\(error)")
        }
    }

    /// Every library of the request, loaded in order; a bad one ends the request.
    public static func loadLibraries(_ request: WorkRequest) -> [VariantLibrary] {
        var libraries: [VariantLibrary] = []
        for (index, path) in request.libraryPaths.enumerated() {
            do {
                libraries.append(
                    try VariantLibrary(path: path, displayPath: request.libraries[index], index: index))
            } catch {
                WorkerChannel.fail(error.exitStatus, error.description)
            }
            checkNoProcessLeft(libraries)
        }
        return libraries
    }

    /// A library may start no process (rule 5): one still running, or ended unreaped, is seen here.
    public static func checkNoProcessLeft(_ libraries: [VariantLibrary]) {
        guard WorkerCrumb.libraryStartedProcess() else { return }
        let index = Int(WorkerCrumb.crumb?.pointee.last_library ?? -1)
        // Ended here, with those it orphaned (the worker is their subreaper), so that nothing
        // it started outlives the worker.
        let ended = WorkerCrumb.endChildren()
        let note =
            ended > 0 ? "; the worker ended \(ended) process\(ended == 1 ? "" : "es") still running" : ""
        WorkerChannel.refuse(
            library: index, "started a process (rule 5: a library starts nothing)\(note)",
            place: "(found \(WorkerChannel.place))")
    }

    /// The request's variants: built-in ones by name, then the libraries'.
    public static func variants(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws -> [VariantEntry] {
        let entries = libraries.map { $0.entry() }
        return try request.variants.map { name throws(RunFailure) in
            do { return try VariantList.lookUp(VariantName(name), libraries: entries) } catch {
                throw RunFailure(.badInput, "\(error)")
            }
        }
    }

    public static func runner(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws -> (Runner, [Scenario]) {
        let options = try RunOptions(planJSON: JSONReader(request.options, path: "options"))
        let catalog = try CatalogFiles.load(deviceFiles: request.deviceFiles, motionFiles: request.motionFiles)
        let scenarios = try request.scenarios.map { try Scenario($0) }
        return (Runner(options: options, variants: try variants(request, libraries), catalog: catalog), scenarios)
    }

    public static func measure(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws {
        let (runner, scenarios) = try runner(request, libraries)
        let results = try runner.run(scenarios) { progress in
            WorkerChannel.send(
                .progress(
                    scenario: progress.scenario, phase: progress.phase, index: progress.scenarioIndex,
                    count: progress.scenarioCount, elapsedSeconds: progress.elapsedSeconds))
        }
        let report = Report(environment: RunEnvironment.current(), options: runner.options, results: results)
        var changes: [String: [String]] = [:]
        for result in results { changes[result.scenario.rawValue] = result.frameChanges }
        checkNoProcessLeft(libraries)
        WorkerChannel.send(.report(report.json(), frameChanges: changes))
    }

    public static func count(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws {
        guard InstructionCounter.isUnderValgrind else {
            throw RunFailure(.badInput, "a count request runs under callgrind only")
        }
        let (runner, scenarios) = try runner(request, libraries)
        WorkerCrumb.phase(.counting)
        try runner.countInstructionLoops(scenarios, perFrame: request.perFrame) { progress in
            WorkerChannel.send(
                .progress(
                    scenario: progress.scenario, phase: progress.phase, index: progress.scenarioIndex,
                    count: progress.scenarioCount, elapsedSeconds: progress.elapsedSeconds))
        }
    }

    /// Each fixture scenario's frames in order, one prepared value each, a reply per scenario.
    public static func answer(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws {
        guard let directory = request.fixtures, let name = request.variants.first else {
            throw RunFailure(.badInput, "an answer request names its fixtures and variant")
        }
        let entry = try variants(request, libraries).first!
        let set = try FixtureFiles.load(directory)
        for (index, scenarioEntry) in set.scenarios.enumerated() {
            WorkerCrumb.phase(.preparing)
            let scenario = try FixtureFiles.scenario(scenarioEntry, in: directory)
            WorkerChannel.send(
                .progress(
                    scenario: scenario.name, phase: "answering", index: index + 1, count: set.scenarios.count,
                    elapsedSeconds: 0))
            let contexts = scenario.frames.map { scenario.contexts[$0] }
            let loop = entry.frameLoop(scenario.trees, contexts, now: { 0 })
            WorkerCrumb.phase(.answering)
            var lines = ""
            for frame in contexts.indices {
                WorkerCrumb.step(.frame, frame)
                loop.relayout(frame: frame) { resolution in
                    FixtureFormat.appendAnswerLine(
                        scenario: scenario.name, frame: frame, panes: resolution.panes, to: &lines)
                }
                // Replies of a few hundred KiB: a large tree's scenario is never one huge line.
                if lines.utf8.count > 256 << 10 {
                    WorkerChannel.send(.answers(lines))
                    lines = ""
                }
            }
            if let problem = loop.audit() { throw RuleViolation(variant: VariantName(name), problem: problem) }
            checkNoProcessLeft(libraries)
            if !lines.isEmpty { WorkerChannel.send(.answers(lines)) }
        }
    }

    public static func resolve(_ request: WorkRequest, _ libraries: [VariantLibrary]) throws {
        guard let text = request.scene else { throw RunFailure(.badInput, "a resolve request carries its scene") }
        let scene = try SceneDecoder.decode(try JSONReader.document(Array(text.utf8), limits: .unlimitedForChannel))
        let entry = try variants(request, libraries).first!
        WorkerCrumb.phase(.answering, scenario: 0)
        WorkerCrumb.step(.frame, 0)
        let loop = entry.frameLoop(scene.tree, [scene.context], now: { 0 })
        let panes = loop.relayout(scene.context) { $0.bitPatterns }
        checkNoProcessLeft(libraries)
        WorkerChannel.send(.resolution(panes))
    }

    /// One trial of `ab`: both builds' plug-ins loaded here, side by side (`ABTrial.run`).
    public static func trial(_ request: WorkRequest) throws {
        guard request.plugins.count == 2, request.variants.count == 2, request.pluginLibraries.count == 2,
            let scenario = request.scenarios.first
        else { throw RunFailure(.badInput, "an ab trial names two plug-ins, two variants and a scenario") }
        var options = ABOptions()
        options.frames = request.frames
        options.seed = request.seed
        options.placements = request.placements
        options.deviceFiles = request.deviceFiles
        options.motionFiles = request.motionFiles
        let sides = (0..<2).map { index in
            ABSide(
                label: index == 0 ? "baseline" : "candidate", plugin: request.plugins[index],
                variant: VariantName(request.variants[index]),
                library: request.pluginLibraries[index].isEmpty ? nil : request.pluginLibraries[index])
        }
        WorkerCrumb.phase(.timing, scenario: 0)
        let trial: ABTrial
        do {
            trial = try ABTrial.run(
                scenario: ScenarioName(scenario), baseline: sides[0], candidate: sides[1], options: options,
                timeDifferentAnswers: request.timeDifferentAnswers)
        } catch {
            throw RunFailure(.badInput, "\(error)")
        }
        WorkerChannel.send(.trial(trial.json))
    }

    /// The page of a disagreement: both layouts at the frame, the differing panes outlined.
    public static func page(of failure: VerificationFailure) -> String? {
        guard let evidence = failure.evidence else { return nil }
        return DisagreementPage.html(
            heading: "\(failure.scenario), frame \(failure.frame)",
            notes: [
                failure.history.contains("its context: ")
                    ? failure.history
                    : "\(failure.history); its context: \(ResolutionComparison.describe(evidence.context))",
                "first difference: \(failure.difference)",
            ],
            variant: failure.variant.rawValue, tree: evidence.tree, context: evidence.context,
            expected: evidence.expected,
            got: evidence.got, expectedName: evidence.expectedName)
    }
}

import Charts
import ChildProcesses
import Foundation
import Measurement
import Profiling
import Reports
import Support
import Variants
import Workers
import Workloads

/// `foldbench profile`: where one variant's relayout loop spends its instructions,
/// per function, per source line and per stack, and what changed since another build.
enum ProfileCommand: Command {
    static let spec = CommandSpec(
        name: "profile", summary: "Profile a variant's loop under callgrind: functions, lines, flame graphs, diffs.",
        options: [
            .profileScenario, .profileVariant, .profileFrames, .lines, .systemLines, .cacheSimulation, .profileBaseline,
            .top,
            .profileOut, .buildCache, .deviceFiles, .motionFiles, .variantLibraries,
        ],
        details: """
            Runs a worker under callgrind (valgrind), counting only the
            relayout loop (prepare and warm-up excluded), with costs per instruction and
            per chain of callers. A stripped copy runs, since valgrind 3.19 cannot read the
            toolchain's debug information; llvm-symbolizer maps the addresses back to
            files, lines and inlined frames on the original. A line's cost is its own
            instructions plus those inlined into it from code that is not in the source
            tree. Writes into OUT/MOTION_TREE_DEVICE/: VARIANT.callgrind.out (the costs at
            those files and lines, for callgrind_annotate --auto=yes or kcachegrind),
            VARIANT.callgrind.addresses.out (callgrind's own dump: addresses and the call
            graph, naming the deleted stripped copy), VARIANT.folded (folded stacks),
            VARIANT.flame.svg (a flame graph) and VARIANT.lines.html (the annotated source);
            with --baseline also VARIANT.baseline.folded and VARIANT.diff.svg (a
            differential flame graph: red grew, blue shrank). --cache-sim uses 32 KiB L1
            caches and an 8 MiB last level, so its figures do not depend on the machine;
            estimated cycles = L1 hits + 5 x last-level hits + 35 x memory accesses.
            A library's variant is first checked and timed briefly as 'run' would (every
            frame, checked again after timing), in a worker of its own; a library that
            breaks a rule is refused (exit 1) before anything is profiled.
            Exit status 2 when valgrind or a build is missing or the scenario is unknown.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let request = try Request(arguments)
        // The output folder before anything is profiled: a run never ends unwritable.
        do { try ResultFiles.checkWritable(request.out) } catch {
            throw CommandFailure(.badInput, "\(error) (nothing profiled)")
        }
        let sources = SourceFiles()
        // The other build first: a revision that cannot be built fails before any profiling.
        let baseline = try request.baseline.map { spec throws(CommandFailure) in
            (spec, try Builds.product(.executable, of: spec, cache: request.cache, console: console))
        }
        console.err("profiling \(request.scenario) \(request.variant) under callgrind...\n")
        // A library's code runs only in a worker; a built-in variant's loop is counted by
        // `count-instructions`, as another build's is, so that the two builds' stacks compare.
        let (profile, raw) = try profileBuild(Supervisor.workerExecutable, request, inWorker: request.library != nil)
        let view = ProfileText(profile: profile, relayouts: request.frames, source: sources.lines)
        console.out("\(request.title)\n\(view.summary)\n\n\(view.functionTable(count: request.top))")
        if request.lines {
            console.out("\n\(view.lineTable(count: request.top))\n\(view.hotLoop())")
        }
        var written = try write(profile, raw: raw, view: view, request)
        if let (spec, executable) = baseline {
            console.err("profiling \(spec) under callgrind...\n")
            let (before, _) = try profileBuild(executable, request, inWorker: false)
            let diff = ProfileDiff(
                before: before, after: profile, systemLines: request.systemLines, text: sources.text)
            console.out(
                "\nchanges since \(spec):\n\(ProfileText.diffTables(diff, relayouts: request.frames, count: request.top))"
            )
            written += try writeDiff(before: before, after: profile, baseline: spec, request)
        }
        console.err("wrote \(request.out)/\(request.variant).{\(written.joined(separator: ","))}\n")
        return .success
    }

    /// What the command line asks for, checked: a library's variant is checked in a child here.
    struct Request {
        var scenario: Scenario
        var variant: VariantName
        var frames: Int
        /// The device, motion and library files, as options for the callgrind child.
        var files: [String]
        var top: Int
        var lines: Bool
        /// `--system-lines`: the diff's line table keeps the C library's and runtime's lines.
        var systemLines: Bool
        var cacheSimulation: Bool
        /// The folder of this scenario's files.
        var out: String
        var baseline: String?
        var cache: String
        /// The library whose variant is profiled, if it is one.
        var library: LibraryInfo?
        var deviceFiles: [String]
        var motionFiles: [String]

        var title: String { "\(scenario), \(variant): \(frames) relayouts" }

        init(_ arguments: ParsedArguments) throws {
            guard let scenarioName = arguments.value(.profileScenario) else {
                throw UsageError("\(CommandSpec.Option.profileScenario.name) is required", command: spec)
            }
            do { scenario = try Scenario(scenarioName) } catch {
                throw UsageError("\(CommandSpec.Option.profileScenario.name) \(error)", command: spec)
            }
            files =
                arguments.all(.deviceFiles).map(absolutePath).flatMap { [CommandSpec.Option.deviceFiles.name, $0] }
                + arguments.all(.motionFiles).map(absolutePath).flatMap { [CommandSpec.Option.motionFiles.name, $0] }
            let catalog = try CatalogFiles.load(
                deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
            try CatalogFiles.check([scenario], in: catalog, option: .profileScenario, command: spec)
            let libraries = try Libraries.load(arguments)
            variant = try VariantLookup.named(
                arguments.variantName(.profileVariant) ?? VariantList.defaultCandidateName,
                libraries: libraries.map(\.entry), command: spec
            ).name
            frames = try arguments.integer(.profileFrames, in: 1...100_000, command: spec) ?? 120
            top = try arguments.integer(.top, in: 1...10_000, command: spec) ?? 15
            lines = arguments.flag(.lines)
            systemLines = arguments.flag(.systemLines)
            cacheSimulation = arguments.flag(.cacheSimulation)
            out =
                "\(arguments.value(.profileOut) ?? ResultsDirectory.defaultProfile)/\(scenario.description.replacingOccurrences(of: "/", with: "_"))"
            baseline = arguments.value(.profileBaseline)
            cache = arguments.value(.buildCache) ?? Builds.defaultCache
            deviceFiles = arguments.all(.deviceFiles).map(absolutePath)
            motionFiles = arguments.all(.motionFiles).map(absolutePath)
            // A library's variant: checked (and timed briefly, then checked again) in a
            // worker first, as `run` would; the other build's child loads it by path.
            if let library = libraries.first(where: { $0.name == variant }) {
                self.library = library
                files += [CommandSpec.Option.variantLibraries.name, library.absolute]
                var check = workRequest(.run)
                check.timePerScenario = 0.2
                try Libraries.run(check) { _ in }
            }
        }

        /// The worker's request for this profile: the scenario, the variant, its library.
        func workRequest(_ kind: WorkRequest.Kind) -> WorkRequest {
            var request = WorkRequest(kind)
            request.libraries = library.map { [$0.path] } ?? []
            request.libraryPaths = library.map { [$0.absolute] } ?? []
            request.scenarios = [scenario.description]
            request.variants = [variant.rawValue]
            request.frames = frames
            request.deviceFiles = deviceFiles
            request.motionFiles = motionFiles
            request.measureFloor = kind == .run
            return request
        }
    }

    /// The profile's files; the suffixes written.
    static func write(_ profile: Profile, raw: String, view: ProfileText, _ request: Request) throws -> [String] {
        let (out, variant) = (request.out, request.variant)
        let flame = FlameGraph.svg(profile.folded(), title: request.title, unit: "instructions")
        do {
            let command =
                "foldbench profile --scenario \(request.scenario) --variant \(variant) --frames \(request.frames)"
            try ResultFiles.writeAtomically(
                profile.callgrindLines(command: command), to: "\(out)/\(variant).callgrind.out")
            try ResultFiles.writeAtomically(raw, to: "\(out)/\(variant).callgrind.addresses.out")
            try ResultFiles.writeAtomically(profile.folded().text, to: "\(out)/\(variant).folded")
            try ResultFiles.writeAtomically(flame, to: "\(out)/\(variant).flame.svg")
            let links = [
                ("flame graph", "\(variant).flame.svg"), ("folded stacks", "\(variant).folded"),
                ("callgrind profile", "\(variant).callgrind.out"),
            ]
            try ResultFiles.writeAtomically(
                ProfileHTML.page(view, title: request.title, flameGraph: flame, links: links),
                to: "\(out)/\(variant).lines.html")
        } catch {
            throw CommandFailure(.badInput, error.description)
        }
        return ["callgrind.out", "callgrind.addresses.out", "folded", "flame.svg", "lines.html"]
    }

    /// The baseline's folded stacks and the differential flame graph; the suffixes written.
    static func writeDiff(before: Profile, after: Profile, baseline: String, _ request: Request) throws -> [String] {
        let (out, variant) = (request.out, request.variant)
        do {
            try ResultFiles.writeAtomically(before.folded().text, to: "\(out)/\(variant).baseline.folded")
            try ResultFiles.writeAtomically(
                FlameGraph.differentialSVG(
                    before: loopStacks(before), after: loopStacks(after),
                    title: "\(request.title): \(baseline) → this build", unit: "instructions"),
                to: "\(out)/\(variant).diff.svg")
        } catch {
            throw CommandFailure(.badInput, error.description)
        }
        return ["baseline.folded", "diff.svg"]
    }

    /// A profile's stacks from the variant's relayout up, for a diff: the frames of the
    /// harness that drives it (named differently in older builds) are cut, and inlined
    /// frames are not marked, so that a function inlined in one build and called in the
    /// other is one frame.
    static func loopStacks(_ profile: Profile) -> FoldedStacks {
        var stacks = FoldedStacks()
        for sample in profile.samples where sample.values[0] != 0 {
            stacks.add(
                sample.stack.map { $0.hasSuffix(" [inlined]") ? String($0.dropLast(" [inlined]".count)) : $0 },
                sample.values[0])
        }
        return stacks.rerooted(
            below: { frame in
                ["countInstructionLoops", "FrameLoop"].contains { frame.contains($0) }
            }, driverName: "the frame loop")
    }

    /// The symbolized profile of one build's loop, and the dump as callgrind wrote it:
    /// this build's in a supervised worker, another build's by its `count-instructions`.
    static func profileBuild(_ executable: String, _ request: Request, inWorker: Bool) throws(CommandFailure) -> (
        Profile, String
    ) {
        let (scenario, variant) = (request.scenario.name, request.variant)
        let key = ResultKey(scenario: scenario, variant: variant)
        let dumps: CallgrindRun.Dumps
        let options = CallgrindRun.Options(perInstruction: true, cacheSimulation: request.cacheSimulation)
        do {
            if inWorker {
                dumps = try InstructionCounter.dumps(
                    request.workRequest(.count), executable: executable, options: options)
            } else {
                dumps = try CallgrindRun.run(
                    executable,
                    arguments: [
                        "count-instructions", "--scenario", scenario.rawValue, "--variant", variant.rawValue,
                        "--frames",
                        "\(request.frames)",
                    ] + request.files, options: options)
            }
        } catch let failure as WorkerFailure {
            throw CommandFailure(failure.status, failure.message)
        } catch {
            throw CommandFailure(.badInput, "\(error)")
        }
        guard let text = InstructionCounter.dump(of: key, in: dumps.texts) else {
            throw CommandFailure(.badInput, "\(executable) dumped no profile for \(key)")
        }
        do {
            let dump = try CallgrindProfile.parse(text)
            return (try Profile.symbolized(dump, objects: [dumps.ranAs: executable]), text)
        } catch let error as CallgrindProfile.FormatError {
            throw CommandFailure(.badInput, "the callgrind profile of \(key), \(error)")
        } catch {
            throw CommandFailure(.badInput, "\(error)")
        }
    }
}

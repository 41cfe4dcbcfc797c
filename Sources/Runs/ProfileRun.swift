import Charts
import Foundation
import Measurement
import Profiling
import Reports
import Support
import Variants
import Workers
import Workloads

/// What `profile` profiles: one scenario x variant, this build against another, if any.
public struct ProfilePlan {
    public var scenario: Scenario
    public var variant: VariantName
    public var frames: Int
    public var top: Int
    public var lines: Bool
    /// `--system-lines`: the diff's line table keeps the C library's and runtime's lines.
    public var systemLines: Bool
    public var cacheSimulation: Bool
    /// The folder of this scenario's files.
    public var out: String
    public var baseline: String?
    public var cache: String
    /// The library whose variant is profiled, if it is one.
    public var library: LibraryInfo?
    public var deviceFiles: [String]
    public var motionFiles: [String]

    public var title: String { "\(scenario), \(variant): \(frames) relayouts" }

    /// The device, motion and library files as options of `count-instructions`, the
    /// command another build is profiled by, named as its command line names them.
    public var files: [String] {
        deviceFiles.flatMap { ["--device-file", $0] } + motionFiles.flatMap { ["--motion-file", $0] }
            + (library.map { ["--variant-library", $0.absolute] } ?? [])
    }

    public init(
        scenario: Scenario, variant: VariantName, frames: Int, top: Int, out: String, cache: String,
        deviceFiles: [String], motionFiles: [String]
    ) {
        self.scenario = scenario
        self.variant = variant
        self.frames = frames
        self.top = top
        self.out = out
        self.cache = cache
        self.deviceFiles = deviceFiles
        self.motionFiles = motionFiles
        lines = false
        systemLines = false
        cacheSimulation = false
    }

    /// The worker's request for this profile: the scenario, the variant, its library.
    public func workRequest(_ kind: WorkRequest.Kind, timePerScenario: Double = 1) -> WorkRequest {
        var request = WorkRequest(kind)
        request.libraries = library.map { [$0.path] } ?? []
        request.libraryPaths = library.map { [$0.absolute] } ?? []
        request.scenarios = [scenario.description]
        request.variants = [variant.rawValue]
        request.deviceFiles = deviceFiles
        request.motionFiles = motionFiles
        var options = RunOptions()
        options.frames = frames
        options.measureFloor = kind == .run
        options.timePerScenario = timePerScenario
        request.options = options.planJSON
        return request
    }
}

/// Profiling one build's loop under callgrind and writing what it found (`profile`).
public enum ProfileRun {
    /// The profile's files; the suffixes written.
    public static func write(_ profile: Profile, raw: String, view: ProfileText, _ request: ProfilePlan) throws
        -> [String]
    {
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
            throw RunFailure(.badInput, error.description)
        }
        return ["callgrind.out", "callgrind.addresses.out", "folded", "flame.svg", "lines.html"]
    }

    /// The baseline's folded stacks and the differential flame graph; the suffixes written.
    public static func writeDiff(before: Profile, after: Profile, baseline: String, _ request: ProfilePlan) throws
        -> [String]
    {
        let (out, variant) = (request.out, request.variant)
        do {
            try ResultFiles.writeAtomically(before.folded().text, to: "\(out)/\(variant).baseline.folded")
            try ResultFiles.writeAtomically(
                FlameGraph.differentialSVG(
                    before: loopStacks(before), after: loopStacks(after),
                    title: "\(request.title): \(baseline) → this build", unit: "instructions"),
                to: "\(out)/\(variant).diff.svg")
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        return ["baseline.folded", "diff.svg"]
    }

    /// A profile's stacks from the variant's relayout up, for a diff: the frames of the
    /// harness that drives it (named differently in older builds) are cut, and inlined
    /// frames are not marked, so that a function inlined in one build and called in the
    /// other is one frame.
    public static func loopStacks(_ profile: Profile) -> FoldedStacks {
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
    public static func profileBuild(_ executable: String, _ request: ProfilePlan, inWorker: Bool) throws(RunFailure)
        -> (
            Profile, String
        )
    {
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
            throw RunFailure(failure.status, failure.message)
        } catch {
            throw RunFailure(.badInput, "\(error)")
        }
        guard let text = InstructionCounter.dump(of: key, in: dumps.texts) else {
            throw RunFailure(.badInput, "\(executable) dumped no profile for \(key)")
        }
        do {
            let dump = try CallgrindProfile.parse(text)
            return (try Profile.symbolized(dump, objects: [dumps.ranAs: executable]), text)
        } catch let error as CallgrindProfile.FormatError {
            throw RunFailure(.badInput, "the callgrind profile of \(key), \(error)")
        } catch {
            throw RunFailure(.badInput, "\(error)")
        }
    }
}

import Charts
import ChildProcesses
import Foundation
import Measurement
import Profiling
import Reports
import Runs
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
        let request = try ProfilePlan(arguments)
        // The output folder before anything is profiled: a run never ends unwritable.
        do { try ResultFiles.checkWritable(request.out) } catch {
            throw RunFailure(.badInput, "\(error) (nothing profiled)")
        }
        let sources = SourceFiles()
        // The other build first: a revision that cannot be built fails before any profiling.
        let baseline = try request.baseline.map { spec throws(RunFailure) in
            (spec, try Builds.product(.executable, of: spec, cache: request.cache, console: console))
        }
        console.err("profiling \(request.scenario) \(request.variant) under callgrind...\n")
        // A library's code runs only in a worker; a built-in variant's loop is counted by
        // `count-instructions`, as another build's is, so that the two builds' stacks compare.
        let (profile, raw) = try ProfileRun.profileBuild(
            Supervisor.workerExecutable, request, inWorker: request.library != nil)
        let view = ProfileText(profile: profile, relayouts: request.frames, source: sources.lines)
        console.out("\(request.title)\n\(view.summary)\n\n\(view.functionTable(count: request.top))")
        if request.lines {
            console.out("\n\(view.lineTable(count: request.top))\n\(view.hotLoop())")
        }
        var written = try ProfileRun.write(profile, raw: raw, view: view, request)
        if let (spec, executable) = baseline {
            console.err("profiling \(spec) under callgrind...\n")
            let (before, _) = try ProfileRun.profileBuild(executable, request, inWorker: false)
            let diff = ProfileDiff(
                before: before, after: profile, systemLines: request.systemLines, text: sources.text)
            console.out(
                "\nchanges since \(spec):\n\(ProfileText.diffTables(diff, relayouts: request.frames, count: request.top))"
            )
            written += try ProfileRun.writeDiff(before: before, after: profile, baseline: spec, request)
        }
        console.err("wrote \(request.out)/\(request.variant).{\(written.joined(separator: ","))}\n")
        return .success
    }
}

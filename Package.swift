// swift-tools-version: 6.0
import PackageDescription

/// With FOLDBENCH_OPTIMISED_TESTS set (scripts/test.sh and CI set it), the modules whose
/// loops the tests run millions of times (support, the model, the resolvers, the scene
/// generator and format, the fixtures, the timelines) are optimised in debug builds too:
/// the test suite then runs in about a third of the time, while the modules with the
/// most code to compile (the command line, the reports, the tests) build as fast as
/// before. Unset (a plain `swift build`, or a package that depends on this one), debug
/// builds are plain debug builds and no target carries an unsafe flag.
let optimisedInDebug: [SwiftSetting] =
    Context.environment["FOLDBENCH_OPTIMISED_TESTS"] == nil ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// FoldBench: a model of ArrangementView's layout rules (reference and fast resolvers)
/// and `foldbench`, the harness that replays fold animations and measures them.
///
/// Arrows point one way: the command line → reports (→ drawings of layouts → charts) → measurement → profiling,
/// workloads and variants → the scene generator and the scene format → resolvers →
/// the model → support (the JSON reader and writer with the input error, number text,
/// the seeded generator, FNV-1a: what every module needs and none owns). Child
/// processes sit beside support, under profiling, measurement and the command line. The
/// plugin library (for `foldbench ab`) sits beside the command line, on measurement.
/// Foundation is imported at the edges only: the command line, reports, measurement,
/// profiling, child processes and workloads (which reads the shipped device files); the
/// resolvers, the variant list, the scene generator, the scene format and support stay
/// free of it, so the fuzz targets build them alone.
let package = Package(
    name: "FoldBench",
    products: [
        .executable(name: "foldbench", targets: ["foldbench"]),
        // One build's resolvers and harness behind a C interface, for `foldbench ab`.
        .library(name: "FoldBenchPlugin", type: .dynamic, targets: ["FoldBenchPlugin"]),
        // What a Swift package of the user's own depends on to export a resolver variant
        // through the C interface in one line (examples/swift-variant is a template).
        .library(name: "FoldBenchVariantKit", targets: ["FoldBenchVariantKit", "ReferenceResolver"]),
        // The fast variant exported through the C interface for variants in libraries,
        // to measure what the interface costs (`fast-lib` beside the built-in `fast`).
        .library(name: "FoldBenchFastVariant", type: .dynamic, targets: ["FastVariantLibrary"]),
        // The modules the fuzz targets (the package in Fuzz/) reach into.
        .library(
            name: "FoldBenchKit",
            targets: [
                "Support", "ArrangementModel", "ReferenceResolver", "Variants", "SceneGenerator", "SceneFormat",
                "Workloads", "Reports", "Runs", "FoldBenchCLI",
            ]),
    ],
    targets: [
        // What every module needs and no module owns: the strict JSON reader and writer
        // with the input error every reader throws, input limits, number text, the
        // seeded generator (SplitMix64) and FNV-1a. No Foundation.
        .target(name: "Support", swiftSettings: optimisedInDebug),
        // The one way to start another program (git, swift, valgrind, foldbench itself):
        // both outputs read at once, input on a thread of its own. Foundation's `Process`.
        .target(name: "ChildProcesses"),
        // The contract's vocabulary: geometry, contexts, styles, the validated tree, results.
        .target(
            name: "ArrangementModel", dependencies: ["Support"], swiftSettings: optimisedInDebug,
            linkerSettings: [.linkedLibrary("m")]),
        // The executable contract: readable, recursive, allocates freely.
        .target(name: "ReferenceResolver", dependencies: ["ArrangementModel"], swiftSettings: optimisedInDebug),
        // Flat storage, order computed at prepare time, no allocation per frame.
        .target(name: "FastResolver", dependencies: ["ArrangementModel"], swiftSettings: optimisedInDebug),
        // The one list of resolver variants, and the loop that drives one over frames.
        .target(
            name: "Variants", dependencies: ["Support", "ArrangementModel", "ReferenceResolver", "FastResolver"],
            swiftSettings: optimisedInDebug),
        // The C interface of a variant in a shared library: foldbench_variant.h, the one header.
        .target(name: "CVariantInterface"),
        // The worker and its supervisor, the parts that must be C: the worker started in a
        // process group of its own with its channel and crumb, the fault handler that says
        // where a write landed, guarded pages for a library's panes and inputs.
        .target(name: "CWorker"),
        // Workers: a request and its replies (typed, with a JSON codec), the supervisor
        // that runs a request in a worker process and keeps its deadlines, the crumb.
        .target(name: "Workers", dependencies: ["Support", "ChildProcesses", "CWorker"]),
        // A tree as the C interface hands it over (flat C arrays), both ways.
        .target(
            name: "FlatTrees", dependencies: ["ArrangementModel", "CVariantInterface"], swiftSettings: optimisedInDebug),
        // Variants in shared libraries: loaded, checked for the interface's rules, driven
        // like built-in ones.
        .target(
            name: "VariantLibraries",
            dependencies: [
                "Support", "ArrangementModel", "Variants", "CVariantInterface", "FlatTrees", "CWorker", "Workers",
            ]),
        .target(
            name: "FastVariantLibrary",
            dependencies: ["ArrangementModel", "FastResolver", "CVariantInterface", "FlatTrees"]),
        // The seven entry points of foldbench_variant.h for any ResolverVariant, which the
        // user's package names in one function (foldbench_exported_variant, declared in
        // CExportedVariant and defined by the user): never linked into FoldBench itself.
        .target(name: "CExportedVariant"),
        .target(
            name: "FoldBenchVariantKit",
            dependencies: ["ArrangementModel", "CVariantInterface", "FlatTrees", "CExportedVariant"]),
        // The one generator of random trees and contexts, from a seed or a fuzzer's bytes.
        .target(
            name: "SceneGenerator", dependencies: ["Support", "ArrangementModel", "ReferenceResolver"],
            swiftSettings: optimisedInDebug),
        // Scene files and resolutions: the scene decoder and encoder, the resolution printer.
        .target(name: "SceneFormat", dependencies: ["Support", "ArrangementModel"], swiftSettings: optimisedInDebug),
        // Conformance fixtures: every frame's context and the reference's answer, written
        // for implementations FoldBench cannot load, and their answers checked back by rule.
        .target(
            name: "Fixtures", dependencies: ["Support", "ArrangementModel", "ReferenceResolver", "SceneFormat"],
            swiftSettings: optimisedInDebug),
        // What is measured: devices, motions and their timelines, trees, scenarios, suites.
        .target(
            name: "Workloads", dependencies: ["Support", "ArrangementModel", "SceneGenerator", "SceneFormat"],
            resources: [.copy("Devices"), .copy("Traces")], swiftSettings: optimisedInDebug),
        // jemalloc's counters for allocation metrics.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc"),
        // Callgrind client requests (no-ops where valgrind's header is missing).
        .target(name: "CCallgrind"),
        // Callgrind's files read per instruction, mapped back to source lines by the
        // symbolizer; folded stacks, flame graphs, the cache model.
        .target(name: "Profiling", dependencies: ["Support", "ChildProcesses", "Charts"]),
        // The project's own SVG charts: scales and ticks, line, distribution and
        // interval charts, flame graphs.
        .target(name: "Charts", dependencies: ["Support"]),
        // Layouts drawn: a resolution as an SVG, and two of them side by side where a
        // variant differs from the reference.
        .target(name: "Drawings", dependencies: ["Support", "ArrangementModel", "Charts"]),
        // How it is measured: the runner, the clock, allocation and instruction counters,
        // statistics, the run's environment.
        // The commit a build is made from, written into it (Measurement's BuildCommit.swift).
        .plugin(name: "CommitStamp", capability: .buildTool()),
        .target(
            name: "Measurement",
            dependencies: [
                "Support", "ChildProcesses", "ArrangementModel", "Variants", "SceneGenerator", "Workloads", "Profiling",
                "CJemalloc", "CCallgrind", "Workers",
            ],
            plugins: ["CommitStamp"]),
        // What a run leaves behind: metrics, report files, compare, history, trends and charts.
        .target(
            name: "Reports",
            dependencies: [
                "Support", "ArrangementModel", "ReferenceResolver", "SceneFormat", "Variants", "Workloads",
                "Measurement",
                "Charts", "Drawings",
            ]),
        // What a run is, apart from its command line: the plan and its measuring (here or
        // in a worker), the worker's serving side, the libraries seen from the parent, the
        // builds of other commits and their code layouts, ab's trials, bisect's search,
        // the base a change is judged against, the results folder, the budget gate, the
        // fixture files. Failures are `RunFailure`s carrying the exit status.
        .target(
            name: "Runs",
            dependencies: [
                "Support", "ChildProcesses", "ArrangementModel", "SceneFormat", "SceneGenerator", "Variants",
                "VariantLibraries", "Workloads", "Measurement", "Reports", "Profiling", "Charts", "Drawings",
                "Fixtures",
                "Workers",
            ]),
        // One command per file, and the argument parser: a command parses, calls Runs (or
        // the modules below it), prints. The executable is a thin shell around it.
        .target(
            name: "FoldBenchCLI",
            dependencies: [
                "Support", "ChildProcesses", "ArrangementModel", "SceneFormat", "Variants", "VariantLibraries",
                "Workloads", "Measurement", "Reports", "Profiling", "Charts", "Drawings", "Fixtures", "SceneGenerator",
                "Workers", "Runs",
            ]),
        .executableTarget(name: "foldbench", dependencies: ["FoldBenchCLI"]),
        .target(
            name: "FoldBenchPlugin",
            dependencies: ["Support", "Measurement", "Variants", "VariantLibraries", "Workloads"]),
        // Tests by layer, each target with its layer's tests, so that a change to one
        // layer builds and breaks its own tests first. The model and the resolvers:
        .testTarget(
            name: "ArrangementTests",
            dependencies: [
                "Support", "ArrangementModel", "ReferenceResolver", "FastResolver", "SceneFormat", "SceneGenerator",
                "Variants", "VariantLibraries", "Workloads", "Measurement", "Drawings", "Fixtures", "FlatTrees",
                "CVariantInterface",
            ]),
        // What the tests of the layers above share: running foldbench in this process or
        // as a program, temporary folders, the C libraries they load.
        .target(
            name: "TestSupport",
            dependencies: ["Support", "ChildProcesses", "Measurement", "Reports", "Workloads", "FoldBenchCLI", "Runs"],
            path: "Tests/TestSupport"),
        // Measuring: the runner, statistics, ab's timing, profiles, devices and motions.
        .testTarget(
            name: "MeasurementTests",
            dependencies: [
                "TestSupport", "Support", "ChildProcesses", "ArrangementModel", "ReferenceResolver", "FastResolver",
                "Variants", "SceneFormat", "SceneGenerator", "Workloads", "Measurement", "Profiling", "Charts",
                "Reports",
            ]),
        // Runs: the worker protocol and its supervisor, and the Runs module on its own.
        .testTarget(
            name: "RunsTests",
            dependencies: [
                "TestSupport", "Support", "Workers", "CWorker", "Measurement", "Reports", "Variants", "Workloads",
                "Runs",
            ]),
        // Reports: the report file, compare and its gates, exports, trends, pages, charts, drawings.
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "TestSupport", "Support", "ArrangementModel", "ReferenceResolver", "Variants", "SceneFormat",
                "SceneGenerator", "Workloads", "Measurement", "Profiling", "Reports", "Charts", "Drawings", "Runs",
            ],
            // The checked-in drawings the chart tests compare with, read by path.
            exclude: ["Charts/Golden"]),
        // The command line: every command as a user runs it, the documentation, the code's shape.
        .testTarget(
            name: "FoldBenchTests",
            dependencies: [
                "TestSupport", "Support", "ChildProcesses", "ArrangementModel", "ReferenceResolver", "FastResolver",
                "FoldBenchCLI", "Runs", "Variants", "VariantLibraries", "CVariantInterface", "SceneGenerator",
                "Workloads", "Measurement", "Reports", "SceneFormat", "Profiling", "Charts", "Drawings", "Fixtures",
                "Workers", "CWorker",
            ]),
    ]
)

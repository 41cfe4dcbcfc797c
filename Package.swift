// swift-tools-version: 6.0
import PackageDescription

/// FoldBench: a model of ArrangementView's layout rules (reference and fast resolvers)
/// and `foldbench`, the harness that replays fold animations and measures them.
///
/// Arrows point one way: the command line → reports → measurement → profiling,
/// workloads and variants → the scene generator and the scene format → resolvers →
/// the model. The plugin library (for `foldbench ab`) sits beside the command line,
/// on measurement.
/// Foundation is imported at the edges only: the command line, reports, measurement
/// and workloads (which reads the shipped device files); the resolvers, the variant
/// list, the scene generator and the scene format stay free of it, so the fuzz
/// targets build them alone.
let package = Package(
    name: "FoldBench",
    products: [
        .executable(name: "foldbench", targets: ["foldbench"]),
        // One build's resolvers and harness behind a C interface, for `foldbench ab`.
        .library(name: "FoldBenchPlugin", type: .dynamic, targets: ["FoldBenchPlugin"]),
        // The modules the fuzz targets (the package in Fuzz/) reach into.
        .library(
            name: "FoldBenchKit",
            targets: [
                "ArrangementModel", "ReferenceResolver", "Variants", "SceneGenerator", "SceneFormat", "Workloads",
                "Reports", "FoldBenchCLI",
            ]),
    ],
    targets: [
        // The contract's vocabulary: geometry, contexts, styles, the validated tree, results.
        .target(name: "ArrangementModel", linkerSettings: [.linkedLibrary("m")]),
        // The executable contract: readable, recursive, allocates freely.
        .target(name: "ReferenceResolver", dependencies: ["ArrangementModel"]),
        // Flat storage, order computed at prepare time, no allocation per frame.
        .target(name: "FastResolver", dependencies: ["ArrangementModel"]),
        // The one list of resolver variants, and the loop that drives one over frames.
        .target(name: "Variants", dependencies: ["ArrangementModel", "ReferenceResolver", "FastResolver"]),
        // The one generator of random trees and contexts, from a seed or a fuzzer's bytes.
        .target(name: "SceneGenerator", dependencies: ["ArrangementModel", "ReferenceResolver"]),
        // Scene files: a strict JSON reader/writer and the scene decoder.
        .target(name: "SceneFormat", dependencies: ["ArrangementModel"]),
        // What is measured: devices, motions and their timelines, trees, scenarios, suites.
        .target(
            name: "Workloads", dependencies: ["ArrangementModel", "SceneGenerator", "SceneFormat"],
            resources: [.copy("Devices"), .copy("Traces")]),
        // jemalloc's counters for allocation metrics.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc"),
        // Callgrind client requests (no-ops where valgrind's header is missing).
        .target(name: "CCallgrind"),
        // Callgrind's files read per instruction, mapped back to source lines by the
        // symbolizer; folded stacks, flame graphs, the cache model.
        .target(name: "Profiling", dependencies: ["SceneFormat", "Charts"]),
        // The project's own SVG charts: scales and ticks, line, distribution and
        // interval charts, flame graphs.
        .target(name: "Charts"),
        // How it is measured: the runner, the clock, allocation and instruction counters,
        // statistics, the run's environment.
        .target(
            name: "Measurement",
            dependencies: [
                "ArrangementModel", "Variants", "Workloads", "SceneGenerator", "Profiling", "CJemalloc", "CCallgrind",
            ]),
        // What a run leaves behind: metrics, report files, compare, history, trends and charts.
        .target(
            name: "Reports",
            dependencies: ["ArrangementModel", "SceneFormat", "SceneGenerator", "Workloads", "Measurement", "Charts"]),
        // One command per file, and the argument parser; the executable is a thin shell around it.
        .target(
            name: "FoldBenchCLI",
            dependencies: [
                "ArrangementModel", "SceneFormat", "Variants", "Workloads", "Measurement", "Reports", "Profiling",
                "Charts",
            ]),
        .executableTarget(name: "foldbench", dependencies: ["FoldBenchCLI"]),
        .target(name: "FoldBenchPlugin", dependencies: ["Measurement", "Variants", "Workloads"]),
        .testTarget(
            name: "ArrangementTests",
            dependencies: [
                "ArrangementModel", "ReferenceResolver", "FastResolver", "SceneFormat", "SceneGenerator", "Variants",
                "Workloads", "Measurement",
            ]),
        .testTarget(
            name: "FoldBenchTests",
            dependencies: [
                "FoldBenchCLI", "Variants", "SceneGenerator", "Workloads", "Measurement", "Reports", "SceneFormat",
                "Profiling", "Charts",
            ],
            // The checked-in drawings the chart tests compare with, read by path.
            exclude: ["Golden"]),
    ]
)

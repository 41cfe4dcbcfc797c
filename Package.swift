// swift-tools-version: 6.0
import PackageDescription

/// FoldBench: a model of ArrangementView's layout rules (reference and fast resolvers)
/// and `foldbench`, the harness that replays fold animations and measures them.
let package = Package(
    name: "FoldBench",
    products: [
        .executable(name: "foldbench", targets: ["foldbench"])
    ],
    targets: [
        // The contract's vocabulary: geometry, contexts, styles, the validated tree, results.
        .target(name: "ArrangementModel", linkerSettings: [.linkedLibrary("m")]),
        // The executable contract: readable, recursive, allocates freely.
        .target(name: "ReferenceResolver", dependencies: ["ArrangementModel"]),
        // Flat storage, order computed at prepare time, no allocation per frame.
        .target(name: "FastResolver", dependencies: ["ArrangementModel"]),
        // Scene files: a strict JSON reader/writer and the scene decoder (no Foundation).
        .target(name: "SceneFormat", dependencies: ["ArrangementModel"]),
        // jemalloc's counters for allocation metrics.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc"),
        // Callgrind client requests (no-ops where valgrind's header is missing).
        .target(name: "CCallgrind"),
        // Devices, motions, trees, the measuring loop, statistics, reports.
        .target(
            name: "Harness",
            dependencies: [
                "ArrangementModel", "ReferenceResolver", "FastResolver", "SceneFormat", "CJemalloc",
                "CCallgrind",
            ],
            resources: [.copy("Devices")]),
        // Commands and the argument parser; the executable is a thin shell around it.
        .target(name: "FoldBenchCLI", dependencies: ["Harness", "SceneFormat"]),
        .executableTarget(name: "foldbench", dependencies: ["FoldBenchCLI"]),
        .testTarget(
            name: "ArrangementTests",
            dependencies: ["ArrangementModel", "ReferenceResolver", "FastResolver", "SceneFormat", "Harness"]),
        .testTarget(name: "FoldBenchTests", dependencies: ["FoldBenchCLI", "Harness", "SceneFormat"]),
    ]
)

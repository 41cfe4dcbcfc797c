// swift-tools-version: 6.0
import PackageDescription

/// The libFuzzer targets, a package of their own so the project's `swift build`
/// never links them: `scripts/fuzz.sh` builds this package with AddressSanitizer and
/// coverage instrumentation and links libFuzzer's driver without its `main`, since
/// SwiftPM gives every executable a `main` of its own.
let package = Package(
    name: "FoldBenchFuzz",
    dependencies: [.package(name: "FoldBench", path: "..")],
    targets: [
        // libFuzzer's entry for programs that keep their own main.
        .target(name: "CFuzzDriver"),
        // Hands libFuzzer's inputs to a Swift closure.
        .target(name: "FuzzDriver", dependencies: ["CFuzzDriver"]),
        // Bytes steer the scene generator; every variant must equal the reference.
        .executableTarget(
            name: "FuzzDifferential",
            dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Bytes steer the generator to a tree and a walk of contexts; every variant,
        // relayouting the walk in order, must equal the reference at every step.
        .executableTarget(
            name: "FuzzSequence",
            dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Raw bytes into the scene decoder.
        .executableTarget(
            name: "FuzzDecoder", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Raw bytes as a report (what compare, report, export and merge read).
        .executableTarget(
            name: "FuzzReport", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Raw bytes as a history CSV (what trend reads).
        .executableTarget(
            name: "FuzzHistory", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Raw bytes as a device profile (--device-file).
        .executableTarget(
            name: "FuzzDevice", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Raw bytes as a motion trace (--motion-file), replayed on every device it fits.
        .executableTarget(
            name: "FuzzTrace", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
        // Bytes split at NUL into a command line, parsed by the command it names.
        .executableTarget(
            name: "FuzzArguments", dependencies: ["FuzzDriver", .product(name: "FoldBenchKit", package: "FoldBench")]),
    ]
)

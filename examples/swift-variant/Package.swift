// swift-tools-version: 6.0
import PackageDescription

/// A resolver variant in a package of your own, measured by FoldBench without forking it:
/// this package builds a shared library that `foldbench run --variant-library` loads.
///
///     swift build -c release --package-path examples/swift-variant
///     foldbench run --variant-library examples/swift-variant/.build/release/libMyResolver.so
///
/// Copy this folder anywhere and point the dependency at FoldBench by git instead:
///     .package(name: "FoldBench", url: "https://example.com/you/foldbench.git", branch: "main")
let package = Package(
    name: "MyResolver",
    products: [.library(name: "MyResolver", type: .dynamic, targets: ["MyResolver"])],
    dependencies: [.package(name: "FoldBench", path: "../..")],
    targets: [
        .target(name: "MyResolver", dependencies: [.product(name: "FoldBenchVariantKit", package: "FoldBench")])
    ]
)

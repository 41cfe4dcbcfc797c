import ArrangementModel
import Foundation
import Measurement
import Reports
import Support
import Variants
import Workers
import Workloads

/// What `run` (and its callgrind child, `count-instructions`) measures and where the
/// results go: the options parsed and checked, before anything is measured.
public struct RunPlan {
    public var scenarios: [Scenario] = []
    public var runner: Runner
    /// The device and motion files given, passed on to the callgrind child.
    public var deviceFiles: [String] = []
    public var motionFiles: [String] = []
    public var record: Bool
    public var outDirectory: String
    public var exports: [(ExportFormat, String)] = []
    public var shard: Shard?
    /// `--budget-gate`: the share of a variant's frames, in percent, allowed over the frame budget.
    public var budgetGate: Double?
    /// `--variant-library`: the libraries a worker described, whose variants the run may measure.
    public var libraries: [LibraryInfo] = []

    /// A plan made in code: `scenarios` with the default variants, written to `outDirectory`.
    public init(scenarios: [Scenario], options: RunOptions, outDirectory: String) {
        self.scenarios = scenarios
        runner = Runner(options: options, variants: VariantList.defaultRun)
        record = false
        self.outDirectory = outDirectory
    }

    /// The libraries whose variants the run measures.
    public var measuredLibraries: [LibraryInfo] {
        libraries.filter { library in runner.variants.contains { $0.name == library.name } }
    }

    /// The request a worker measures this plan by (`run`), or counts it by (`count`).
    public func request(_ kind: WorkRequest.Kind) -> WorkRequest {
        let options = runner.options
        var request = WorkRequest(kind)
        request.libraries = measuredLibraries.map(\.path)
        request.libraryPaths = measuredLibraries.map(\.absolute)
        request.scenarios = scenarios.map(\.description)
        request.variants = runner.variants.map(\.name.rawValue)
        request.deviceFiles = deviceFiles.map(absolutePath)
        request.motionFiles = motionFiles.map(absolutePath)
        request.options = options.planJSON
        request.perFrame = kind == .count
        return request
    }
}

import Reports
import Runs
import Variants
import Workloads

extension ProfilePlan {
    /// What `profile`'s command line asks for, checked: a library's variant is checked
    /// (and timed briefly, then checked again) in a worker first, as `run` would; the
    /// other build's child loads it by path.
    init(_ arguments: ParsedArguments) throws {
        let spec = ProfileCommand.spec
        guard let scenarioName = arguments.value(.profileScenario) else {
            throw UsageError("\(CommandSpec.Option.profileScenario.name) is required", command: spec)
        }
        let scenario: Scenario
        do { scenario = try Scenario(scenarioName) } catch {
            throw UsageError("\(CommandSpec.Option.profileScenario.name) \(error)", command: spec)
        }
        let catalog = try CatalogFiles.load(
            deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
        try CatalogFiles.check([scenario], in: catalog, option: .profileScenario, command: spec)
        let libraries = try Libraries.load(arguments)
        let variant = try VariantLookup.named(
            arguments.variantName(.profileVariant) ?? VariantList.defaultCandidateName,
            libraries: libraries.map(\.entry), command: spec
        ).name
        self.init(
            scenario: scenario, variant: variant,
            frames: try arguments.integer(.profileFrames, in: 1...100_000, command: spec) ?? 120,
            top: try arguments.integer(.top, in: 1...10_000, command: spec) ?? 15,
            out:
                "\(arguments.value(.profileOut) ?? ResultsDirectory.defaultProfile)/\(scenario.description.replacingOccurrences(of: "/", with: "_"))",
            cache: arguments.value(.buildCache) ?? Builds.defaultCache,
            deviceFiles: arguments.all(.deviceFiles).map(absolutePath),
            motionFiles: arguments.all(.motionFiles).map(absolutePath))
        lines = arguments.flag(.lines)
        systemLines = arguments.flag(.systemLines)
        cacheSimulation = arguments.flag(.cacheSimulation)
        baseline = arguments.value(.profileBaseline)
        if let library = libraries.first(where: { $0.name == variant }) {
            self.library = library
            var impossible: String?
            try Libraries.run(workRequest(.run, timePerScenario: 0.2)) { reply in
                guard case .report(let document, _) = reply, let report = try? Report.decode(document: document) else {
                    return
                }
                impossible =
                    report.results.lazy.compactMap { result in
                        result.impossibility.map { "\(result.scenario) × \(result.variant): \($0)" }
                    }.first
            }
            // A time that cannot be believed is no time to profile: run would fail on it.
            if let impossible {
                throw RunFailure(.failed, "library \(library.path): \(impossible) (nothing profiled)")
            }
        }
    }
}

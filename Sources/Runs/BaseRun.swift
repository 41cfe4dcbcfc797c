import Foundation
import Measurement
import Reports
import Support
import Variants
import Workloads

/// The base of a gate measured in the same job (`compare --base`, `pr-report --base`):
/// a commit built in release (the build cache `ab` and `profile` use) and run on the
/// scenarios and variants of a run, with the run's options, so that exact counts are
/// compared commit with commit and a count that moved, moved because of the change.
/// The base's counts are kept beside its build and reused when asked for again.
public struct BaseRun {
    /// The revision as given (`auto` resolved) and the commit it names.
    public let revision: String
    public let commit: String
    /// The base's report: the scenarios both know, the variants both have.
    public let report: Report
    /// Scenarios of the run the base does not know (not compared), and scenarios of the
    /// base's version of the run's suite that the run no longer has.
    public let newScenarios: [ScenarioName]
    public let goneScenarios: [ScenarioName]
    /// Variants of the run the base does not have (new, or a library's): not compared.
    public let newVariants: [VariantName]
    /// Whether the base has the run's sources, so that nothing was built or measured.
    public var sameSources = false

    /// What the counts are compared with, for a report's first lines.
    public var summary: String {
        "the base \(revision) (\(commit.prefix(12)))"
            + (sameSources
                ? ", whose sources are the run's (its counts are the run's)" : ", built and counted in this job")
    }

    /// What the base could not measure, for the lines under a report's counts.
    public var notes: [String] {
        var notes: [String] = []
        if !newScenarios.isEmpty {
            notes.append("New since the base, not gated: \(newScenarios.map(\.rawValue).joined(separator: ", ")).")
        }
        if !goneScenarios.isEmpty {
            notes.append("Gone since the base: \(goneScenarios.map(\.rawValue).joined(separator: ", ")).")
        }
        if !newVariants.isEmpty {
            notes.append("Variants the base lacks, not gated: \(newVariants.map(\.rawValue).joined(separator: ", ")).")
        }
        return notes
    }

    /// One line for a terminal: what the base is and what it could not measure.
    public var description: String {
        var text = summary
        if !newScenarios.isEmpty {
            text += "; new in this run, not gated: \(newScenarios.map(\.rawValue).joined(separator: ", "))"
        }
        if !goneScenarios.isEmpty {
            text += "; gone since the base: \(goneScenarios.map(\.rawValue).joined(separator: ", "))"
        }
        if !newVariants.isEmpty {
            text += "; variants the base lacks, not gated: \(newVariants.map(\.rawValue).joined(separator: ", "))"
        }
        return text
    }

    /// The gated metrics the base can be judged on: one its build measures for no result at
    /// all (a metric newer than the base) leaves the gate, said on standard error.
    public func gateable(_ gated: Set<Metric>, console: Console) -> Set<Metric> {
        gated.filter { metric in
            let measured = report.results.contains { $0.metrics[metric] != nil }
            if !measured {
                console.err(
                    "foldbench: note: the base \(commit.prefix(12)) does not measure \(metric.name): not gated\n")
            }
            return measured
        }
    }

    /// What `auto` names: the change at hand. With uncommitted changes, `HEAD`; on a
    /// branch ahead of its upstream, the merge base with it; otherwise `HEAD~1` — which on
    /// a pull request's merge commit (what `actions/checkout` checks out) is the base
    /// branch, and on a push the commit before.
    public static func resolve(_ revision: String) throws(RunFailure) -> String {
        guard revision == "auto" else { return revision }
        let root = try Builds.repositoryRoot()
        if let status = Builds.run(["git", "status", "--porcelain", "--untracked-files=no"], in: root).output,
            !status.isEmpty
        {
            return "HEAD"
        }
        if let upstream = Builds.run(["git", "rev-parse", "--verify", "--quiet", "@{upstream}"], in: root).output,
            let base = Builds.run(["git", "merge-base", "HEAD", upstream], in: root).output,
            base != Builds.run(["git", "rev-parse", "HEAD"], in: root).output
        {
            return base
        }
        return "HEAD~1"
    }

    /// Builds `revision` and measures on it what `run` measured: refused (exit 2) before
    /// anything is measured when the revision is not a commit or does not build, naming
    /// it and the build's last lines.
    public static func measure(
        _ revision: String, like run: Report, cache: String = Builds.defaultCache, console: Console
    ) throws(RunFailure) -> BaseRun {
        let revision = try resolve(revision)
        let root = try Builds.repositoryRoot()
        guard
            let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)
                .output
        else {
            throw RunFailure(.badInput, "the base '\(revision)' is not a commit of \(root) (nothing measured)")
        }
        // A run built from a commit with the base's very sources counted what the base would:
        // its report is the base's, and nothing is built.
        if !run.environment.dirty, run.environment.commit != "unknown",
            Builds.sameSources(commit, run.environment.commit)
        {
            console.err(
                "the base \(commit.prefix(12)) has the sources of the run's commit \(run.environment.commit): its counts are the run's (nothing built)\n"
            )
            return BaseRun(
                revision: revision, commit: commit, report: run, newScenarios: [], goneScenarios: [], newVariants: [],
                sameSources: true)
        }
        let executable = try Builds.product(.executable, of: commit, cache: cache, console: console)
        let known = try Known(executable)
        var scenarios: [ScenarioName] = []
        var newScenarios: [ScenarioName] = []
        for scenario in run.scenarioNames {
            if known.knows(scenario) { scenarios.append(scenario) } else { newScenarios.append(scenario) }
        }
        var goneScenarios: [ScenarioName] = []
        if let suite = run.options.suite, run.options.shard == nil, let theirs = known.suites[suite] {
            let ours = Set(run.scenarioNames)
            goneScenarios = theirs.filter { !ours.contains($0) }
        }
        let variants = run.variantNames.filter { !VariantList.isFloor($0) }
        let measured = variants.filter { known.variants.contains($0) }
        let newVariants = variants.filter { !known.variants.contains($0) }
        guard !scenarios.isEmpty, !measured.isEmpty else {
            throw RunFailure(
                .badInput,
                "the base \(revision) (\(commit.prefix(12))) knows none of the run's \(scenarios.isEmpty ? "scenarios" : "variants"): nothing to compare"
            )
        }
        var arguments = ["run", "--time-per-scenario", "0", "--frames", String(run.options.frames)]
        arguments += ["--refresh-rate", "\(run.options.refreshRate)", "--layout-direction", run.options.direction.name]
        if Report.counted(run) { arguments.append("--instructions") }
        if run.results.contains(where: { $0.variant == ChainedFloor.variantName }) {
            arguments.append("--chained-floor")
        }
        if let seed = run.options.historySeed { arguments += ["--history-seed", String(seed)] }
        arguments +=
            scenarios.flatMap { ["--scenario", $0.rawValue] } + measured.flatMap { ["--variant", $0.rawValue] }
        let report = try counts(of: executable, commit: commit, arguments, cache: cache, console: console)
        return BaseRun(
            revision: revision, commit: commit, report: report, newScenarios: newScenarios,
            goneScenarios: goneScenarios, newVariants: newVariants)
    }

    /// The base's report of `arguments`, measured once and kept under the cache by what
    /// was asked (a report and a pull-request report of one job measure the base once).
    public static func counts(
        of executable: String, commit: String, _ arguments: [String], cache: String, console: Console
    ) throws(RunFailure) -> Report {
        let key = String(FNV1a.hash(Array(arguments.joined(separator: "\u{1F}").utf8)), radix: 16)
        let directory = "\(cache)/\(commit)-counts/\(key)"
        let file = "\(directory)/latest.json"
        if FileManager.default.fileExists(atPath: file), let report = try? ResultsDirectory.load(file) {
            console.err("the base's counts, measured before with the same options: \(file)\n")
            return report
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let log = "\(directory).log"
        let status = Builds.runShowingProgress(
            [executable] + arguments + ["--out", directory], in: directory, log: log,
            what: "measuring the base \(commit.prefix(12))", everyLine: true, console: console)
        guard status == 0, let report = try? ResultsDirectory.load(file) else {
            try? FileManager.default.removeItem(atPath: directory)
            throw RunFailure(
                .badInput,
                "the base \(commit.prefix(12)) could not be measured (status \(status), \(log)); its last lines:\n\(Builds.lastLines(of: log))"
            )
        }
        return report
    }

    /// What the base's build knows, from its `list --json` and `list --variants`.
    public struct Known {
        public var variants: Set<VariantName> = []
        public var motions: Set<String> = []
        public var devices: Set<String> = []
        public var scenes: Set<String> = []
        public var suites: [String: [ScenarioName]] = [:]

        public init(_ executable: String) throws(RunFailure) {
            func output(_ arguments: [String]) throws(RunFailure) -> String {
                let directory = (executable as NSString).deletingLastPathComponent
                guard let text = Builds.run([executable] + arguments, in: directory).output else {
                    throw RunFailure(
                        .badInput,
                        "\(executable) \(arguments.joined(separator: " ")) failed: cannot tell what the base knows")
                }
                return text
            }
            variants = Set(try output(["list", "--variants"]).split(separator: "\n").map { VariantName(String($0)) })
            guard let document = try? JSONParser.parse(try output(["list", "--json"])) else {
                throw RunFailure(.badInput, "\(executable) list --json: not JSON")
            }
            func strings(_ key: String) -> Set<String> {
                guard case .array(let values)? = document[key] else { return [] }
                return Set(values.compactMap { if case .string(let text) = $0 { text } else { nil } })
            }
            motions = strings("motions")
            devices = strings("devices")
            scenes = strings("scenes")
            if case .object(let entries)? = document["suites"] {
                for (name, value) in entries {
                    guard case .array(let values) = value else { continue }
                    suites[name] = values.compactMap {
                        if case .string(let text) = $0 { ScenarioName(text) } else { nil }
                    }
                }
            }
        }

        /// Whether the base can run `scenario`: its motion, its device, and its tree (a
        /// scene it ships, or a generated family, which every version has).
        public func knows(_ scenario: ScenarioName) -> Bool {
            guard let parsed = try? Scenario(scenario.rawValue), motions.contains(parsed.motion),
                devices.contains(parsed.device)
            else { return false }
            if case .scene(let name) = parsed.tree { return scenes.contains(name) }
            return true
        }
    }
}

extension Report {
    /// The scenarios of the results, in order, each once.
    public var scenarioNames: [ScenarioName] {
        var seen: Set<ScenarioName> = []
        return results.map(\.scenario).filter { seen.insert($0).inserted }
    }

    /// The variants of the results, in order, each once.
    public var variantNames: [VariantName] {
        var seen: Set<VariantName> = []
        return results.map(\.variant).filter { seen.insert($0).inserted }
    }
}

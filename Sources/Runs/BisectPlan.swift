import Measurement
import Support

/// What `bisect` searches: the commits from `good` to `bad`, one scenario x variant, one metric.
public struct BisectPlan {
    public enum Kind: String, CaseIterable, Sendable {
        case instructions, allocations, time
    }

    public var good: String
    public var bad: String
    public var scenario: ScenarioName
    public var kind: Kind
    /// Whether the report is JSON (else a table).
    public var json: Bool
    public var variant: VariantName
    /// A share: 0.01 is 1 %.
    public var threshold: Double
    public var cache: String
    /// The `ab` options of a time search.
    public var ab = ABOptions()

    public init(
        good: String, bad: String, scenario: ScenarioName, kind: Kind, json: Bool, variant: VariantName,
        threshold: Double, cache: String
    ) {
        (self.good, self.bad, self.scenario, self.kind, self.json) = (good, bad, scenario, kind, json)
        (self.variant, self.threshold, self.cache) = (variant, threshold, cache)
    }

    /// The commits from `good` to `bad` along first parents, oldest first, both included.
    public static func commitsBetween(_ good: String, _ bad: String, in root: String) throws(RunFailure) -> [(
        commit: String, subject: String
    )] {
        func resolve(_ spec: String) throws(RunFailure) -> String {
            guard
                let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(spec)^{commit}"], in: root)
                    .output
            else { throw RunFailure(.badInput, "'\(spec)' is not a git revision") }
            return commit
        }
        let (goodCommit, badCommit) = (try resolve(good), try resolve(bad))
        guard Builds.run(["git", "merge-base", "--is-ancestor", goodCommit, badCommit], in: root).status == 0,
            goodCommit != badCommit
        else {
            throw RunFailure(.badInput, "--good \(good) is not an ancestor of --bad \(bad)")
        }
        guard
            let listing = Builds.run(
                ["git", "log", "--first-parent", "--reverse", "--format=%H %s", "\(goodCommit)..\(badCommit)"], in: root
            ).output
        else { throw RunFailure(.badInput, "cannot list the commits from \(good) to \(bad)") }
        let subject = Builds.run(["git", "log", "-1", "--format=%s", goodCommit], in: root).output ?? ""
        let after = listing.split(separator: "\n").map { line in
            (commit: String(line.prefix(40)), subject: String(line.dropFirst(41)))
        }
        guard after.last?.commit == badCommit else {
            throw RunFailure(.badInput, "--bad \(bad) is not on the first-parent line from --good \(good)")
        }
        return [(goodCommit, subject)] + after
    }
}

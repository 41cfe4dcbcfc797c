import Runs
import Workloads

extension CatalogFiles {
    /// The scenarios of the suite `suite` names and of each `--scenario` in `names`, in
    /// that order; an unknown suite or a malformed name is a usage error of `command`.
    static func scenarios(suite: String?, names: [String], command: CommandSpec) throws(UsageError) -> [Scenario] {
        var scenarios: [Scenario] = []
        if let suiteName = suite {
            guard let suite = Suite(rawValue: suiteName) else {
                throw UsageError.notOneOf("a suite", suiteName, Suite.allCases.map(\.rawValue), command: command)
            }
            scenarios = suite.scenarios
        }
        for name in names {
            do {
                scenarios.append(try Scenario(name))
            } catch {
                throw UsageError("\(CommandSpec.Option.scenario.name) \(error)", command: command)
            }
        }
        return scenarios
    }

    /// Refuses, as a usage error of `command`, a scenario whose device or motion the
    /// catalog does not have, or a trace that does not fit its device.
    static func check(_ scenarios: [Scenario], in catalog: Catalog, option: CommandSpec.Option, command: CommandSpec)
        throws(UsageError)
    {
        for scenario in scenarios {
            do {
                try scenario.tree.check()
                _ = try catalog.resolve(scenario)
            } catch {
                throw UsageError("\(option.name) \(scenario): \(error)", command: command)
            }
        }
    }
}

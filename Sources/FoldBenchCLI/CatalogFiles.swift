import Foundation
import Workloads

/// The catalog of a command's `--device-file` and `--motion-file` files: devices by
/// the name inside each, traces by their file names.
enum CatalogFiles {
    static func load(deviceFiles: [String], motionFiles: [String] = []) throws(CommandFailure) -> Catalog {
        var catalog = Catalog()
        for path in deviceFiles {
            let bytes = try readFile(path)
            do { try catalog.addDevice(bytes, limits: Limits.current) } catch { throw .badInput(file: path, error) }
            // A file would silently stand in for a shipped device of its name.
            for name in catalog.devices.keys where DeviceProfile.shippedNames.contains(name) {
                throw CommandFailure(
                    .badInput,
                    "\(path): the device is named \"\(name)\", as a shipped device is; give it a name of its own (its \"name\" field)"
                )
            }
        }
        for path in motionFiles {
            let bytes = try readFile(path)
            do { try catalog.addTrace(bytes, path: path) } catch { throw .badInput(file: path, error) }
            // The app's edits while the trace was recorded, when a file of them lies beside it.
            let editsPath = MotionTrace.editsPath(of: path)
            if FileManager.default.fileExists(atPath: editsPath) {
                let edits = try readFile(editsPath)
                do {
                    catalog.traces[Catalog.traceName(path)]?.edits = try MotionTrace.decodeEdits(
                        edits, limits: Limits.current)
                } catch {
                    throw .badInput(file: editsPath, error)
                }
            }
        }
        return catalog
    }

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

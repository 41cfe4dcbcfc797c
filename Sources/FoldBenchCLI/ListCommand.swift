import ArrangementModel
import Measurement
import Runs
import Support
import Variants
import Workloads

/// `foldbench list`: what can be run.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", summary: "List suites and their scenarios, motions, trees, devices and variants.",
        options: [.variantNames, .suiteScenarios, .variantLibraries, json],
        details: "With --json, everything as one JSON object, for scripts (docs/reference.md shows its shape).")

    static let json = CommandSpec.Option("--json", help: "Print everything as one JSON object (for scripts).")

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let libraries = try Libraries.load(arguments)
        if arguments.flag(.variantNames) {
            // The name first (`cut -f1` keeps it), then a tab and "test only" for those
            // no run measures unless asked: the planted faults and slowed copies.
            let builtIn = (VariantList.all + VariantList.staleCaches).map { entry in
                entry.isTestOnly || VariantList.staleCaches.contains { $0.name == entry.name }
                    ? "\(entry.name)\ttest only\n" : "\(entry.name)\n"
            }
            console.out((builtIn + libraries.map { "\($0.name)\n" }).joined())
            return .success
        }
        if let name = arguments.value(.suiteScenarios) {
            guard let suite = Suite(rawValue: name) else {
                throw UsageError.notOneOf("a suite", name, Suite.allCases.map(\.rawValue), command: spec)
            }
            console.out(suite.scenarios.map { "\($0.description)\n" }.joined())
            return .success
        }
        if arguments.flag(json) {
            console.out(JSONWriter.writePretty(document(libraries)) + "\n")
            return .success
        }
        console.out(listing(libraries))
        return .success
    }

    /// What `list` shows, as JSON: the listed variants (built-in and from libraries),
    /// motions and shipped traces, scenes, devices, and each suite's scenarios.
    static func document(_ libraries: [LibraryInfo]) -> JSONValue {
        func variant(_ name: VariantName, _ summary: String, _ memory: FrameMemory, library: LibraryInfo?) -> JSONValue
        {
            var entries: [(key: String, value: JSONValue)] = [
                ("name", .string(name.rawValue)), ("summary", .string(summary)), ("remembers", .bool(memory.remembers)),
            ]
            if let library {
                entries.append(("library", .string(library.path)))
                entries.append(("interface", .number(Double(library.interface))))
                entries.append(("takesEdits", .bool(library.takesEdits)))
            }
            return .object(entries)
        }
        return .object([
            (
                "variants",
                .array(
                    VariantList.listed.map { variant($0.name, $0.summary, $0.frameMemory, library: nil) }
                        + libraries.map { variant($0.name, $0.summary, $0.frameMemory, library: $0) })
            ),
            (
                "motions",
                .array(Motion.allCases.map { .string($0.rawValue) } + Catalog.shippedTraces.map(JSONValue.string))
            ),
            ("scenes", .array(TreeSpec.shippedScenes.map(JSONValue.string))),
            ("devices", .array(DeviceProfile.shippedNames.map(JSONValue.string))),
            (
                "suites",
                .object(Suite.allCases.map { ($0.rawValue, .array($0.scenarios.map { .string($0.description) })) })
            ),
        ])
    }

    /// Everything that can be run, section by section, for a reader.
    static func listing(_ libraries: [LibraryInfo]) -> String {
        var text = "Variants:\n"
        for entry in VariantList.listed { text += "  \(entry.name): \(entry.summary)\n" }
        for library in libraries {
            let edits = library.takesEdits ? ", takes edits in place" : ""
            text +=
                "  \(library.name): \(library.summary) (from \(library.path), interface \(library.interface)\(edits))\n"
        }
        text += "  (or --variant-library PATH.so: a variant of your own, through the C interface)\n"

        text += "\nMotions:\n"
        for motion in Motion.allCases { text += "  \(motion.rawValue): \(motion.summary)\n" }
        for name in Catalog.shippedTraces {
            let rows = (try? Catalog().motion(name)).flatMap { source -> Int? in
                if case .trace(let trace) = source { return trace.samples.count }
                return nil
            }
            text += "  \(name): a shipped trace (generated), \(rows.map { "\($0) rows" } ?? "unreadable")\n"
        }
        text += "  (or --motion-file PATH.csv: a recorded trace, named after its file)\n"
        return text + catalogListing()
    }

    /// The trees, devices and suites.
    static func catalogListing() -> String {
        var text =
            "\nTrees:\n  balanced-dN (2^N-1 arrangements), chain-dN (N deep), random-nN (N arrangements, seeded)\n"
        text += "  scenes: \(TreeSpec.shippedScenes.joined(separator: ", "))\n"
        text += "\nDevices:\n"
        for name in DeviceProfile.shippedNames {
            let summary = (try? DeviceProfile.shipped(name)).map(\.description) ?? "unreadable"
            text += "  \(name): \(summary)\n"
        }
        text += "  (or --device-file PATH.json: a profile of your own)\n"
        // The suites by size: their scenarios are a command away, not a thousand lines here.
        text += "\nSuites ('foldbench list --suite NAME' prints a suite's scenarios):\n"
        for suite in Suite.allCases {
            text += "  \(suite.rawValue): \(suite.scenarios.count) scenarios\n"
        }
        return text
    }
}

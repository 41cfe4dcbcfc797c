import ArrangementModel
import Harness
import SceneFormat

/// `foldbench resolve SCENE.json`: prints a scene's resolution (contract §4).
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve", summary: "Print the resolution of a scene file as JSON.", arguments: "SCENE.json",
        positionals: 1...1,
        options: [
            .init("--variant", value: "NAME", help: "Resolver variant (default: reference). See 'foldbench list'.")
        ],
        details: """
            Prints one object per pane, in depth-first order, with its visibility, frame,
            size class, split axis and z-index. A bad scene exits 2 naming the JSON path and the rule.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let variant = try Variants.named(arguments.value("--variant") ?? "reference", command: spec)
        let scene = try loadScene(path)
        let resolution = variant.resolve(scene.tree, in: scene.context)
        console.out(ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs))
        return 0
    }

    /// Reads and decodes a scene file, naming the file in any failure.
    static func loadScene(_ path: String) throws(CommandFailure) -> Scene {
        let bytes = try readFile(path)
        do {
            return try SceneDecoder.decode(bytes)
        } catch {
            throw .badInput(file: path, error)
        }
    }
}

/// Looks up variants by name for the commands.
enum Variants {
    static func named(_ name: String, command: CommandSpec) throws(UsageError) -> any ResolverVariant {
        guard let variant = VariantRegistry.variant(named: name) else {
            throw UsageError(
                "unknown variant '\(name)' (expected one of \(VariantRegistry.names.joined(separator: ", ")))",
                command: command)
        }
        return variant
    }
}

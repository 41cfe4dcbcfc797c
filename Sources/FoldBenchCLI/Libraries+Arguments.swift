import Runs
import Support
import Variants

extension Libraries {
    /// Every library of `--variant-library`, in the order given, described by a worker:
    /// a missing file exits 2, a library that breaks the interface's rules (or crashes
    /// while loading) exits 1, each in one line.
    static func load(_ arguments: ParsedArguments) throws(RunFailure) -> [LibraryInfo] {
        try describe(arguments.all(.variantLibraries))
    }

    /// A one-off resolution (`resolve`, `draw`) by the variant `--variant` names
    /// (`fallback` when none): a built-in one here, a library's in a worker.
    static func variant(
        _ arguments: ParsedArguments, fallback: VariantName, place: String, command: CommandSpec
    ) throws -> OneOffVariant {
        let libraries = try load(arguments)
        let name = arguments.variantName(.variant) ?? fallback
        if let library = libraries.first(where: { $0.name == name }) {
            return Libraries.oneOff(library, place: place)
        }
        let entry = try VariantLookup.named(name, libraries: libraries.map(\.entry), command: command)
        return OneOffVariant(name: entry.name.rawValue) { tree, context in entry.variant.resolve(tree, in: context) }
    }
}

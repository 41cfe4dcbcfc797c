import ArrangementModel
import FastResolver
import ReferenceResolver

/// The resolver variants the harness knows, by name. Adding a variant means adding
/// it here (and nowhere else).
public enum VariantRegistry {
    /// Every variant a user can pick, the reference first.
    public static let all: [any ResolverVariant] = [ReferenceResolver(), FastResolver()]

    public static var names: [String] { all.map(\.name) }

    public static func variant(named name: String) -> (any ResolverVariant)? {
        all.first { $0.name == name }
    }
}

import FoldBenchVariantKit
import ReferenceResolver

/// Your resolver. It starts as the reference (the contract, docs/contract.md), so it
/// passes FoldBench's checks from the first build; replace `prepare` and `relayout` with
/// your own and FoldBench checks every frame against the reference before timing it.
struct MyResolver: ResolverVariant {
    /// 1 to 40 characters of a-z, 0-9, '-' and '.', not a built-in variant's name.
    var name: String { "my-resolver" }

    /// Whatever you keep per tree; here the tree itself.
    func prepare(_ tree: ArrangementTree) -> ArrangementTree { tree }

    /// Writes every pane of `resolution` for `context`.
    func relayout(_ tree: ArrangementTree, in context: LayoutContext, into resolution: inout Resolution) {
        ReferenceResolver().relayout(tree, in: context, into: &resolution)
    }

    /// Brings what you keep up to date with edits the app made to the tree (a pane's
    /// values, a style, a subtree inserted, removed or replaced), returning true; or
    /// returns false (the default) to be prepared anew on the edited tree. Here the tree
    /// is all it keeps.
    func edit(_ tree: inout ArrangementTree, with edits: [TreeEdit], giving edited: ArrangementTree) -> Bool {
        tree = edited
        return true
    }
}

// The one line that exports it through FoldBench's C interface.
@_cdecl("foldbench_exported_variant") public func exportedVariant() -> UnsafeMutableRawPointer {
    exportVariant(MyResolver(), summary: "my resolver, from a package of my own")
}

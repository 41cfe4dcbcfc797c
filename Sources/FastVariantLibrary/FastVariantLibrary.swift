import ArrangementModel
import CVariantInterface
import FastResolver
import FlatTrees

/// The fast variant exported through the C interface (`foldbench_variant.h`), built as
/// its own shared library and loaded like any user's: run beside the built-in `fast`, it
/// measures what the interface itself costs (the hand-over of the context and the call
/// through a pointer), since the code behind it is the same.

private final class Prepared {
    var tree: CompiledTree
    init(_ tree: CompiledTree) { self.tree = tree }
}

@_cdecl("foldbench_variant_interface_version")
public func interfaceVersion() -> UInt32 { UInt32(FOLDBENCH_VARIANT_INTERFACE_VERSION) }

@_cdecl("foldbench_variant_name")
public func variantName() -> UnsafePointer<CChar> { cString("fast-lib") }

@_cdecl("foldbench_variant_summary")
public func variantSummary() -> UnsafePointer<CChar> {
    cString("fast, built as a shared library and run through the C interface: what the interface costs")
}

@_cdecl("foldbench_variant_frame_memory")
public func variantFrameMemory() -> UInt32 { 0 }

@_cdecl("foldbench_variant_prepare")
public func variantPrepare(
    _ tree: UnsafePointer<foldbench_tree>, _ message: UnsafeMutablePointer<CChar>, _ capacity: Int
) -> UnsafeMutableRawPointer? {
    do {
        let model = try ArrangementTree(flat: tree)
        return Unmanaged.passRetained(Prepared(FastResolver().prepare(model))).toOpaque()
    } catch {
        let text = Array("fast-lib: \(error)".utf8CString.prefix(capacity - 1)) + [0]
        text.withUnsafeBufferPointer { message.update(from: $0.baseAddress!, count: text.count) }
        return nil
    }
}

@_cdecl("foldbench_variant_relayout")
public func variantRelayout(
    _ prepared: UnsafeMutableRawPointer, _ context: UnsafePointer<foldbench_context>,
    _ panes: UnsafeMutablePointer<foldbench_pane_layout>
) {
    let flat = context.pointee
    let regions = UnsafeBufferPointer(start: flat.regions, count: Int(flat.region_count))
    // Borrowed, not retained: the harness keeps the prepared value alive across the call.
    Unmanaged<Prepared>.fromOpaque(prepared)._withUnsafeGuaranteedRef { prepared in
        regions.withMemoryRebound(to: Rect.self) { regions in
            FastResolver.relayout(
                prepared.tree, bounds: UnsafeRawPointer(context).load(as: Rect.self),
                sizeClass: SizeClass(
                    horizontal: flat.horizontal_compact != 0 ? .compact : .regular,
                    vertical: flat.vertical_compact != 0 ? .compact : .regular),
                direction: flat.right_to_left != 0 ? .rightToLeft : .leftToRight, regions: regions,
                panes: UnsafeMutableRawPointer(panes).assumingMemoryBound(to: PaneLayout.self))
        }
    }
}

/// Version 2's edits, taken as the built-in `fast` takes them and from what the
/// interface hands over, without reading the edited tree back whole: each subtree
/// inserted, removed or replaced spliced in (in the order of the edited tree's panes, a
/// pane inside a subtree spliced before it taken with that subtree), then each
/// arrangement whose values changed compiled again from its own entry. Declines (0) what
/// it cannot place, and FoldBench prepares the edited tree anew.
@_cdecl("foldbench_variant_edit")
public func variantEdit(
    _ prepared: UnsafeMutableRawPointer, _ tree: UnsafePointer<foldbench_tree>,
    _ edits: UnsafePointer<foldbench_edit>, _ count: UInt32
) -> Int32 {
    let list = UnsafeBufferPointer(start: edits, count: Int(count))
    return Unmanaged<Prepared>.fromOpaque(prepared)._withUnsafeGuaranteedRef { prepared in
        guard var compiled = try? taking(list, in: tree, into: prepared.tree) else { return 0 }
        swap(&compiled, &prepared.tree)
        return 1
    }
}

/// `compiled` with `edits` (giving `tree`) taken, or nil when one cannot be placed.
private func taking(
    _ edits: UnsafeBufferPointer<foldbench_edit>, in tree: UnsafePointer<foldbench_tree>, into compiled: CompiledTree
)
    throws(ModelError) -> CompiledTree?
{
    let fast = FastResolver(order: compiled.order)
    var compiled = compiled
    func moves(_ edit: foldbench_edit) -> Bool {
        edit.kind == FOLDBENCH_EDIT_INSERT || edit.kind == FOLDBENCH_EDIT_REMOVE || edit.kind == FOLDBENCH_EDIT_REPLACE
    }
    let spliced =
        edits.contains(where: moves)
        ? Set(edits.filter { moves($0) && $0.pane >= 0 }.map { Int($0.pane) }).sorted() : []
    var covered = -1  // panes up to this one lie inside a subtree already spliced
    for pane in spliced where pane > covered {
        let held = tree.pointee.panes[pane].arrangement
        let subtree = held >= 0 ? try ArrangementTree.subtree(tree, Int(held)) : nil
        guard fast.splice(&compiled, at: pane, inserting: subtree) else { return nil }
        covered = pane + 2 * (subtree.map(FastResolver.arrangementCount) ?? 0)
    }
    guard compiled.paneCount == Int(tree.pointee.pane_count) else { return nil }
    // Each arrangement compiled again once, however many of its values the frame changed.
    for (number, edit) in edits.enumerated() where !moves(edit) && edit.arrangement >= 0 {
        guard !edits[..<number].contains(where: { !moves($0) && $0.arrangement == edit.arrangement })
        else { continue }
        let index = Int(edit.arrangement)
        guard fast.recompile(&compiled, arrangement: index, to: try ArrangementTree.arrangement(tree, index)) else {
            return nil
        }
    }
    return compiled
}

@_cdecl("foldbench_variant_release")
public func variantRelease(_ prepared: UnsafeMutableRawPointer) {
    Unmanaged<Prepared>.fromOpaque(prepared).release()
}

/// A static string's bytes, NUL-terminated, for the life of the library.
private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

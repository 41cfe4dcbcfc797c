import ArrangementModel
import CVariantInterface
import FastResolver
import FlatTrees

/// The fast variant exported through the C interface (`foldbench_variant.h`), built as
/// its own shared library and loaded like any user's: run beside the built-in `fast`, it
/// measures what the interface itself costs (the hand-over of the context and the call
/// through a pointer), since the code behind it is the same.

private final class Prepared {
    let tree: CompiledTree
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

@_cdecl("foldbench_variant_release")
public func variantRelease(_ prepared: UnsafeMutableRawPointer) {
    Unmanaged<Prepared>.fromOpaque(prepared).release()
}

/// A static string's bytes, NUL-terminated, for the life of the library.
private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

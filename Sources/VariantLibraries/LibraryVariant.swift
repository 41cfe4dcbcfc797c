import ArrangementModel
import CLibraryGuard
import CVariantInterface

#if canImport(Glibc)
    import Glibc
#endif

/// A variant in a shared library, driven like any built-in one: prepared once per tree,
/// then each frame's context handed over with the resolution's own storage, no copy.
struct LibraryVariant: ResolverVariant, @unchecked Sendable {
    let library: VariantLibrary

    var name: String { library.name.rawValue }
    var frameMemory: FrameMemory { library.frameMemory }

    func prepare(_ tree: ArrangementTree) -> LibraryPrepared { LibraryPrepared(library, tree, guarded: false) }

    @inline(__always)
    func relayout(_ prepared: LibraryPrepared, in context: LayoutContext, into resolution: inout Resolution) {
        withInterfaceContext(context) { flat in
            resolution.panes.withUnsafeMutableBufferPointer { panes in
                panes.withMemoryRebound(to: foldbench_pane_layout.self) { panes in
                    library.relayoutFunction(prepared.pointer, &flat, panes.baseAddress)
                }
            }
        }
    }
}

/// A library's variant under watch, for the checks before timing (never timed): each
/// relayout goes into a buffer of the prepared value's own with guard bytes after the
/// last pane, under a time limit, with crashes caught (CLibraryGuard).
struct GuardedLibraryVariant: ResolverVariant, @unchecked Sendable {
    let library: VariantLibrary

    var name: String { library.name.rawValue }
    var frameMemory: FrameMemory { library.frameMemory }

    func prepare(_ tree: ArrangementTree) -> LibraryPrepared { LibraryPrepared(library, tree, guarded: true) }

    /// Into the prepared value's own buffer (which holds its last answer, as rule 2
    /// promises), then the guard bytes checked and the panes copied out.
    func relayout(_ prepared: LibraryPrepared, in context: LayoutContext, into resolution: inout Resolution) {
        guard let buffer = prepared.guardedPanes else { preconditionFailure("prepared without guard bytes") }
        withInterfaceContext(context) { flat in
            foldbench_guard_enter(VariantLibrary.frameLimitMilliseconds)
            library.relayoutFunction(
                prepared.pointer, &flat,
                UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: foldbench_pane_layout.self))
            foldbench_guard_leave()
        }
        let panes = resolution.panes.count
        let paneBytes = panes * MemoryLayout<foldbench_pane_layout>.stride
        for index in paneBytes..<buffer.count where buffer[index] != LibraryPrepared.guardByte {
            foldbench_guard_fail(
                "wrote past the last pane (byte \(index - paneBytes) after \(panes) panes of 40 bytes)", 1)
        }
        resolution.panes.withUnsafeMutableBytes { panes in
            panes.copyMemory(from: UnsafeRawBufferPointer(start: buffer.baseAddress, count: paneBytes))
        }
    }
}

/// `context` as the interface hands it over, its region list borrowed for `body`.
@inline(__always)
private func withInterfaceContext(_ context: LayoutContext, _ body: (inout foldbench_context) -> Void) {
    context.reservedRegions.withUnsafeBufferPointer { regions in
        regions.withMemoryRebound(to: foldbench_rect.self) { regions in
            var flat = foldbench_context(
                bounds: foldbench_rect(
                    x: context.bounds.x, y: context.bounds.y, width: context.bounds.width,
                    height: context.bounds.height),
                horizontal_compact: context.sizeClass.horizontal == .compact ? 1 : 0,
                vertical_compact: context.sizeClass.vertical == .compact ? 1 : 0,
                right_to_left: context.layoutDirection == .rightToLeft ? 1 : 0, reserved: 0,
                region_count: UInt32(regions.count), regions: regions.baseAddress)
            body(&flat)
        }
    }
}

/// A library's prepared value, released with it.
final class LibraryPrepared {
    static let guardBytes = 4096
    static let guardByte: UInt8 = 0xA5
    let library: VariantLibrary
    let pointer: UnsafeMutableRawPointer
    /// For a guarded variant: its panes (all hidden to start with), then the guard bytes.
    let guardedPanes: UnsafeMutableBufferPointer<UInt8>?

    /// Prepares `tree` in the library. A refusal ends the process in one line: the check
    /// before timing prepares every tree a run will, so a tree refused here (accepted
    /// there) ends the run all the same.
    init(_ library: VariantLibrary, _ tree: ArrangementTree, guarded: Bool) {
        precondition(
            MemoryLayout<PaneLayout>.stride == MemoryLayout<foldbench_pane_layout>.stride
                && MemoryLayout<Rect>.stride == MemoryLayout<foldbench_rect>.stride,
            "the interface's panes and rects are laid out as the model's")
        switch library.prepare(FlatTree(tree)) {
        case .success(let pointer): self.pointer = pointer
        case .failure(let error):
            foldbench_guard_install(library.path)
            foldbench_guard_fail(error.problem, 0)
            fatalError("unreachable")
        }
        self.library = library
        guardedPanes =
            guarded
            ? {
                let paneBytes = tree.paneCount * MemoryLayout<foldbench_pane_layout>.stride
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: paneBytes + Self.guardBytes)
                buffer.initialize(repeating: Self.guardByte)
                buffer[..<paneBytes].update(repeating: 0)
                return buffer
            }() : nil
    }

    deinit {
        library.releaseFunction(pointer)
        guardedPanes?.deallocate()
    }
}

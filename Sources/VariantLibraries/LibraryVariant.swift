import ArrangementModel
import CLibraryGuard
import CVariantInterface

#if canImport(Glibc)
    import Glibc
#endif

/// A variant in a shared library, driven like any built-in one: prepared once per tree,
/// then each frame's context handed over with the resolution's own storage, no copy.
/// A guarded variant relayouts into a buffer of its own with guard bytes after the last
/// pane, under a time limit, with crashes caught: what the check before timing runs.
struct LibraryVariant: ResolverVariant, @unchecked Sendable {
    let library: VariantLibrary
    let guarded: Bool

    init(_ library: VariantLibrary, guarded: Bool) {
        precondition(
            MemoryLayout<PaneLayout>.stride == MemoryLayout<foldbench_pane_layout>.stride
                && MemoryLayout<Rect>.stride == MemoryLayout<foldbench_rect>.stride,
            "the interface's panes and rects are laid out as the model's")
        self.library = library
        self.guarded = guarded
    }

    var name: String { library.name }
    var frameMemory: FrameMemory { library.frameMemory }

    func prepare(_ tree: ArrangementTree) -> Prepared {
        switch library.prepare(FlatTree(tree)) {
        case .success(let pointer): return Prepared(library, pointer, panes: guarded ? tree.paneCount : nil)
        case .failure(let error):
            // The check before timing prepares every tree a run will: a refusal found
            // here (a library that accepted the tree there) ends the run all the same.
            foldbench_guard_install(library.path)
            foldbench_guard_fail(error.problem, 0)
            fatalError("unreachable")
        }
    }

    @inline(__always)
    func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution) {
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
                resolution.panes.withUnsafeMutableBufferPointer { panes in
                    panes.withMemoryRebound(to: foldbench_pane_layout.self) { panes in
                        if let guardedPanes = prepared.guardedPanes {
                            guardedRelayout(prepared, &flat, guardedPanes, into: panes)
                        } else {
                            library.relayoutFunction(prepared.pointer, &flat, panes.baseAddress)
                        }
                    }
                }
            }
        }
    }

    /// One relayout under watch: into the prepared value's own buffer (which holds its last
    /// answer, as rule 2 promises), then the guard bytes checked and the panes copied out.
    private func guardedRelayout(
        _ prepared: Prepared, _ context: inout foldbench_context, _ buffer: UnsafeMutableBufferPointer<UInt8>,
        into panes: UnsafeMutableBufferPointer<foldbench_pane_layout>
    ) {
        let paneBytes = panes.count * MemoryLayout<foldbench_pane_layout>.stride
        foldbench_guard_enter(VariantLibrary.frameLimitMilliseconds)
        library.relayoutFunction(
            prepared.pointer, &context,
            UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: foldbench_pane_layout.self))
        foldbench_guard_leave()
        for index in paneBytes..<buffer.count where buffer[index] != Prepared.guardByte {
            foldbench_guard_fail(
                "wrote past the last pane (byte \(index - paneBytes) after \(panes.count) panes of 40 bytes)", 1)
        }
        memcpy(panes.baseAddress!, buffer.baseAddress!, paneBytes)
    }

    /// The library's prepared value, released with it.
    final class Prepared {
        static let guardBytes = 4096
        static let guardByte: UInt8 = 0xA5
        let library: VariantLibrary
        let pointer: UnsafeMutableRawPointer
        /// For a guarded variant: its panes (all hidden to start with), then the guard bytes.
        let guardedPanes: UnsafeMutableBufferPointer<UInt8>?

        init(_ library: VariantLibrary, _ pointer: UnsafeMutableRawPointer, panes: Int?) {
            self.library = library
            self.pointer = pointer
            guardedPanes = panes.map { count in
                let paneBytes = count * MemoryLayout<foldbench_pane_layout>.stride
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: paneBytes + Self.guardBytes)
                buffer.initialize(repeating: Self.guardByte)
                memset(buffer.baseAddress!, 0, paneBytes)
                return buffer
            }
        }

        deinit {
            library.releaseFunction(pointer)
            guardedPanes?.deallocate()
        }
    }
}

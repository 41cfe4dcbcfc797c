@_exported import ArrangementModel
import CExportedVariant
import CVariantInterface
import FlatTrees

#if canImport(Glibc)
    import Glibc
#endif

/// A Swift resolver variant from a package of the user's own, exported through the C
/// interface (`foldbench_variant.h`) so that `foldbench run --variant-library` loads it like
/// any library: the package depends on the `FoldBenchVariantKit` product, builds a dynamic
/// library, and defines one function naming its variant:
///
///     @_cdecl("foldbench_exported_variant")
///     public func exportedVariant() -> UnsafeMutableRawPointer { exportVariant(MyResolver(), summary: "…") }
///
/// The kit defines the interface's eight entry points around it: the tree is read back into
/// an ``ArrangementTree`` (checked by the model's rules) for `prepare`, each frame's context
/// becomes a ``LayoutContext`` kept in the prepared value (its region array reused, so a
/// relayout allocates nothing the variant does not), and the variant's ``Resolution`` is
/// copied into FoldBench's panes. Because the whole resolution is copied every frame, a
/// variant that reads its last answer still writes every pane as the interface sees it;
/// any frame memory is declared as `FOLDBENCH_KEEPS_STATE`, so FoldBench checks it over
/// whole histories. Edits (interface version 2) reach the variant's
/// ``ResolverVariant/edit(_:with:giving:)`` as the model's ``TreeEdit``s, each pane's
/// values read from the edited tree (a preference edit as the values that changed
/// against the tree the kit kept); a variant that declines (the default) is prepared
/// anew. `examples/swift-variant` is a template package.
public func exportVariant<Variant: ResolverVariant>(_ variant: Variant, summary: String) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(ExportedVariant(variant, summary: summary) as ExportedVariantBase).toOpaque()
}

/// What the kit keeps of the exported variant: its name and summary as C strings for the
/// life of the process, and how to prepare a tree, behind one class so the entry points
/// need not know the variant's type.
class ExportedVariantBase {
    let displayName: String
    let name: ContiguousArray<CChar>
    let summary: ContiguousArray<CChar>
    let frameMemory: UInt32

    init(name: String, summary: String, frameMemory: FrameMemory) {
        displayName = name
        self.name = ContiguousArray(name.utf8CString)
        self.summary = ContiguousArray(summary.utf8CString)
        self.frameMemory = frameMemory.remembers ? UInt32(FOLDBENCH_KEEPS_STATE) : 0
    }

    func prepare(_ tree: ArrangementTree) -> PreparedTreeBase { fatalError("overridden") }
}

final class ExportedVariant<Variant: ResolverVariant>: ExportedVariantBase {
    let variant: Variant

    init(_ variant: Variant, summary: String) {
        self.variant = variant
        super.init(name: variant.name, summary: summary, frameMemory: variant.frameMemory)
    }

    override func prepare(_ tree: ArrangementTree) -> PreparedTreeBase {
        PreparedTree(variant, prepared: variant.prepare(tree), tree: tree)
    }
}

/// One prepared tree: the variant's prepared value, the context and resolution it is
/// handed every frame (kept, so a frame allocates nothing of the kit's).
class PreparedTreeBase {
    var context = LayoutContext(bounds: .zero)
    var resolution: Resolution
    /// The tree as the variant has it: the one prepared, then each edited one taken.
    var tree: ArrangementTree

    init(tree: ArrangementTree) {
        self.tree = tree
        resolution = Resolution(paneCount: tree.paneCount)
    }

    func solve() { fatalError("overridden") }

    /// Hands `edits` (made to ``tree``, giving `edited`) to the variant; false when it
    /// declines.
    func take(_ edits: [TreeEdit], giving edited: ArrangementTree) -> Bool { fatalError("overridden") }

    /// The interface's edits as the model's, read against the tree kept and `edited`; nil
    /// for one the kit cannot name (its pane removed by a later edit of the call, which
    /// the variant then sees only as that removal).
    func treeEdits(_ given: UnsafeBufferPointer<foldbench_edit>, giving edited: ArrangementTree) -> [TreeEdit]? {
        let panes = edited.panes
        let old = Dictionary(tree.panes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var edits: [TreeEdit] = []
        for edit in given {
            let root = edit.pane < 0 && edit.arrangement == 0
            guard root || (edit.pane >= 0 && Int(edit.pane) < panes.count) else { return nil }
            let pane = root ? nil : panes[Int(edit.pane)]
            let name = pane?.id ?? TreeEdit.rootPane
            let held = root ? edited.root : pane?.arrangement
            switch Int(edit.kind) {
            case Int(FOLDBENCH_EDIT_PREFERENCE):
                guard let pane, let before = old[pane.id] else { return nil }
                edits += Self.preferenceEdits(before, pane)
            case Int(FOLDBENCH_EDIT_PRIORITY):
                guard let pane else { return nil }
                edits.append(.setPane(name, .layoutPriority(pane.layoutPriority)))
            case Int(FOLDBENCH_EDIT_OVERLAY_EDGES):
                guard let pane else { return nil }
                edits.append(.setPane(name, .overlayEdges(pane.overlayEdge)))
            case Int(FOLDBENCH_EDIT_STYLE):
                guard let held else { return nil }
                edits.append(.setStyle(name, held.style))
            case Int(FOLDBENCH_EDIT_AXES):
                guard let held else { return nil }
                edits.append(.setAxes(name, held.style.axes))
            case Int(FOLDBENCH_EDIT_INSERT):
                guard let held else { return nil }
                edits.append(.insert(name, held))
            case Int(FOLDBENCH_EDIT_REMOVE): edits.append(.remove(name))
            case Int(FOLDBENCH_EDIT_REPLACE):
                guard let held else { return nil }
                edits.append(.replace(name, held))
            default: return nil
            }
        }
        return edits
    }

    /// The values of a pane's sizes that changed from `before` to `after`, as edits in an
    /// order the model takes (an ideal raised before its minimum, a minimum lowered before
    /// its ideal).
    static func preferenceEdits(_ before: Pane, _ after: Pane) -> [TreeEdit] {
        var edits: [TreeEdit] = []
        let id = after.id
        for (oldMin, newMin, oldIdeal, newIdeal, minimum, ideal) in [
            (
                before.minWidth, after.minWidth, before.idealWidth, after.idealWidth, TreeEdit.PaneChange.minWidth,
                TreeEdit.PaneChange.idealWidth
            ),
            (
                before.minHeight, after.minHeight, before.idealHeight, after.idealHeight, TreeEdit.PaneChange.minHeight,
                TreeEdit.PaneChange.idealHeight
            ),
        ] {
            let sizes: [TreeEdit] = [.setPane(id, ideal(newIdeal)), .setPane(id, minimum(newMin))]
            if oldMin != newMin || oldIdeal != newIdeal { edits += newMin > oldMin ? sizes : sizes.reversed() }
        }
        for axis in [Axis.horizontal, .vertical] where before.split[axis] != after.split[axis] {
            edits.append(.setPane(id, .split(axis, after.split[axis])))
        }
        return edits
    }

    func relayout(_ flat: UnsafePointer<foldbench_context>, into panes: UnsafeMutablePointer<foldbench_pane_layout>) {
        let given = flat.pointee
        context.bounds = Rect(
            uncheckedX: given.bounds.x, y: given.bounds.y, width: given.bounds.width, height: given.bounds.height)
        context.sizeClass = SizeClass(
            horizontal: given.horizontal_compact != 0 ? .compact : .regular,
            vertical: given.vertical_compact != 0 ? .compact : .regular)
        context.layoutDirection = given.right_to_left != 0 ? .rightToLeft : .leftToRight
        context.reservedRegions.removeAll(keepingCapacity: true)
        for region in UnsafeBufferPointer(start: given.regions, count: Int(given.region_count)) {
            context.reservedRegions.append(
                Rect(uncheckedX: region.x, y: region.y, width: region.width, height: region.height))
        }
        solve()
        // PaneLayout is laid out as foldbench_pane_layout (a frame of four doubles, then the bits).
        resolution.panes.withUnsafeBytes { answer in
            UnsafeMutableRawPointer(panes).copyMemory(from: answer.baseAddress!, byteCount: answer.count)
        }
    }
}

final class PreparedTree<Variant: ResolverVariant>: PreparedTreeBase {
    let variant: Variant
    var prepared: Variant.Prepared

    init(_ variant: Variant, prepared: Variant.Prepared, tree: ArrangementTree) {
        self.variant = variant
        self.prepared = prepared
        super.init(tree: tree)
    }

    override func solve() { variant.relayout(prepared, in: context, into: &resolution) }

    override func take(_ edits: [TreeEdit], giving edited: ArrangementTree) -> Bool {
        guard variant.edit(&prepared, with: edits, giving: edited) else { return false }
        tree = edited
        if resolution.panes.count != edited.paneCount { resolution = Resolution(paneCount: edited.paneCount) }
        return true
    }
}

/// The exported variant, asked for once, on the first call into the library (one thread
/// calls at a time: rule 4 of the interface).
nonisolated(unsafe) private var exported: ExportedVariantBase?

private var variant: ExportedVariantBase {
    if let exported { return exported }
    precondition(
        MemoryLayout<PaneLayout>.stride == MemoryLayout<foldbench_pane_layout>.stride,
        "PaneLayout is no longer laid out as foldbench_pane_layout")
    let made = Unmanaged<ExportedVariantBase>.fromOpaque(foldbench_exported_variant()).takeRetainedValue()
    exported = made
    return made
}

@_cdecl("foldbench_variant_interface_version")
public func foldBenchInterfaceVersion() -> UInt32 { UInt32(FOLDBENCH_VARIANT_INTERFACE_VERSION) }

@_cdecl("foldbench_variant_name")
public func foldBenchVariantName() -> UnsafePointer<CChar> { variant.name.withUnsafeBufferPointer { $0.baseAddress! } }

@_cdecl("foldbench_variant_summary")
public func foldBenchVariantSummary() -> UnsafePointer<CChar> {
    variant.summary.withUnsafeBufferPointer { $0.baseAddress! }
}

@_cdecl("foldbench_variant_frame_memory")
public func foldBenchVariantFrameMemory() -> UInt32 { variant.frameMemory }

@_cdecl("foldbench_variant_prepare")
public func foldBenchVariantPrepare(
    _ tree: UnsafePointer<foldbench_tree>, _ message: UnsafeMutablePointer<CChar>, _ capacity: Int
) -> UnsafeMutableRawPointer? {
    do {
        let model = try ArrangementTree(flat: tree)
        return Unmanaged.passRetained(variant.prepare(model)).toOpaque()
    } catch {
        let text = Array("\(variant.displayName): \(error)".utf8CString.prefix(capacity - 1)) + [0]
        text.withUnsafeBufferPointer { message.update(from: $0.baseAddress!, count: text.count) }
        return nil
    }
}

@_cdecl("foldbench_variant_relayout")
public func foldBenchVariantRelayout(
    _ prepared: UnsafeMutableRawPointer, _ context: UnsafePointer<foldbench_context>,
    _ panes: UnsafeMutablePointer<foldbench_pane_layout>
) {
    // Borrowed, not retained: FoldBench keeps the prepared value alive across the call.
    Unmanaged<PreparedTreeBase>.fromOpaque(prepared)._withUnsafeGuaranteedRef { $0.relayout(context, into: panes) }
}

@_cdecl("foldbench_variant_edit")
public func foldBenchVariantEdit(
    _ prepared: UnsafeMutableRawPointer, _ tree: UnsafePointer<foldbench_tree>,
    _ edits: UnsafePointer<foldbench_edit>, _ count: UInt32
) -> Int32 {
    Unmanaged<PreparedTreeBase>.fromOpaque(prepared)._withUnsafeGuaranteedRef { kept in
        guard let edited = try? ArrangementTree(flat: tree),
            let list = kept.treeEdits(UnsafeBufferPointer(start: edits, count: Int(count)), giving: edited)
        else { return 0 }
        return kept.take(list, giving: edited) ? 1 : 0
    }
}

@_cdecl("foldbench_variant_release")
public func foldBenchVariantRelease(_ prepared: UnsafeMutableRawPointer) {
    Unmanaged<PreparedTreeBase>.fromOpaque(prepared).release()
}

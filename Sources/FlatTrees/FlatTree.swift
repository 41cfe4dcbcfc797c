import ArrangementModel
import CVariantInterface

#if canImport(Glibc)
    import Glibc
#endif

/// A tree as the C interface hands it over (`foldbench_tree`): arrangements and panes in
/// flat arrays, panes in the resolution's order, arrangements in the order of the panes
/// that hold them. Owns the arrays and the ids' C strings for as long as it lives.
public final class FlatTree {
    public private(set) var arrangements: [foldbench_tree_arrangement] = []
    public private(set) var panes: [foldbench_tree_pane] = []
    public let depth: Int

    public init(_ tree: ArrangementTree) {
        depth = tree.depth
        // Depth first, primary before secondary, as ArrangementTree orders its ids.
        var stack: [(pane: Pane, owner: Int, isPrimary: Bool)] = [
            (tree.root.secondary, 0, false), (tree.root.primary, 0, true),
        ]
        arrangements.append(Self.arrangement(tree.root, parent: -1))
        while let (pane, owner, isPrimary) = stack.popLast() {
            let index = panes.count
            if isPrimary {
                arrangements[owner].primary = UInt32(index)
            } else {
                arrangements[owner].secondary = UInt32(index)
            }
            var flat = Self.pane(pane)
            if let nested = pane.arrangement {
                flat.arrangement = Int32(arrangements.count)
                stack.append((nested.secondary, arrangements.count, false))
                stack.append((nested.primary, arrangements.count, true))
                arrangements.append(Self.arrangement(nested, parent: Int32(index)))
            }
            panes.append(flat)
        }
    }

    deinit {
        for pane in panes { free(UnsafeMutablePointer(mutating: pane.id)) }
    }

    /// Hands `body` the tree; its pointers live as long as the call.
    public func withTree<Result>(_ body: (UnsafePointer<foldbench_tree>) throws -> Result) rethrows -> Result {
        try arrangements.withUnsafeBufferPointer { arrangements in
            try panes.withUnsafeBufferPointer { panes in
                var tree = foldbench_tree(
                    arrangement_count: UInt32(arrangements.count), pane_count: UInt32(panes.count),
                    depth: UInt32(depth), reserved: 0, arrangements: arrangements.baseAddress,
                    panes: panes.baseAddress)
                return try body(&tree)
            }
        }
    }

    static func arrangement(_ arrangement: Arrangement, parent: Int32) -> foldbench_tree_arrangement {
        let style: UInt32
        switch arrangement.style {
        case .split: style = UInt32(FOLDBENCH_STYLE_SPLIT)
        case .overlay: style = UInt32(FOLDBENCH_STYLE_OVERLAY)
        }
        return foldbench_tree_arrangement(
            style: style, axes: UInt32(arrangement.style.axes.rawValue), primary: 0, secondary: 0, parent: parent,
            reserved: 0)
    }

    static func pane(_ pane: Pane) -> foldbench_tree_pane {
        let edges = (
            UInt8(
                pane.overlayEdge.horizontal.map { $0 == .leading ? FOLDBENCH_EDGE_LEADING : FOLDBENCH_EDGE_TRAILING }
                    ?? FOLDBENCH_EDGE_NONE),
            UInt8(
                pane.overlayEdge.vertical.map { $0 == .top ? FOLDBENCH_EDGE_TOP : FOLDBENCH_EDGE_BOTTOM }
                    ?? FOLDBENCH_EDGE_NONE)
        )
        return foldbench_tree_pane(
            id: UnsafePointer(strdup(pane.id)), layout_priority: pane.layoutPriority, min_width: pane.minWidth,
            min_height: pane.minHeight, ideal_width: pane.idealWidth, ideal_height: pane.idealHeight,
            split: (preference(pane.split.horizontal), preference(pane.split.vertical)), overlay_edge: edges,
            reserved: (0, 0), arrangement: -1)
    }

    static func preference(_ preference: SizePreference?) -> foldbench_preference {
        func range(_ kind: Int32, _ range: PreferenceRange) -> foldbench_preference {
            foldbench_preference(
                kind: UInt32(kind), reserved: 0, min: range.min ?? .nan, ideal: range.ideal ?? .nan,
                max: range.max ?? .nan)
        }
        switch preference {
        case .ratio(let value)?: return range(Int32(FOLDBENCH_PREFERENCE_RATIO), value)
        case .length(let value)?: return range(Int32(FOLDBENCH_PREFERENCE_LENGTH), value)
        case .fixed?:
            return foldbench_preference(
                kind: UInt32(FOLDBENCH_PREFERENCE_FIXED), reserved: 0, min: .nan, ideal: .nan, max: .nan)
        case nil:
            return foldbench_preference(
                kind: UInt32(FOLDBENCH_PREFERENCE_NONE), reserved: 0, min: .nan, ideal: .nan, max: .nan)
        }
    }
}

extension ArrangementTree {
    /// The tree a C interface hands over, read back into the model's types and checked
    /// by the model's rules; for a variant written in Swift and exported through the interface.
    public init(flat tree: UnsafePointer<foldbench_tree>) throws(ModelError) {
        let count = Int(tree.pointee.arrangement_count)
        let arrangements = UnsafeBufferPointer(start: tree.pointee.arrangements, count: count)
        let panes = UnsafeBufferPointer(start: tree.pointee.panes, count: Int(tree.pointee.pane_count))
        guard count > 0, panes.count == 2 * count else { throw ModelError("a tree needs 2 panes an arrangement") }
        // Children come after the panes that hold them: build from the last arrangement back.
        var built = [Arrangement?](repeating: nil, count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            built[index] = try Self.arrangement(tree, index) { (nested: Int32) throws(ModelError) -> Arrangement in
                guard Int(nested) < count, let arrangement = built[Int(nested)] else {
                    throw ModelError("arrangement \(nested) does not come after the pane holding it")
                }
                return arrangement
            }
        }
        try self.init(root: built[0]!)
    }

    /// Arrangement `index` of a flat tree, with what its panes hold: an arrangement's
    /// index handed to `nested` for the caller to build, or views throughout when nil
    /// (its style and its panes' values are all that one arrangement's compile reads).
    public static func arrangement(
        _ tree: UnsafePointer<foldbench_tree>, _ index: Int,
        nested: ((Int32) throws(ModelError) -> Arrangement)? = nil
    ) throws(ModelError) -> Arrangement {
        let count = Int(tree.pointee.arrangement_count)
        guard index >= 0, index < count else { throw ModelError("arrangement \(index) is out of range") }
        let flat = tree.pointee.arrangements[index]
        let panes = UnsafeBufferPointer(start: tree.pointee.panes, count: Int(tree.pointee.pane_count))
        func side(_ paneIndex: UInt32) throws(ModelError) -> Pane {
            guard Int(paneIndex) < panes.count else { throw ModelError("pane index \(paneIndex) is out of range") }
            let pane = panes[Int(paneIndex)]
            var content = PaneContent.view
            if pane.arrangement >= 0, let nested { content = .arrangement(try nested(pane.arrangement)) }
            return try Pane(
                id: String(cString: pane.id), layoutPriority: pane.layout_priority, minWidth: pane.min_width,
                minHeight: pane.min_height, idealWidth: pane.ideal_width, idealHeight: pane.ideal_height,
                split: SplitPreferences(
                    horizontal: try Self.preference(pane.split.0), vertical: try Self.preference(pane.split.1)),
                overlayEdge: OverlayEdges(
                    horizontal: pane.overlay_edge.0 == FOLDBENCH_EDGE_NONE
                        ? nil : pane.overlay_edge.0 == FOLDBENCH_EDGE_LEADING ? .leading : .trailing,
                    vertical: pane.overlay_edge.1 == FOLDBENCH_EDGE_NONE
                        ? nil : pane.overlay_edge.1 == FOLDBENCH_EDGE_TOP ? .top : .bottom),
                content: content)
        }
        let axes = try AxisSet(bits: UInt32(flat.axes))
        return Arrangement(
            style: flat.style == FOLDBENCH_STYLE_OVERLAY ? .overlay(axes) : .split(axes),
            primary: try side(flat.primary), secondary: try side(flat.secondary))
    }

    /// Arrangement `index` of a flat tree with everything nested in it (a subtree an edit
    /// inserted); nesting is at most 256 deep.
    public static func subtree(_ tree: UnsafePointer<foldbench_tree>, _ index: Int) throws(ModelError) -> Arrangement {
        try arrangement(tree, index) { (nested: Int32) throws(ModelError) -> Arrangement in
            guard Int(nested) > index else {
                throw ModelError("arrangement \(nested) does not come after the pane holding it")
            }
            return try subtree(tree, Int(nested))
        }
    }

    static func preference(_ flat: foldbench_preference) throws(ModelError) -> SizePreference? {
        func value(_ number: Double) -> Double? { number.isNaN ? nil : number }
        switch Int32(flat.kind) {
        case Int32(FOLDBENCH_PREFERENCE_RATIO):
            return try .ratio(min: value(flat.min), ideal: value(flat.ideal), max: value(flat.max))
        case Int32(FOLDBENCH_PREFERENCE_LENGTH):
            return try .length(min: value(flat.min), ideal: value(flat.ideal), max: value(flat.max))
        case Int32(FOLDBENCH_PREFERENCE_FIXED): return .fixed
        default: return nil
        }
    }
}

extension FlatTree {
    /// `edits`, made in order to some tree to give this one, as interface version 2 hands
    /// them over: each edit's pane and arrangement as indices into this tree (-1 where an
    /// edit named a pane a later one removed, or names no pane).
    public func interfaceEdits(_ edits: [TreeEdit]) -> [foldbench_edit] {
        var paneIndex: [String: Int32] = [:]
        var owner = [Int32](repeating: -1, count: panes.count)
        for (index, pane) in panes.enumerated() { paneIndex[String(cString: pane.id)] = Int32(index) }
        for (index, arrangement) in arrangements.enumerated() {
            owner[Int(arrangement.primary)] = Int32(index)
            owner[Int(arrangement.secondary)] = Int32(index)
        }
        return edits.map { edit in
            let kind = UInt32(TreeEdit.Kind.allCases.firstIndex(of: edit.kind)!)
            // A style or axes edit naming "root" changes the root arrangement, whatever a pane is called.
            if edit.pane == TreeEdit.rootPane, edit.kind == .style || edit.kind == .axes {
                return foldbench_edit(kind: kind, pane: -1, arrangement: 0, reserved: 0)
            }
            guard let pane = paneIndex[edit.pane] else {
                return foldbench_edit(kind: kind, pane: -1, arrangement: -1, reserved: 0)
            }
            let arrangement: Int32
            switch edit.kind {
            case .preference, .priority, .overlayEdges: arrangement = owner[Int(pane)]
            case .style, .axes, .insert, .replace: arrangement = panes[Int(pane)].arrangement
            case .remove: arrangement = -1
            }
            return foldbench_edit(kind: kind, pane: pane, arrangement: arrangement, reserved: 0)
        }
    }
}

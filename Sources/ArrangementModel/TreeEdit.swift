import Support

/// A change to a tree's content, as an app makes one while the device folds: a list that
/// finished loading (a pane's ideal size), the keyboard (a minimum), a sheet (a style
/// switch), a detail opened or closed (a subtree inserted or removed).
///
/// An edit names the pane it lands on by id (ids are unique in a tree); an arrangement is
/// named by the pane that holds it, or by ``rootPane`` for the root. ``applied(to:)``
/// refuses an edit that names nothing, or that would leave an invalid tree, with the rule
/// it breaks; nothing is changed then. A minimum set on a pane whose ideal equals its
/// minimum (as when no ideal is stated) moves the ideal with it.
public enum TreeEdit: Equatable, Hashable, Sendable {
    /// One of a pane's own values.
    case setPane(String, PaneChange)
    /// The style (split or overlay, with its axes) of the arrangement held by a pane.
    case setStyle(String, ArrangementStyle)
    /// Only the permitted axes of that arrangement's style.
    case setAxes(String, AxisSet)
    /// A subtree into a pane that holds none.
    case insert(String, Arrangement)
    /// The subtree a pane holds (the pane then holds a view).
    case remove(String)
    /// The subtree a pane holds, for another.
    case replace(String, Arrangement)

    /// The name standing for the root arrangement where an edit names an arrangement.
    public static let rootPane = "root"

    /// A value of a pane's that an edit sets.
    public enum PaneChange: Equatable, Hashable, Sendable {
        case minWidth(Double)
        case minHeight(Double)
        case idealWidth(Double)
        case idealHeight(Double)
        case layoutPriority(Double)
        /// The split preference along an axis (ratio or length, min/ideal/max), or none.
        case split(Axis, SizePreference?)
        case overlayEdges(OverlayEdges)
    }

    /// What kind of edit this is, for reports that group edit frames: preference,
    /// priority, overlay-edges, style, axes, insert, remove, replace.
    public var kind: Kind {
        switch self {
        case .setPane(_, let change):
            switch change {
            case .layoutPriority: .priority
            case .overlayEdges: .overlayEdges
            case .minWidth, .minHeight, .idealWidth, .idealHeight, .split: .preference
            }
        case .setStyle: .style
        case .setAxes: .axes
        case .insert: .insert
        case .remove: .remove
        case .replace: .replace
        }
    }

    /// The kinds of edit, in the order reports list them.
    public enum Kind: String, CaseIterable, Sendable, Hashable {
        case preference
        case priority
        case overlayEdges = "overlay-edges"
        case style
        case axes
        case insert
        case remove
        case replace

        /// A subtree inserted, removed or replaced: the panes after it are numbered anew.
        public var movesPanes: Bool { self == .insert || self == .remove || self == .replace }
    }

    /// Whether the edit sets a pane's minimum (either axis); a preference edit's field.
    public var setsMinimum: Bool {
        switch self {
        case .setPane(_, .minWidth), .setPane(_, .minHeight): true
        default: false
        }
    }

    /// Whether the edit sets a pane's ideal size (either axis).
    public var setsIdeal: Bool {
        switch self {
        case .setPane(_, .idealWidth), .setPane(_, .idealHeight): true
        default: false
        }
    }

    /// The pane the edit names.
    public var pane: String {
        switch self {
        case .setPane(let id, _), .setStyle(let id, _), .setAxes(let id, _), .insert(let id, _), .remove(let id),
            .replace(let id, _):
            id
        }
    }

    /// The edit in words, for messages: `pane "list": idealHeight 640`.
    public var description: String {
        let target = "pane \"\(pane)\""
        switch self {
        case .setPane(_, let change):
            switch change {
            case .minWidth(let value): return "\(target): minWidth \(formatNumber(value))"
            case .minHeight(let value): return "\(target): minHeight \(formatNumber(value))"
            case .idealWidth(let value): return "\(target): idealWidth \(formatNumber(value))"
            case .idealHeight(let value): return "\(target): idealHeight \(formatNumber(value))"
            case .layoutPriority(let value): return "\(target): layoutPriority \(formatNumber(value))"
            case .split(let axis, let preference):
                return "\(target): split.\(axis == .horizontal ? "horizontal" : "vertical") \(Self.words(preference))"
            case .overlayEdges(let edges): return "\(target): overlayEdge \(Self.words(edges))"
            }
        case .setStyle(_, let style): return "the arrangement in \(target): style \(Self.words(style))"
        case .setAxes(_, let axes): return "the arrangement in \(target): axes \(Self.words(axes))"
        case .insert(_, let subtree): return "\(target): insert \(Self.count(subtree))"
        case .remove: return "\(target): remove its arrangement"
        case .replace(_, let subtree): return "\(target): replace its arrangement with \(Self.count(subtree))"
        }
    }

    /// The tree with the edit made, validated as a scene's tree is.
    public func applied(to tree: ArrangementTree) throws(ModelError) -> ArrangementTree {
        let root = try Self.edit(tree.root, self, isRoot: true)
        guard let root else {
            throw ModelError("no pane \"\(pane)\" in the tree", field: "pane")
        }
        return try ArrangementTree(root: root)
    }

    /// `arrangement` with the edit made below it (or to it, when it is the root and the
    /// edit names the root), or nil when the pane is not in it. Recursion is bounded by
    /// the tree's validated depth.
    static func edit(_ arrangement: Arrangement, _ edit: TreeEdit, isRoot: Bool) throws(ModelError) -> Arrangement? {
        if isRoot, edit.pane == rootPane, let changed = edit.changingRoot(arrangement) {
            return changed
        }
        if let primary = try Self.edit(arrangement.primary, edit) {
            return Arrangement(style: arrangement.style, primary: primary, secondary: arrangement.secondary)
        }
        if let secondary = try Self.edit(arrangement.secondary, edit) {
            return Arrangement(style: arrangement.style, primary: arrangement.primary, secondary: secondary)
        }
        return nil
    }

    static func edit(_ pane: Pane, _ edit: TreeEdit) throws(ModelError) -> Pane? {
        if pane.id == edit.pane { return try edit.changing(pane) }
        guard let nested = pane.arrangement, let changed = try Self.edit(nested, edit, isRoot: false) else {
            return nil
        }
        return try pane.with(content: .arrangement(changed))
    }

    /// The root arrangement with its style or axes set; nil for any other edit (a pane
    /// of its own may be called "root").
    func changingRoot(_ arrangement: Arrangement) -> Arrangement? {
        switch self {
        case .setStyle(_, let style):
            Arrangement(style: style, primary: arrangement.primary, secondary: arrangement.secondary)
        case .setAxes(_, let axes):
            Arrangement(
                style: Self.style(arrangement.style, axes: axes), primary: arrangement.primary,
                secondary: arrangement.secondary)
        default: nil
        }
    }

    func changing(_ pane: Pane) throws(ModelError) -> Pane {
        switch self {
        case .setPane(_, let change):
            switch change {
            // An ideal equal to the minimum (as when none is stated) follows it; an ideal
            // stated above the old minimum stays, and a minimum above it is refused.
            case .minWidth(let value):
                return try pane.with(minWidth: value, idealWidth: pane.idealWidth == pane.minWidth ? value : nil)
            case .minHeight(let value):
                return try pane.with(minHeight: value, idealHeight: pane.idealHeight == pane.minHeight ? value : nil)
            case .idealWidth(let value): return try pane.with(idealWidth: value)
            case .idealHeight(let value): return try pane.with(idealHeight: value)
            case .layoutPriority(let value): return try pane.with(layoutPriority: value)
            case .split(let axis, let preference):
                var split = pane.split
                if axis == .horizontal { split.horizontal = preference } else { split.vertical = preference }
                return try pane.with(split: split)
            case .overlayEdges(let edges): return try pane.with(overlayEdge: edges)
            }
        case .setStyle(_, let style):
            guard let nested = pane.arrangement else { throw holdsNone(pane, "set its style") }
            return try pane.with(
                content: .arrangement(Arrangement(style: style, primary: nested.primary, secondary: nested.secondary)))
        case .setAxes(_, let axes):
            guard let nested = pane.arrangement else { throw holdsNone(pane, "set its axes") }
            return try pane.with(
                content: .arrangement(
                    Arrangement(
                        style: Self.style(nested.style, axes: axes), primary: nested.primary,
                        secondary: nested.secondary)))
        case .insert(_, let subtree):
            guard pane.arrangement == nil else {
                throw ModelError(
                    "pane \"\(pane.id)\" already holds an arrangement: replace it, or remove it first", field: "pane")
            }
            return try pane.with(content: .arrangement(subtree))
        case .remove:
            guard pane.arrangement != nil else { throw holdsNone(pane, "remove it") }
            return try pane.with(content: .view)
        case .replace(_, let subtree):
            guard pane.arrangement != nil else { throw holdsNone(pane, "replace it (insert one instead)") }
            return try pane.with(content: .arrangement(subtree))
        }
    }

    func holdsNone(_ pane: Pane, _ action: String) -> ModelError {
        ModelError("pane \"\(pane.id)\" holds no arrangement to \(action)", field: "pane")
    }

    static func style(_ style: ArrangementStyle, axes: AxisSet) -> ArrangementStyle {
        switch style {
        case .split: .split(axes)
        case .overlay: .overlay(axes)
        }
    }

    static func words(_ axes: AxisSet) -> String {
        axes == .both ? "both" : axes == .horizontal ? "horizontal" : "vertical"
    }

    static func words(_ style: ArrangementStyle) -> String {
        switch style {
        case .split(let axes): "split (\(words(axes)))"
        case .overlay(let axes): "overlay (\(words(axes)))"
        }
    }

    static func words(_ preference: SizePreference?) -> String {
        func range(_ range: PreferenceRange) -> String {
            [("min", range.min), ("ideal", range.ideal), ("max", range.max)]
                .compactMap { name, value in value.map { "\(name) \(formatNumber($0))" } }
                .joined(separator: ", ")
        }
        switch preference {
        case nil: return "none"
        case .fixed: return "fixed"
        case .ratio(let value): return "ratio (\(range(value)))"
        case .length(let value): return "length (\(range(value)))"
        }
    }

    static func words(_ edges: OverlayEdges) -> String {
        let horizontal = edges.horizontal.map { $0 == .leading ? "leading" : "trailing" }
        let vertical = edges.vertical.map { $0 == .top ? "top" : "bottom" }
        let named = [horizontal, vertical].compactMap { $0 }
        return named.isEmpty ? "none" : named.joined(separator: ", ")
    }

    static func count(_ subtree: Arrangement) -> String {
        var arrangements = 0
        var stack = [subtree]
        while let next = stack.popLast() {
            arrangements += 1
            if let nested = next.primary.arrangement { stack.append(nested) }
            if let nested = next.secondary.arrangement { stack.append(nested) }
        }
        return arrangements == 1 ? "an arrangement" : "a subtree of \(arrangements) arrangements"
    }
}

extension Pane {
    /// The pane with some of its values changed, validated as a new pane is.
    func with(
        minWidth: Double? = nil, minHeight: Double? = nil, idealWidth: Double? = nil, idealHeight: Double? = nil,
        layoutPriority: Double? = nil, split: SplitPreferences? = nil, overlayEdge: OverlayEdges? = nil,
        content: PaneContent? = nil
    ) throws(ModelError) -> Pane {
        try Pane(
            id: id, layoutPriority: layoutPriority ?? self.layoutPriority, minWidth: minWidth ?? self.minWidth,
            minHeight: minHeight ?? self.minHeight, idealWidth: idealWidth ?? self.idealWidth,
            idealHeight: idealHeight ?? self.idealHeight, split: split ?? self.split,
            overlayEdge: overlayEdge ?? self.overlayEdge, content: content ?? self.content)
    }
}

extension TreeEdit {
    /// The edits that undo this one, made to `tree` (the tree before it): the values it
    /// replaced set back, a subtree inserted removed, one removed or replaced put back.
    /// Nil when the edit names nothing in `tree`.
    public func undoing(in tree: ArrangementTree) -> [TreeEdit]? {
        if pane == Self.rootPane, kind == .style || kind == .axes { return [.setStyle(pane, tree.root.style)] }
        guard let found = Self.find(pane, in: tree.root) else { return nil }
        switch self {
        case .setPane(let id, let change):
            switch change {
            // The ideal set back too: a minimum may have moved it, or may move it back.
            case .minWidth:
                return [.setPane(id, .minWidth(found.minWidth)), .setPane(id, .idealWidth(found.idealWidth))]
            case .minHeight:
                return [.setPane(id, .minHeight(found.minHeight)), .setPane(id, .idealHeight(found.idealHeight))]
            case .idealWidth: return [.setPane(id, .idealWidth(found.idealWidth))]
            case .idealHeight: return [.setPane(id, .idealHeight(found.idealHeight))]
            case .layoutPriority: return [.setPane(id, .layoutPriority(found.layoutPriority))]
            case .split(let axis, _):
                return [.setPane(id, .split(axis, axis == .horizontal ? found.split.horizontal : found.split.vertical))]
            case .overlayEdges: return [.setPane(id, .overlayEdges(found.overlayEdge))]
            }
        case .setStyle(let id, _), .setAxes(let id, _):
            guard let held = found.arrangement else { return nil }
            return [.setStyle(id, held.style)]
        case .insert(let id, _): return [.remove(id)]
        case .remove(let id), .replace(let id, _):
            guard let held = found.arrangement else { return nil }
            return [self.kind == .remove ? .insert(id, held) : .replace(id, held)]
        }
    }

    /// The pane called `id` in `arrangement` or below it. Recursion is bounded by the
    /// tree's validated depth.
    static func find(_ id: String, in arrangement: Arrangement) -> Pane? {
        for pane in [arrangement.primary, arrangement.secondary] {
            if pane.id == id { return pane }
            if let nested = pane.arrangement, let found = find(id, in: nested) { return found }
        }
        return nil
    }
}

import ArrangementModel
import Support

/// The text form of a ``TreeEdit``: one JSON object naming a pane and exactly one change,
/// in the scene format's own spelling.
///
///     {"pane": "list", "idealHeight": 640}
///     {"pane": "list", "split": {"vertical": {"length": {"min": 200}}}}   (null: none)
///     {"pane": "detail", "overlayEdge": {"vertical": "bottom"}}
///     {"pane": "root", "style": "overlay"}          (the arrangement the pane holds)
///     {"pane": "detail", "axes": ["vertical"]}
///     {"pane": "detail", "insert": {"primary": {…}, "secondary": {…}}}
///     {"pane": "detail", "replace": {…}}
///     {"pane": "detail", "remove": true}
///
/// A timeline's edit also carries `"frame": N`, read by whoever reads the timeline.
public enum EditFormat {
    /// The changes an edit makes, by the key that states each, in the order of the format's table.
    public static let changeKeys: [String] = [
        "minWidth", "minHeight", "idealWidth", "idealHeight", "layoutPriority", "split", "overlayEdge", "style",
        "axes", "insert", "replace", "remove",
    ]

    /// The edit an object states; `extraKeys` are allowed and left to the caller.
    public static func decode(
        _ reader: JSONReader, styles: [String: ArrangementStyle] = [:], extraKeys: Set<String> = [],
        limits: InputLimits = .standard
    ) throws(InputError) -> TreeEdit {
        let object = try reader.object(allowing: Set(changeKeys).union(["pane"]).union(extraKeys))
        let pane = try object.required("pane").string()
        let changes = object.keys.filter { changeKeys.contains($0) }
        guard changes.count == 1 else {
            throw reader.failure(
                "an edit names exactly one change (one of \(changeKeys.joined(separator: ", "))), not \(changes.count)")
        }
        let key = changes[0]
        let value = try object.required(key)
        func number() throws(InputError) -> Double { try value.number() }
        func subtree() throws(InputError) -> Arrangement {
            var state = SceneDecoder.TreeState(styles: styles, maximumArrangements: limits.maximumArrangements)
            return try SceneDecoder.decodeArrangement(value, depth: 1, state: &state)
        }
        switch key {
        case "minWidth": return .setPane(pane, .minWidth(try number()))
        case "minHeight": return .setPane(pane, .minHeight(try number()))
        case "idealWidth": return .setPane(pane, .idealWidth(try number()))
        case "idealHeight": return .setPane(pane, .idealHeight(try number()))
        case "layoutPriority": return .setPane(pane, .layoutPriority(try number()))
        case "split":
            let split = try value.object(allowing: SceneDecoder.axisKeys)
            guard split.keys.count == 1, let axisName = split.keys.first else {
                throw value.failure("an edit sets the split preference of exactly one axis")
            }
            let preferenceReader = try split.required(axisName)
            let axis: Axis = axisName == "horizontal" ? .horizontal : .vertical
            if case .null = preferenceReader.value { return .setPane(pane, .split(axis, nil)) }
            return .setPane(pane, .split(axis, try SceneDecoder.decodePreference(preferenceReader)))
        case "overlayEdge": return .setPane(pane, .overlayEdges(try SceneDecoder.decodeOverlayEdges(value)))
        case "style": return .setStyle(pane, try SceneDecoder.decodeStyle(value, aliases: styles))
        case "axes":
            var list: [Axis] = []
            for element in try value.array() {
                list.append(
                    try element.choice(["horizontal", "vertical"], what: "axis") == "horizontal"
                        ? .horizontal : .vertical)
            }
            do {
                return .setAxes(pane, try AxisSet(list))
            } catch {
                throw value.failure(error.rule)
            }
        case "insert": return .insert(pane, try subtree())
        case "replace": return .replace(pane, try subtree())
        default:
            guard case .bool(true) = value.value else { throw value.failure("expected true") }
            return .remove(pane)
        }
    }

    /// The edit made to `tree`, refused with the edit's place when it names nothing or
    /// leaves an invalid tree.
    public static func apply(_ edit: TreeEdit, to tree: ArrangementTree, at reader: JSONReader) throws(InputError)
        -> ArrangementTree
    {
        do {
            return try edit.applied(to: tree)
        } catch {
            throw reader.place(error)
        }
    }

    /// The key that states the edit's change (`minWidth`, `overlayEdge`, `insert`, …): the
    /// edit rule it follows, as `check` names it.
    public static func key(_ edit: TreeEdit) -> String {
        guard case .object(let entries) = json(edit), entries.count == 2 else { return "?" }
        return entries[1].key
    }

    /// The object ``decode(_:styles:extraKeys:limits:)`` reads back, first the pane.
    public static func json(_ edit: TreeEdit) -> JSONValue {
        let change: (key: String, value: JSONValue)
        switch edit {
        case .setPane(_, let value):
            switch value {
            case .minWidth(let number): change = ("minWidth", .number(number))
            case .minHeight(let number): change = ("minHeight", .number(number))
            case .idealWidth(let number): change = ("idealWidth", .number(number))
            case .idealHeight(let number): change = ("idealHeight", .number(number))
            case .layoutPriority(let number): change = ("layoutPriority", .number(number))
            case .split(let axis, let preference):
                change = (
                    "split",
                    .object([(ResolutionEncoder.axisName(axis), preference.map(SceneEncoder.json) ?? .null)])
                )
            case .overlayEdges(let edges):
                var entries: [(key: String, value: JSONValue)] = []
                if let horizontal = edges.horizontal {
                    entries.append(("horizontal", .string(horizontal == .leading ? "leading" : "trailing")))
                }
                if let vertical = edges.vertical {
                    entries.append(("vertical", .string(vertical == .top ? "top" : "bottom")))
                }
                change = ("overlayEdge", .object(entries))
            }
        case .setStyle(_, let style): change = ("style", SceneEncoder.json(style))
        case .setAxes(_, let axes):
            change = ("axes", .array(axes.axes.map { .string(ResolutionEncoder.axisName($0)) }))
        case .insert(_, let subtree): change = ("insert", SceneEncoder.json(subtree))
        case .replace(_, let subtree): change = ("replace", SceneEncoder.json(subtree))
        case .remove: change = ("remove", .bool(true))
        }
        return .object([("pane", .string(edit.pane)), change])
    }
}

import ArrangementModel
import Support

/// Writes a scene in the file format of contract §4 (the inverse of ``SceneDecoder``),
/// so that generated or shrunk scenes can be saved, read and replayed.
public enum SceneEncoder {
    /// The scene as JSON text.
    public static func encode(_ scene: Scene) -> String { JSONWriter.write(json(scene)) + "\n" }

    public static func json(_ scene: Scene) -> JSONValue {
        .object([("context", json(scene.context)), ("root", json(scene.tree.root))])
    }

    public static func json(_ context: LayoutContext) -> JSONValue {
        .object([
            ("bounds", json(context.bounds)),
            ("sizeClass", ResolutionEncoder.sizeClassJSON(context.sizeClass)),
            ("layoutDirection", .string(context.layoutDirection.name)),
            ("reservedRegions", .array(context.reservedRegions.map(json))),
        ])
    }

    public static func json(_ rect: Rect) -> JSONValue { ResolutionEncoder.frameJSON(rect) }

    public static func json(_ arrangement: Arrangement) -> JSONValue {
        .object([
            ("style", json(arrangement.style)), ("primary", json(arrangement.primary)),
            ("secondary", json(arrangement.secondary)),
        ])
    }

    static func json(_ style: ArrangementStyle) -> JSONValue {
        let axes = JSONValue.array(style.axes.axes.map { .string(ResolutionEncoder.axisName($0)) })
        switch style {
        case .split: return .object([("split", .object([("axes", axes)]))])
        case .overlay: return .object([("overlay", .object([("axes", axes)]))])
        }
    }

    static func json(_ pane: Pane) -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = [("id", .string(pane.id))]
        if pane.layoutPriority != 0 { entries.append(("layoutPriority", .number(pane.layoutPriority))) }
        if pane.minWidth != 0 { entries.append(("minWidth", .number(pane.minWidth))) }
        if pane.minHeight != 0 { entries.append(("minHeight", .number(pane.minHeight))) }
        if pane.idealWidth != pane.minWidth { entries.append(("idealWidth", .number(pane.idealWidth))) }
        if pane.idealHeight != pane.minHeight { entries.append(("idealHeight", .number(pane.idealHeight))) }
        var split: [(key: String, value: JSONValue)] = []
        if let horizontal = pane.split.horizontal { split.append(("horizontal", json(horizontal))) }
        if let vertical = pane.split.vertical { split.append(("vertical", json(vertical))) }
        if !split.isEmpty { entries.append(("split", .object(split))) }
        var edges: [(key: String, value: JSONValue)] = []
        if let horizontal = pane.overlayEdge.horizontal {
            edges.append(("horizontal", .string(horizontal == .leading ? "leading" : "trailing")))
        }
        if let vertical = pane.overlayEdge.vertical {
            edges.append(("vertical", .string(vertical == .top ? "top" : "bottom")))
        }
        if !edges.isEmpty { entries.append(("overlayEdge", .object(edges))) }
        if let nested = pane.arrangement { entries.append(("arrangement", json(nested))) }
        return .object(entries)
    }

    static func json(_ preference: SizePreference) -> JSONValue {
        func range(_ range: PreferenceRange) -> JSONValue {
            var entries: [(key: String, value: JSONValue)] = []
            if let min = range.min { entries.append(("min", .number(min))) }
            if let ideal = range.ideal { entries.append(("ideal", .number(ideal))) }
            if let max = range.max { entries.append(("max", .number(max))) }
            return .object(entries)
        }
        switch preference {
        case .fixed: return .string("fixed")
        case .ratio(let value): return .object([("ratio", range(value))])
        case .length(let value): return .object([("length", range(value))])
        }
    }
}

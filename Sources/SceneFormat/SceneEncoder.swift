import ArrangementModel
import Support

/// Writes a scene in the file format of contract §4 (the inverse of ``SceneDecoder``),
/// so that generated or shrunk scenes can be saved, read and replayed.
public enum SceneEncoder {
    /// The scene as JSON text.
    public static func encode(_ scene: Scene) -> String { JSONWriter.write(json(scene)) + "\n" }

    /// The scene as JSON text in chunks of about 64 KiB, arrangement by arrangement, so
    /// that a million-arrangement scene is written without a document of it in memory.
    public static func write(_ scene: Scene, chunk: (String) -> Void) {
        var output = "{\"context\":"
        JSONWriter.write(json(scene.context), to: &output)
        output += ",\"root\":"
        func flush() {
            if output.utf8.count >= 1 << 16 {
                chunk(output)
                output = ""
            }
        }
        func write(_ arrangement: Arrangement) {
            output += "{"
            if arrangement.style != .automatic {
                output += "\"style\":"
                JSONWriter.write(json(arrangement.style), to: &output)
                output += ","
            }
            for (key, pane) in [("primary", arrangement.primary), ("secondary", arrangement.secondary)] {
                output += key == "primary" ? "\"primary\":" : ",\"secondary\":"
                JSONWriter.write(.object(entries(pane)), to: &output)
                if let nested = pane.arrangement {
                    output.removeLast()  // the pane's closing brace, written again after its arrangement
                    output += ",\"arrangement\":"
                    flush()
                    write(nested)
                    output += "}"
                }
            }
            output += "}"
        }
        write(scene.tree.root)
        output += "}\n"
        chunk(output)
    }

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

    /// An arrangement; its style only when it is not the default (`automatic`).
    public static func json(_ arrangement: Arrangement) -> JSONValue {
        let panes: [(key: String, value: JSONValue)] = [
            ("primary", json(arrangement.primary)), ("secondary", json(arrangement.secondary)),
        ]
        guard arrangement.style != .automatic else { return .object(panes) }
        return .object([("style", json(arrangement.style))] + panes)
    }

    /// A style by its built-in name where it has one, else spelled out.
    static func json(_ style: ArrangementStyle) -> JSONValue {
        if style == .split(.both) { return .string("split") }
        if style == .overlay(.both) { return .string("overlay") }
        let axes = JSONValue.array(style.axes.axes.map { .string(ResolutionEncoder.axisName($0)) })
        switch style {
        case .split: return .object([("split", .object([("axes", axes)]))])
        case .overlay: return .object([("overlay", .object([("axes", axes)]))])
        }
    }

    static func json(_ pane: Pane) -> JSONValue {
        var entries = entries(pane)
        if let nested = pane.arrangement { entries.append(("arrangement", json(nested))) }
        return .object(entries)
    }

    /// A pane's own fields, without the arrangement it may hold.
    static func entries(_ pane: Pane) -> [(key: String, value: JSONValue)] {
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
        return entries
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

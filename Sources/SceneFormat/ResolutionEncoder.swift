import ArrangementModel

/// Prints a resolution exactly as contract §4 shows it: one object per pane in
/// depth-first order, `null` for a hidden pane's frame and size class.
public enum ResolutionEncoder {
    /// The resolution's JSON text, one pane per three lines, ending with a newline.
    public static func encode(_ resolution: Resolution, ids: [String]) -> String {
        var output = "{\"panes\": [\n"
        for (offset, (id, pane)) in zip(ids, resolution.panes).enumerated() {
            output += "  {\"id\": "
            JSONWriter.writeString(id, to: &output)
            output += ", \"visible\": \(pane.visible),\n   \"frame\": "
            JSONWriter.write(pane.visible ? frameJSON(pane.frame) : .null, to: &output)
            output += ",\n   \"sizeClass\": "
            JSONWriter.write(pane.visible ? sizeClassJSON(pane.sizeClass) : .null, to: &output)
            output += ",\n   \"splitAxis\": "
            JSONWriter.write(pane.splitAxis.map { .string(axisName($0)) } ?? .null, to: &output)
            output += ", \"zIndex\": \(pane.zIndex)}"
            output += offset + 1 < ids.count ? ",\n" : "\n"
        }
        output += "]}\n"
        return output
    }

    static func frameJSON(_ frame: Rect) -> JSONValue {
        .object([
            ("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
            ("height", .number(frame.height)),
        ])
    }

    static func sizeClassJSON(_ sizeClass: SizeClass) -> JSONValue {
        .object([
            ("horizontal", .string(sizeClass.horizontal == .compact ? "compact" : "regular")),
            ("vertical", .string(sizeClass.vertical == .compact ? "compact" : "regular")),
        ])
    }

    /// The contract's name of an axis.
    public static func axisName(_ axis: Axis) -> String { axis == .horizontal ? "horizontal" : "vertical" }
}

import ArrangementModel
import Support

/// Reads a resolution in the format `foldbench resolve` prints (contract §4), for a
/// scene's tree: an answer from another engine, or one saved before, to compare with
/// the reference's. Every pane in the tree's order, each field as §3 reports it.
public enum ResolutionDecoder {
    static let documentKeys: Set<String> = ["panes"]
    static let paneKeys: Set<String> = ["id", "visible", "frame", "sizeClass", "splitAxis", "zIndex"]

    public static func decode(_ document: JSONValue, ids: [String]) throws(InputError) -> Resolution {
        let top = try JSONReader(document).object(allowing: documentKeys)
        let panesReader = try top.required("panes")
        let panes = try panesReader.array()
        guard panes.count == ids.count else {
            throw panesReader.failure("\(panes.count) panes, but the scene has \(ids.count)")
        }
        var resolution = Resolution(paneCount: ids.count)
        for (index, reader) in panes.enumerated() {
            let object = try reader.object(allowing: paneKeys)
            let idReader = try object.required("id")
            let id = try idReader.string()
            guard id == ids[index] else {
                throw idReader.failure("\"\(id)\" where the scene's pane \(index) is \"\(ids[index])\"")
            }
            let visible = try object.required("visible").bool()
            let frame = try object.required("frame")
            let sizeClass = try object.required("sizeClass")
            let axisReader = try object.required("splitAxis")
            let zReader = try object.required("zIndex")
            let z = try zReader.number()
            guard z == 0 || z == 1 else { throw zReader.failure("a z-index is 0 or 1, not \(formatNumber(z))") }
            guard visible else {
                for (reader, name) in [(frame, "frame"), (sizeClass, "sizeClass"), (axisReader, "splitAxis")]
                where reader.value != .null {
                    throw reader.failure("a hidden pane's \(name) is null")
                }
                guard z == 0 else { throw zReader.failure("a hidden pane's z-index is 0") }
                resolution.panes[index] = .hidden
                continue
            }
            var axis: Axis?
            if axisReader.value != .null {
                axis =
                    try axisReader.choice(["horizontal", "vertical"], what: "split axis") == "horizontal"
                    ? .horizontal : .vertical
            }
            resolution.panes[index] = PaneLayout(
                visible: true, frame: try SceneDecoder.decodeRect(frame),
                sizeClass: try SceneDecoder.decodeSizeClass(sizeClass), splitAxis: axis, zIndex: Int(z))
        }
        return resolution
    }
}

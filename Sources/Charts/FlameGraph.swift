import Support

/// Renders folded stacks as a flame graph, a self-contained SVG: each frame a box
/// as wide as its cost, its callers below it, the whole run at the bottom. The name,
/// cost and share of a box show on hover (its `<title>`).
///
/// A differential graph draws the new profile's widths and colours each box by how
/// its cost changed: red grew, blue shrank, white did not change.
public enum FlameGraph {
    static let width = 1200.0
    static let margin = 10.0
    static let frameHeight = 17.0
    static let top = 48.0
    static let characterWidth = 6.6
    /// Boxes narrower than this are not drawn (their cost is still in their parent).
    static let minimumWidth = 0.3

    /// A flame graph of `stacks`, costs in `unit` (for example "instructions").
    public static func svg(_ stacks: FoldedStacks, title: String, unit: String) -> String {
        render(
            FlameNode.tree(stacks), title: title, subtitle: "\(NumberText.grouped(stacks.total)) \(unit)", unit: unit
        ) {
            node in
            (
                palette(node.name),
                "\(node.name): \(NumberText.grouped(node.value)) \(unit) (\(NumberText.percent(node.value, of: stacks.total)))"
            )
        }
    }

    /// A differential flame graph: widths from `after`, colours from `after - before`.
    public static func differentialSVG(
        before: FoldedStacks, after: FoldedStacks, title: String, unit: String
    ) -> String {
        let tree = FlameNode.tree(after, before: before)
        let largest = max(tree.largestChange, 1)
        let gone = before.costs.filter { after.costs[$0.key] == nil }.values.reduce(0, +)
        var subtitle =
            "\(NumberText.grouped(before.total)) → \(NumberText.grouped(after.total)) \(unit) (\(NumberText.signedPercent(after.total - before.total, of: before.total))). Red grew, blue shrank; widths are the new build's."
        if gone > 0 {
            subtitle += " \(NumberText.grouped(gone)) \(unit) were in stacks the new build no longer has (not drawn)."
        }
        return render(tree, title: title, subtitle: subtitle, unit: unit) { node in
            let change = node.value - node.before
            return (
                differenceColour(change / largest),
                "\(node.name): \(NumberText.grouped(node.before)) → \(NumberText.grouped(node.value)) \(unit) (\(NumberText.signedPercent(change, of: node.before)))"
            )
        }
    }

    static func render(
        _ root: FlameNode, title: String, subtitle: String, unit: String,
        style: (FlameNode) -> (fill: String, tooltip: String)
    ) -> String {
        let depth = root.depth
        let height = top + Double(depth) * frameHeight + margin
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Verdana, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="#f8f8f8"/>
            <text x="\(width / 2)" y="20" font-size="15" text-anchor="middle">\(SVG.escape(title))</text>
            <text x="\(width / 2)" y="38" fill="#555" text-anchor="middle">\(SVG.escape(subtitle))</text>

            """
        guard root.value > 0 else {
            return svg + "<text x=\"\(width / 2)\" y=\"\(top + 12)\" text-anchor=\"middle\">no samples</text>\n</svg>\n"
        }
        let scale = (width - 2 * margin) / root.value
        var hidden = 0
        func draw(_ node: FlameNode, x: Double, level: Int) {
            let boxWidth = node.value * scale
            guard boxWidth >= minimumWidth else {
                hidden += 1
                return
            }
            let y = height - margin - Double(level + 1) * frameHeight
            let (fill, tooltip) = style(node)
            svg += "<g><title>\(SVG.escape(tooltip))</title>"
            svg +=
                "<rect x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(y))\" width=\"\(NumberText.coordinate(boxWidth))\" height=\"\(NumberText.coordinate(frameHeight - 1))\" rx=\"2\" fill=\"\(fill)\"/>"
            let characters = Int((boxWidth - 6) / characterWidth)
            if characters >= 3 {
                let label = node.name.count <= characters ? node.name : String(node.name.prefix(characters - 2)) + ".."
                svg +=
                    "<text x=\"\(NumberText.coordinate(x + 3))\" y=\"\(NumberText.coordinate(y + 12))\">\(SVG.escape(label))</text>"
            }
            svg += "</g>\n"
            var childX = x
            for child in node.children {
                draw(child, x: childX, level: level + 1)
                childX += child.value * scale
            }
        }
        draw(root, x: margin, level: 0)
        if hidden > 0 { svg += "<!-- \(hidden) frames narrower than \(minimumWidth) px not drawn -->\n" }
        return svg + "</svg>\n"
    }

    /// A warm colour fixed by the name, so a function keeps its colour from graph to
    /// graph; inlined frames are blue-green, to tell them apart.
    static func palette(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let a = Double(hash % 1000) / 1000
        let b = Double((hash / 1000) % 1000) / 1000
        if name.hasSuffix(" [inlined]") {
            return SVG.rgb(80 + 60 * a, 170 + 50 * b, 190 + 40 * a)
        }
        return SVG.rgb(205 + 50 * a, 80 + 130 * b, 40 + 40 * a)
    }

    /// White for no change, deeper red for growth and blue for shrinkage, up to
    /// full colour at `fraction` ±1.
    static func differenceColour(_ fraction: Double) -> String {
        let strength = min(abs(fraction), 1)
        let fade = 255 - 200 * strength
        return fraction >= 0 ? SVG.rgb(255, fade, fade) : SVG.rgb(fade, fade, 255)
    }

}

extension FlameNode {
    /// Levels from the root to the deepest frame, the root counted.
    var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    /// The largest change of a frame anywhere in the tree, in absolute value.
    var largestChange: Double {
        children.reduce(abs(value - before)) { max($0, $1.largestChange) }
    }
}

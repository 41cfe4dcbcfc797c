import ArrangementModel
import Charts
import Support

/// A page showing where a variant's answer differs from the reference's: both layouts
/// side by side with the differing panes outlined in red, and each differing pane's
/// fields in a table. Written by the runner's refusal, `resolve --check` and the
/// differential tests' shrinker.
public enum DisagreementPage {
    /// The panes whose visibility, frame (beyond the contract's tolerance), size class,
    /// split axis or z-index differ, by index.
    public static func differingPanes(_ got: Resolution, _ want: Resolution) -> [Int] {
        guard got.panes.count == want.panes.count else { return Array(0..<max(got.panes.count, want.panes.count)) }
        return got.panes.indices.filter { !ResolutionComparison.panesAgree(got.panes[$0], want.panes[$0]) }
    }

    /// The page: `heading` says what was compared (scenario and frame, or scene file),
    /// `notes` add lines under it (the context, the frame before).
    public static func html(
        heading: String, notes: [String], variant: String, tree: ArrangementTree, context: LayoutContext,
        expected: Resolution, got: Resolution, expectedName: String = referenceVariantName, display: Rect? = nil
    ) -> String {
        let differing = differingPanes(got, expected)
        let outlined = Set(differing)
        // Both drawings at one scale, at most 600 × 640 px each, so they sit side by side.
        let area = display.map { LayoutDrawing.union($0, context.bounds) } ?? context.bounds
        let scale = min(1, 600 / max(area.maxX, 1), 640 / max(area.maxY, 1))
        let from = expectedName == referenceVariantName ? "the \(expectedName)" : expectedName
        // A pane shown in one drawing and hidden in the other is outlined, dashed, in the
        // other where it is shown.
        func shown(in resolution: Resolution, hiddenIn other: Resolution) -> [Int: Rect] {
            var frames: [Int: Rect] = [:]
            for index in differing where index < resolution.panes.count && index < other.panes.count {
                if resolution.panes[index].visible, !other.panes[index].visible {
                    frames[index] = resolution.panes[index].frame
                }
            }
            return frames
        }
        let reference = LayoutDrawing(
            tree: tree, context: context, resolution: expected, display: display,
            options: .init(
                scale: scale, outlined: outlined, elsewhere: shown(in: got, hiddenIn: expected), title: expectedName)
        ).svg().text
        let variantDrawing = LayoutDrawing(
            tree: tree, context: context, resolution: got, display: display,
            options: .init(
                scale: scale, outlined: outlined, elsewhere: shown(in: expected, hiddenIn: got), title: variant)
        ).svg().text
        let panes = LayoutDrawing.panes(of: tree)
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(SVG.escape(variant)) differs from \(SVG.escape(from))</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; overflow-wrap: anywhere; }
            .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr)); gap: 24px; align-items: start; }
            .pair > svg { width: 100%; height: auto; }
            .wide { overflow-x: auto; max-width: 100%; }
            table { border-collapse: collapse; margin: 12px 0; font-size: 13px; }
            th, td { padding: 3px 9px; text-align: left; border-bottom: 1px solid #eee; }
            th { white-space: nowrap; }
            th { border-bottom: 1px solid #999; }
            td.differs { color: #b00000; font-weight: 600; }
            .meta { color: #555; }
            </style></head><body>
            <h1>\(SVG.escape(variant)) differs from \(SVG.escape(from))</h1>
            <p>\(SVG.escape(heading)): \(differing.count) of \(panes.count) panes differ, outlined in red.</p>

            """
        for note in notes { html += "<p class=\"meta\">\(SVG.escape(note))</p>\n" }
        // The variant's first, as every line and table has it.
        html += "<div class=\"pair\">\n\(variantDrawing)\(reference)</div>\n"
        html +=
            "<div class=\"wide\"><table class=\"differences\"><tr><th>pane</th><th>field</th><th>\(SVG.escape(variant))</th><th>\(SVG.escape(expectedName))</th></tr>\n"
        // Only the fields that differ, of the first panes that do.
        for index in differing.prefix(listedPanes) where index < panes.count && index < got.panes.count {
            let info = panes[index]
            // A pane one side hides has no size class, axis or z-index there: its
            // visibility and frame say it all.
            let hiddenInOne = expected.panes[index].visible != got.panes[index].visible
            for (field, want, have) in fields(expected.panes[index], got.panes[index])
            where want != have && (!hiddenInOne || field == "visible" || field == "frame") {
                html += "<tr data-pane=\"\(SVG.escape(info.id))\"><td>\(SVG.escape(info.id))</td><td>\(field)</td>"
                html += "<td class=\"differs\">\(SVG.escape(have))</td><td>\(SVG.escape(want))</td></tr>\n"
            }
        }
        html += "</table></div>\n"
        if differing.count > listedPanes {
            html += "<p>and \(differing.count - listedPanes) more panes (outlined in the drawings).</p>\n"
        }
        return html + "</body></html>\n"
    }

    /// The differing panes whose fields the table lists.
    static let listedPanes = 50

    /// The fields of a pane as the resolution reports them (contract §3), reference first.
    static func fields(_ want: PaneLayout, _ got: PaneLayout) -> [(String, String, String)] {
        // Every digit: frames that differ beyond the tolerance may agree to two decimals.
        func frame(_ pane: PaneLayout) -> String {
            guard pane.visible else { return "null" }
            let f = pane.frame
            return "(\(formatNumber(f.x)), \(formatNumber(f.y)), \(formatNumber(f.width)) × \(formatNumber(f.height)))"
        }
        func sizeClass(_ pane: PaneLayout) -> String {
            guard pane.visible else { return "null" }
            let value = pane.sizeClass
            return
                "\(value.horizontal == .compact ? "compact" : "regular")/\(value.vertical == .compact ? "compact" : "regular")"
        }
        func axis(_ pane: PaneLayout) -> String {
            pane.splitAxis.map { $0 == .horizontal ? "horizontal" : "vertical" } ?? "null"
        }
        return [
            ("visible", "\(want.visible)", "\(got.visible)"), ("frame", frame(want), frame(got)),
            ("sizeClass", sizeClass(want), sizeClass(got)), ("splitAxis", axis(want), axis(got)),
            ("zIndex", "\(want.zIndex)", "\(got.zIndex)"),
        ]
    }
}

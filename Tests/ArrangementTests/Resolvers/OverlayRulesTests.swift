import ArrangementModel
import Testing

@Suite("Overlay style (§2.3)")
struct OverlayRulesTests {
    let overlay = #""overlay""#

    @Test("§2.3.2 without a divider the panes are layered, the primary in front")
    func layered() throws {
        try expectResolution(
            sceneJSON(root: pair(style: overlay, a: #""minWidth": 900"#)),
            [pane("a", 0, 0, 1000, 700, z: 1), pane("b", 0, 0, 1000, 700, z: 0)])
    }

    /// One separated overlay: which region each view takes.
    struct EdgeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let region: String
        var direction = "leftToRight"
        var primary = ""
        var secondary = ""
        let expected: [ExpectedPane]
        var testDescription: String { name }
    }

    /// Side by side: a fold at x = 400 in 1000 x 700 (left 400, right 600); stacked: a
    /// fold at y = 300 (top 300, bottom 400). Left to right, leading is the left region.
    static let edgeCases: [EdgeCase] = {
        let vertical = "400 0 0 700"
        let horizontal = "0 300 1000 0"
        let (left, right) = ((0.0, 400.0), (400.0, 600.0))
        func side(_ a: (Double, Double), _ b: (Double, Double)) -> [ExpectedPane] {
            [pane("a", a.0, 0, a.1, 700, sc: "CR"), pane("b", b.0, 0, b.1, 700, sc: "CR")]
        }
        let (top, bottom) = ((0.0, 300.0), (300.0, 400.0))
        func stack(_ a: (Double, Double), _ b: (Double, Double)) -> [ExpectedPane] {
            [pane("a", 0, a.0, 1000, a.1, sc: "RC"), pane("b", 0, b.0, 1000, b.1, sc: "RC")]
        }
        let leading = #""overlayEdge": {"horizontal": "leading"}"#
        let trailing = #""overlayEdge": {"horizontal": "trailing"}"#
        let topEdge = #""overlayEdge": {"vertical": "top"}"#
        let bottomEdge = #""overlayEdge": {"vertical": "bottom"}"#
        return [
            EdgeCase(name: "no edge: the secondary leads", region: vertical, expected: side(right, left)),
            EdgeCase(
                name: "only the primary names leading: it gets it", region: vertical, primary: leading,
                expected: side(left, right)),
            EdgeCase(
                name: "only the secondary names trailing: it gets it, the primary leads", region: vertical,
                secondary: trailing, expected: side(left, right)),
            EdgeCase(
                name: "only the secondary names leading", region: vertical, secondary: leading,
                expected: side(right, left)),
            EdgeCase(
                name: "Decision: a single trailing edge never leaves both views trailing", region: vertical,
                primary: trailing, expected: side(right, left)),
            EdgeCase(
                name: "different edges: each view gets its own", region: vertical, primary: leading,
                secondary: trailing, expected: side(left, right)),
            EdgeCase(
                name: "both trailing: the primary gets it", region: vertical, primary: trailing, secondary: trailing,
                expected: side(right, left)),
            EdgeCase(
                name: "both leading: the primary gets it", region: vertical, primary: leading, secondary: leading,
                expected: side(left, right)),
            EdgeCase(name: "no edge: the secondary on top", region: horizontal, expected: stack(bottom, top)),
            EdgeCase(
                name: "vertical edges decide top and bottom; horizontal edges are ignored there", region: horizontal,
                primary: #""overlayEdge": {"vertical": "top", "horizontal": "trailing"}"#, expected: stack(top, bottom)),
            EdgeCase(
                name: "only the secondary names bottom: it gets it", region: horizontal, secondary: bottomEdge,
                expected: stack(top, bottom)),
            EdgeCase(
                name: "only the primary names bottom", region: horizontal, primary: bottomEdge,
                expected: stack(bottom, top)),
            EdgeCase(
                name: "both bottom: the primary gets it", region: horizontal, primary: bottomEdge,
                secondary: bottomEdge, expected: stack(bottom, top)),
            EdgeCase(
                name: "top and bottom: each view gets its own", region: horizontal, primary: topEdge,
                secondary: bottomEdge, expected: stack(top, bottom)),
            EdgeCase(
                name: "horizontal edges are ignored when stacked", region: horizontal, primary: leading,
                secondary: trailing, expected: stack(bottom, top)),
            EdgeCase(
                name: "right to left, no edge: the secondary takes the leading region, on the right",
                region: vertical, direction: "rightToLeft", expected: side(left, right)),
            EdgeCase(
                name: "right to left: the primary names leading and takes the right", region: vertical,
                direction: "rightToLeft", primary: leading, expected: side(right, left)),
            EdgeCase(
                name: "right to left: the secondary names trailing and takes the left", region: vertical,
                direction: "rightToLeft", secondary: trailing, expected: side(right, left)),
            EdgeCase(
                name: "right to left, with a hinge band: leading is right of the band", region: "400 0 20 700",
                direction: "rightToLeft", primary: leading,
                expected: [pane("a", 420, 0, 580, 700, sc: "CR"), pane("b", 0, 0, 400, 700, sc: "CR")]),
            EdgeCase(
                name: "right to left does not change top and bottom", region: horizontal, direction: "rightToLeft",
                secondary: bottomEdge, expected: stack(top, bottom)),
        ]
    }()

    @Test("§2.3.1 a fold separates the views, each to the region its edge names", arguments: edgeCases)
    func separated(_ edge: EdgeCase) throws {
        try expectResolution(
            sceneJSON(
                regions: [edge.region], direction: edge.direction,
                root: pair(style: overlay, a: edge.primary, b: edge.secondary)),
            edge.expected)
    }

    @Test("§2.3.2 Decision: an omitted axis keeps the views layered across the fold")
    func omittedAxisStaysLayered() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700"], root: pair(style: #"{"overlay": {"axes": ["vertical"]}}"#)),
            [pane("a", 0, 0, 1000, 700, z: 1), pane("b", 0, 0, 1000, 700, z: 0)])
    }

    @Test("§2.3.1 a hinge band separates an overlay too")
    func overlayHingeBand() throws {
        try expectResolution(
            sceneJSON(regions: ["0 340 1000 20"], root: pair(style: overlay)),
            [pane("a", 0, 360, 1000, 340, sc: "RC"), pane("b", 0, 0, 1000, 340, sc: "RC")])
    }
}

import ArrangementModel
import Testing

/// §2.1 dividing regions with §2.2.3 (the fold wins) and §2.3 overlays.
@Suite("Folds and dividing regions (§2.1, §2.2.3)")
struct FoldTests {
    @Test("§2.2.3 a seamless vertical fold wins over ratios and minimums")
    func foldWins() throws {
        try expectResolution(
            sceneJSON(regions: ["500 0 0 700"], root: pair(a: #""splitRatio": 0.2"#, b: #""minWidth": 600"#)),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a hinge gap leaves its band empty")
    func hingeGap() throws {
        try expectResolution(
            sceneJSON(regions: ["490 0 20 700"], root: pair()),
            [
                pane("a", 0, 0, 490, 700, axis: .horizontal, sc: "CR"),
                pane("b", 510, 0, 490, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 an off-centre fold gives the 475/391 halves of the half-open landscape device")
    func offCentreFold() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 866 822", regions: ["475 0 0 822"], root: pair()),
            [
                pane("a", 0, 0, 475, 822, axis: .horizontal, sc: "CR"),
                pane("b", 475, 0, 391, 822, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.1 a horizontal fold stacks even wide bounds")
    func horizontalFoldStacks() throws {
        try expectResolution(
            sceneJSON(regions: ["0 350 1000 0"], root: pair()),
            [
                pane("a", 0, 0, 1000, 350, axis: .vertical, sc: "RC"),
                pane("b", 0, 350, 1000, 350, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§2.2.2 a fold along a forbidden axis shows the primary alone")
    func foldAlongForbiddenAxis() throws {
        try expectResolution(
            sceneJSON(regions: ["0 350 1000 0"], root: pair(style: #"{"split": {"axes": ["horizontal"]}}"#)),
            [pane("a", 0, 0, 1000, 700), hidden("b")])
    }

    @Test("§2.1 a region that only touches the edge does not divide")
    func touchingRegion() throws {
        try expectResolution(
            sceneJSON(regions: ["0 0 0 700", "1000 0 0 700"], root: pair(a: #""splitRatio": 0.3"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a region that does not span the height does not divide")
    func partialRegion() throws {
        try expectResolution(
            sceneJSON(regions: ["500 100 0 500"], root: pair(a: #""splitRatio": 0.3"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a region outside the bounds does not divide")
    func missingRegion() throws {
        try expectResolution(
            sceneJSON(regions: ["1200 0 0 700"], root: pair(a: #""splitRatio": 0.3"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 of several dividers the one nearest the centre wins")
    func nearestCentre() throws {
        try expectResolution(
            sceneJSON(regions: ["300 0 0 700", "520 0 0 700"], root: pair()),
            [
                pane("a", 0, 0, 520, 700, axis: .horizontal, sc: "CR"),
                pane("b", 520, 0, 480, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a tie between a horizontal and a vertical divider goes to the vertical")
    func tieGoesToVertical() throws {
        try expectResolution(
            sceneJSON(regions: ["0 350 1000 0", "500 0 0 700"], root: pair()),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a tie between two vertical dividers goes to the earlier")
    func tieGoesToEarlier() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700", "600 0 0 700"], root: pair()),
            [
                pane("a", 0, 0, 400, 700, axis: .horizontal, sc: "CR"),
                pane("b", 400, 0, 600, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 distances are fractions of the length divided, not points")
    func distanceIsAFraction() throws {
        // Vertical: 50 pt of 1000 (0.05); horizontal: 30 pt of 400 (0.075).
        try expectResolution(
            sceneJSON(bounds: "0 0 1000 400", regions: ["0 230 1000 0", "550 0 0 400"], root: pair()),
            [
                pane("a", 0, 0, 550, 400, axis: .horizontal, sc: "CR"),
                pane("b", 550, 0, 450, 400, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.1 a region that divides only a nested pane splits that pane")
    func regionDividesOnlyNestedPane() throws {
        let root = """
            {"primary": {"id": "a", "arrangement": {"primary": {"id": "c"}, "secondary": {"id": "d"}}},
             "secondary": {"id": "b"}}
            """
        try expectResolution(
            sceneJSON(regions: ["0 350 500 0"], root: root),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("c", 0, 0, 500, 350, axis: .vertical, sc: "CC"),
                pane("d", 0, 350, 500, 350, axis: .vertical, sc: "CC"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.3 right-to-left puts the primary in the right-hand region of the fold")
    func foldRightToLeft() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700"], direction: "rightToLeft", root: pair()),
            [
                pane("a", 400, 0, 600, 700, axis: .horizontal, sc: "CR"),
                pane("b", 0, 0, 400, 700, axis: .horizontal, sc: "CR"),
            ])
    }
}

@Suite("Overlay style (§2.3)")
struct OverlayRulesTests {
    let overlay = #""overlay""#

    @Test("§2.3.2 without a divider the panes are layered, the primary in front")
    func layered() throws {
        try expectResolution(
            sceneJSON(root: pair(style: overlay, a: #""minWidth": 900"#)),
            [pane("a", 0, 0, 1000, 700, z: 1), pane("b", 0, 0, 1000, 700, z: 0)])
    }

    @Test("§2.3.1 a vertical fold separates: the secondary leads by default")
    func separatedSideBySide() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700"], root: pair(style: overlay)),
            [pane("a", 400, 0, 600, 700, sc: "CR"), pane("b", 0, 0, 400, 700, sc: "CR")])
    }

    @Test("§2.3.1 a horizontal fold separates: the secondary on top by default")
    func separatedStacked() throws {
        try expectResolution(
            sceneJSON(regions: ["0 300 1000 0"], root: pair(style: overlay)),
            [pane("a", 0, 300, 1000, 400, sc: "RC"), pane("b", 0, 0, 1000, 300, sc: "RC")])
    }

    @Test("§2.3.1 only the primary names leading: it gets it")
    func onlyPrimaryLeading() throws {
        try expectResolution(
            sceneJSON(
                regions: ["400 0 0 700"], root: pair(style: overlay, a: #""overlayEdge": {"horizontal": "leading"}"#)),
            [pane("a", 0, 0, 400, 700, sc: "CR"), pane("b", 400, 0, 600, 700, sc: "CR")])
    }

    @Test("§2.3.1 only the secondary names trailing: it gets it, the primary leads")
    func onlySecondaryTrailing() throws {
        try expectResolution(
            sceneJSON(
                regions: ["400 0 0 700"], root: pair(style: overlay, b: #""overlayEdge": {"horizontal": "trailing"}"#)),
            [pane("a", 0, 0, 400, 700, sc: "CR"), pane("b", 400, 0, 600, 700, sc: "CR")])
    }

    @Test("§2.3.1 Decision: a single trailing edge never leaves both views trailing")
    func singleTrailingEdge() throws {
        try expectResolution(
            sceneJSON(
                regions: ["400 0 0 700"], root: pair(style: overlay, a: #""overlayEdge": {"horizontal": "trailing"}"#)),
            [pane("a", 400, 0, 600, 700, sc: "CR"), pane("b", 0, 0, 400, 700, sc: "CR")])
    }

    @Test("§2.3.1 different edges: each view gets its own")
    func differentEdges() throws {
        try expectResolution(
            sceneJSON(
                regions: ["400 0 0 700"],
                root: pair(
                    style: overlay, a: #""overlayEdge": {"horizontal": "leading"}"#,
                    b: #""overlayEdge": {"horizontal": "trailing"}"#)),
            [pane("a", 0, 0, 400, 700, sc: "CR"), pane("b", 400, 0, 600, 700, sc: "CR")])
    }

    @Test("§2.3.1 the same edge: the primary gets it")
    func sameEdgePrimaryWins() throws {
        try expectResolution(
            sceneJSON(
                regions: ["400 0 0 700"],
                root: pair(
                    style: overlay, a: #""overlayEdge": {"horizontal": "trailing"}"#,
                    b: #""overlayEdge": {"horizontal": "trailing"}"#)),
            [pane("a", 400, 0, 600, 700, sc: "CR"), pane("b", 0, 0, 400, 700, sc: "CR")])
    }

    @Test("§2.3.1 vertical edges decide top and bottom; horizontal edges are ignored there")
    func verticalEdges() throws {
        try expectResolution(
            sceneJSON(
                regions: ["0 300 1000 0"],
                root: pair(style: overlay, a: #""overlayEdge": {"vertical": "top", "horizontal": "trailing"}"#)),
            [pane("a", 0, 0, 1000, 300, sc: "RC"), pane("b", 0, 300, 1000, 400, sc: "RC")])
    }

    @Test("§2.3.2 Decision: an omitted axis keeps the views layered across the fold")
    func omittedAxisStaysLayered() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700"], root: pair(style: #"{"overlay": {"axes": ["vertical"]}}"#)),
            [pane("a", 0, 0, 1000, 700, z: 1), pane("b", 0, 0, 1000, 700, z: 0)])
    }

    @Test("§2.3.1 right-to-left: the secondary takes the leading region, on the right")
    func overlayRightToLeft() throws {
        try expectResolution(
            sceneJSON(regions: ["400 0 0 700"], direction: "rightToLeft", root: pair(style: overlay)),
            [pane("a", 0, 0, 400, 700, sc: "CR"), pane("b", 400, 0, 600, 700, sc: "CR")])
    }

    @Test("§2.3.1 a hinge band separates an overlay too")
    func overlayHingeBand() throws {
        try expectResolution(
            sceneJSON(regions: ["0 340 1000 20"], root: pair(style: overlay)),
            [pane("a", 0, 360, 1000, 340, sc: "RC"), pane("b", 0, 0, 1000, 340, sc: "RC")])
    }
}

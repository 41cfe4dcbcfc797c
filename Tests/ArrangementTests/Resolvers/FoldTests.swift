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

    @Test("§2.1 bounds away from the origin: each side is measured from the bounds' own edges")
    func foldInOffsetBounds() throws {
        try expectResolution(
            sceneJSON(bounds: "100 50 800 600", regions: ["400 50 0 600"], root: pair()),
            [
                pane("a", 100, 50, 300, 600, axis: .horizontal, sc: "CR"),
                pane("b", 400, 50, 500, 600, axis: .horizontal, sc: "CR"),
            ])
        try expectResolution(
            sceneJSON(bounds: "100 50 800 600", regions: ["100 250 800 0"], root: pair()),
            [
                pane("a", 100, 50, 800, 200, axis: .vertical, sc: "RC"),
                pane("b", 100, 250, 800, 400, axis: .vertical, sc: "RC"),
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

    @Test(
        "§2.1 a region that does not divide leaves the ratio in charge",
        arguments: [
            ("touching both edges", ["0 0 0 700", "1000 0 0 700"]),
            ("not spanning the height", ["500 100 0 500"]),
            ("outside the bounds", ["1200 0 0 700"]),
            ("straddling the right edge", ["900 0 200 700"]),
            ("across, but not spanning the width", ["100 350 500 0"]),
            ("across, touching the bottom", ["0 700 1000 0"]),
        ])
    func notDividing(_ what: String, _ regions: [String]) throws {
        try expectResolution(
            sceneJSON(regions: regions, root: pair(a: #""splitRatio": 0.3"#)),
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

    @Test(
        "§2.2.3 right to left, the fold still wins; the primary takes the leading region, on the right",
        arguments: [
            ("a seamless fold", "400 0 0 700", "", [400.0, 600], [0.0, 400]),
            (
                "a hinge band, left empty, whatever the minimums", "400 0 20 700", #""minWidth": 700"#, [420, 580],
                [0, 400]
            ),
        ] as [(String, String, String, [Double], [Double])])
    func foldRightToLeft(_ what: String, _ region: String, _ primary: String, _ a: [Double], _ b: [Double]) throws {
        try expectResolution(
            sceneJSON(regions: [region], direction: "rightToLeft", root: pair(a: primary)),
            [
                pane("a", a[0], 0, a[1], 700, axis: .horizontal, sc: "CR"),
                pane("b", b[0], 0, b[1], 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.8 right-to-left leaves a stacking fold alone: the primary on top")
    func stackedRightToLeft() throws {
        try expectResolution(
            sceneJSON(regions: ["0 300 1000 0"], direction: "rightToLeft", root: pair()),
            [
                pane("a", 0, 0, 1000, 300, axis: .vertical, sc: "RC"),
                pane("b", 0, 300, 1000, 400, axis: .vertical, sc: "RC"),
            ])
    }
}

import ArrangementModel
import Testing

/// §2.2 without a divider: axis choice, restriction, preferences, collapse, order, solve.
/// Bounds are 1000 × 700 unless a case says otherwise; every frame is worked by hand.
@Suite("Split style (§2.2)")
struct SplitRulesTests {
    @Test("§2.2.1 wide bounds split side by side, halves")
    func wideSplitsHorizontally() throws {
        try expectResolution(
            sceneJSON(root: pair()),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.1 tall bounds stack")
    func tallSplitsVertically() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", root: pair()),
            [
                pane("a", 0, 0, 400, 400, axis: .vertical, sc: "RC"),
                pane("b", 0, 400, 400, 400, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§2.2.1 square bounds count as wide")
    func squareIsHorizontal() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 600 600", root: pair()),
            [
                pane("a", 0, 0, 300, 600, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 300, 600, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.2 horizontal-only split on tall bounds shows the primary alone")
    func restrictedToHorizontal() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", root: pair(style: #"{"split": {"axes": ["horizontal"]}}"#)),
            [pane("a", 0, 0, 400, 800), hidden("b")])
    }

    @Test("§2.2.2 vertical-only split on wide bounds shows the primary alone, no fallback")
    func restrictedToVertical() throws {
        try expectResolution(
            sceneJSON(root: pair(style: #"{"split": {"axes": ["vertical"]}}"#)),
            [pane("a", 0, 0, 1000, 700), hidden("b")])
    }

    @Test("§2.2.7 explicit primary ratio is sized first, the flexible rest")
    func primaryRatio() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""splitRatio": 0.25"#)),
            [
                pane("a", 0, 0, 250, 700, axis: .horizontal, sc: "CR"),
                pane("b", 250, 0, 750, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.6 the only explicit view goes first even when it is the secondary")
    func secondaryExplicitFirst() throws {
        try expectResolution(
            sceneJSON(root: pair(b: #""splitRatio": 0.3"#)),
            [
                pane("a", 0, 0, 700, 700, axis: .horizontal, sc: "CR"),
                pane("b", 700, 0, 300, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 leftover goes to the first view (both explicit, tie: primary first)")
    func leftoverToFirst() throws {
        try expectResolution(
            sceneJSON(
                root: pair(
                    a: #""split": {"horizontal": {"ratio": {"ideal": 0.3}}}"#,
                    b: #""split": {"horizontal": {"ratio": {"ideal": 0.3}}}"#)),
            [
                pane("a", 0, 0, 700, 700, axis: .horizontal, sc: "CR"),
                pane("b", 700, 0, 300, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.6 higher layoutPriority goes first and takes the leftover")
    func priorityOrdersExplicitViews() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""splitRatio": 0.3"#, b: #""splitRatio": 0.3, "layoutPriority": 1"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.4 length ideal in points")
    func lengthIdeal() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""split": {"horizontal": {"length": {"ideal": 200}}}"#)),
            [
                pane("a", 0, 0, 200, 700, axis: .horizontal, sc: "CR"),
                pane("b", 200, 0, 800, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 length max caps a flexible first view's half")
    func lengthMaxCaps() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""split": {"horizontal": {"length": {"max": 300}}}"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.4 minWidth raises a flexible view's half")
    func minimumWidth() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""minWidth": 700"#)),
            [
                pane("a", 0, 0, 700, 700, axis: .horizontal, sc: "CR"),
                pane("b", 700, 0, 300, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 the second view's ratio min limits the first")
    func ratioMinOfSecond() throws {
        try expectResolution(
            sceneJSON(root: pair(b: #""split": {"horizontal": {"ratio": {"min": 0.6}}}"#)),
            [
                pane("a", 0, 0, 400, 700, axis: .horizontal, sc: "CR"),
                pane("b", 400, 0, 600, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 the second view's ratio max sends the rest back to the first")
    func ratioMaxOfSecond() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""splitRatio": 0.2"#, b: #""split": {"horizontal": {"ratio": {"max": 0.5}}}"#)),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CR"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.4 fixed uses the ideal width")
    func fixedUsesIdeal() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""split": {"horizontal": "fixed"}, "minWidth": 100, "idealWidth": 320"#)),
            [
                pane("a", 0, 0, 320, 700, axis: .horizontal, sc: "CR"),
                pane("b", 320, 0, 680, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§1 fixed without an ideal falls back to the minimum")
    func fixedDefaultsToMinimum() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""split": {"horizontal": "fixed"}, "minWidth": 150"#)),
            [
                pane("a", 0, 0, 150, 700, axis: .horizontal, sc: "CR"),
                pane("b", 150, 0, 850, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 two fixed views still tile the bounds (the first grows)")
    func fixedBothTile() throws {
        try expectResolution(
            sceneJSON(
                root: pair(
                    a: #""split": {"horizontal": "fixed"}, "idealWidth": 300"#,
                    b: #""split": {"horizontal": "fixed"}, "idealWidth": 300"#)),
            [
                pane("a", 0, 0, 700, 700, axis: .horizontal, sc: "CR"),
                pane("b", 700, 0, 300, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test(
        "§2.2.5 not enough space: only the view with the higher priority is shown",
        arguments: [
            ("a tie keeps the primary", "", "", true),
            ("the higher priority wins", "", #", "layoutPriority": 2"#, false),
            ("the primary's higher priority wins", #", "layoutPriority": 0.5"#, "", true),
            (
                "negative priorities compare like any number", #", "layoutPriority": -1"#, #", "layoutPriority": -0.5"#,
                false
            ),
        ])
    func collapse(_ what: String, _ primary: String, _ secondary: String, _ primaryShown: Bool) throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""minWidth": 600"# + primary, b: #""minWidth": 500"# + secondary)),
            primaryShown ? [pane("a", 0, 0, 1000, 700), hidden("b")] : [hidden("a"), pane("b", 0, 0, 1000, 700)])
    }

    @Test("§2.2.4 hi below lo is raised to lo")
    func hiRaisedToLo() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""minWidth": 300, "split": {"horizontal": {"length": {"max": 100}}}"#)),
            [
                pane("a", 0, 0, 300, 700, axis: .horizontal, sc: "CR"),
                pane("b", 300, 0, 700, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.7 the first view leaves the second its minimum")
    func firstLeavesSecondItsMinimum() throws {
        try expectResolution(
            sceneJSON(root: pair(a: #""splitRatio": 0.9"#, b: #""minWidth": 300"#)),
            [
                pane("a", 0, 0, 700, 700, axis: .horizontal, sc: "CR"),
                pane("b", 700, 0, 300, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§2.2.4 vertical preferences apply when stacked")
    func verticalPreference() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", root: pair(a: #""split": {"vertical": {"length": {"ideal": 200}}}"#)),
            [
                pane("a", 0, 0, 400, 200, axis: .vertical, sc: "RC"),
                pane("b", 0, 200, 400, 600, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§1 a horizontal preference is ignored along the vertical axis")
    func otherAxisPreferenceIgnored() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", root: pair(a: #""split": {"horizontal": {"length": {"ideal": 100}}}"#)),
            [
                pane("a", 0, 0, 400, 400, axis: .vertical, sc: "RC"),
                pane("b", 0, 400, 400, 400, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§2.2.4 minHeight counts when stacked")
    func minimumHeight() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", root: pair(b: #""minHeight": 600, "minWidth": 900"#)),
            [
                pane("a", 0, 0, 400, 200, axis: .vertical, sc: "RC"),
                pane("b", 0, 200, 400, 600, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§1 zero-sized bounds split into zero-sized panes")
    func zeroBounds() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 0 0", root: pair()),
            [pane("a", 0, 0, 0, 0, axis: .horizontal, sc: "CR"), pane("b", 0, 0, 0, 0, axis: .horizontal, sc: "CR")])
    }

    @Test("§1 zero-width bounds stack and ignore minWidth")
    func zeroWidth() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 0 700", root: pair(a: #""minWidth": 10"#)),
            [pane("a", 0, 0, 0, 350, axis: .vertical, sc: "RC"), pane("b", 0, 350, 0, 350, axis: .vertical, sc: "RC")])
    }

    @Test("§2.2.5 zero-sized bounds collapse when a minimum does not fit")
    func zeroBoundsCollapse() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 0 0", root: pair(b: #""minWidth": 1, "layoutPriority": 1"#)),
            [hidden("a"), pane("b", 0, 0, 0, 0)])
    }

    @Test("§2.2.8 right-to-left puts the primary on the right")
    func rightToLeft() throws {
        try expectResolution(
            sceneJSON(direction: "rightToLeft", root: pair(a: #""splitRatio": 0.25"#)),
            [
                pane("a", 750, 0, 250, 700, axis: .horizontal, sc: "CR"),
                pane("b", 0, 0, 750, 700, axis: .horizontal, sc: "CR"),
            ])
    }

    /// An arrangement that shows one view or layers both, nested in the trailing pane of
    /// a right-to-left split of 1000 x 300 (the root's secondary, on the left: x 0, width
    /// 400, wide, so side by side), where the near pane is the secondary.
    static func nestedRightToLeft(_ style: String, a: String = "", b: String = "") -> String {
        sceneJSON(
            bounds: "0 0 1000 300", direction: "rightToLeft",
            root: """
                {"primary": {"id": "p", "splitRatio": 0.6},
                 "secondary": {"id": "s", "arrangement": \(pair(style: style, a: a, b: b))}}
                """)
    }

    /// The root's two panes in ``nestedRightToLeft(_:a:b:)``: the primary on the right.
    static var outer: [ExpectedPane] {
        [
            pane("p", 400, 0, 600, 300, axis: .horizontal, sc: "CR"),
            pane("s", 0, 0, 400, 300, axis: .horizontal, sc: "CR"),
        ]
    }

    @Test("§2.2.2 right to left, nested: an axis not permitted shows the primary alone")
    func rightToLeftNotPermitted() throws {
        try expectResolution(
            Self.nestedRightToLeft(#"{"split": {"axes": ["vertical"]}}"#),
            Self.outer + [
                pane("a", 0, 0, 400, 300, sc: "CR"), hidden("b"),
            ])
    }

    @Test("§2.2.5 right to left, nested: a collapse shows the view of higher priority alone")
    func rightToLeftCollapse() throws {
        try expectResolution(
            Self.nestedRightToLeft(
                #""automatic""#, a: #""minWidth": 300"#, b: #""minWidth": 300, "layoutPriority": 1"#),
            Self.outer + [
                hidden("a"), pane("b", 0, 0, 400, 300, sc: "CR"),
            ])
        // A tie keeps the primary.
        try expectResolution(
            Self.nestedRightToLeft(#""automatic""#, a: #""minWidth": 300"#, b: #""minWidth": 300"#),
            Self.outer + [
                pane("a", 0, 0, 400, 300, sc: "CR"), hidden("b"),
            ])
    }

    @Test("§2.3.2 right to left, nested: an overlay without a divider layers, the primary in front")
    func rightToLeftLayered() throws {
        try expectResolution(
            Self.nestedRightToLeft(#""overlay""#),
            Self.outer + [
                pane("a", 0, 0, 400, 300, z: 1, sc: "CR"), pane("b", 0, 0, 400, 300, sc: "CR"),
            ])
    }

    @Test("§2.2.8 right-to-left does not change a stack")
    func rightToLeftStack() throws {
        try expectResolution(
            sceneJSON(bounds: "0 0 400 800", direction: "rightToLeft", root: pair(a: #""splitRatio": 0.25"#)),
            [
                pane("a", 0, 0, 400, 200, axis: .vertical, sc: "RC"),
                pane("b", 0, 200, 400, 600, axis: .vertical, sc: "RC"),
            ])
    }

    @Test("§2.2.8 offset bounds keep their origin")
    func offsetBounds() throws {
        try expectResolution(
            sceneJSON(bounds: "100 50 600 400", root: pair()),
            [
                pane("a", 100, 50, 300, 400, axis: .horizontal, sc: "CR"),
                pane("b", 400, 50, 300, 400, axis: .horizontal, sc: "CR"),
            ])
    }

    @Test("§3 a compact context stays compact on both axes")
    func compactContext() throws {
        try expectResolution(
            sceneJSON(sizeClass: "CC", root: pair()),
            [
                pane("a", 0, 0, 500, 700, axis: .horizontal, sc: "CC"),
                pane("b", 500, 0, 500, 700, axis: .horizontal, sc: "CC"),
            ])
    }
}

import ArrangementModel
import Testing

/// The comparison decides whether the differential tests and the runner's verification
/// pass, so each field it must see is planted here as a difference.
@Suite("Resolution comparison and checksum")
struct ResolutionComparisonTests {
    /// Two visible panes side by side, the shape of a split.
    static let base: Resolution = {
        var resolution = Resolution(paneCount: 2)
        let compactWidth = SizeClass(horizontal: .compact, vertical: .regular)
        resolution.panes[0] = PaneLayout(
            visible: true, frame: Rect(uncheckedX: 0, y: 0, width: 400, height: 700), sizeClass: compactWidth,
            splitAxis: .horizontal, zIndex: 0)
        resolution.panes[1] = PaneLayout(
            visible: true, frame: Rect(uncheckedX: 400, y: 0, width: 600, height: 700), sizeClass: compactWidth,
            splitAxis: .horizontal, zIndex: 0)
        return resolution
    }()

    static let ids = ["a", "b"]

    /// A planted difference and the message that must name it.
    struct Planted: CustomTestStringConvertible, Sendable {
        let name: String
        let change: @Sendable (inout Resolution) -> Void
        let message: String
        /// False for a frame difference below the checksum's 1e-6 pt rounding.
        var hashed = true
        var testDescription: String { name }
    }

    static func moved(_ pane: inout PaneLayout, x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0) {
        let frame = pane.frame
        pane.frame = Rect(
            uncheckedX: frame.x + x, y: frame.y + y, width: frame.width + width, height: frame.height + height)
    }

    static let differences: [Planted] = [
        Planted(
            name: "a pane too few", change: { $0.panes.removeLast() }, message: "pane count, variant: 1, reference: 2"),
        Planted(name: "no panes", change: { $0.panes = [] }, message: "pane count, variant: 0, reference: 2"),
        Planted(
            name: "a pane too many", change: { $0.panes.append(.hidden) },
            message: "pane count, variant: 3, reference: 2"),
        Planted(
            name: "hidden", change: { $0.panes[1] = .hidden },
            message: "pane b: visibility, variant: hidden, reference: shown"),
        // Beyond the tolerance at x = 400 (1e-9 × 401), within the checksum's rounding.
        Planted(name: "x", change: { moved(&$0.panes[1], x: 4.5e-7) }, message: "pane b: frame", hashed: false),
        Planted(
            name: "y", change: { moved(&$0.panes[1], y: -1) },
            message: "pane b: frame, variant: (400, -1, 600, 700), reference: (400, 0, 600, 700); y -1"),
        Planted(name: "width", change: { moved(&$0.panes[0], width: 1e-6) }, message: "pane a: frame"),
        Planted(name: "height", change: { moved(&$0.panes[0], height: 3) }, message: "pane a: frame"),
        Planted(
            name: "horizontal size class", change: { $0.panes[1].bits &= ~PaneLayout.Bits.horizontalCompact },
            message: "pane b: size class, variant: regular/regular, reference: compact/regular"),
        Planted(
            name: "vertical size class", change: { $0.panes[0].bits |= PaneLayout.Bits.verticalCompact },
            message: "pane a: size class, variant: compact/compact, reference: compact/regular"),
        Planted(
            name: "no split axis", change: { $0.panes[0].bits &= ~PaneLayout.Bits.splitAxis },
            message: "pane a: split axis, variant: none, reference: horizontal"),
        Planted(
            name: "the other split axis",
            change: {
                $0.panes[1].bits = $0.panes[1].bits & ~PaneLayout.Bits.splitAxis | PaneLayout.Bits.of(.vertical)
            },
            message: "pane b: split axis, variant: vertical, reference: horizontal"),
        Planted(
            name: "z-index", change: { $0.panes[0].bits |= PaneLayout.Bits.front },
            message: "pane a: z-index, variant: 1, reference: 0"),
    ]

    @Test("every field's difference is found and named", arguments: differences)
    func differenceFound(_ planted: Planted) {
        var got = Self.base
        planted.change(&got)
        let difference = ResolutionComparison.firstDifference(got, Self.base, ids: Self.ids)
        #expect(difference?.hasPrefix(planted.message) == true, "\(difference ?? "no difference")")
        #expect(ResolutionComparison.firstDifference(Self.base, Self.base, ids: Self.ids) == nil)
    }

    @Test(
        "every difference but a frame within the rounding changes the checksum", arguments: differences.filter(\.hashed)
    )
    func checksumSeesDifference(_ planted: Planted) {
        var got = Self.base
        planted.change(&got)
        #expect(Self.checksum(got) != Self.checksum(Self.base))
    }

    /// A value that is not finite agrees with nothing, however the tolerance grows with
    /// the values (|∞ − 5| ≤ 1e-9 × (1 + ∞) would hold), and the message names the field.
    @Test
    func aValueThatIsNotFiniteAgreesWithNothing() {
        for value in [Double.infinity, -.infinity, .nan] {
            #expect(!ResolutionComparison.valuesAgree(value, 5) && !ResolutionComparison.valuesAgree(5, value))
            #expect(!ResolutionComparison.valuesAgree(value, value))
        }
        for (field, name) in [(0, "x"), (1, "y"), (2, "width"), (3, "height")] {
            var planted = Self.base
            let frame = planted.panes[1].frame
            var values = [frame.x, frame.y, frame.width, frame.height]
            values[field] = .infinity
            planted.panes[1].frame = Rect(uncheckedX: values[0], y: values[1], width: values[2], height: values[3])
            let difference = ResolutionComparison.firstDifference(planted, Self.base, ids: Self.ids)
            #expect(
                difference?.hasPrefix("pane b: frame, variant: (") == true
                    && difference?.hasSuffix("; \(name) is not a finite number") == true, "\(difference ?? "none")")
        }
    }

    @Test("frames within the tolerance (1e-9 of the values' size, at least 1e-9 pt) are equal; beyond, they differ")
    func toleranceEdge() {
        #expect(ResolutionComparison.valuesAgree(1000, 1000 + 1e-6))
        #expect(!ResolutionComparison.valuesAgree(1000, 1000 + 2e-6))
        var within = Self.base
        within.panes[0].frame = Rect(uncheckedX: 1e-9, y: 0, width: 400, height: 700)
        #expect(ResolutionComparison.firstDifference(within, Self.base, ids: Self.ids) == nil)
        var beyond = Self.base
        beyond.panes[0].frame = Rect(uncheckedX: 1.5e-9, y: 0, width: 400, height: 700)
        #expect(ResolutionComparison.firstDifference(beyond, Self.base, ids: Self.ids) != nil)
        #expect(ResolutionComparison.frameTolerance == 1e-9)
        // Each field on its own at exactly the tolerance (from 0, so the difference is
        // exactly 1e-9) and at twice it.
        let origin = Rect(uncheckedX: 0, y: 0, width: 0, height: 0)
        var zero = Resolution(paneCount: 1)
        zero.panes[0] = PaneLayout(visible: true, frame: origin, sizeClass: .regular, splitAxis: nil, zIndex: 0)
        for field in 0..<4 {
            for (shift, equal) in [(1e-9, true), (2e-9, false)] {
                var moved = zero
                let v = (0..<4).map { $0 == field ? shift : 0.0 }
                moved.panes[0].frame = Rect(uncheckedX: v[0], y: v[1], width: v[2], height: v[3])
                let difference = ResolutionComparison.firstDifference(moved, zero, ids: ["a"])
                #expect((difference == nil) == equal, "field \(field) moved by \(shift)")
            }
        }
    }

    @Test("a pane's fields read back what it was made with, in the documented bits")
    func paneBits() {
        for visible in [false, true] {
            for axis in [nil, Axis.horizontal, .vertical] {
                for zIndex in [0, 1] {
                    for sizeClass in [
                        SizeClass.regular, SizeClass(horizontal: .compact, vertical: .regular),
                        SizeClass(horizontal: .regular, vertical: .compact),
                    ] {
                        let pane = PaneLayout(
                            visible: visible, frame: .zero, sizeClass: sizeClass, splitAxis: axis, zIndex: zIndex)
                        #expect(pane.visible == visible && pane.splitAxis == axis && pane.zIndex == zIndex)
                        #expect(pane.sizeClass == sizeClass)
                    }
                }
            }
        }
        // A hidden pane, made either way, is all zero bits and equals `.hidden`.
        let hidden = PaneLayout(visible: false, frame: .zero, sizeClass: .regular, splitAxis: nil, zIndex: 0)
        #expect(hidden == .hidden && !hidden.visible && hidden.splitAxis == nil)
    }

    @Test("a hidden pane's frame is not compared and not hashed")
    func hiddenFrameIgnored() {
        var a = Self.base
        var b = Self.base
        a.panes[1] = .hidden
        b.panes[1] = PaneLayout(frame: Rect(uncheckedX: 5, y: 5, width: 5, height: 5), bits: 0)
        #expect(ResolutionComparison.firstDifference(a, b, ids: Self.ids) == nil)
        #expect(Self.checksum(a) == Self.checksum(b))
    }

    @Test("the checksum rounds frames to 1e-6 pt, treats -0 as 0, and depends on the panes' order")
    func checksumRounding() {
        var nudged = Self.base
        Self.moved(&nudged.panes[1], x: 1e-8)
        #expect(Self.checksum(nudged) == Self.checksum(Self.base))
        var negativeZero = Self.base
        negativeZero.panes[0].frame = Rect(uncheckedX: -0.0, y: -0.0, width: 400, height: 700)
        #expect(Self.checksum(negativeZero) == Self.checksum(Self.base))
        var swapped = Self.base
        swapped.panes.swapAt(0, 1)
        #expect(Self.checksum(swapped) != Self.checksum(Self.base))
        // Folding is sequential: two frames hash differently from one frame twice.
        var twice = ResolutionComparison.checksumSeed
        ResolutionComparison.checksum(Self.base, into: &twice)
        ResolutionComparison.checksum(Self.base, into: &twice)
        #expect(twice != Self.checksum(Self.base))
    }

    static func checksum(_ resolution: Resolution) -> UInt64 {
        var hash = ResolutionComparison.checksumSeed
        ResolutionComparison.checksum(resolution, into: &hash)
        return hash
    }
}

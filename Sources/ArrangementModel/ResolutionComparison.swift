import Support

/// Compares two resolutions of one tree the way the contract demands: ids,
/// visibility, size classes, split axes and z-indices exactly, frames to the contract's
/// tolerance ("Numbers": 1e-9 of the numbers' size, at least 1e-9 pt).
public enum ResolutionComparison {
    /// The relative tolerance of two frame values (``ArrangementTolerance/relative``).
    public static let frameTolerance = ArrangementTolerance.relative

    /// Two coordinates or lengths equal to the contract's tolerance: apart by at most
    /// ``frameTolerance`` of `1 + max(|a|, |b|)`. A value that is not finite agrees with
    /// nothing: the bound grows with the values, and an infinite one would otherwise
    /// pass it.
    @inlinable
    public static func valuesAgree(_ a: Double, _ b: Double) -> Bool {
        a.isFinite && b.isFinite && abs(a - b) <= frameTolerance * (1 + max(abs(a), abs(b)))
    }

    /// Frames equal to the tolerance on each of x, y, width and height.
    public static func framesAgree(_ a: Rect, _ b: Rect) -> Bool {
        valuesAgree(a.x, b.x) && valuesAgree(a.y, b.y) && valuesAgree(a.width, b.width)
            && valuesAgree(a.height, b.height)
    }

    /// Two panes as the contract compares them: visibility, and for a visible pane its
    /// frame (``framesAgree(_:_:)``), size class, split axis and z-index.
    public static func panesAgree(_ a: PaneLayout, _ b: PaneLayout) -> Bool {
        guard a.visible == b.visible else { return false }
        return !a.visible
            || (framesAgree(a.frame, b.frame) && a.sizeClass == b.sizeClass && a.splitAxis == b.splitAxis
                && a.zIndex == b.zIndex)
    }

    /// The first difference, naming the pane, or `nil` when they agree: whose each value
    /// is (`names`: `got`'s first, then `want`'s), then the difference itself —
    /// `pane s2: frame, variant fast: (0, 328.8, 433, 492.2), reference: (0, 328.8, 433,
    /// 493.2); height -1`.
    public static func firstDifference(
        _ got: Resolution, _ want: Resolution, ids: [String], names: (String, String) = ("variant", "reference")
    ) -> String? {
        let (mine, theirs) = names
        guard got.panes.count == want.panes.count else {
            return "pane count, \(mine): \(got.panes.count), \(theirs): \(want.panes.count)"
        }
        for index in got.panes.indices {
            let a = got.panes[index]
            let b = want.panes[index]
            let id = index < ids.count ? ids[index] : "#\(index)"
            func differs(_ field: String, _ left: String, _ right: String, _ note: String = "") -> String {
                "pane \(id): \(field), \(mine): \(left), \(theirs): \(right)\(note)"
            }
            if a.visible != b.visible {
                return differs("visibility", a.visible ? "shown" : "hidden", b.visible ? "shown" : "hidden")
            }
            guard a.visible else { continue }
            if let field = nonFinite(a.frame) {
                return differs("frame", describe(a.frame), describe(b.frame), "; \(field) is not a finite number")
            }
            if !framesAgree(a.frame, b.frame) {
                return differs("frame", describe(a.frame), describe(b.frame), "; " + offsets(a.frame, b.frame))
            }
            if a.sizeClass != b.sizeClass { return differs("size class", describe(a.sizeClass), describe(b.sizeClass)) }
            if a.splitAxis != b.splitAxis {
                return differs("split axis", describe(a.splitAxis), describe(b.splitAxis))
            }
            if a.zIndex != b.zIndex { return differs("z-index", "\(a.zIndex)", "\(b.zIndex)") }
        }
        return nil
    }

    /// Each field of `a` beyond the tolerance of `b`'s, with `a - b`: "x +0.5, height -1".
    static func offsets(_ a: Rect, _ b: Rect) -> String {
        [("x", a.x, b.x), ("y", a.y, b.y), ("width", a.width, b.width), ("height", a.height, b.height)]
            .filter { !valuesAgree($0.1, $0.2) }
            .map { "\($0.0) \($0.1 >= $0.2 ? "+" : "")\(formatNumber($0.1 - $0.2))" }
            .joined(separator: ", ")
    }

    static func describe(_ sizeClass: SizeClass) -> String {
        "\(sizeClass.horizontal == .compact ? "compact" : "regular")/\(sizeClass.vertical == .compact ? "compact" : "regular")"
    }

    static func describe(_ axis: Axis?) -> String { axis.map { "\($0)" } ?? "none" }

    /// The first field of `frame` that is infinite or not a number, by name.
    static func nonFinite(_ frame: Rect) -> String? {
        [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)].first { !$0.1.isFinite }?.0
    }

    /// A context in one line, for messages: bounds, size class, direction, regions.
    public static func describe(_ context: LayoutContext) -> String {
        func name(_ value: SizeClassValue) -> String { value == .compact ? "compact" : "regular" }
        let sizeClass = "\(name(context.sizeClass.horizontal))/\(name(context.sizeClass.vertical))"
        let direction = context.layoutDirection == .leftToRight ? "leftToRight" : "rightToLeft"
        let regions = context.reservedRegions.map(describe).joined(separator: ", ")
        return
            "bounds \(describe(context.bounds)), sizeClass \(sizeClass), \(direction), regions [\(regions)]"
    }

    static func describe(_ rect: Rect) -> String {
        "(\(formatNumber(rect.x)), \(formatNumber(rect.y)), \(formatNumber(rect.width)), \(formatNumber(rect.height)))"
    }

    /// Folds a resolution into a running FNV-1a checksum; frames are rounded to
    /// 1e-6 pt first so that variants equal within the tolerance usually agree.
    public static func checksum(_ resolution: Resolution, into hash: inout UInt64) {
        func mix(_ value: UInt64) { hash = FNV1a.mix(hash, value) }
        for pane in resolution.panes {
            mix(pane.visible ? 1 : 0)
            guard pane.visible else { continue }
            for value in [pane.frame.x, pane.frame.y, pane.frame.width, pane.frame.height] {
                mix(((value * 1e6).rounded() + 0).bitPattern)  // + 0 turns -0 into 0
            }
            mix(UInt64(pane.sizeClass.horizontal.rawValue) << 8 | UInt64(pane.sizeClass.vertical.rawValue))
            mix(UInt64(pane.splitAxis.map { $0.rawValue + 1 } ?? 0))
            mix(UInt64(pane.zIndex))
        }
    }

    /// FNV-1a's starting value.
    public static let checksumSeed = FNV1a.offsetBasis
}

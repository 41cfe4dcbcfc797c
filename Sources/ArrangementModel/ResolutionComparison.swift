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

    /// The first difference, naming the pane, or `nil` when they agree.
    public static func firstDifference(_ got: Resolution, _ want: Resolution, ids: [String]) -> String? {
        guard got.panes.count == want.panes.count else { return "pane count \(got.panes.count) vs \(want.panes.count)" }
        for index in got.panes.indices {
            let a = got.panes[index]
            let b = want.panes[index]
            let id = index < ids.count ? ids[index] : "#\(index)"
            if a.visible != b.visible { return "pane \(id): visible \(a.visible) vs \(b.visible)" }
            guard a.visible else { continue }
            if let field = nonFinite(a.frame) {
                return
                    "pane \(id): \(field) is not a finite number (frame \(describe(a.frame)) vs \(describe(b.frame)))"
            }
            if !framesAgree(a.frame, b.frame) {
                return "pane \(id): frame \(describe(a.frame)) vs \(describe(b.frame))"
            }
            if a.sizeClass != b.sizeClass { return "pane \(id): sizeClass differs" }
            if a.splitAxis != b.splitAxis { return "pane \(id): splitAxis differs" }
            if a.zIndex != b.zIndex { return "pane \(id): zIndex \(a.zIndex) vs \(b.zIndex)" }
        }
        return nil
    }

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

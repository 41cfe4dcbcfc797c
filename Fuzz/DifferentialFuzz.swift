// libFuzzer target: bytes steer a generator that can only build valid scenes
// (every style, axis restriction, preference kind, priority, edge, direction,
// zero sizes, 0–3 reserved regions); the fast variant must equal the reference
// and neither may trap.
import ArrangementModel
import FastResolver
import ReferenceResolver
import SceneFormat

/// Reads choices from the fuzzer's bytes; zeros once they run out.
struct ByteSource {
    var bytes: [UInt8]
    var index = 0

    mutating func next() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next()) % choices.count] }

    /// A length: round values that make ties likely, or an arbitrary one.
    mutating func length() -> Double {
        let byte = next()
        return byte < 200
            ? pick([0, 1, 10, 100, 200, 240, 320, 390, 475, 500, 822, 866, 950, 1000]) : Double(next()) * 4.5
    }

    mutating func fraction() -> Double { Double(next() % 21) / 20 }
}

struct SceneBuilder {
    var source: ByteSource
    var panes = 0
    var arrangements = 0

    mutating func preference() throws -> SizePreference? {
        switch source.next() % 5 {
        case 0, 1: return nil
        case 2: return .fixed
        case let kind:
            let ratio = kind == 3
            var values = (0..<3).map { _ in ratio ? source.fraction() : source.length() }
            values.sort()
            let mask = source.next() % 7 + 1
            let (min, ideal, max) = (
                mask & 1 != 0 ? values[0] : nil, mask & 2 != 0 ? values[1] : nil, mask & 4 != 0 ? values[2] : nil
            )
            return ratio ? try .ratio(min: min, ideal: ideal, max: max) : try .length(min: min, ideal: ideal, max: max)
        }
    }

    mutating func pane(depth: Int) throws -> Pane {
        panes += 1
        let id = "v\(panes)"
        let minWidth = source.next() % 3 == 0 ? source.length() : 0
        let minHeight = source.next() % 3 == 0 ? source.length() : 0
        let idealWidth = source.next() % 2 == 0 ? minWidth + source.length() : nil
        let idealHeight = source.next() % 2 == 0 ? minHeight + source.length() : nil
        var split = SplitPreferences()
        if source.next() % 6 == 0 {
            let shorthand = try SizePreference.ratio(ideal: source.fraction())
            split = SplitPreferences(horizontal: shorthand, vertical: shorthand)
        } else {
            split = SplitPreferences(horizontal: try preference(), vertical: try preference())
        }
        let edges = OverlayEdges(
            horizontal: source.pick([nil, HorizontalEdge.leading, .trailing]),
            vertical: source.pick([nil, VerticalEdge.top, .bottom]))
        let priority = source.pick([0.0, 0, 1, 2, -1, 0.5])
        var content = PaneContent.view
        if depth < 8, arrangements < 64, source.next() % 3 == 0 {
            content = .arrangement(try arrangement(depth: depth + 1))
        }
        return try Pane(
            id: id, layoutPriority: priority, minWidth: minWidth, minHeight: minHeight, idealWidth: idealWidth,
            idealHeight: idealHeight, split: split, overlayEdge: edges, content: content)
    }

    mutating func arrangement(depth: Int) throws -> Arrangement {
        arrangements += 1
        let axes = source.pick([AxisSet.both, .horizontal, .vertical])
        let style: ArrangementStyle = source.pick([.automatic, .split(axes), .overlay(axes)])
        let primary = try pane(depth: depth)
        let secondary = try pane(depth: depth)
        return Arrangement(style: style, primary: primary, secondary: secondary)
    }

    mutating func context() throws -> LayoutContext {
        let bounds = try Rect(
            x: source.pick([0, 10, -20]), y: source.pick([0, 47]), width: source.length(), height: source.length())
        var regions: [Rect] = []
        for _ in 0..<(source.next() % 4) {
            let thickness = source.pick([0.0, 0, 20, 26])
            let at = source.fraction()
            if source.next() % 2 == 0 {
                regions.append(
                    try Rect(
                        x: bounds.minX + at * bounds.width - thickness / 2, y: bounds.minY - source.pick([0, 10]),
                        width: thickness, height: bounds.height + source.pick([0, 20])))
            } else {
                regions.append(
                    try Rect(
                        x: bounds.minX - source.pick([0, 10]), y: bounds.minY + at * bounds.height - thickness / 2,
                        width: bounds.width + source.pick([0, 20]), height: thickness))
            }
        }
        return LayoutContext(
            bounds: bounds,
            sizeClass: SizeClass(
                horizontal: source.pick([.compact, .regular]), vertical: source.pick([.compact, .regular])),
            layoutDirection: source.pick([.leftToRight, .rightToLeft]), reservedRegions: regions)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var builder = SceneBuilder(source: ByteSource(bytes: Array(UnsafeBufferPointer(start: data, count: size))))
    guard let context = try? builder.context(), let root = try? builder.arrangement(depth: 1),
        let tree = try? ArrangementTree(root: root)
    else { return 0 }
    let reference = ReferenceResolver().resolve(tree, in: context)
    for variant in [FastResolver(), FastResolver(order: .preOrder)] {
        let fast = variant.resolve(tree, in: context)
        if let difference = ResolutionComparison.firstDifference(fast, reference, ids: tree.paneIDs) {
            fatalError(
                "\(variant.name) differs from the reference: \(difference)\n"
                    + SceneEncoder.encode(Scene(context: context, tree: tree)))
        }
    }
    return 0
}

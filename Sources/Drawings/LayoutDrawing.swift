import ArrangementModel
import Charts
import Support

/// A resolution drawn as an SVG: the display and its safe area, the reserved regions (a
/// fold as a line, a hinge gap as a band), every visible pane as a box — primary blue,
/// secondary orange, a pane holding an arrangement as a dashed frame around what it
/// holds, the front pane of a layered overlay drawn over the one behind with its
/// z-index — and the hidden panes listed beside the drawing. Each box carries its
/// pane's id (`data-pane`) and, on hover, its side, frame, split axis, size class and
/// z-index. Labels that do not fit their box are dropped, and the caption says how many.
public struct LayoutDrawing {
    /// What one pane of the tree is, for drawing it.
    public struct PaneInfo: Sendable {
        public var id: String
        public var index: Int
        public var isPrimary: Bool
        public var depth: Int
        /// The pane holds an arrangement (drawn as a frame around it).
        public var holdsArrangement: Bool
        /// The pane's arrangement is an overlay (its panes may be layered).
        public var inOverlay: Bool
    }

    public struct Options: Sendable {
        /// Pixels per point.
        public var scale: Double
        /// Panes drawn with a thick red outline: those that differ from another drawing.
        public var outlined: Set<Int>
        /// Where an outlined pane hidden in this drawing is shown in the other one: its
        /// outline goes there, dashed.
        public var elsewhere: [Int: Rect]
        /// A line above the drawing.
        public var title: String?
        /// Hidden panes named beside the drawing at most; the rest are counted.
        public var hiddenListed: Int
        /// Draws no labels, caption or hidden list (for thumbnails).
        public var compact: Bool

        public init(
            scale: Double = 1, outlined: Set<Int> = [], elsewhere: [Int: Rect] = [:], title: String? = nil,
            hiddenListed: Int = 40, compact: Bool = false
        ) {
            self.scale = scale
            self.outlined = outlined
            self.elsewhere = elsewhere
            self.title = title
            self.hiddenListed = hiddenListed
            self.compact = compact
        }
    }

    public let tree: ArrangementTree
    public let context: LayoutContext
    public let resolution: Resolution
    /// The whole display, when known (the context's bounds are its safe area).
    public let display: Rect?
    public let options: Options

    public init(
        tree: ArrangementTree, context: LayoutContext, resolution: Resolution, display: Rect? = nil,
        options: Options = Options()
    ) {
        self.tree = tree
        self.context = context
        self.resolution = resolution
        self.display = display
        self.options = options
    }

    /// The tree's panes in the resolution's order (depth first: a pane, what it holds, its sibling).
    public static func panes(of tree: ArrangementTree) -> [PaneInfo] {
        var panes: [PaneInfo] = []
        panes.reserveCapacity(tree.paneCount)
        func visit(_ arrangement: Arrangement, depth: Int) {
            let overlay = if case .overlay = arrangement.style { true } else { false }
            for (pane, isPrimary) in [(arrangement.primary, true), (arrangement.secondary, false)] {
                panes.append(
                    PaneInfo(
                        id: pane.id, index: panes.count, isPrimary: isPrimary, depth: depth,
                        holdsArrangement: pane.arrangement != nil, inOverlay: overlay))
                if let nested = pane.arrangement { visit(nested, depth: depth + 1) }
            }
        }
        visit(tree.root, depth: 1)
        return panes
    }

    /// The order boxes are drawn in: each arrangement's pane behind (z-index 0) with all
    /// it holds first, then the one in front, so a layered overlay covers what it should.
    static func drawingOrder(_ panes: [PaneInfo], _ resolution: Resolution) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(panes.count)
        // The index after a pane's subtree: where its sibling starts.
        func end(of index: Int) -> Int {
            var next = index + 1
            while next < panes.count, panes[next].depth > panes[index].depth { next += 1 }
            return next
        }
        func visit(from primary: Int) {
            let secondary = end(of: primary)
            let front = resolution.panes[primary].zIndex > resolution.panes[secondary].zIndex
            for pane in front ? [secondary, primary] : [primary, secondary] {
                order.append(pane)
                if panes[pane].holdsArrangement { visit(from: pane + 1) }
            }
        }
        if !panes.isEmpty { visit(from: 0) }
        return order
    }

    /// What the drawing shows, counted: for its caption and for tests.
    public struct Summary: Equatable, Sendable {
        public var visible: Int
        public var hidden: [String]
        public var labelsDropped: Int
    }

    /// The colours and strokes explained, under the caption, in two short lines.
    static let legend = [
        "blue: primary, orange: secondary, dashed: holds an arrangement", "red line: fold, red band: hinge",
    ]

    /// Where the drawing's points go: `scale` pixels a point, the area's corner at `origin`.
    struct Canvas {
        let originX: Double
        let originY: Double
        let scale: Double

        func x(_ value: Double) -> String { NumberText.coordinate(originX + value * scale) }
        func y(_ value: Double) -> String { NumberText.coordinate(originY + value * scale) }
        func length(_ value: Double) -> String { NumberText.coordinate(value * scale) }
        func rect(_ r: Rect, _ attributes: String, offset: Double = 0) -> String {
            "<rect x=\"\(x(r.x + offset))\" y=\"\(y(r.y + offset))\" width=\"\(length(r.width))\" height=\"\(length(r.height))\" \(attributes)/>"
        }
    }

    /// The drawing as a standalone SVG document, and what it shows.
    public func svg() -> (text: String, summary: Summary) {
        let scale = options.scale
        let panes = Self.panes(of: tree)
        let area = display.map { Self.union($0, context.bounds) } ?? context.bounds
        let margin = 8.0
        let titleHeight = options.title == nil ? 0 : 20.0
        let hidden = panes.filter { !resolution.panes[$0.index].visible }.map(\.id)
        let listWidth = options.compact || hidden.isEmpty ? 0 : 190.0
        let captionHeight = options.compact ? 0 : 48.0
        let drawingWidth = (area.width * scale + 2 * margin + listWidth).rounded(.up)
        // Tall enough for the hidden list beside the drawing too (its heading, the names
        // listed, "and N more"), 14 px a line from 12 px below the drawing's top.
        let listLines =
            listWidth == 0
            ? 0 : 1 + min(hidden.count, options.hiddenListed) + (hidden.count > options.hiddenListed ? 1 : 0)
        let height = max(
            (area.height * scale + 2 * margin + titleHeight + captionHeight).rounded(.up),
            (margin + titleHeight + 12 + Double(listLines) * 14 + captionHeight + margin).rounded(.up))
        let canvas = Canvas(
            originX: margin - area.x * scale, originY: margin + titleHeight - area.y * scale, scale: scale)

        // The document's element comes last, once the caption is known: wide enough for
        // the title and the caption's lines too, so that a narrow display does not cut
        // them (about 7.2 px a character of the 13 px bold title, 6.2 of 11 px text).
        var out = ""
        var captionLength = 0
        if let title = options.title {
            out +=
                "<text x=\"\(NumberText.coordinate(margin))\" y=\"14\" font-size=\"13\" font-weight=\"bold\">\(SVG.escape(title))</text>\n"
        }
        // A tooltip belongs to its element's group; a title directly under the root
        // would name the document instead.
        if let display {
            out += "<g>" + canvas.rect(display, "class=\"display\" fill=\"#3a3a3c\" rx=\"\(canvas.length(6))\"")
            out += "<title>display \(Self.describe(display))</title></g>\n"
        }
        out += "<g>" + canvas.rect(context.bounds, "class=\"safe-area\" fill=\"#ffffff\" stroke=\"#8e8e93\"")
        out += "<title>safe area (the context's bounds) \(Self.describe(context.bounds))</title></g>\n"
        let drawn = paneElements(panes, canvas)
        out += drawn.text + regionElements(canvas) + outlines(panes, canvas)
        if !options.compact {
            var caption = "\(drawn.visible) of \(panes.count) panes shown, \(hidden.count) hidden"
            if drawn.dropped > 0 { caption += "; \(drawn.dropped) labels left out (their boxes are too small)" }
            captionLength = ([caption] + Self.legend).map(\.count).max() ?? 0
            out += captionElements(caption, area: area, canvas: canvas, margin: margin, hidden: hidden)
        }
        let textWidth = max(Double(options.title?.count ?? 0) * 7.2, Double(captionLength) * 6.2) + 2 * margin
        let width = max(drawingWidth, textWidth.rounded(.up))
        out =
            """
            <svg xmlns="http://www.w3.org/2000/svg" class="layout" width="\(NumberText.coordinate(width))" \
            height="\(NumberText.coordinate(height))" viewBox="0 0 \(NumberText.coordinate(width)) \
            \(NumberText.coordinate(height))" font-family="sans-serif" font-size="11">

            """ + out + "</svg>\n"
        return (out, Summary(visible: drawn.visible, hidden: hidden, labelsDropped: drawn.dropped))
    }

    /// The visible panes' boxes, then the frames of panes that hold arrangements (so the
    /// nesting shows over what they hold), then the labels (so no pane covers one); how
    /// many panes are visible and how many labels were left out.
    func paneElements(_ panes: [PaneInfo], _ canvas: Canvas) -> (text: String, visible: Int, dropped: Int) {
        let scale = canvas.scale
        var out = ""
        var dropped = 0
        var visible = 0
        var containers = ""
        var labels = ""
        var labelLines: [String: Int] = [:]
        var thumbnailPaths: [String: String] = [:]
        for index in Self.drawingOrder(panes, resolution) {
            let info = panes[index]
            let layout = resolution.panes[index]
            guard layout.visible else { continue }
            visible += 1
            let frame = layout.frame
            // A thumbnail leaves out boxes under 4 px (the box holding them is drawn), so
            // a strip of a 4,095-arrangement tree stays a few hundred boxes.
            if options.compact, min(frame.width, frame.height) * scale < 4 { continue }
            let front = layout.zIndex == 1
            let kind = "\(info.isPrimary ? "primary" : "secondary")\(info.holdsArrangement ? " container" : " leaf")"
            let tooltip =
                options.compact && min(frame.width, frame.height) * scale < 24
                ? "" : "<title>\(SVG.escape(Self.describe(info, layout)))</title>"
            // A thumbnail's small boxes carry no tooltip: drawn as one path per kind of
            // pane, a few bytes each, so a strip of a deep tree stays small on the page.
            if options.compact, tooltip.isEmpty, !front {
                let key = "\(info.isPrimary ? 0 : 1)\(info.holdsArrangement ? 1 : 0)"
                thumbnailPaths[key, default: ""] += Self.pathRect(frame, canvas)
                continue
            }
            let group = "<g class=\"pane \(kind)\(front ? " front" : "")\" data-pane=\"\(SVG.escape(info.id))\">"
            if info.holdsArrangement {
                containers += group + containerBox(info, frame, canvas) + tooltip + "</g>\n"
                continue
            }
            out += group + leafBox(info, frame, front: front, canvas) + tooltip
            if !options.compact {
                let label = front ? "\(info.id) · z1" : info.id
                // A pane behind its sibling keeps its label in its top-left corner, where
                // the pane in front (labelled in its middle) is least likely to cover it.
                let behind =
                    info.inOverlay && layout.zIndex == 0
                    && Self.sibling(of: index, in: panes).map {
                        resolution.panes[$0].visible && resolution.panes[$0].zIndex == 1
                    } == true
                // Panes with one frame (layered, or a pane and the one alone inside it)
                // take one line each under the first label, never one on another.
                let anchor = "\(behind) \(frame.x) \(frame.y) \(frame.width) \(frame.height)"
                let line = labelLines[anchor, default: 0]
                if let text = Self.label(
                    behind ? "\(label) · z0, behind" : label, in: frame, scale: scale, x: canvas.x, y: canvas.y,
                    corner: behind, line: line)
                {
                    labelLines[anchor] = line + 1
                    labels += text + "\n"
                } else {
                    dropped += 1
                }
            }
            out += "</g>\n"
        }
        out = thumbnailPathElements(thumbnailPaths, leaves: true) + out + containers
        out += thumbnailPathElements(thumbnailPaths, leaves: false)
        if !labels.isEmpty { out += "<g class=\"labels\">\n\(labels)</g>\n" }
        return (out, visible, dropped)
    }

    /// A box as path data, relative moves after the corner: `M8 17.6h7.9v7.2h-7.9z`.
    static func pathRect(_ frame: Rect, _ canvas: Canvas) -> String {
        let (width, height) = (canvas.length(frame.width), canvas.length(frame.height))
        return "M\(canvas.x(frame.x)) \(canvas.y(frame.y))h\(width)v\(height)h-\(width)z"
    }

    /// A thumbnail's small boxes of one kind as one path each, styled as the boxes are.
    func thumbnailPathElements(_ paths: [String: String], leaves: Bool) -> String {
        var out = ""
        for primary in [true, false] {
            guard let data = paths["\(primary ? 0 : 1)\(leaves ? 0 : 1)"] else { continue }
            let colour = primary ? SVG.colour(0) : SVG.colour(1)
            let kind = "\(primary ? "primary" : "secondary") \(leaves ? "leaf" : "container")"
            let style =
                leaves
                ? "fill=\"\(primary ? "#d6e6f5" : "#fbe6c8")\" stroke=\"\(colour)\" stroke-width=\"1\""
                : "fill=\"none\" stroke=\"\(colour)\" stroke-width=\"0.75\" stroke-dasharray=\"6 3\""
            out += "<path class=\"panes \(kind)\" d=\"\(data)\" \(style)/>\n"
        }
        return out
    }

    /// The dashed frame of a pane that holds an arrangement, thinner the deeper it lies.
    func containerBox(_ info: PaneInfo, _ frame: Rect, _ canvas: Canvas) -> String {
        let colour = info.isPrimary ? SVG.colour(0) : SVG.colour(1)
        return canvas.rect(
            frame,
            "class=\"box\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(options.compact ? "0.75" : NumberText.coordinate(max(1, 3.5 - 0.5 * Double(info.depth))))\" stroke-dasharray=\"6 3\""
        )
    }

    /// A leaf pane's box; the pane in front with a shadow under it, so the layering reads at a glance.
    func leafBox(_ info: PaneInfo, _ frame: Rect, front: Bool, _ canvas: Canvas) -> String {
        let colour = info.isPrimary ? SVG.colour(0) : SVG.colour(1)
        let fill = info.isPrimary ? "#d6e6f5" : "#fbe6c8"
        var out = ""
        if front {
            out += canvas.rect(frame, "fill=\"#000000\" fill-opacity=\"0.25\"", offset: 3 / canvas.scale)
        }
        out += canvas.rect(
            frame,
            "class=\"box\" fill=\"\(fill)\" fill-opacity=\"\(front ? "0.8" : "1")\" stroke=\"\(colour)\" stroke-width=\"\(front ? 2 : 1)\""
        )
        return out
    }

    /// The reserved regions: a fold as a dashed line, a hinge as a band.
    func regionElements(_ canvas: Canvas) -> String {
        var out = ""
        for region in context.reservedRegions {
            if region.width == 0 || region.height == 0 {
                let x2 = region.x + region.width
                let y2 = region.y + region.height
                out += """
                    <line class="region fold" x1="\(canvas.x(region.x))" y1="\(canvas.y(region.y))" x2="\(canvas.x(x2))" y2="\(canvas.y(y2))" \
                    stroke="#D55E00" stroke-width="2" stroke-dasharray="6 4"><title>fold \
                    \(Self.describe(region))</title></line>

                    """
            } else {
                out +=
                    "<g>"
                    + canvas.rect(
                        region, "class=\"region band\" fill=\"#D55E00\" fill-opacity=\"0.35\" stroke=\"#D55E00\"")
                out += "<title>hinge band \(Self.describe(region))</title></g>\n"
            }
        }
        return out
    }

    /// The outlines of the panes ``Options/outlined`` names (a hidden one where it should be).
    func outlines(_ panes: [PaneInfo], _ canvas: Canvas) -> String {
        var out = ""
        for index in options.outlined.sorted() where index < panes.count {
            let layout = resolution.panes[index]
            let frame = layout.visible ? layout.frame : options.elsewhere[index] ?? context.bounds
            out += canvas.rect(
                frame,
                "class=\"differs\" data-pane=\"\(SVG.escape(panes[index].id))\" fill=\"none\" stroke=\"#e00000\" stroke-width=\"3\"\(layout.visible ? "" : " stroke-dasharray=\"2 4\"")"
            )
            out += "\n"
        }
        return out
    }

    /// The caption and legend under the drawing, and the hidden panes listed beside it.
    func captionElements(_ caption: String, area: Rect, canvas: Canvas, margin: Double, hidden: [String]) -> String {
        let captionY = canvas.originY + (area.y + area.height) * canvas.scale + 18
        var out =
            "<text class=\"caption\" x=\"\(NumberText.coordinate(margin))\" y=\"\(NumberText.coordinate(captionY))\">\(caption)</text>\n"
        for (line, text) in Self.legend.enumerated() {
            out +=
                "<text class=\"caption\" x=\"\(NumberText.coordinate(margin))\" y=\"\(NumberText.coordinate(captionY + 14 * Double(line + 1)))\" fill=\"#555\">\(text)</text>\n"
        }
        guard !hidden.isEmpty else { return out }
        let left = canvas.originX + (area.x + area.width) * canvas.scale + 14
        var line = canvas.originY + area.y * canvas.scale + 12
        let listed = min(hidden.count, options.hiddenListed)
        out +=
            "<g class=\"hidden-list\"><text x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(line))\" font-weight=\"bold\">Hidden (\(hidden.count))</text>\n"
        for id in hidden.prefix(listed) {
            line += 14
            out +=
                "<text class=\"hidden-pane\" x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(line))\">\(SVG.escape(id))</text>\n"
        }
        if hidden.count > listed {
            line += 14
            out +=
                "<text x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(line))\">and \(hidden.count - listed) more</text>\n"
        }
        return out + "</g>\n"
    }

    /// The label centred in its box, or `nil` when the box is too small for it.
    static func label(
        _ text: String, in frame: Rect, scale: Double, x: (Double) -> String, y: (Double) -> String,
        corner: Bool = false, line: Int = 0
    ) -> String? {
        // About 6.2 px per character at 11 px sans-serif, and room around it; a label on
        // a later line needs the box to reach that line.
        let width = Double(text.count) * 6.2 + 6
        let down = Double(line) * 14
        guard frame.width * scale >= width, frame.height * scale >= 15 + 2 * down else { return nil }
        if corner {
            return
                "<text x=\"\(x(frame.x + 4 / scale))\" y=\"\(y(frame.y + (13 + down) / scale))\" fill=\"#444\">\(SVG.escape(text))</text>"
        }
        return "<text x=\"\(x(frame.x + frame.width / 2))\" y=\"\(y(frame.y + frame.height / 2 + down / scale))\" "
            + "text-anchor=\"middle\" dominant-baseline=\"middle\">\(SVG.escape(text))</text>"
    }

    /// The other pane of the arrangement `index` belongs to.
    static func sibling(of index: Int, in panes: [PaneInfo]) -> Int? {
        let depth = panes[index].depth
        if panes[index].isPrimary {
            var next = index + 1
            while next < panes.count, panes[next].depth > depth { next += 1 }
            return next < panes.count ? next : nil
        }
        var previous = index - 1
        while previous >= 0, panes[previous].depth > depth { previous -= 1 }
        return previous >= 0 ? previous : nil
    }

    /// A pane's fields in one line, for its tooltip and the disagreement page.
    public static func describe(_ info: PaneInfo, _ layout: PaneLayout) -> String {
        let side = info.isPrimary ? "primary" : "secondary"
        guard layout.visible else { return "\(info.id) (\(side)): hidden" }
        let axis = layout.splitAxis.map { $0 == .horizontal ? "horizontal" : "vertical" } ?? "none"
        let sizeClass = layout.sizeClass
        return
            "\(info.id) (\(side), depth \(info.depth)): frame \(describe(layout.frame)), split axis \(axis), size class \(sizeClass.horizontal == .compact ? "compact" : "regular")/\(sizeClass.vertical == .compact ? "compact" : "regular"), z-index \(layout.zIndex)"
    }

    public static func describe(_ rect: Rect) -> String {
        "(\(NumberText.coordinate(rect.x)), \(NumberText.coordinate(rect.y)), \(NumberText.coordinate(rect.width)) × \(NumberText.coordinate(rect.height)))"
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let minX = min(a.x, b.x)
        let minY = min(a.y, b.y)
        let maxX = max(a.x + a.width, b.x + b.width)
        let maxY = max(a.y + a.height, b.y + b.height)
        return (try? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)) ?? a
    }
}

import ArrangementModel
import Charts
import Drawings
import ReferenceResolver
import Support
import Workloads

/// The reference's layout at one frame of each phase of a scenario's motion (each
/// posture and orientation, the middle of each move between displays), drawn small
/// and captioned with the frame, the hinge angle and the posture, for the run report:
/// each thumbnail sits on its phase's colour in the frame-by-frame chart above it.
public struct Filmstrip: Sendable {
    public struct Frame: Sendable {
        public var frame: Int
        public var phase: Timeline.Phase
        public var caption: String
        public var svg: String
    }

    public var frames: [Frame]

    /// The frames drawn: the middle frame of the first stretch of each distinct phase, in
    /// timeline order, at most `maximum` of them.
    public static func chosenFrames(_ phases: [Timeline.Phase], maximum: Int = 8) -> [Int] {
        var chosen: [Int] = []
        var seen: Set<Timeline.Phase> = []
        var start = 0
        while start < phases.count, chosen.count < maximum {
            var end = start + 1
            while end < phases.count, phases[end] == phases[start] { end += 1 }
            if seen.insert(phases[start]).inserted { chosen.append((start + end - 1) / 2) }
            start = end
        }
        return chosen
    }

    /// The scenario's filmstrip as the run measured it, or `nil` when its device or
    /// motion is not one `catalog` has (a `--device-file` of the run's).
    public static func make(
        scenario name: ScenarioName, frames: Int, refreshRate: Double, direction: LayoutDirection,
        catalog: Catalog = Catalog(),
        thumbnailHeight: Double = 150
    ) -> Filmstrip? {
        // A report read from a file may name any tree and length: the page draws a
        // filmstrip for the trees and timelines a run measures, not for any size.
        guard let scenario = try? Scenario(name.rawValue), frames <= maximumFrames, Self.drawable(scenario.tree),
            let workload = try? Workload(
                scenario, catalog: catalog, frames: frames, refreshRate: refreshRate, direction: direction)
        else { return nil }
        let phases = workload.phases()
        let chosen = chosenFrames(phases)
        // One scale for the strip, so the outer display looks as much smaller as it is.
        let tallest = chosen.map { workload.contexts[$0].bounds.maxY }.max() ?? 1
        let scale = thumbnailHeight / max(tallest, 1)
        let resolver = ReferenceResolver()
        return Filmstrip(
            frames: chosen.map { frame in
                let context = workload.contexts[frame]
                let hinge = hingeText(workload, atFrame: frame)
                let drawing = LayoutDrawing(
                    tree: workload.tree, context: context,
                    resolution: resolver.resolve(workload.tree, in: context),
                    display: workload.device.displayRect(
                        around: context.bounds, orientation: phases[frame].orientation),
                    options: .init(scale: scale, compact: true))
                return Frame(
                    frame: frame, phase: phases[frame],
                    caption: "frame \(frame) · hinge \(hinge) · \(RunReportPage.label(phases[frame]))",
                    svg: drawing.svg().text)
            })
    }

    /// The hinges' angles at `frame` as the motion gives them, in whole degrees ("174°, 90°").
    public static func hingeText(_ workload: Workload, atFrame frame: Int) -> String {
        workload.motion.state(atFrame: frame, refreshRate: workload.refreshRate, hinges: workload.device.hinges.count)
            .angles.map { NumberText.forReader($0.rounded()) + "°" }.joined(separator: ", ")
    }

    /// The longest timeline a filmstrip is drawn for.
    public static let maximumFrames = 100_000

    /// Why a scenario has no filmstrip when its tree or timeline is too large to draw;
    /// `nil` when it can have one (or the name is not a scenario).
    public static func omission(scenario name: ScenarioName, frames: Int) -> String? {
        guard let scenario = try? Scenario(name.rawValue) else { return nil }
        if frames > maximumFrames {
            return
                "No filmstrip: the timeline has \(NumberText.grouped(Double(frames))) frames, more than the \(NumberText.grouped(Double(maximumFrames))) drawn."
        }
        if !drawable(scenario.tree) {
            return
                "No filmstrip: \(scenario.tree.description) has more than \(NumberText.grouped(Double(maximumArrangements))) arrangements, more than a thumbnail can show."
        }
        return nil
    }

    /// The most arrangements a filmstrip draws (balanced-d12).
    public static let maximumArrangements = 4_095

    /// Trees of at most ``maximumArrangements`` arrangements, and the shipped scenes.
    static func drawable(_ tree: TreeSpec) -> Bool {
        switch tree {
        case .balanced(let depth): depth <= 12
        case .chain(let depth): depth <= maximumArrangements
        case .random(let arrangements): arrangements <= maximumArrangements
        case .scene: true
        }
    }

    /// The strip as a row of captioned thumbnails, each on its phase's colour.
    public func html() -> String {
        var drawn: [String: Int] = [:]
        return html(reusing: &drawn)
    }

    /// The strip, each drawing the page already holds (`drawn`: a drawing's text, its
    /// number) shown again by reference (`<use>`) rather than written again: a suite
    /// draws one tree on one device in the same posture for many motions.
    public func html(reusing drawn: inout [String: Int]) -> String {
        var html = "<div class=\"filmstrip\">\n"
        for frame in frames {
            html += "<figure data-frame=\"\(frame.frame)\" style=\"background: \(RunReportPage.fill(frame.phase))\">"
            html += Self.drawing(frame.svg, reusing: &drawn)
            html += "<figcaption>\(SVG.escape(frame.caption))</figcaption></figure>\n"
        }
        return html + "</div>\n"
    }

    /// `svg` with an id the first time, a reference to it after.
    static func drawing(_ svg: String, reusing drawn: inout [String: Int]) -> String {
        if let number = drawn[svg], let width = attribute("width", of: svg), let height = attribute("height", of: svg) {
            return
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"layout\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\"><use href=\"#layout-\(number)\" width=\"\(width)\" height=\"\(height)\"/></svg>\n"
        }
        guard svg.hasPrefix("<svg ") else { return svg }
        let number = drawn.count
        drawn[svg] = number
        return "<svg id=\"layout-\(number)\" " + svg.dropFirst(5)
    }

    /// The value of the opening tag's attribute `name` (`width="190"` → "190").
    static func attribute(_ name: String, of svg: String) -> String? {
        guard let tagEnd = svg.firstIndex(of: ">"),
            let start = svg[..<tagEnd].range(of: " \(name)=\"")?.upperBound,
            let end = svg[start..<tagEnd].firstIndex(of: "\"")
        else { return nil }
        return String(svg[start..<end])
    }
}

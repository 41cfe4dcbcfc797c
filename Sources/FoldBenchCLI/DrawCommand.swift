import ArrangementModel
import Drawings
import Measurement
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workloads

/// `foldbench draw`: a scene file, or a scenario at one frame, drawn as an SVG.
enum DrawCommand: Command {
    static let drawScenario = CommandSpec.Option(
        "--scenario", value: "MOTION/TREE/DEVICE", help: "Draw this scenario's frame instead of a scene file.")
    static let frame = CommandSpec.Option("--frame", value: "N", help: "The scenario's frame to draw (default 0).")
    static let scale = CommandSpec.Option(
        "--scale", value: "X", help: "Pixels per point (default 1: a phone at its size in points).")
    static let output = CommandSpec.Option(
        "--out", value: "FILE.svg", help: "Where to write (default: standard output).")
    static let spec = CommandSpec(
        name: "draw", summary: "Draw a scene's layout (or a scenario's frame) as an SVG.", arguments: "[SCENE.json]",
        positionals: 0...1,
        options: [
            .variant, .variantLibraries, .device, .deviceFile, .posture, .orientation, drawScenario, frame, .frames,
            .layoutDirection,
            .motionFiles, scale, output,
        ] + CommandSpec.Option.jsonLimits + [.maxArrangements],
        details: """
            Draws the display (with --device or a scenario) and its safe area, the reserved
            regions (a fold as a dashed red line, a hinge gap as a red band), every visible
            pane as a box labelled with its id (primary blue, secondary orange, a pane holding
            an arrangement dashed around it, a layered pane in front shadowed and marked z1),
            and the hidden panes beside it. Hovering a box shows its frame, split axis, size
            class and z-index. Labels that do not fit their box are left out, and counted.
            With --scenario the context is that of frame N of the scenario's timeline
            (--frames long, default \(RunOptions().frames)), the reference's layout unless --variant says otherwise.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let variant = try Libraries.variant(
            arguments, fallback: VariantList.referenceName,
            place: arguments.value(drawScenario) ?? arguments.positionals.first ?? "", command: spec)
        let pixelsPerPoint = try arguments.number(scale.name, in: 0.01...100, command: spec) ?? 1
        let picture: Picture
        if let name = arguments.value(drawScenario) {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give a scene file or \(drawScenario.name), not both", command: spec)
            }
            picture = try scenarioPicture(name, arguments)
        } else {
            guard let path = arguments.positionals.first else {
                throw UsageError("give a scene file or \(drawScenario.name) MOTION/TREE/DEVICE", command: spec)
            }
            picture = try scenePicture(path, arguments)
        }
        let resolution = try variant.resolve(picture.tree, picture.context)
        let drawing = LayoutDrawing(
            tree: picture.tree, context: picture.context, resolution: resolution, display: picture.display,
            options: .init(scale: pixelsPerPoint, title: picture.title))
        let (svg, summary) = drawing.svg()
        if let path = arguments.value(output) {
            try ResultsDirectory.writeFile(svg, to: absolutePath(path), console: console)
        } else {
            console.out(svg)
        }
        var note = "\(summary.visible) of \(picture.tree.paneCount) panes shown, \(summary.hidden.count) hidden"
        if summary.labelsDropped > 0 { note += ", \(summary.labelsDropped) labels left out" }
        console.err("\(note)\n")
        return .success
    }

    struct Picture {
        var tree: ArrangementTree
        var context: LayoutContext
        var display: Rect?
        var title: String
    }

    static func scenePicture(_ path: String, _ arguments: ParsedArguments) throws -> Picture {
        if arguments.value(frame) != nil || arguments.value(.frames) != nil {
            throw UsageError(
                "\(frame.name) and \(CommandSpec.Option.frames.name) need \(drawScenario.name)", command: spec)
        }
        var scene = try SceneFiles.load(path)
        var display: Rect?
        var title = path
        if let placement = try DeviceContext.placement(
            arguments, direction: scene.context.layoutDirection, command: spec)
        {
            scene.context = Workload.combine(placement.context, with: scene)
            display = placement.device.displayRect(around: scene.context.bounds, orientation: placement.orientation)
            title +=
                " on \(placement.device.name), \(placement.posture.rawValue), \(placement.orientation.rawValue)"
        }
        return Picture(tree: scene.tree, context: scene.context, display: display, title: title)
    }

    static func scenarioPicture(_ name: String, _ arguments: ParsedArguments) throws -> Picture {
        for option in [CommandSpec.Option.device, .posture, .orientation] where arguments.value(option) != nil {
            throw UsageError("\(option.name) is for a scene file; a scenario names its device", command: spec)
        }
        let scenario: Scenario
        do { scenario = try Scenario(name) } catch { throw UsageError(error.description, command: spec) }
        let frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? RunOptions().frames
        let index = try arguments.integer(frame, in: 0...(frames - 1), command: spec) ?? 0
        let direction = try arguments.layoutDirection(command: spec) ?? .leftToRight
        let catalog = try CatalogFiles.load(
            deviceFiles: arguments.value(.deviceFile).map { [$0] } ?? [], motionFiles: arguments.all(.motionFiles))
        let workload: Workload
        do {
            workload = try Workload(scenario, catalog: catalog, frames: frames, direction: direction)
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        let phase = workload.phases()[index]
        let context = workload.contexts[index]
        let hinge = Filmstrip.hingeText(workload, atFrame: index)
        return Picture(
            tree: workload.tree, context: context,
            display: workload.device.displayRect(around: context.bounds, orientation: phase.orientation),
            title: "\(name), frame \(index): hinge \(hinge), \(phase.posture.rawValue), \(phase.orientation.rawValue)")
    }
}

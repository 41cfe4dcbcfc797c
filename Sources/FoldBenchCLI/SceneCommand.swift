import ArrangementModel
import Runs
import SceneFormat
import Support
import Workloads

/// `foldbench scene TREE`: writes a tree of the catalog as a scene file, so scripts and
/// users get the very trees the benchmark runs (not a copy of the generator of their own).
enum SceneCommand: Command {
    static let bounds = CommandSpec.Option(
        "--bounds", value: "WxH", help: "A context of these bounds alone: no fold, regular size classes.")
    static let spec = CommandSpec(
        name: "scene",
        summary: "Write a tree of the catalog (balanced-dN, chain-dN, random-nN, a scene) as a scene file.",
        arguments: "TREE", positionals: 1...1,
        options: [.device, .deviceFile, .posture, .orientation, bounds, .layoutDirection],
        details: """
            The context is the device's (default iphone-duo, halfOpen, landscape: its safe area,
            size classes and fold), or --bounds; a shipped scene keeps its own context unless a
            device or bounds are given. Written to standard output, arrangement by arrangement.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let name = arguments.positionals[0]
        var scene: Scene
        do {
            let tree = try TreeSpec(name)
            scene = try tree.makeScene()
        } catch {
            throw UsageError(error.description, command: spec)
        }
        let direction = try arguments.layoutDirection(command: spec) ?? scene.context.layoutDirection
        if let text = arguments.value(bounds) {
            for option in [CommandSpec.Option.device, .deviceFile, .posture, .orientation]
            where arguments.value(option) != nil {
                throw UsageError("\(bounds.name) and \(option.name) exclude each other", command: spec)
            }
            let sides = text.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard sides.count == 2, let width = sides[0], let height = sides[1], width >= 0, height >= 0,
                width.isFinite, height.isFinite, let rect = try? Rect(x: 0, y: 0, width: width, height: height)
            else {
                throw UsageError(
                    "\(bounds.name) is WIDTHxHEIGHT in points, e.g. 2000x1600, not '\(text)'", command: spec)
            }
            scene.context = LayoutContext(bounds: rect, layoutDirection: direction)
        } else if let context = try DeviceContext.context(
            arguments, direction: direction, defaultDevice: "iphone-duo", command: spec)
        {
            scene.context = context
        } else if scene.stated.isEmpty {
            scene.context = try DeviceProfile.shipped("iphone-duo").context(
                posture: .halfOpen, orientation: .landscape, direction: direction)
        } else {
            scene.context.layoutDirection = direction
        }
        SceneEncoder.write(scene) { console.out($0) }
        return .success
    }
}

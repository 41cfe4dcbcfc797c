import ArrangementModel
import Measurement
import Reports
import SceneFormat
import Support
import Variants
import Workloads

/// `foldbench resolve SCENE.json`: prints a scene's resolution (contract §4).
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve", summary: "Print the resolution of a scene file as JSON.", arguments: "SCENE.json",
        positionals: 1...1,
        options: [.variant, .device, .deviceFile, .posture, .orientation] + CommandSpec.Option.jsonLimits + [
            .maxArrangements
        ],
        details: """
            Prints one object per pane, in depth-first order, with its visibility, frame,
            size class, split axis and z-index. A bad scene exits 2 naming the JSON path and the rule.
            With --device the context is the device's safe area, size classes and, when half-open,
            its fold; the scene's layout direction is kept.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let variant = try VariantLookup.named(arguments.value(.variant) ?? VariantList.referenceName, command: spec)
            .variant
        var scene = try loadScene(path)
        if let device = try deviceProfile(arguments) {
            let posture = try choice(arguments, .posture, Posture.allCases, default: Posture.halfOpen)
            let orientation = try choice(arguments, .orientation, Orientation.allCases, default: Orientation.landscape)
            scene.context = Workload.combine(
                device.context(posture: posture, orientation: orientation, direction: scene.context.layoutDirection),
                with: scene)
        } else if arguments.value(.posture) != nil || arguments.value(.orientation) != nil {
            let options = [CommandSpec.Option.posture, .orientation, .device, .deviceFile].map(\.name)
            throw UsageError("\(options[0]) and \(options[1]) need \(options[2]) or \(options[3])", command: spec)
        }
        let resolution = variant.resolve(scene.tree, in: scene.context)
        ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs) { chunk in console.outBytes(chunk) }
        return 0
    }

    static func deviceProfile(_ arguments: ParsedArguments) throws -> DeviceProfile? {
        if let path = arguments.value(.deviceFile) {
            return try CatalogFiles.load(deviceFiles: [path]).devices.values.first
        }
        guard let name = arguments.value(.device) else { return nil }
        do {
            return try DeviceProfile.shipped(name)
        } catch {
            throw UsageError(error.rule, command: spec)
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ arguments: ParsedArguments, _ option: CommandSpec.Option, _ cases: T.AllCases, default value: T
    ) throws(UsageError) -> T where T.RawValue == String {
        guard let text = arguments.value(option) else { return value }
        guard let parsed = T(rawValue: text) else {
            throw UsageError(
                "\(option.name) is one of \(cases.map(\.rawValue).joined(separator: ", ")), not '\(text)'",
                command: spec)
        }
        return parsed
    }

    /// Reads and decodes a scene file, naming the file in any failure.
    /// The file's bytes are let go once parsed, and the document once the tree is
    /// decoded, so that a big scene never holds two of the three at once.
    static func loadScene(_ path: String) throws(CommandFailure) -> Scene {
        let limits = Limits.current
        let document = try parse(readFile(path), file: path, limits: limits)
        do {
            return try SceneDecoder.decode(consume document, limits: limits)
        } catch {
            throw .badInput(file: path, error)
        }
    }

    static func parse(_ bytes: consuming [UInt8], file: String, limits: InputLimits) throws(CommandFailure)
        -> JSONValue
    {
        do {
            return try JSONReader.document(bytes, limits: limits)
        } catch {
            throw .badInput(file: file, error)
        }
    }
}

import ArrangementModel
import Runs
import Workloads

/// The context a device gives a scene (`--device` or `--device-file`, `--posture`,
/// `--orientation`), for the commands that put one scene on a device.
enum DeviceContext {
    /// A device, the posture and orientation asked for, and the context they give.
    struct Placement {
        var device: DeviceProfile
        var posture: Posture
        var orientation: Orientation
        var context: LayoutContext
    }

    /// The device's context for `arguments`, keeping `direction`; `nil` without a device.
    static func context(
        _ arguments: ParsedArguments, direction: LayoutDirection, defaultDevice: String? = nil,
        command spec: CommandSpec
    ) throws -> LayoutContext? {
        try placement(arguments, direction: direction, defaultDevice: defaultDevice, command: spec)?.context
    }

    /// The device, posture, orientation and context of `arguments`; `nil` without a
    /// device. With `defaultDevice`, a posture or orientation alone puts the scene on it.
    static func placement(
        _ arguments: ParsedArguments, direction: LayoutDirection, defaultDevice: String? = nil,
        command spec: CommandSpec
    ) throws -> Placement? {
        var chosen = try profile(arguments, command: spec)
        if chosen == nil, let defaultDevice, arguments.value(.posture) != nil || arguments.value(.orientation) != nil {
            chosen = try DeviceProfile.shipped(defaultDevice)
        }
        guard let device = chosen else {
            if arguments.value(.posture) != nil || arguments.value(.orientation) != nil {
                let options = [CommandSpec.Option.posture, .orientation, .device, .deviceFile].map(\.name)
                throw UsageError("\(options[0]) and \(options[1]) need \(options[2]) or \(options[3])", command: spec)
            }
            return nil
        }
        let posture = try choice(arguments, .posture, Posture.allCases, default: Posture.halfOpen, command: spec)
        let orientation = try choice(
            arguments, .orientation, Orientation.allCases, default: Orientation.landscape, command: spec)
        return Placement(
            device: device, posture: posture, orientation: orientation,
            context: device.context(posture: posture, orientation: orientation, direction: direction))
    }

    static func profile(_ arguments: ParsedArguments, command spec: CommandSpec) throws -> DeviceProfile? {
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
        _ arguments: ParsedArguments, _ option: CommandSpec.Option, _ cases: T.AllCases, default value: T,
        command spec: CommandSpec
    ) throws(UsageError) -> T where T.RawValue == String {
        guard let text = arguments.value(option) else { return value }
        guard let parsed = T(rawValue: text) else {
            throw UsageError.notOneOf(option.name, text, cases.map(\.rawValue), command: spec)
        }
        return parsed
    }
}

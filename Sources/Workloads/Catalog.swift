import Foundation
import SceneFormat
import Support

/// The devices and motions a run can name: the shipped ones, and those read from
/// `--device-file` and `--motion-file` (a file's wins over a shipped one of its name).
public struct Catalog: Sendable {
    public var devices: [String: DeviceProfile]
    public var traces: [String: MotionTrace]

    public init(devices: [String: DeviceProfile] = [:], traces: [String: MotionTrace] = [:]) {
        self.devices = devices
        self.traces = traces
    }

    /// Adds a device profile file's contents, under the name inside it.
    public mutating func addDevice(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError) {
        let device = try DeviceProfile.decode(bytes, limits: limits)
        devices[device.name] = device
    }

    /// Adds a trace file's contents, named after the file (`PATH/NAME.csv` is motion `NAME`).
    public mutating func addTrace(_ bytes: [UInt8], path: String) throws(InputError) {
        let trace = try MotionTrace.decode(bytes, name: Self.traceName(path))
        traces[trace.name] = trace
    }

    /// The motion name of a trace file: its file name without the directory and `.csv`.
    public static func traceName(_ path: String) -> String {
        var name = Substring(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if name.hasSuffix(".csv") { name = name.dropLast(4) }
        return String(name)
    }

    /// Reads device and trace files (the plug-in's way; the command line reads its own,
    /// within its input limits); a failure names the file.
    public static func load(deviceFiles: [String], motionFiles: [String]) throws(InputError) -> Catalog {
        var catalog = Catalog()
        func bytes(_ path: String) throws(InputError) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(place: path, rule: "cannot read")
            }
            return [UInt8](data)
        }
        for path in deviceFiles {
            do { try catalog.addDevice(bytes(path)) } catch {
                throw InputError(place: "\(path): \(error.place)", rule: error.rule)
            }
        }
        for path in motionFiles {
            do { try catalog.addTrace(bytes(path), path: path) } catch {
                throw InputError(place: "\(path): \(error.place)", rule: error.rule)
            }
            let editsPath = MotionTrace.editsPath(of: path)
            if FileManager.default.fileExists(atPath: editsPath) {
                do {
                    catalog.traces[traceName(path)]?.edits = try MotionTrace.decodeEdits(bytes(editsPath))
                } catch {
                    throw InputError(place: "\(editsPath): \(error.place)", rule: error.rule)
                }
            }
        }
        return catalog
    }

    /// The traces shipped with the harness, generated from the modelled motions.
    public static let shippedTraces = ["trace-spring-unfold", "trace-trifold-staged", "trace-duo-fold-back"]

    public func device(_ name: String) throws(InputError) -> DeviceProfile {
        if let device = devices[name] { return device }
        return try DeviceProfile.shipped(name)
    }

    public func motion(_ name: String) throws(InputError) -> MotionSource {
        if let trace = traces[name] { return .trace(trace) }
        if let motion = Motion(rawValue: name) { return .model(motion) }
        if Self.shippedTraces.contains(name),
            let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Traces"),
            let data = FileManager.default.contents(atPath: url.path)
        {
            return .trace(try MotionTrace.decode([UInt8](data), name: name))
        }
        let known = Motion.allCases.map(\.rawValue) + Self.shippedTraces
        throw InputError(
            place: "",
            rule:
                "unknown motion \"\(name)\"\(Suggestion.phrase(for: name, among: known)) (expected one of \(known.joined(separator: ", ")), or --motion-file PATH)"
        )
    }

    /// The scenario's device and motion, checked against each other.
    public func resolve(_ scenario: Scenario) throws(InputError) -> (device: DeviceProfile, motion: MotionSource) {
        let device = try device(scenario.device)
        let motion = try motion(scenario.motion)
        if case .trace(let trace) = motion {
            do {
                try trace.check(on: device)
            } catch {
                throw InputError(place: "\(trace.name): \(error.place)", rule: error.rule)
            }
        }
        return (device, motion)
    }
}

import ArrangementModel
import Foundation
import SceneFormat

/// A device profile, a motion and a tree, named `MOTION/TREE/DEVICE`.
public struct Scenario: Equatable, Sendable, CustomStringConvertible {
    public var motion: Motion
    public var tree: TreeSpec
    public var device: String

    public init(motion: Motion, tree: TreeSpec, device: String) {
        self.motion = motion
        self.tree = tree
        self.device = device
    }

    /// Parses `MOTION/TREE/DEVICE`.
    public init(_ name: String) throws(SceneError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw SceneError(place: name, rule: "a scenario is named MOTION/TREE/DEVICE") }
        guard let motion = Motion(rawValue: parts[0]) else {
            throw SceneError(
                place: name,
                rule:
                    "unknown motion \"\(parts[0])\" (expected one of \(Motion.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        guard !parts[2].isEmpty else { throw SceneError(place: name, rule: "the device is missing") }
        self.init(motion: motion, tree: try TreeSpec(parts[1]), device: parts[2])
    }

    public var description: String { "\(motion.rawValue)/\(tree)/\(device)" }
}

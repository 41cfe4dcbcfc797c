import ArrangementModel
import Foundation
import Support

/// A device profile, a motion and a tree, named `MOTION/TREE/DEVICE`. The motion and
/// the device are names, resolved through a ``Catalog`` when the scenario runs.
public struct Scenario: Equatable, Sendable, CustomStringConvertible {
    public var motion: String
    public var tree: TreeSpec
    public var device: String

    public init(motion: Motion, tree: TreeSpec, device: String) {
        self.init(motionName: motion.rawValue, tree: tree, device: device)
    }

    public init(motionName: String, tree: TreeSpec, device: String) {
        self.motion = motionName
        self.tree = tree
        self.device = device
    }

    /// Parses `MOTION/TREE/DEVICE`.
    public init(_ name: String) throws(InputError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw InputError(place: name, rule: "a scenario is named MOTION/TREE/DEVICE") }
        guard !parts[0].isEmpty else { throw InputError(place: name, rule: "the motion is missing") }
        guard !parts[2].isEmpty else { throw InputError(place: name, rule: "the device is missing") }
        self.init(motionName: parts[0], tree: try TreeSpec(parts[1]), device: parts[2])
    }

    public var description: String { "\(motion)/\(tree)/\(device)" }

    /// The name results and reports know it by.
    public var name: ScenarioName { ScenarioName(description) }
}

/// Named lists of scenarios.
public enum Suite: String, Sendable, CaseIterable {
    /// CI smoke: a few scenarios, under a minute with every variant.
    case quick
    /// The main job: the cost-growth series, every motion on balanced-d8, the shipped
    /// scenes, a gap, a hinge gap, a tri-fold's two folds, a window dragged across them,
    /// and lists loading while the phone opens (the motions with content, by one).
    case `default`
    /// Everything: every modelled motion × every tree × every shipped device.
    case full

    public var scenarios: [Scenario] {
        let duo = "iphone-duo"
        switch self {
        case .quick:
            return [
                Scenario(motion: .foldCycle, tree: .balanced(depth: 4), device: duo),
                Scenario(motion: .foldCycle, tree: .balanced(depth: 8), device: duo),
                Scenario(motion: .postureFlutter, tree: .random(arrangements: 100), device: "hinged-duo"),
                Scenario(motion: .dragResize, tree: .scene("media-player"), device: duo),
            ]
        case .default:
            let growth = [1, 4, 8, 12].map { Scenario(motion: .foldCycle, tree: .balanced(depth: $0), device: duo) }
            // The windows placed on a half-open display are one scenario, on the tri-fold
            // (two folds crossing the window), below; every other motion on balanced-d8.
            let motions = Motion.allCases.filter { $0 != .foldCycle && !$0.inBookPosture && !$0.editsContent }.map {
                Scenario(motion: $0, tree: .balanced(depth: 8), device: duo)
            }
            let scenes = TreeSpec.shippedScenes.map { Scenario(motion: .foldCycle, tree: .scene($0), device: duo) }
            return growth + motions + scenes + [
                Scenario(motion: .foldCycle, tree: .balanced(depth: 8), device: "hinged-duo"),
                Scenario(motion: .foldCycle, tree: .chain(depth: 64), device: duo),
                Scenario(motion: .postureFlutter, tree: .random(arrangements: 200), device: duo),
                Scenario(motion: .foldBack, tree: .balanced(depth: 8), device: "surface-duo-2"),
                Scenario(motion: .foldCycle, tree: .balanced(depth: 8), device: "galaxy-z-trifold"),
                Scenario(motion: .stagedUnfold, tree: .random(arrangements: 200), device: "galaxy-z-trifold"),
                Scenario(motion: .windowDrag, tree: .balanced(depth: 8), device: "galaxy-z-trifold"),
                // The motions with content, by one: lists loading while the phone opens.
                Scenario(motion: .listLoading, tree: .balanced(depth: 8), device: duo),
            ]
        case .full:
            let trees: [TreeSpec] =
                [1, 4, 8, 12].map { .balanced(depth: $0) } + [.chain(depth: 32), .chain(depth: 256)]
                + [.random(arrangements: 100), .random(arrangements: 1000)] + TreeSpec.shippedScenes.map { .scene($0) }
            return DeviceProfile.shippedNames.flatMap { device in
                Motion.allCases.flatMap { motion in trees.map { Scenario(motion: motion, tree: $0, device: device) } }
            }
        }
    }
}

// libFuzzer target: raw bytes as a device profile (`--device-file`), in either shape.
// The decoder must accept or reject, never trap; an accepted profile must give every
// display × combination of hinge postures × orientation × direction a context, drive
// every motion's timeline, and resolve a small nested tree in each of those contexts
// identically with every variant.
import ArrangementModel
import FuzzDriver
import ReferenceResolver
import Variants
import Workloads

@main
enum DeviceFuzz {
    static func main() {
        let tree = try! TreeFactory.balanced(depth: 3)
        runFuzzer { bytes in
            guard let device = try? DeviceProfile.decode(bytes) else { return }
            var contexts: [LayoutContext] = []
            var combinations: [[Posture]] = [[]]
            for _ in device.hinges { combinations = combinations.flatMap { c in Posture.allCases.map { c + [$0] } } }
            for postures in combinations {
                _ = device.display(for: postures)
                for display in device.displays.indices {
                    for orientation in Orientation.allCases {
                        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                            contexts.append(
                                device.context(
                                    display: display, postures: postures, orientation: orientation,
                                    direction: direction))
                        }
                    }
                }
            }
            for posture in Posture.allCases {
                contexts.append(device.context(posture: posture, orientation: .landscape))
            }
            for motion in Motion.allCases {
                contexts += Timeline.contexts(motion: motion, device: device, frames: 24)
                _ = Timeline.phases(motion: motion, device: device, frames: 24)
                _ = Timeline.postures(source: .model(motion), device: device, frames: 24)
            }
            for context in contexts {
                let reference = ReferenceResolver().resolve(tree, in: context)
                for entry in VariantList.candidates {
                    let resolution = entry.variant.resolve(tree, in: context)
                    if let difference = ResolutionComparison.firstDifference(resolution, reference, ids: tree.paneIDs) {
                        fatalError("\(entry.name) differs from the reference on \(device.name): \(difference)")
                    }
                }
            }
        }
    }
}

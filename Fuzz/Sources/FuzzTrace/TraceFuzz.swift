// libFuzzer target: raw bytes as a motion trace (`--motion-file`). The reader must
// accept or reject, never trap; an accepted trace must hold each row's state from its
// time until the next row's, and on every shipped device it fits (its hinge count,
// its angles within the hinges' range) drive a timeline that every variant,
// relayouting it in order, resolves as the reference does.
import ArrangementModel
import FuzzDriver
import Measurement
import ReferenceResolver
import Variants
import Workloads

@main
enum TraceFuzz {
    static func main() {
        let tree = try! TreeFactory.balanced(depth: 3)
        let devices = DeviceProfile.shippedNames.map { try! DeviceProfile.shipped($0) }
        runFuzzer { bytes in
            guard let trace = try? MotionTrace.decode(bytes, name: "fuzzed") else { return }
            for (index, sample) in trace.samples.enumerated() {
                precondition(trace.state(atTime: sample.time) == sample.state, "row \(index) is not held at its time")
                if index + 1 < trace.samples.count {
                    let next = trace.samples[index + 1].time
                    precondition(next > sample.time, "times do not increase at row \(index)")
                    let middle = sample.time + (next - sample.time) / 2
                    if middle > sample.time, middle < next {
                        precondition(trace.state(atTime: middle) == sample.state, "row \(index) is not held")
                    }
                }
            }
            for device in devices where (try? trace.check(on: device)) != nil {
                for rate in [30.0, 120] {
                    let contexts = Timeline.contexts(
                        source: .trace(trace), device: device, frames: 32, refreshRate: rate)
                    let reference = contexts.map { ReferenceResolver().resolve(tree, in: $0) }
                    for entry in VariantList.candidates {
                        let loop = entry.frameLoop(tree, contexts, now: Clock.now)
                        for frame in contexts.indices {
                            if let difference = ResolutionComparison.firstDifference(
                                loop.resolution(atFrame: frame), reference[frame], ids: tree.paneIDs)
                            {
                                fatalError("\(entry.name) differs on \(device.name), frame \(frame): \(difference)")
                            }
                        }
                    }
                }
            }
        }
    }
}

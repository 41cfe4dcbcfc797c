import ArrangementModel
import SceneFormat
import Support

/// A scenario made concrete: its tree, and the context and phase of every frame of
/// its motion on its device. The runner, the instruction counter and the `ab`
/// plug-in's timer all start from one, so that they relayout the same frames.
public struct Workload: Sendable {
    public var scenario: Scenario
    public var device: DeviceProfile
    public var motion: MotionSource
    public var refreshRate: Double
    /// The tree of frame 0.
    public var tree: ArrangementTree
    /// The tree of every frame: `tree` throughout, unless the motion edits it.
    public var trees: TreeTimeline
    /// One context per frame: the device's, with what the scene states kept
    /// (``combine(_:with:)``).
    public var contexts: [LayoutContext]

    /// Builds the scenario's tree and resolves its device and motion in `catalog`;
    /// `direction` is the run's, for trees whose scene does not state one.
    public init(
        _ scenario: Scenario, catalog: Catalog, frames: Int, refreshRate: Double = 120,
        direction: LayoutDirection = .leftToRight
    ) throws(InputError) {
        // The order of these allocations is the one the timers had before this type
        // (tree, device, timeline, and the timeline changed in place): where the heap
        // puts a timeline moved `fast` by 6.5 % on posture-flutter/random-n100 in
        // `foldbench ab`, with the same instructions (docs/measurements.md).
        let scene = try scenario.tree.makeScene()
        let (device, motion) = try catalog.resolve(scenario)
        self.scenario = scenario
        self.device = device
        self.motion = motion
        self.refreshRate = refreshRate
        tree = scene.tree
        contexts = Timeline.contexts(
            source: motion, device: device, frames: frames, refreshRate: refreshRate, direction: direction)
        for index in contexts.indices { contexts[index] = Self.combine(contexts[index], with: scene) }
        trees = TreeTimeline(scene.tree)
        if case .trace(let trace) = motion, !trace.edits.isEmpty {
            trees = try Self.trees(scene.tree, trace: trace, frames: contexts.count, refreshRate: refreshRate)
        }
        if case .model(let model) = motion, model.editsContent {
            do {
                trees = try TreeTimeline(
                    scene.tree, frames: contexts.count,
                    schedule: model.editSchedule(for: scene.tree, frames: contexts.count, refreshRate: refreshRate))
            } catch {
                throw InputError(place: scenario.description, rule: "its edits: \(error.description)")
            }
        }
    }

    /// The trees of a trace's timeline: each edit on the first frame at or after its time
    /// (those past the last frame do not land), made in order; one that names nothing or
    /// leaves an invalid tree is refused with its line.
    static func trees(_ tree: ArrangementTree, trace: MotionTrace, frames: Int, refreshRate: Double) throws(InputError)
        -> TreeTimeline
    {
        var schedule: [(frame: Int, edits: [TreeEdit])] = []
        var edited = tree
        for timed in trace.edits {
            let frame = Int((timed.time * refreshRate - 1e-9).rounded(.up))
            guard frame < frames else { break }
            do {
                edited = try timed.edit.applied(to: edited)
            } catch {
                throw InputError(
                    place: "\(trace.name)'s edits, line \(timed.line) (frame \(frame))", rule: error.description)
            }
            if schedule.last?.frame == max(frame, 1) {
                schedule[schedule.count - 1].edits.append(timed.edit)
            } else {
                schedule.append((max(frame, 1), [timed.edit]))
            }
        }
        do {
            return try TreeTimeline(tree, frames: frames, schedule: schedule)
        } catch {
            throw InputError(place: "\(trace.name)'s edits", rule: error.description)
        }
    }

    /// Where the device is in each frame (the phases do not depend on the direction).
    public func phases() -> [Timeline.Phase] {
        Timeline.phases(source: motion, device: device, frames: contexts.count, refreshRate: refreshRate)
    }

    /// A device's context for one frame with what the scene states and the device does
    /// not decide: its layout direction, which belongs to the app and holds on every
    /// frame. The bounds, size class and reserved regions belong to the screen, and the
    /// device gives them frame by frame; a scene's own describe the one screen and
    /// posture it was written for (`media-player`'s fold at x = 475 is the half-open
    /// inner display's, and would be wrong on the same screen flat).
    public static func combine(_ context: LayoutContext, with scene: Scene) -> LayoutContext {
        var combined = context
        if scene.stated.contains(.layoutDirection) { combined.layoutDirection = scene.context.layoutDirection }
        return combined
    }
}

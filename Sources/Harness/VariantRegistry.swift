import ArrangementModel
import FastResolver
import ReferenceResolver

/// A variant as the harness drives it: its name, a one-line summary, the variant
/// itself for one-off resolutions, and a factory that prepares it for a timeline.
public struct VariantEntry: Sendable {
    public let name: String
    public let summary: String
    public let variant: any ResolverVariant
    /// Hidden from `foldbench list` and the default run (test-only variants).
    public let isTestOnly: Bool
    /// Run when `foldbench run` names no variant; a listed variant may opt out (a
    /// comparison point rather than a candidate).
    public let runsByDefault: Bool
    let makeBench: @Sendable (ArrangementTree, [LayoutContext]) -> VariantBench

    /// Wraps a concrete variant; the bench's loop is specialised for `V`.
    public init<V: ResolverVariant>(
        _ variant: V, summary: String, isTestOnly: Bool = false, runsByDefault: Bool = true
    ) {
        name = variant.name
        self.summary = summary
        self.variant = variant
        self.isTestOnly = isTestOnly
        self.runsByDefault = runsByDefault && !isTestOnly
        makeBench = { tree, contexts in VariantBench(variant, tree: tree, contexts: contexts) }
    }
}

/// The resolver variants the harness knows, by name. Adding a variant means adding
/// one line here.
public enum VariantRegistry {
    public static let entries: [VariantEntry] = [
        VariantEntry(ReferenceResolver(), summary: "the executable contract: recursive, readable, allocates"),
        VariantEntry(
            FastResolver(), summary: "flat level-order storage, prepared decisions and kernels, no allocation per frame"
        ),
        VariantEntry(
            FastResolver(order: .preOrder),
            summary:
                "fast with its arrangements stored depth-first: what the level order is worth (not run by default)",
            runsByDefault: false),
        VariantEntry(
            SlowedResolver(), summary: "test only: fast plus 2 multiply-adds per arrangement, to prove the gate",
            isTestOnly: true),
        VariantEntry(
            SlowedResolver(name: "fast-slowed-10", stepsPerArrangement: 0.175),
            summary: "test only: fast made about 10 % slower, to measure the time comparison", isTestOnly: true),
    ]

    /// The names a user can pick (test-only variants work too but are not listed).
    public static var names: [String] { entries.filter { !$0.isTestOnly }.map(\.name) }

    public static func entry(named name: String) -> VariantEntry? { entries.first { $0.name == name } }
}

/// One variant prepared for one tree and timeline: relayouts ranges of frames into
/// a resolution it owns. Built by ``VariantEntry`` for a concrete variant type, so
/// the loop in ``run(frames:)`` calls the variant directly.
final class VariantBench {
    let prepareNanoseconds: UInt64
    private let relayoutRange: (Int, Int) -> Void
    private let resolutionAt: (Int) -> Resolution

    init<V: ResolverVariant>(_ variant: V, tree: ArrangementTree, contexts: [LayoutContext]) {
        let start = Clock.now()
        let prepared = variant.prepare(tree)
        prepareNanoseconds = Clock.now() - start
        let storage = ResolutionStorage(paneCount: tree.paneCount)
        let count = contexts.count
        // The loop passes each frame's context from one local variable, so the variant
        // borrows it without reference counting: copying a context out of the array
        // would retain and release its region list (two atomic operations, a few
        // nanoseconds a frame, the caller's cost rather than the variant's). The fields
        // that are plain values are set every frame; the region list only when it
        // differs from the previous frame's (an equal list, already in the variable,
        // is the same input).
        let frames = contexts.map { Frame(bounds: $0.bounds, sizeClass: $0.sizeClass, direction: $0.layoutDirection) }
        let regionsChange = contexts.indices.map { index in
            contexts[index].reservedRegions != contexts[(index + count - 1) % count].reservedRegions
        }
        relayoutRange = { start, length in
            // Take the buffer out of the box so that it is uniquely referenced in the loop.
            var resolution = Resolution(paneCount: 0)
            swap(&resolution, &storage.resolution)
            var index = start % count
            var context = contexts[index]
            for _ in 0..<length {
                let frame = frames[index]
                context.bounds = frame.bounds
                context.sizeClass = frame.sizeClass
                context.layoutDirection = frame.direction
                if regionsChange[index] { context.reservedRegions = contexts[index].reservedRegions }
                variant.relayout(prepared, in: context, into: &resolution)
                index += 1
                if index == count { index = 0 }
            }
            swap(&resolution, &storage.resolution)
        }
        resolutionAt = { frame in
            variant.relayout(prepared, in: contexts[frame % count], into: &storage.resolution)
            return storage.resolution
        }
    }

    /// Relayouts `length` consecutive frames from `start` (wrapping around the timeline).
    @inline(__always)
    func run(from start: Int, count length: Int) { relayoutRange(start, length) }

    /// The resolution of one frame (not for timing).
    func resolution(atFrame frame: Int) -> Resolution { resolutionAt(frame) }
}

/// A frame's context but for its region list.
struct Frame {
    let bounds: Rect
    let sizeClass: SizeClass
    let direction: LayoutDirection
}

final class ResolutionStorage {
    var resolution: Resolution
    init(paneCount: Int) { resolution = Resolution(paneCount: paneCount) }
}

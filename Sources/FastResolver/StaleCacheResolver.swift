import ArrangementModel

/// Test only: the incremental resolver with a stale cache planted, leaving one input out of
/// its decision to skip a subtree, as caching layout engines have done in released
/// versions. It runs the shipped passes under another ``ChangeRule``; the harness must
/// refuse every one of them (its timeline checks and adversarial histories).
public struct StaleCacheResolver: ResolverVariant {
    /// The input a planted stale cache leaves out.
    public enum Fault: String, Sendable, CaseIterable {
        /// A size class that changed with the bounds unchanged is not noticed.
        case sizeClass = "size-class"
        /// A flip of the layout direction is not noticed.
        case layoutDirection = "layout-direction"
        /// A region that moved but still meets an arrangement's bounds is taken as unchanged
        /// for it (only regions that start or stop meeting the bounds count).
        case movedRegion = "moved-region"
        /// A pane that was hidden is taken as unchanged when it shows again (a hidden pane
        /// "has nothing to compare"), so the panes below it stay hidden.
        case hiddenPane = "hidden-pane"
    }

    public let forgets: Fault

    public init(forgetting fault: Fault) { forgets = fault }

    public var name: String { "incremental-forgets-\(forgets.rawValue)" }

    public var frameMemory: FrameMemory { IncrementalResolver().frameMemory }

    public func prepare(_ tree: ArrangementTree) -> IncrementalResolver.Memory { IncrementalResolver.Memory(tree) }

    public func relayout(
        _ memory: IncrementalResolver.Memory, in context: LayoutContext, into resolution: inout Resolution
    ) {
        switch forgets {
        case .sizeClass: IncrementalResolver.relayout(memory, context, &resolution, ForgetsSizeClass.self)
        case .layoutDirection: IncrementalResolver.relayout(memory, context, &resolution, ForgetsDirection.self)
        case .movedRegion: IncrementalResolver.relayout(memory, context, &resolution, ForgetsMovedRegion.self)
        case .hiddenPane: IncrementalResolver.relayout(memory, context, &resolution, ForgetsShownPane.self)
        }
    }
}

/// Test only: the incremental resolver taking edits in place but keeping the answer it
/// wrote before them as if it still held, as a cache not cleared up the tree on a style
/// change does: a frame after an edit at an unchanged context keeps the old layout. The
/// edit history (``EditHistory``, run after the adversarial history) must refuse it.
public struct EditBlindResolver: ResolverVariant {
    public init() {}

    public var name: String { "incremental-forgets-edits" }

    public var frameMemory: FrameMemory { IncrementalResolver().frameMemory }

    public func prepare(_ tree: ArrangementTree) -> IncrementalResolver.Memory { IncrementalResolver.Memory(tree) }

    public func relayout(
        _ memory: IncrementalResolver.Memory, in context: LayoutContext, into resolution: inout Resolution
    ) {
        IncrementalResolver().relayout(memory, in: context, into: &resolution)
    }

    public func edit(
        _ memory: inout IncrementalResolver.Memory, with edits: [TreeEdit], giving edited: ArrangementTree
    ) -> Bool {
        let kept = memory.last.pointee.hasAnswer
        guard IncrementalResolver().edit(&memory, with: edits, giving: edited) else { return false }
        memory.last.pointee.hasAnswer = kept
        return true
    }
}

/// A planted stale cache's rule: it runs its pass on every frame that changes anything
/// (no decision before work), so that the input it forgets shows on the trees and frames
/// the shipped variant would resolve whole.
protocol ForgetfulRule: ChangeRule {}

extension ForgetfulRule {
    static var decidesBeforeWork: Bool { false }
}

enum ForgetsSizeClass: ForgetfulRule {
    static var seesSizeClass: Bool { false }
}
enum ForgetsDirection: ForgetfulRule {
    static var seesDirection: Bool { false }
}
enum ForgetsMovedRegion: ForgetfulRule {
    static var seesMovedRegion: Bool { false }
}
enum ForgetsShownPane: ForgetfulRule {
    static var seesShownPane: Bool { false }
}

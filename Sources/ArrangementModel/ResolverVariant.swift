/// The name of the variant every other one is checked against: the reference, which
/// is the contract. One place for it: the reference, the variant list and the pages
/// that show a disagreement read it here.
public let referenceVariantName = "reference"

/// A named implementation of the contract, measured side by side with the others.
///
/// A variant works in two steps: ``prepare(_:)`` turns a validated tree into
/// whatever the variant wants to keep (done once per tree, timed on its own), then
/// ``relayout(_:in:into:)`` resolves it for one context, every frame, writing
/// into a ``Resolution`` the caller owns.
///
/// A variant may remember between frames (``frameMemory``): whatever its prepared
/// value holds (a cache, the inputs of the last frame) lives as long as that value.
/// Every caller in the package then keeps one resolution per prepared value and hands
/// the frames over in the order it means them; the harness checks such a variant over
/// the very sequence of frames it times, not frame by frame.
public protocol ResolverVariant: Sendable {
    /// What ``prepare(_:)`` keeps for the frames to come.
    associatedtype Prepared

    /// The name used on the command line and in reports.
    var name: String { get }

    /// One-off work for a tree; nothing here depends on the context.
    func prepare(_ tree: ArrangementTree) -> Prepared

    /// Resolves the prepared tree for `context`, overwriting every pane of `resolution`,
    /// which must have been made for this tree's pane count. A variant whose
    /// ``frameMemory`` has ``FrameMemory/readsItsLastAnswer`` may leave panes untouched:
    /// it is given the resolution it wrote last for this prepared value.
    func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution)

    /// The same frame, with what the caller knows changed since the context it handed
    /// this prepared value last (``ContextChanges``; ``ContextChanges/unknown`` when it
    /// cannot say). The answer must be the same as ``relayout(_:in:into:)``'s whatever
    /// a truthful `changes` says; a variant that remembers may trust it instead of
    /// comparing the contexts. By default the changes are not read.
    func relayout(
        _ prepared: Prepared, in context: LayoutContext, changes: ContextChanges, into resolution: inout Resolution)

    /// What the variant keeps from one relayout of a prepared tree to the next; none by default.
    var frameMemory: FrameMemory { get }

    /// A variant whose frames this one's are, exactly, for some trees (``Self`` by default).
    associatedtype Stateless: ResolverVariant = Self

    /// For a prepared tree on which this variant's frames are exactly another, stateless
    /// variant's (a variant that remembers, on a tree too small for remembering to pay),
    /// that variant and its prepared value; nil by default. Decided once per tree, so a
    /// frame loop can run the other variant's frames with no test per frame. ``relayout(_:in:into:)``
    /// must still give the same answers for such a tree.
    func statelessFrames(_ prepared: Prepared) -> (Stateless, Stateless.Prepared)?

    /// Brings a prepared value up to date with `edits`, made in order to its tree, which
    /// `tree` now is (the app changed its content: ``TreeEdit``). Returns false to have
    /// the caller prepare `tree` anew instead, which is the default: a variant takes in
    /// place only the edits it can, and may refuse any. After an edit the caller may hand
    /// over a new resolution (its pane count changed), which a variant that reads its
    /// last answer must notice.
    func edit(_ prepared: inout Prepared, with edits: [TreeEdit], giving tree: ArrangementTree) -> Bool

    /// ``edit(_:with:giving:)`` with the places the edits land on worked out beforehand,
    /// as a frame loop hands them over (and the C interface hands a library its edits):
    /// the same answer, without finding the places. By default the places are not read.
    func edit(_ prepared: inout Prepared, placed edits: PlacedEdits, giving tree: ArrangementTree) -> Bool
}

/// What a variant remembers between the relayouts of one prepared tree.
public struct FrameMemory: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The prepared value changes from one relayout to the next (a cache, the last inputs).
    public static let keepsState = FrameMemory(rawValue: 1 << 0)
    /// The relayout relies on the resolution it is given holding the answer it wrote
    /// last for the same prepared value, and rewrites only what changed.
    public static let readsItsLastAnswer = FrameMemory(rawValue: 1 << 1)

    /// Anything at all: the answer to a frame may depend on the frames before it.
    public var remembers: Bool { !isEmpty }
}

extension ResolverVariant {
    public var frameMemory: FrameMemory { [] }

    public func statelessFrames(_ prepared: Prepared) -> (Stateless, Stateless.Prepared)? { nil }

    @inlinable @inline(__always)
    public func relayout(
        _ prepared: Prepared, in context: LayoutContext, changes: ContextChanges, into resolution: inout Resolution
    ) {
        relayout(prepared, in: context, into: &resolution)
    }

    public func edit(_ prepared: inout Prepared, with edits: [TreeEdit], giving tree: ArrangementTree) -> Bool {
        false
    }

    public func edit(_ prepared: inout Prepared, placed edits: PlacedEdits, giving tree: ArrangementTree) -> Bool {
        edit(&prepared, with: edits.edits, giving: tree)
    }

    /// Prepares and relayouts once: for tools and tests, not for frames.
    public func resolve(_ tree: ArrangementTree, in context: LayoutContext) -> Resolution {
        let prepared = prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        relayout(prepared, in: context, into: &resolution)
        return resolution
    }
}

import CWorker

/// The crumb of a worker process (``foldbench_crumb``): what it is doing, step by step,
/// in memory its supervisor reads. Outside a worker every call does nothing.
public enum WorkerCrumb {
    nonisolated(unsafe) public static var crumb: UnsafeMutablePointer<foldbench_crumb>?

    /// In a worker: maps the crumb and installs the fault handlers. Whether this is a worker.
    @discardableResult
    public static func attach() -> Bool {
        crumb = foldbench_worker_attach()
        if crumb != nil { ownThreads = Int(foldbench_thread_count()) }
        return crumb != nil
    }

    public enum Phase: UInt32 {
        case starting = 0
        case loading
        case preparing
        case checking
        case timing
        case rechecking
        case counting
        case answering
        case finishing
        case sampling
    }

    public enum Step: UInt32 {
        case none = 0
        case frame
        case secondPass
        case history
        case batch
        case prepare
        case edit
        case editHistory
        case historyEdit
    }

    public static func phase(_ phase: Phase, scenario: Int? = nil) {
        guard let crumb else { return }
        crumb.pointee.phase = phase.rawValue
        if let scenario { crumb.pointee.scenario = Int32(scenario) }
        crumb.pointee.step_kind = Step.none.rawValue
        foldbench_crumb_end(crumb)
    }

    public static func scenario(_ index: Int) {
        crumb?.pointee.scenario = Int32(index)
    }

    /// The variant whose steps follow (an index in the request's variants), -1 none.
    public static func variant(_ index: Int) {
        crumb?.pointee.variant = Int32(index)
    }

    /// A step of FoldBench's own code (the general limit applies).
    @inline(__always)
    public static func step(_ kind: Step, _ number: Int) {
        guard let crumb else { return }
        foldbench_crumb_begin(crumb, -1, kind.rawValue, Int64(number), 0)
    }

    /// The step the worker is at (kind and number), to put back after a call that is a
    /// step of its own (a library's prepare or edit); nil without a crumb.
    public static var currentStep: (kind: UInt32, number: Int64)? {
        crumb.map { ($0.pointee.step_kind, $0.pointee.step) }
    }

    /// Puts back a step ``currentStep`` gave.
    public static func restore(_ step: (kind: UInt32, number: Int64)?) {
        guard let step, let crumb else { return }
        crumb.pointee.step_kind = step.kind
        crumb.pointee.step = step.number
    }

    /// A call into `library`'s code begins: the step it is, and how long it may take.
    @inline(__always)
    public static func enterLibrary(_ library: Int, limitMilliseconds: UInt32) {
        guard let crumb else { return }
        foldbench_crumb_begin(crumb, Int32(library), crumb.pointee.step_kind, crumb.pointee.step, limitMilliseconds)
    }

    /// A timed batch begins: `library` (-1 for a built-in variant) runs for up to `limit`.
    @inline(__always)
    public static func batch(_ number: Int, library: Int, limitMilliseconds: UInt32) {
        guard let crumb else { return }
        foldbench_crumb_begin(crumb, Int32(library), Step.batch.rawValue, Int64(number), limitMilliseconds)
    }

    /// FoldBench's own code runs again.
    @inline(__always)
    public static func leaveLibrary() {
        guard let crumb else { return }
        foldbench_crumb_end(crumb)
    }

    /// The edits that landed on the checked frame the worker is at, in words, for a
    /// failure to name (cut at a character to fit); "" when the frame's relayout returned.
    public static func edits(_ text: String) {
        guard let crumb else { return }
        withUnsafeMutableBytes(of: &crumb.pointee.edits) { buffer in
            var bytes = Array(text.utf8.prefix(buffer.count - 1))
            // Cut before a character's continuation bytes, not inside the character.
            if bytes.count < text.utf8.count { while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() } }
            if bytes.count < text.utf8.count, let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
    }

    /// The worker's threads before any library was loaded.
    nonisolated(unsafe) static var ownThreads = -1

    /// The threads the worker has beyond its own, or 0 (a library's, left running after
    /// the call that started them: rule 5).
    public static func libraryThreads() -> Int {
        guard crumb != nil, ownThreads > 0 else { return 0 }
        return max(0, Int(foldbench_thread_count()) - ownThreads)
    }

    /// Ends every process the worker has as a child (it starts none itself: they are a
    /// library's, or orphaned by one), and those they leave; how many.
    public static func endChildren() -> Int { Int(foldbench_end_children(nil)) }

    /// Whether a library started a process that still exists (a subreaper's children).
    public static func libraryStartedProcess() -> Bool { crumb != nil && foldbench_worker_has_children() != 0 }

    public static func finished() {
        guard let crumb else { return }
        crumb.pointee.phase = Phase.finishing.rawValue
        foldbench_crumb_end(crumb)
    }
}

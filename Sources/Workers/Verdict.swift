import CWorker
import Support

/// What the supervisor holds a worker's replies to, from what it sees for itself. A
/// library runs in the worker's address space and can write anything on its channel,
/// or into its crumb; so a reply is taken only when it fits what the supervisor
/// observed on its own clock: the phases the crumb went through, in order, and how long
/// the timing lasted; and the worker's own end (its exit status, from the kernel)
/// after its last reply. It cannot rule out a library that writes the crumb as the
/// worker would and forges a report of believable size (docs/c-interface.md).
struct Verdict {
    /// When the supervisor (its monotonic clock, ms) last saw a phase before the
    /// sampling, first and last saw the sampling, and first saw a phase after it.
    var beforeSampling: Int64
    var samplingFirst: Int64?
    var samplingLast: Int64?
    var afterSampling: Int64?

    init(started: Int64) { beforeSampling = started }

    static let sampling = UInt32(FOLDBENCH_PHASE_SAMPLING)
    static let afterSamplingPhases = [FOLDBENCH_PHASE_RECHECKING, FOLDBENCH_PHASE_COUNTING, FOLDBENCH_PHASE_FINISHING]
        .map(UInt32.init)

    /// The crumb's phase, seen at `now`.
    mutating func observe(_ phase: UInt32, at now: Int64) {
        if phase == Self.sampling {
            if samplingFirst == nil { samplingFirst = now }
            samplingLast = now
        } else if Self.afterSamplingPhases.contains(phase) {
            if afterSampling == nil { afterSampling = now }
        } else if samplingFirst == nil, afterSampling == nil {
            beforeSampling = now
        }
    }

    /// Why a run's `report`, read at `now`, cannot be the worker's, or nil. The report
    /// comes after the sampling, and the time its batches claim (each sample's time a
    /// frame times its batch's frames) fits the sampling as the supervisor saw it: no
    /// longer than from the last look before it to the first look after (and a slack for
    /// the two clocks), no shorter than a hundredth of the time it was seen going on (the checks
    /// between batches take the rest: a tenth of it on a quiet machine, three quarters seen
    /// on a loaded one with short batches).
    func problem(withReport report: JSONValue, at now: Int64) -> String? {
        // A report of nothing (an empty shard) claims no time.
        guard case .array(let results)? = report["results"], !results.isEmpty else { return nil }
        guard samplingFirst != nil || afterSampling != nil else {
            return "a report on FoldBench's channel before the timing began"
        }
        guard afterSampling != nil else { return "a report on FoldBench's channel before the timing ended" }
        let claimed = Self.timedMilliseconds(report)
        let longest = Double((afterSampling ?? now) - beforeSampling)
        let seen = Double((samplingLast ?? 0) - (samplingFirst ?? 0))
        if claimed > longest + 100 || (seen > 200 && claimed < seen / 100) {
            return "a report on FoldBench's channel whose timed batches add up to \(formatNumber(claimed)) ms, "
                + "where the timing was seen to take \(formatNumber(seen)) to \(formatNumber(longest)) ms"
        }
        return nil
    }

    /// The time a report's batches add up to (ms): every result's samples (ns a frame)
    /// times its batch's frames.
    static func timedMilliseconds(_ report: JSONValue) -> Double {
        guard case .array(let results)? = report["results"] else { return 0 }
        var total = 0.0
        for result in results {
            guard case .array(let samples)? = result["timeSamples"], case .number(let batch)? = result["batchFrames"]
            else { continue }
            for case .number(let sample) in samples { total += sample * batch }
        }
        return total / 1e6
    }

    /// Why the worker's end does not fit its last reply, or nil: `done` is followed by
    /// the worker's exit with status 0, a failure by its exit with the failure's status
    /// (1 or 2), and nothing comes on the channel after either.
    static func problem(final: WorkReply, status: Int32, repliesAfter: Int) -> String? {
        if repliesAfter > 0 {
            let kind = if case .done = final { "a \"done\"" } else { "a failure" }
            return "\(kind) on FoldBench's channel that the worker did not write "
                + "(\(repliesAfter) more repl\(repliesAfter == 1 ? "y" : "ies") came after it)"
        }
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        switch final {
        case .done:
            if !exited || code != 0 {
                return "a \"done\" on FoldBench's channel, but the worker then \(ending(status))"
            }
        case .failure(let failure, _, _):
            if failure == .success { return "a failure with exit status 0 on FoldBench's channel" }
            if !exited || code != failure.rawValue {
                return
                    "a failure with exit status \(failure.rawValue) on FoldBench's channel, but the worker then \(ending(status))"
            }
        default: break
        }
        return nil
    }

    static func ending(_ status: Int32) -> String {
        status & 0x7f == 0 ? "exited with status \((status >> 8) & 0xff)" : "ended by signal \(status & 0x7f)"
    }
}

import CWorker
import Support

/// What a worker's crumb says at its end, in words: whose code ran, in which phase,
/// on which scenario, at which step; and the one line a failure prints.
struct CrumbReading {
    let crumb: foldbench_crumb
    let request: WorkRequest
    let lastScenario: String?

    init(_ crumb: foldbench_crumb, request: WorkRequest, lastScenario: String?) {
        self.crumb = crumb
        self.request = request
        self.lastScenario = lastScenario
    }

    var isValid: Bool { crumb.magic == FOLDBENCH_CRUMB_MAGIC }

    /// The library whose code ran at the end, if any.
    var runningLibrary: String? {
        guard isValid, crumb.library >= 0, Int(crumb.library) < request.libraries.count else { return nil }
        return request.libraries[Int(crumb.library)]
    }

    /// The library called last, if any.
    var lastLibrary: String? {
        guard isValid, crumb.last_library >= 0, Int(crumb.last_library) < request.libraries.count else { return nil }
        return request.libraries[Int(crumb.last_library)]
    }

    var phase: String {
        switch Int(crumb.phase) {
        case Int(FOLDBENCH_PHASE_LOADING): "while loading it"
        case Int(FOLDBENCH_PHASE_PREPARING): "while preparing"
        case Int(FOLDBENCH_PHASE_CHECKING): "while checking"
        case Int(FOLDBENCH_PHASE_TIMING), Int(FOLDBENCH_PHASE_SAMPLING): "while timing"
        case Int(FOLDBENCH_PHASE_RECHECKING): "while checking again after timing"
        case Int(FOLDBENCH_PHASE_COUNTING): "while counting instructions"
        case Int(FOLDBENCH_PHASE_ANSWERING): "while answering"
        case Int(FOLDBENCH_PHASE_FINISHING): "after its work, while replying"
        default: "while starting"
        }
    }

    var scenario: String? {
        guard isValid, Int(crumb.phase) != Int(FOLDBENCH_PHASE_LOADING) else { return nil }
        if crumb.scenario >= 0, Int(crumb.scenario) < request.scenarios.count {
            return request.scenarios[Int(crumb.scenario)]
        }
        return lastScenario
    }

    var variant: String? {
        guard isValid, crumb.variant >= 0, Int(crumb.variant) < request.variants.count else { return nil }
        return request.variants[Int(crumb.variant)]
    }

    var step: String? {
        guard isValid else { return nil }
        let number = crumb.step
        switch Int(crumb.step_kind) {
        case Int(FOLDBENCH_STEP_FRAME): return "frame \(number)"
        case Int(FOLDBENCH_STEP_SECOND_PASS): return "frame \(number) of the second pass"
        case Int(FOLDBENCH_STEP_HISTORY): return "step \(number) of the adversarial history"
        case Int(FOLDBENCH_STEP_EDIT_HISTORY): return "frame \(number) of the edit history"
        case Int(FOLDBENCH_STEP_BATCH): return "batch \(number)"
        case Int(FOLDBENCH_STEP_PREPARE): return "its prepare"
        case Int(FOLDBENCH_STEP_EDIT): return number >= 0 ? "its edit at frame \(number)" : "its edit"
        case Int(FOLDBENCH_STEP_HISTORY_EDIT): return "its edit at frame \(number) of the edit history"
        default: return nil
        }
    }

    /// "while timing fold-cycle/balanced-d8/iphone-duo at batch 12"; on a checked frame
    /// where edits landed, "…; edits on this frame: pane "p4": insert an arrangement".
    var place: String {
        var text = phase
        if let scenario { text += " \(scenario)" }
        if let step { text += " at \(step)" }
        if let edits { text += "; edits on this frame: \(edits)" }
        return text
    }

    /// The edits the crumb holds, or nil.
    var edits: String? {
        guard isValid else { return nil }
        var copy = crumb.edits
        let text = withUnsafeBytes(of: &copy) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? nil : text
    }

    func failure(_ ending: Session.Ending) -> WorkerFailure {
        let problem: String
        switch ending {
        case .printed(let line):
            problem = "printed on its \(line) (rule 5: a library prints nothing)"
        case .hung(let milliseconds, let perStep):
            problem =
                perStep
                ? "took longer than \(limitText(milliseconds)) \(stepLimited) (a hang?)"
                : "went silent for \(formatNumber(Double(milliseconds) / 1000)) s (a hang? FOLDBENCH_LIBRARY_CHECK_SECONDS sets the limit)"
        case .memory(let resident, let grew, let hungAfter, let limit):
            let held = "\(Self.mebibytes(grew)) more memory in one step, \(Self.mebibytes(resident)) in all"
            problem =
                hungAfter.map { "took longer than \(limitText($0)) \(stepLimited) and \(held) (memory exhausted?)" }
                ?? "took \(held), past the worker's limit of \(Self.mebibytes(limit)) (memory exhausted? FOLDBENCH_WORKER_MEMORY_MIB sets the limit)"
        case .channelClosed:
            problem = "closed FoldBench's channel (descriptor 3) without ending"
        case .garbled(let why):
            problem = "garbled FoldBench's channel (\(why))"
        case .ended(let status):
            problem = Self.ending(status, crumb: isValid ? crumb : nil)
        }
        if let library = runningLibrary {
            return WorkerFailure(.failed, "library \(library): \(problem) \(place)")
        }
        // What only a library can have done to the worker's outputs and channel is its.
        if ending.isOnTheOutputs, let library = lastLibrary {
            return WorkerFailure(.failed, "library \(library): \(problem) \(place)")
        }
        if case .ended = ending, Self.faultedInGuard(crumb), let library = lastLibrary {
            return WorkerFailure(.failed, "library \(library): \(problem) \(place)")
        }
        if request.libraries.isEmpty {
            return WorkerFailure(
                .failed,
                "the worker \(problem) \(place)\(variant.map { " (variant \($0))" } ?? "") — a bug in FoldBench")
        }
        let libraries = request.libraries.joined(separator: ", ")
        return WorkerFailure(
            .failed,
            "the worker \(problem) \(place)\(variant.map { " (variant \($0))" } ?? ""), in FoldBench's own code, with library \(libraries) loaded: a library may have damaged its memory"
        )
    }

    /// Whether the fault landed in memory only a library could have touched.
    static func faultedInGuard(_ crumb: foldbench_crumb) -> Bool {
        crumb.magic == FOLDBENCH_CRUMB_MAGIC && crumb.fault_signal != 0 && crumb.fault_kind != FOLDBENCH_FAULT_ELSEWHERE
    }

    /// A wait status in words, the crumb's fault where it names one.
    /// What a step's time limit was for: a batch, a library's prepare or edit, a frame.
    var stepLimited: String {
        switch Int(crumb.step_kind) {
        case Int(FOLDBENCH_STEP_BATCH): "on one batch"
        case Int(FOLDBENCH_STEP_PREPARE): "in one call of foldbench_variant_prepare"
        case Int(FOLDBENCH_STEP_EDIT), Int(FOLDBENCH_STEP_HISTORY_EDIT): "in one call of foldbench_variant_edit"
        default: "on one frame"
        }
    }

    /// Bytes in MiB, whole ("2048 MiB").
    static func mebibytes(_ bytes: Int64) -> String { "\(max(0, bytes) >> 20) MiB" }

    /// A step's limit in words: a frame's in milliseconds ("1000 ms"), a batch's or a
    /// library call's in seconds ("10 s").
    func limitText(_ milliseconds: Int64) -> String {
        stepLimited == "on one frame" ? "\(milliseconds) ms" : "\(formatNumber(Double(milliseconds) / 1000)) s"
    }

    static func ending(_ status: Int32, crumb: foldbench_crumb?) -> String {
        let signal = status & 0x7f
        // The worker's own exit when its channel cannot be written (WorkerChannel.send).
        if signal == 0, (status >> 8) & 0xff == 3 {
            return "left the worker unable to write FoldBench's channel (descriptor 3 closed or replaced)"
        }
        if signal == 0 {
            return
                "exited (status \((status >> 8) & 0xff)) before FoldBench's work was done (rule 5: nothing exits the process)"
        }
        if let crumb, crumb.fault_signal != 0, crumb.fault_kind != FOLDBENCH_FAULT_ELSEWHERE {
            let offset = crumb.fault_offset
            switch Int(crumb.fault_kind) {
            case Int(FOLDBENCH_FAULT_BEFORE_PANES):
                return "wrote \(offset) bytes before the first pane (rule 1)"
            case Int(FOLDBENCH_FAULT_AFTER_PANES):
                return "wrote past the last pane, \(offset) bytes after its end (rule 1)"
            case Int(FOLDBENCH_FAULT_CONTEXT):
                return "wrote into the context it was given, which is read-only (rule 1)"
            case Int(FOLDBENCH_FAULT_TREE):
                return "wrote into the tree it was given, which is read-only (rule 1)"
            case Int(FOLDBENCH_FAULT_PANES):
                return "left its panes unwritable (rule 1: the panes are FoldBench's to write and read)"
            default:
                return "touched a tree after the call it was given to returned (rule 3: it lives only during the call)"
            }
        }
        return "crashed with \(signalName(signal)) (signal \(signal))"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

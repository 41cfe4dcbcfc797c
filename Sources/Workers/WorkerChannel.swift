import CWorker
import Support

#if canImport(Glibc)
    import Glibc
#endif

/// The worker's end of its channel (descriptor 3): the request read once, replies
/// written one line each. A problem found deep in a library's loop ends the request
/// here, in the same words the supervisor would use.
public enum WorkerChannel {
    /// The request being served, and the scenario last announced (for the messages).
    nonisolated(unsafe) public static var request = WorkRequest(.describe)
    nonisolated(unsafe) static var lastScenario: String?

    /// Reads the request: one line.
    public static func readRequest() throws(InputError) -> WorkRequest {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(FOLDBENCH_CHANNEL_FD, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        let value = try JSONReader.document(bytes, limits: .unlimitedForChannel)
        request = try WorkRequest(json: JSONReader(value))
        return request
    }

    /// Writes `reply` whole; a closed channel ends the worker (nobody is listening).
    public static func send(_ reply: WorkReply) {
        if case .progress(let scenario, _, _, _, _) = reply { lastScenario = scenario }
        let bytes = Array((JSONWriter.write(reply.json) + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(FOLDBENCH_CHANNEL_FD, $0.baseAddress, $0.count) }
            if written > 0 {
                sent += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                _exit(3)
            }
        }
    }

    /// Ends the request with a failure and the process with it.
    public static func fail(_ status: ExitStatus, _ message: String, page: String? = nil) -> Never {
        WorkerCrumb.finished()
        send(.failure(status: status, message: message, page: page))
        _exit(status.rawValue)
    }

    /// Ends the request: `library` (its index in the request) broke a rule, found by
    /// FoldBench after the call; the line names the phase, scenario and step the crumb holds.
    public static func refuse(library: Int, _ problem: String, place: String? = nil) -> Never {
        var crumb = WorkerCrumb.crumb?.pointee ?? foldbench_crumb()
        crumb.library = Int32(library)
        let reading = CrumbReading(crumb, request: request, lastScenario: lastScenario)
        let name = library >= 0 && library < request.libraries.count ? request.libraries[library] : "?"
        fail(.failed, "library \(name): \(problem) \(place ?? reading.place)")
    }

    /// The place the crumb names now ("while timing S at batch 3"), for messages.
    public static var place: String {
        guard let crumb = WorkerCrumb.crumb?.pointee else { return "" }
        return CrumbReading(crumb, request: request, lastScenario: lastScenario).place
    }
}

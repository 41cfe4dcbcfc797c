import Support

/// What a worker says on its channel, one JSON value a line. Every request ends with
/// exactly one `done` or one `failure`; a worker that ends without either has failed,
/// whatever its exit status (``Supervisor``).
public enum WorkReply: Sendable, Equatable {
    /// A phase of a scenario begun (for the console; the crumb says the frame).
    case progress(scenario: String, phase: String, index: Int, count: Int, elapsedSeconds: Double)
    /// A library loaded and described (`describe`): its interface version, and whether
    /// it exports version 2's edit entry point.
    case library(path: String, name: String, summary: String, frameMemory: Int, interface: Int, takesEdits: Bool)
    /// The run's report, as `Report.json()` writes it, with each scenario's frame changes
    /// (what the report file leaves out, needed to rank worst frames again).
    case report(JSONValue, frameChanges: [String: [String]])
    /// Lines of answers (`answer`), in order.
    case answers(String)
    /// One resolution (`resolve`): each pane's frame as four bit patterns, then its bits.
    case resolution([[UInt64]])
    /// One `ab` trial's result, as `ABTrial.json` writes it.
    case trial(String)
    /// The worker found the problem itself and ended the request: the exit status it
    /// calls for (``ExitStatus``), one line, and a page to write beside the report (a
    /// disagreement drawn), if any.
    case failure(status: ExitStatus, message: String, page: String?)
    /// The request is complete.
    case done

    public var isFinal: Bool {
        switch self {
        case .failure, .done: true
        default: false
        }
    }

    public var json: JSONValue {
        switch self {
        case .progress(let scenario, let phase, let index, let count, let elapsed):
            return .object([
                ("reply", .string("progress")), ("scenario", .string(scenario)), ("phase", .string(phase)),
                ("index", .number(Double(index))), ("count", .number(Double(count))), ("elapsed", .number(elapsed)),
            ])
        case .library(let path, let name, let summary, let memory, let interface, let takesEdits):
            return .object([
                ("reply", .string("library")), ("path", .string(path)), ("name", .string(name)),
                ("summary", .string(summary)), ("frameMemory", .number(Double(memory))),
                ("interface", .number(Double(interface))), ("takesEdits", .bool(takesEdits)),
            ])
        case .report(let report, let changes):
            return .object([
                ("reply", .string("report")), ("report", report),
                (
                    "frameChanges",
                    .object(changes.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map(JSONValue.string))) })
                ),
            ])
        case .answers(let lines):
            return .object([("reply", .string("answers")), ("lines", .string(lines))])
        case .trial(let line):
            return .object([("reply", .string("trial")), ("trial", .string(line))])
        case .resolution(let panes):
            return .object([
                ("reply", .string("resolution")),
                ("panes", .array(panes.map { pane in .array(pane.map { .string(String($0, radix: 16)) }) })),
            ])
        case .failure(let status, let message, let page):
            var entries: [(key: String, value: JSONValue)] = [
                ("reply", .string("failure")), ("status", .number(Double(status.rawValue))),
                ("message", .string(message)),
            ]
            if let page { entries.append(("page", .string(page))) }
            return .object(entries)
        case .done:
            return .object([("reply", .string("done"))])
        }
    }

    public init(json reader: JSONReader) throws(InputError) {
        let object = try reader.object(allowing: [
            "reply", "scenario", "phase", "index", "count", "elapsed", "path", "name", "summary", "frameMemory",
            "interface", "takesEdits", "report",
            "frameChanges", "lines", "panes", "status", "message", "page", "trial",
        ])
        func text(_ key: String) throws(InputError) -> String { try object.required(key).string() }
        func number(_ key: String) throws(InputError) -> Double { try object.required(key).number() }
        switch try text("reply") {
        case "progress":
            self = .progress(
                scenario: try text("scenario"), phase: try text("phase"), index: Int(try number("index")),
                count: Int(try number("count")), elapsedSeconds: try number("elapsed"))
        case "library":
            self = .library(
                path: try text("path"), name: try text("name"), summary: try text("summary"),
                frameMemory: Int(try number("frameMemory")), interface: Int(try number("interface")),
                takesEdits: try object.required("takesEdits").bool())
        case "report":
            var changes: [String: [String]] = [:]
            let changesReader = try object.required("frameChanges")
            guard case .object(let entries) = changesReader.value else {
                throw changesReader.failure("expected an object")
            }
            for entry in entries {
                var list: [String] = []
                for element in try changesReader.member(entry.key, entry.value).array() {
                    list.append(try element.string())
                }
                changes[entry.key] = list
            }
            self = .report(try object.required("report").value, frameChanges: changes)
        case "answers": self = .answers(try text("lines"))
        case "trial": self = .trial(try text("trial"))
        case "resolution":
            var panes: [[UInt64]] = []
            for pane in try object.required("panes").array() {
                var values: [UInt64] = []
                for element in try pane.array() {
                    guard let value = UInt64(try element.string(), radix: 16) else { throw element.failure("not hex") }
                    values.append(value)
                }
                panes.append(values)
            }
            self = .resolution(panes)
        case "failure":
            let code = Int32(try number("status"))
            self = .failure(
                status: ExitStatus(rawValue: code) ?? .failed, message: try text("message"),
                page: try object.optional("page")?.string())
        case "done": self = .done
        default: throw object.failure("unknown reply")
        }
    }
}

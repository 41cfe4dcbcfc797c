import ArrangementModel
import SceneFormat
import Support

/// A recorded (or generated) motion, read from CSV: one row per sensor event, each
/// holding until the next (sample-and-hold: a hinge sensor reports on change, so
/// between two events the device stood where the first one said; interpolating would
/// invent angles it never reported). After the last row the last state holds.
///
/// Columns, named in a header line: `time` (seconds from the start, strictly
/// increasing), `angle` for a one-hinge device or `angle1` … `angleN` (degrees,
/// 0...360), `orientation` (`portrait` or `landscape`), and optionally, in any order,
/// where the app's window is as shares of the display's safe area: `width` and `height`
/// (in (0, 1]), `x` and `y` (its left and top edges, in [0, 1); the window must end
/// within the display). Lines starting with `#` are comments.
public struct MotionTrace: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var state: Motion.State
        /// The line of the file it came from, for messages.
        public var line: Int
    }

    public var name: String
    public var hinges: Int
    public var samples: [Sample]
    /// The app's edits while the trace was recorded, by time (a companion file,
    /// ``decodeEdits(_:file:limits:)``); none by default.
    public var edits: [TimedEdit] = []

    /// An edit at a time of the trace.
    public struct TimedEdit: Sendable, Equatable {
        /// Seconds from the start; it lands on the first frame at or after it.
        public var time: Double
        public var edit: TreeEdit
        /// The line of the edits file it came from, for messages.
        public var line: Int
    }

    /// The companion file of a trace at `path` (`NAME.csv`): `NAME.edits.jsonl` beside it.
    public static func editsPath(of path: String) -> String {
        (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".edits.jsonl"
    }

    /// Reads an edits file: one JSON object a line (blank lines and lines starting with
    /// `#` skipped), an edit as the contract spells one with `"time"` in seconds instead
    /// of a frame. Times may not go back. A failure names the line and the key.
    public static func decodeEdits(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError)
        -> [TimedEdit]
    {
        var edits: [TimedEdit] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if text.isEmpty || text.first == UInt8(ascii: "#") || text == [UInt8(ascii: "\r")] { continue }
            let place = "line \(lineNumber)"
            let document: JSONValue
            do {
                document = try JSONReader.document(Array(line), limits: limits)
            } catch {
                throw InputError(place: place, rule: error.rule)
            }
            do throws(InputError) {
                let reader = JSONReader(document)
                // The edit's own keys are checked by the edit's decoder, the time first.
                guard case .object(let entries) = document, let value = entries.first(where: { $0.key == "time" })
                else {
                    throw InputError(place: "time", rule: "missing: an edit of a trace says when it lands, in seconds")
                }
                let timeReader = reader.member("time", value.value)
                let time = try timeReader.number()
                guard time.isFinite, time > 0 else {
                    throw timeReader.failure("is not a time after the start, in seconds (frame 0 is the scene's tree)")
                }
                if let previous = edits.last, time < previous.time {
                    throw timeReader.failure("goes back (the line before says \(formatNumber(previous.time)))")
                }
                let edit = try EditFormat.decode(reader, extraKeys: ["time"], limits: limits)
                edits.append(TimedEdit(time: time, edit: edit, line: lineNumber))
            } catch {
                throw InputError(place: "\(place): \(error.place)", rule: error.rule)
            }
        }
        return edits
    }

    public static let maximumRows = 1_000_000

    /// The state at `time`: the last sample at or before it (the first before any).
    public func state(atTime time: Double) -> Motion.State {
        var low = 0
        var high = samples.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if samples[middle].time <= time { low = middle } else { high = middle }
        }
        return samples[low].state
    }

    /// Refuses to play on `device` a trace with another number of hinges or an angle
    /// beyond one of its hinges' range, naming the line and the column.
    public func check(on device: DeviceProfile) throws(InputError) {
        guard hinges == device.hinges.count else {
            throw InputError(
                place: "line \(samples.first?.line ?? 1)",
                rule:
                    "the trace gives \(hinges) hinge angle\(hinges == 1 ? "" : "s") per row; device \"\(device.name)\" has \(device.hinges.count) hinge\(device.hinges.count == 1 ? "" : "s")"
            )
        }
        for sample in samples {
            for (index, angle) in sample.state.angles.enumerated() where angle > device.hinges[index].maximum {
                throw InputError(
                    place: "line \(sample.line), column \(index + 2)",
                    rule:
                        "\(formatNumber(angle)) degrees is beyond hinge \"\(device.hinges[index].name)\" of \"\(device.name)\", which stops at \(formatNumber(device.hinges[index].maximum))"
                )
            }
        }
    }

    /// A trace generated from a modelled motion, as a hinge sensor would report it:
    /// sampled `sampleRate` times a second for `seconds`, a row written whenever an angle
    /// moved by more than 0.1° since the last row, or the orientation or window changed.
    public static func generate(_ motion: Motion, hinges: Int, seconds: Double, sampleRate: Double = 100) -> String {
        let angleColumns = hinges == 1 ? ["angle"] : (1...hinges).map { "angle\($0)" }
        // Where the window is, for a motion that places it; else its share of the width.
        let windowColumns = motion.inBookPosture ? ["width", "height", "x", "y"] : ["width"]
        var text = """
            # Generated, not recorded: motion \(motion.rawValue) for \(hinges) hinge\(hinges == 1 ? "" : "s"), \
            sampled at \(formatNumber(sampleRate)) Hz for \(formatNumber(seconds)) s,
            # a row whenever an angle moves by more than 0.1 degrees (MotionTrace.generate).
            \((["time"] + angleColumns + ["orientation"] + windowColumns).joined(separator: ","))

            """
        var last: Motion.State?
        let count = Int((seconds * sampleRate).rounded())
        for sample in 0...count {
            var state = motion.state(atFrame: sample, refreshRate: sampleRate, hinges: hinges)
            if state.angles.count < hinges { state.angles = [Double](repeating: state.angle, count: hinges) }
            state.angles = state.angles.map { ($0 * 100).rounded() / 100 }
            if let last, last.orientation == state.orientation, last.widthFraction == state.widthFraction,
                last.heightFraction == state.heightFraction, last.windowX == state.windowX,
                last.windowY == state.windowY, zip(last.angles, state.angles).allSatisfy({ abs($0 - $1) <= 0.1 }),
                sample != count
            {
                continue
            }
            last = state
            let time = formatNumber((Double(sample) / sampleRate * 1000).rounded() / 1000)
            let window = [state.widthFraction, state.heightFraction, state.windowX, state.windowY].prefix(
                windowColumns.count)
            let fields =
                [time] + state.angles.map(formatNumber) + [state.orientation.rawValue] + window.map(formatNumber)
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    /// Reads a trace; every broken rule names its line and column.
    public static func decode(_ bytes: [UInt8], name: String) throws(InputError) -> MotionTrace {
        guard !name.isEmpty, !name.contains("/") else {
            throw InputError(place: "", rule: "a trace's name must be non-empty and without '/', not \"\(name)\"")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(place: "", rule: "not UTF-8 text")
        }
        var header: [String]?
        var hinges = 0
        var windowColumns: [String: Int] = [:]
        var samples: [Sample] = []
        // "\r\n" is one Character in Swift: split on every newline character, so that a
        // trace written on Windows reads as one written anywhere else.
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = offset + 1
            let content = rawLine
            if content.isEmpty || content.first == "#" { continue }
            let fields = content.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingSpaces
            }
            guard let columns = header else {
                hinges = try checkHeader(fields, line: line)
                for column in (hinges + 2)..<fields.count { windowColumns[fields[column]] = column }
                header = fields
                continue
            }
            guard fields.count == columns.count else {
                throw InputError(
                    place: "line \(line)",
                    rule: "\(fields.count) field\(fields.count == 1 ? "" : "s"); the header names \(columns.count)")
            }
            guard samples.count < maximumRows else {
                throw InputError(place: "line \(line)", rule: "more than \(maximumRows) rows")
            }
            let row = Row(fields: fields, columns: columns, line: line, hinges: hinges, windowColumns: windowColumns)
            samples.append(try row.sample(after: samples.last))
        }
        guard header != nil else {
            throw InputError(place: "", rule: "no header line (time, angle…, orientation[, width, height, x, y])")
        }
        guard !samples.isEmpty else { throw InputError(place: "", rule: "no rows after the header") }
        return MotionTrace(name: name, hinges: hinges, samples: samples)
    }

    /// One row of a trace after the header, read against it.
    struct Row {
        let fields: [String]
        let columns: [String]
        let line: Int
        let hinges: Int
        /// The optional window columns present, by name.
        let windowColumns: [String: Int]

        func place(_ column: Int) -> String { "line \(line), column \(column + 1) (\(columns[column]))" }

        func number(_ column: Int) throws(InputError) -> Double {
            guard let value = Double(fields[column]), value.isFinite else {
                throw InputError(place: place(column), rule: "\"\(fields[column])\" is not a finite number")
            }
            return value
        }

        /// A share of the safe area: a size in (0, 1], an edge in [0, 1).
        func share(_ name: String, size: Bool) throws(InputError) -> Double {
            guard let column = windowColumns[name] else { return size ? 1 : 0 }
            let value = try number(column)
            guard size ? value > 0 && value <= 1 : value >= 0 && value < 1 else {
                throw InputError(
                    place: place(column), rule: "\(formatNumber(value)) is outside \(size ? "(0, 1]" : "[0, 1)")")
            }
            return value
        }

        /// The row's sample; its time must come after `previous`'s.
        func sample(after previous: Sample?) throws(InputError) -> Sample {
            let time = try number(0)
            guard time >= 0 else { throw InputError(place: place(0), rule: "a time is not negative") }
            if let last = previous, time <= last.time {
                throw InputError(
                    place: place(0),
                    rule:
                        "times must increase: \(formatNumber(time)) s comes after \(formatNumber(last.time)) s on line \(last.line)"
                )
            }
            var angles: [Double] = []
            for column in 1...hinges {
                let angle = try number(column)
                guard (0...360).contains(angle) else {
                    throw InputError(place: place(column), rule: "\(formatNumber(angle)) is outside 0...360 degrees")
                }
                angles.append(angle)
            }
            let orientationColumn = hinges + 1
            guard let orientation = Orientation(rawValue: fields[orientationColumn]) else {
                throw InputError(
                    place: place(orientationColumn),
                    rule: "unknown orientation \"\(fields[orientationColumn])\" (expected portrait or landscape)")
            }
            let (width, height) = (try share("width", size: true), try share("height", size: true))
            let (x, y) = (try share("x", size: false), try share("y", size: false))
            for (edge, size, name) in [(x, width, "x"), (y, height, "y")] where edge + size > 1 + 1e-9 {
                throw InputError(
                    place: place(windowColumns[name]!),
                    rule:
                        "the window ends past the display: \(name) \(formatNumber(edge)) + \(name == "x" ? "width" : "height") \(formatNumber(size)) is over 1"
                )
            }
            return Sample(
                time: time,
                state: Motion.State(
                    angles: angles, orientation: orientation, widthFraction: width, windowX: x, windowY: y,
                    heightFraction: height),
                line: line)
        }
    }

    /// The optional columns that place the app's window.
    static let windowColumnNames: Set<String> = ["width", "height", "x", "y"]

    /// The number of hinge columns a header names, or why it is not a header.
    static func checkHeader(_ fields: [String], line: Int) throws(InputError) -> Int {
        func fail(_ column: Int, _ rule: String) -> InputError {
            InputError(place: "line \(line), column \(column + 1)", rule: rule)
        }
        let expected =
            "expected time, angle (or angle1, angle2, ...), orientation and optionally width, height, x and y"
        guard fields.first == "time" else {
            throw fail(0, "the first column is \"time\", not \"\(fields[0])\"; \(expected)")
        }
        var hinges = 0
        if fields.count > 1, fields[1] == "angle" {
            hinges = 1
        } else {
            while hinges + 1 < fields.count, fields[hinges + 1] == "angle\(hinges + 1)" { hinges += 1 }
        }
        guard hinges >= 1 else {
            throw fail(1, "\"\(fields.count > 1 ? fields[1] : "")\" is not an angle column; \(expected)")
        }
        guard hinges <= DeviceProfile.maximumHinges else {
            throw fail(hinges, "at most \(DeviceProfile.maximumHinges) hinge angles")
        }
        guard fields.count > hinges + 1, fields[hinges + 1] == "orientation" else {
            throw fail(hinges + 1, "the column after the angles is \"orientation\"; \(expected)")
        }
        var seen: Set<String> = []
        for column in (hinges + 2)..<max(fields.count, hinges + 2) {
            guard windowColumnNames.contains(fields[column]) else {
                throw fail(column, "unknown column \"\(fields[column])\"; \(expected)")
            }
            guard seen.insert(fields[column]).inserted else {
                throw fail(column, "column \"\(fields[column])\" is named twice")
            }
        }
        return hinges
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}

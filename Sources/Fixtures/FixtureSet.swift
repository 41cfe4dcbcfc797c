import ArrangementModel
import SceneFormat
import Support

/// A fixture set as read back: its identity and scenarios, each file checked against
/// the format and the set's identity against the files.
public struct FixtureSet: Sendable {
    public var identity: String
    public var scenarios: [Entry]
    /// The format version the set was written in (2 when a scenario has edits).
    public var version = 1

    /// A scenario named in the manifest, with its file's name.
    public struct Entry: Sendable {
        public var name: String
        public var file: String
        public var frames: Int
    }

    public init(identity: String, scenarios: [Entry], version: Int = 1) {
        self.identity = identity
        self.scenarios = scenarios
        self.version = version
    }

    /// The version a set of `scenarios` is written in: the oldest that holds them.
    public static func version(of scenarios: [FixtureScenario]) -> Int {
        scenarios.contains { $0.trees.hasEdits } ? 2 : 1
    }

    /// The manifest's text for `scenarios` written to the files named.
    public static func manifest(_ scenarios: [(FixtureScenario, file: String)], identity: String, version: Int)
        -> String
    {
        let entries: [JSONValue] = scenarios.map { scenario, file in
            .object([
                ("name", .string(scenario.name)), ("file", .string(file)),
                ("frames", .number(Double(scenario.frames.count))),
                ("contexts", .number(Double(scenario.contexts.count))),
                ("panes", .number(Double(scenario.tree.paneCount))),
            ])
        }
        let frames = scenarios.reduce(0) { $0 + $1.0.frames.count }
        return JSONWriter.writePretty(
            .object([
                ("format", .string(FixtureFormat.formatName)), ("version", .number(Double(version))),
                ("set", .string(identity)), ("frames", .number(Double(frames))), ("scenarios", .array(entries)),
            ])) + "\n"
    }

    /// Reads a manifest; `read` gives a scenario file's bytes by its name. Every file is
    /// read once here, to check the set's identity.
    public static func load(manifest bytes: [UInt8], read: (String) throws -> [UInt8]) throws -> FixtureSet {
        let document = try JSONReader.document(bytes)
        let object = try JSONReader(document).object(allowing: ["format", "version", "set", "frames", "scenarios"])
        let format = try object.required("format").string()
        guard format == FixtureFormat.formatName else {
            throw try object.required("format").failure("expected \"\(FixtureFormat.formatName)\", found \"\(format)\"")
        }
        let versionNumber = try object.required("version").number()
        guard let version = FixtureFormat.versions.first(where: { Double($0) == versionNumber }) else {
            throw try object.required("version").failure(
                "this foldbench reads fixtures of versions \(FixtureFormat.versions.lowerBound) to \(FixtureFormat.versions.upperBound), found \(formatNumber(versionNumber))"
            )
        }
        let identity = try object.required("set").string()
        var entries: [Entry] = []
        var files: [(name: String, bytes: [UInt8])] = []
        var names: Set<String> = []
        for element in try object.required("scenarios").array() {
            let entry = try element.object(allowing: ["name", "file", "frames", "contexts", "panes"])
            let name = try entry.required("name").string()
            guard names.insert(name).inserted else {
                throw try entry.required("name").failure("\"\(name)\" is given twice")
            }
            let file = try entry.required("file").string()
            guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
                throw try entry.required("file").failure("a file name inside the fixture folder, found \"\(file)\"")
            }
            let frames = try entry.required("frames").number()
            guard frames >= 1, frames == frames.rounded(), frames <= 100_000_000 else {
                throw try entry.required("frames").failure("a whole number of frames, at least 1")
            }
            entries.append(Entry(name: name, file: file, frames: Int(frames)))
            files.append((name, try read(file)))
        }
        let computed = FixtureFormat.identity(files, version: version)
        guard computed == identity else {
            throw try object.required("set").failure(
                "the files hash to \(computed), not \(identity): a file was changed after the set was written")
        }
        // The label must match the contents: a reader of version 1 would silently drop the
        // edits of a version-2 set relabelled (its identity recomputed), and a set without
        // edits is written as version 1 wrote it.
        // (A header that does not parse is left to the scenario's decoding, which names its line.)
        let headers = files.map { hasEdits($0.bytes) }
        let edited = headers.contains(nil) ? nil : files.indices.first { headers[$0] == true }.map { files[$0] }
        if version == 1, let edited {
            throw try object.required("version").failure(
                "version 1, but \(edited.name) has edits, which version 2 adds: the version does not match the files")
        }
        if version == 2, !headers.contains(nil), edited == nil {
            throw try object.required("version").failure(
                "version 2, but no scenario has edits (a set without them is version 1): the version does not match the files"
            )
        }
        return FixtureSet(identity: identity, scenarios: entries, version: version)
    }

    /// Whether a scenario file's header (its first line) lists edits; `nil` when it is not
    /// a JSON object.
    static func hasEdits(_ bytes: [UInt8]) -> Bool? {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        guard case .object(let entries) = try? JSONReader.document(Array(bytes[..<end])) else { return nil }
        return entries.contains { $0.key == "edits" }
    }

    /// Decodes one scenario file. Failures name the line and the field.
    public static func decodeScenario(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError)
        -> FixtureScenario
    {
        var lines = JSONLines(bytes)
        guard let header = try lines.next(limits: limits) else {
            throw InputError(place: "line 1", rule: "the file is empty (expected the scenario's header)")
        }
        let (name, frameCount, contextCount, trees) = try onLine(header.number) { () throws(InputError) in
            let object = try header.reader.object(allowing: [
                "scenario", "frames", "contexts", "panes", "ids", "scene", "edits",
            ])
            let name = try object.required("scenario").string()
            let frameCount = try count(object.required("frames"))
            let contextCount = try count(object.required("contexts"))
            let scene: Scene
            let sceneValue = try object.required("scene").value
            do throws(InputError) {
                scene = try SceneDecoder.decode(sceneValue, limits: limits)
            } catch {
                throw InputError(place: "scene.\(error.place)", rule: error.rule)
            }
            let panes = try count(object.required("panes"))
            guard panes == scene.tree.paneCount else {
                throw try object.required("panes").failure("\(panes), but the scene has \(scene.tree.paneCount) panes")
            }
            let trees = try decodeEdits(object.optional("edits"), on: scene.tree, frames: frameCount)
            return (name, frameCount, contextCount, trees)
        }
        guard let framesLine = try lines.next(limits: limits) else {
            throw InputError(place: "line \(header.number + 1)", rule: "the file ends early (expected the frames)")
        }
        let frames = try onLine(framesLine.number) { () throws(InputError) in
            let framesObject = try framesLine.reader.object(allowing: ["frames"])
            var frames: [Int] = []
            frames.reserveCapacity(frameCount)
            for element in try framesObject.required("frames").array() {
                let number = try count(element)
                guard number < contextCount else {
                    throw element.failure("context \(number), but the scenario has \(contextCount)")
                }
                frames.append(number)
            }
            guard frames.count == frameCount else {
                throw try framesObject.required("frames").failure(
                    "\(frames.count) frames, the header says \(frameCount)")
            }
            return frames
        }
        let (contexts, contextTrees, answers) = try decodeContexts(&lines, trees: trees, limits: limits)
        guard contexts.count == contextCount else {
            throw InputError(
                place: "line \(lines.lineNumber)",
                rule: "the file ends after \(contexts.count) contexts, the header says \(contextCount)")
        }
        for (frame, number) in frames.enumerated() where contextTrees[number] != trees.segment(atFrame: frame) {
            throw InputError(
                place: "line \(framesLine.number): frames[\(frame)]",
                rule:
                    "context \(number) was answered on tree \(contextTrees[number]), but frame \(frame) has tree \(trees.segment(atFrame: frame))"
            )
        }
        return FixtureScenario(
            name: name, trees: trees, contexts: contexts, contextTrees: contextTrees, answers: answers, frames: frames)
    }

    /// The context lines, each with the tree it was answered on and the answer.
    static func decodeContexts(_ lines: inout JSONLines, trees: TreeTimeline, limits: InputLimits) throws(InputError)
        -> (contexts: [LayoutContext], trees: [Int], answers: [[PaneLayout]])
    {
        var contexts: [LayoutContext] = []
        var contextTrees: [Int] = []
        var answers: [[PaneLayout]] = []
        while let line = try lines.next(limits: limits) {
            try onLine(line.number) { () throws(InputError) in
                let entry = try line.reader.object(allowing: [
                    "id", "tree", "bounds", "sizeClass", "direction", "regions", "panes",
                ])
                let number = try count(entry.required("id"))
                guard number == contexts.count else {
                    throw try entry.required("id").failure("expected context \(contexts.count), found \(number)")
                }
                let tree = try entry.optional("tree").map { (reader) throws(InputError) in try count(reader) } ?? 0
                guard tree < trees.segments.count else {
                    throw try entry.required("tree").failure(
                        "tree \(tree), but the scenario's edits make \(trees.segments.count) trees")
                }
                contexts.append(try FixtureFormat.decodeContext(entry))
                contextTrees.append(tree)
                let panes = try entry.required("panes").array()
                let paneCount = trees.segments[tree].tree.paneCount
                guard panes.count == paneCount else {
                    throw try entry.required("panes").failure(
                        "\(panes.count) panes, the scene\(tree > 0 ? " after the edits of frame \(trees.segments[tree].start)" : "") has \(paneCount)"
                    )
                }
                answers.append(try panes.map { (pane) throws(InputError) in try FixtureFormat.decodePane(pane) })
            }
        }
        return (contexts, contextTrees, answers)
    }

    /// The header's `edits` (version 2): a list of `{"frame": N, "edits": [EDIT, …]}`, in
    /// increasing frames from 1, each edit in its text form, made to the scene's tree.
    static func decodeEdits(_ reader: JSONReader?, on tree: ArrangementTree, frames: Int) throws(InputError)
        -> TreeTimeline
    {
        guard let reader else { return TreeTimeline(tree) }
        var schedule: [(frame: Int, edits: [TreeEdit])] = []
        var edited = tree
        for element in try reader.array() {
            let entry = try element.object(allowing: ["frame", "edits"])
            let frame = try count(entry.required("frame"))
            guard frame > (schedule.last?.frame ?? 0), frame < frames else {
                throw try entry.required("frame").failure(
                    "frame \(frame): edits land on frames 1 to \(frames - 1), each after the one before")
            }
            var edits: [TreeEdit] = []
            for editReader in try entry.required("edits").array() {
                let edit = try EditFormat.decode(editReader)
                edited = try EditFormat.apply(edit, to: edited, at: editReader)
                edits.append(edit)
            }
            guard !edits.isEmpty else { throw try entry.required("edits").failure("at least one edit") }
            schedule.append((frame, edits))
        }
        do {
            return try TreeTimeline(tree, frames: frames, schedule: schedule)
        } catch {
            throw reader.failure(error.rule)
        }
    }

    /// Runs `body` for line `number`, naming the line in any failure.
    public static func onLine<T>(_ number: Int, _ body: () throws(InputError) -> T) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            throw InputError(place: "line \(number): \(error.place)", rule: error.rule)
        }
    }

    /// A whole number that is not negative.
    public static func count(_ reader: JSONReader) throws(InputError) -> Int {
        let value = try reader.number()
        guard value >= 0, value == value.rounded(), value < 1e12 else {
            throw reader.failure("expected a whole number, found \(formatNumber(value))")
        }
        return Int(value)
    }
}

/// The lines of a JSON Lines text, each parsed on its own; blank lines are skipped.
public struct JSONLines {
    let bytes: [UInt8]
    var position = 0
    /// The number of the line last returned (from 1).
    public private(set) var lineNumber = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next non-blank line, parsed, with its number; `nil` at the end.
    public mutating func next(limits: InputLimits = .standard) throws(InputError) -> (number: Int, reader: JSONReader)?
    {
        while position < bytes.count {
            let start = position
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            position = end + 1
            lineNumber += 1
            var last = end
            if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            guard bytes[start..<last].contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            do {
                let value = try JSONReader.document(Array(bytes[start..<last]), limits: limits)
                return (lineNumber, JSONReader(value))
            } catch {
                throw InputError(place: "line \(lineNumber)", rule: "\(error.rule) (\(error.place) of the line)")
            }
        }
        return nil
    }
}

import Support

/// What a worker is asked to do, as one value with a JSON form: the supervisor writes
/// it on the worker's channel, the worker reads it back before anything else. Every
/// name is a name (scenario, variant, motion), every file an absolute path, so that the
/// worker needs nothing of the parent's command line.
public struct WorkRequest: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Load each library and say what it is (name, summary, frame memory).
        case describe
        /// Check every variant on every scenario, time them, check again; the report.
        case run
        /// Under callgrind: count each scenario × variant loop and dump it under its label.
        case count
        /// A fixture set's frames answered by one variant.
        case answer
        /// One scene resolved by one variant.
        case resolve
        /// One trial of `ab`: two builds' plug-ins loaded side by side, timed in turns.
        case abTrial
    }

    public var kind: Kind
    /// The libraries the worker loads, in order (`--variant-library`), as the user gave
    /// them (messages name them so) and absolute (what the worker opens).
    public var libraries: [String] = []
    public var libraryPaths: [String] = []
    public var scenarios: [String] = []
    public var variants: [String] = []
    public var deviceFiles: [String] = []
    public var motionFiles: [String] = []
    /// `run`, `count`: the run's options whole, as the runner reads them, written and
    /// read by one table (`RunOptions.planJSON` in Reports, a module the protocol does
    /// not know): the plan reaches the worker as it is, with no field copied by hand.
    public var options: JSONValue = .object([])
    /// `abTrial`: the frames of the scenario's timeline.
    public var frames = 600
    /// `count`: also count each frame on its own.
    public var perFrame = false
    /// `answer`: the fixture folder; `resolve`: the scene, as JSON.
    public var fixtures: String?
    public var scene: String?
    /// `abTrial`: the baseline's and the candidate's plug-in, and the library each side's
    /// variant comes from ("" for none); `variants` holds the two variants' names.
    public var plugins: [String] = []
    public var pluginLibraries: [String] = []
    public var seed: UInt64 = 0
    public var timeDifferentAnswers = false
    /// `abTrial`: placements of each build inside the trial (`ABOptions.placements`).
    public var placements = 1

    public init(_ kind: Kind) { self.kind = kind }

    public var json: JSONValue {
        var entries: [(key: String, value: JSONValue)] = [
            ("request", .string(kind.rawValue)),
            ("libraries", .array(libraries.map(JSONValue.string))),
            ("libraryPaths", .array(libraryPaths.map(JSONValue.string))),
            ("scenarios", .array(scenarios.map(JSONValue.string))),
            ("variants", .array(variants.map(JSONValue.string))),
            ("deviceFiles", .array(deviceFiles.map(JSONValue.string))),
            ("motionFiles", .array(motionFiles.map(JSONValue.string))),
            ("options", options), ("frames", .number(Double(frames))),
            ("perFrame", .bool(perFrame)),
        ]
        if let fixtures { entries.append(("fixtures", .string(fixtures))) }
        if let scene { entries.append(("scene", .string(scene))) }
        if kind == .abTrial {
            entries += [
                ("plugins", .array(plugins.map(JSONValue.string))),
                ("pluginLibraries", .array(pluginLibraries.map(JSONValue.string))), ("seed", .string(String(seed))),
                ("timeDifferentAnswers", .bool(timeDifferentAnswers)),
                ("placements", .number(Double(placements))),
            ]
        }
        return .object(entries)
    }

    /// Reads a request; a problem names its place (the channel is FoldBench's own, so a
    /// problem here is a bug or a mismatched build, never the user's input).
    public init(json reader: JSONReader) throws(InputError) {
        let object = try reader.object(allowing: [
            "request", "libraries", "libraryPaths", "scenarios", "variants", "deviceFiles", "motionFiles", "options",
            "frames", "perFrame", "fixtures", "scene", "plugins", "pluginLibraries", "seed", "timeDifferentAnswers",
            "placements",
        ])
        let kindReader = try object.required("request")
        guard let kind = Kind(rawValue: try kindReader.string()) else { throw kindReader.failure("unknown request") }
        self.init(kind)
        func strings(_ key: String) throws(InputError) -> [String] {
            guard let list = object.optional(key) else { return [] }
            var values: [String] = []
            for element in try list.array() { values.append(try element.string()) }
            return values
        }
        func flag(_ key: String) -> Bool? {
            if case .bool(let value)? = object.optional(key)?.value { return value }
            return nil
        }
        libraries = try strings("libraries")
        libraryPaths = try strings("libraryPaths")
        scenarios = try strings("scenarios")
        variants = try strings("variants")
        deviceFiles = try strings("deviceFiles")
        motionFiles = try strings("motionFiles")
        if let value = object.optional("options") {
            guard case .object = value.value else { throw value.failure("expected an object of run options") }
            options = value.value
        }
        if let value = object.optional("frames") { frames = Int(try value.number()) }
        perFrame = flag("perFrame") ?? false
        fixtures = try object.optional("fixtures")?.string()
        scene = try object.optional("scene")?.string()
        plugins = try strings("plugins")
        pluginLibraries = try strings("pluginLibraries")
        if let value = object.optional("seed") { seed = UInt64(try value.string()) ?? 0 }
        timeDifferentAnswers = flag("timeDifferentAnswers") ?? false
        if let value = object.optional("placements") { placements = Int(max(1, min(16, try value.number()).rounded())) }
    }
}

import ArrangementModel
import Measurement
import SceneFormat
import Support
import Workloads

/// The report file, written and read from one table per object: each field's key,
/// how it is written and how it is read back, checked, with the JSON path of every
/// problem. `run` and `merge` write with it; `compare`, `report`, `export`, `merge`
/// and `ab` read with it. A new field of a result is one line of a group of ``ReportCodec/resultFields``
/// (a new metric: a case of ``Metric`` and its line in ``VariantResult/value(_:_:)``
/// and ``VariantResult/set(_:_:to:)``).
///
/// Reading is forward-compatible where it can be and strict where it must be: keys
/// this version does not know are skipped (a newer report still compares), a known key
/// with a value of the wrong kind or out of its range is refused.
enum ReportCodec {
    /// One member of a report object.
    struct Field<Value> {
        let key: String
        /// Whether a report without it is refused ("missing").
        let required: Bool
        /// The value to write, or `nil` to leave the key out.
        let encode: (Value) -> JSONValue?
        let decode: (inout Value, JSONReader) throws(InputError) -> Void
    }

    static func encode<Value>(_ value: Value, _ fields: [Field<Value>]) -> JSONValue {
        .object(fields.compactMap { field in field.encode(value).map { (field.key, $0) } })
    }

    /// Reads the known members of `reader`'s object into `value`.
    static func decode<Value>(_ reader: JSONReader, into value: inout Value, _ fields: [Field<Value>])
        throws(InputError)
    {
        guard case .object(let entries) = reader.value else {
            throw reader.failure("expected an object, found \(reader.value.kindDescription)")
        }
        for field in fields {
            guard let entry = entries.first(where: { $0.key == field.key }) else {
                if field.required { throw InputError(place: reader.childPath(field.key), rule: "missing") }
                continue
            }
            try field.decode(&value, reader.member(field.key, entry.value))
        }
    }

    // MARK: - The tables

    /// `environment`: where and how the run happened.
    static var environmentFields: [Field<RunEnvironment>] {
        [
            .text("tool", \.toolVersion, prefix: "foldbench "), .text("commit", \.commit), .flag("dirty", \.dirty),
            .text("date", \.date), .text("host", \.host), .text("cpu", \.cpu),
            .count("cores", \.cores, "is not a count of cores"), .text("os", \.os), .text("swift", \.swift),
            .text("buildConfiguration", \.buildConfiguration), .text("allocator", \.allocator),
        ]
    }

    /// `options`: how the run measured.
    static var optionFields: [Field<RunOptions>] {
        [
            .number("timePerScenario", \.timePerScenario, in: 0...1e6, "is not a time in seconds"),
            .count("frames", \.frames, "is not a count of frames"),
            .number("refreshRate", \.refreshRate, in: 1e-9...10_000, "is not a refresh rate in Hz"),
            Field(
                key: "layoutDirection", required: false, encode: { .string($0.direction.name) },
                decode: { options, reader throws(InputError) in
                    let name = try reader.choice(LayoutDirection.all.map(\.name), what: "layout direction")
                    options.direction = LayoutDirection(name: name)!
                }),
            .flag("instructions", \.countInstructions),
            .optionalText("suite", \.suite), .optionalText("shard", \.shard),
        ]
    }

    /// One element of `results`: a scenario × variant, its fields in the order they are
    /// written, in groups by concern.
    static var resultFields: [Field<VariantResult>] {
        resultIdentityFields + resultSampleFields + resultJudgementFields + resultEditFields + [
            belowFloorField, repeatTimeRatioField,
        ]
    }

    /// What was measured and how: the scenario, the variant, the tree's size, the frames, the checksum.
    static var resultIdentityFields: [Field<VariantResult>] {
        [
            .name("scenario", \.scenario, required: true), .name("variant", \.variant, required: true),
            .count("arrangements", \.arrangements, "is not a count of arrangements", minimum: 1, required: true),
            .count("frames", \.frames, "is not a count of frames"),
            // How many samples there were, for a reader of the file; the samples themselves are below.
            Field(key: "samples", required: false, encode: { .number(Double($0.samples.count)) }, decode: { _, _ in }),
            .count("batchFrames", \.batchFrames, "is not a count of frames", minimum: 1),
            .number("refreshRate", \.refreshRate, in: 1e-9...10_000, "is not a refresh rate in Hz"),
            Field(
                key: "checksum", required: false, encode: { .string(String($0.checksum, radix: 16)) },
                decode: { result, reader throws(InputError) in
                    guard let value = UInt64(try reader.string(), radix: 16) else {
                        throw reader.failure("not a hexadecimal checksum")
                    }
                    result.checksum = value
                }),
        ]
    }

    /// What was measured: the samples, the metrics, each frame's time and instructions, the worst frames.
    static var resultSampleFields: [Field<VariantResult>] {
        [
            // The samples before the metrics: time statistics a report leaves out are those
            // of its samples, as the runner computes them.
            Field(
                key: "timeSamples", required: false, encode: { .array($0.samples.map { .number($0) }) },
                decode: { result, reader throws(InputError) in
                    result.samples = try times(reader)
                    if !result.samples.isEmpty { result.time = TimeSummary(samples: result.samples) }
                }),
            Field(key: "metrics", required: true, encode: { encodeMetrics($0) }, decode: decodeMetrics),
            // Each frame's time to a tenth of a nanosecond: the clock reads no finer.
            Field(
                key: "frameTimes", required: false,
                encode: { .array($0.frameTimes.map { .number(($0 * 10).rounded() / 10) }) },
                decode: { result, reader throws(InputError) in result.frameTimes = try times(reader) }),
            Field(
                key: "clockNanoseconds", required: false,
                encode: { $0.clockNanoseconds.map { .number(($0 * 10).rounded() / 10) } },
                decode: { result, reader throws(InputError) in
                    let value = try reader.number()
                    guard value >= 0, value < 1e12 else { throw reader.failure("is not a time in ns") }
                    result.clockNanoseconds = value
                }),
            // Each frame's instructions, counted on its own (run --instructions).
            Field(
                key: "frameInstructions", required: false,
                encode: { $0.frameInstructions.isEmpty ? nil : .array($0.frameInstructions.map { .number($0) }) },
                decode: { result, reader throws(InputError) in result.frameInstructions = try times(reader) }),
            Field(
                key: "worstFrames", required: false,
                encode: { result in
                    guard !result.worstFramesByTime.isEmpty || !result.worstFramesByInstructions.isEmpty else {
                        return nil
                    }
                    return .object([
                        ("byTime", encodeWorstFrames(result.worstFramesByTime, unit: "ns")),
                        ("byInstructions", encodeWorstFrames(result.worstFramesByInstructions, unit: "instructions")),
                    ])
                },
                decode: { result, reader throws(InputError) in
                    let object = try reader.object(allowing: ["byTime", "byInstructions"])
                    if let list = object.optional("byTime") {
                        result.worstFramesByTime = try decodeWorstFrames(list, unit: "ns")
                    }
                    if let list = object.optional("byInstructions") {
                        result.worstFramesByInstructions = try decodeWorstFrames(list, unit: "instructions")
                    }
                }),
        ]
    }

    /// What the run judged: the history check, the verdict against a yardstick, the stateless counterpart.
    static var resultJudgementFields: [Field<VariantResult>] {
        [
            Field(
                key: "historyCheck", required: false, encode: { $0.historyCheck.map(encodeHistoryCheck) },
                decode: { result, reader throws(InputError) in result.historyCheck = try decodeHistoryCheck(reader) }),
            // With `run --baseline-variant`: the yardstick and the verdict against it.
            Field(
                key: "baselineVariant", required: false, encode: { $0.baselineVariant.map { .string($0.rawValue) } },
                decode: { result, reader throws(InputError) in result.baselineVariant = VariantName(try reader.string())
                }),
            Field(
                key: "verdict", required: false, encode: { $0.verdict.map { .string($0.rawValue) } },
                decode: { result, reader throws(InputError) in
                    let text = try reader.choice(BaselineVerdict.allCases.map(\.rawValue), what: "verdict")
                    result.verdict = BaselineVerdict(rawValue: text)
                }),
            // A variant that remembers beside its stateless counterpart, frame by frame.
            Field(
                key: "counterpart", required: false,
                encode: { result in
                    result.counterpart.map { c in
                        .object([
                            ("variant", .string(c.variant.rawValue)), ("unit", .string(c.unit)),
                            ("framesDearer", .number(Double(c.framesDearer))), ("frames", .number(Double(c.frames))),
                            ("worstRatio", .number(c.worstRatio)), ("worstFrame", .number(Double(c.worstFrame))),
                        ])
                    }
                },
                decode: { result, reader throws(InputError) in
                    let object = try reader.object(allowing: [
                        "variant", "unit", "framesDearer", "frames", "worstRatio", "worstFrame",
                    ])
                    result.counterpart = CounterpartComparison(
                        variant: VariantName(try object.required("variant").string()),
                        unit: try object.required("unit").string(),
                        framesDearer: Int(try object.required("framesDearer").number()),
                        frames: Int(try object.required("frames").number()),
                        worstRatio: try object.required("worstRatio").number(),
                        worstFrame: Int(try object.required("worstFrame").number()))
                }),
        ]
    }

    /// A motion with content: the frames whose tree changed and their summary.
    static var resultEditFields: [Field<VariantResult>] {
        [
            // A motion with content: the frames whose tree changed, each with its kinds of
            // edit, and (for a reader; recomputed from the frames when read) the summary
            // of those frames apart from the others.
            Field(
                key: "editFrames", required: false,
                encode: { result in
                    result.editFrames.isEmpty
                        ? nil
                        : .array(
                            result.editFrames.map { edit in
                                .object([
                                    ("frame", .number(Double(edit.frame))),
                                    ("kinds", .array(edit.kinds.map { .string($0) })),
                                ])
                            })
                },
                decode: { result, reader throws(InputError) in
                    result.editFrames = try reader.array().map { (element) throws(InputError) in
                        let object = try element.object(allowing: ["frame", "kinds"])
                        let frameReader = try object.required("frame")
                        let frame = try frameReader.number()
                        guard frame >= 0, frame < 1e9, frame == frame.rounded() else {
                            throw frameReader.failure("is not a frame number")
                        }
                        let kinds = try object.required("kinds").array().map { (kind) throws(InputError) in
                            try kind.choice(
                                TreeEdit.Kind.allCases.map(\.rawValue) + [EditFrame.restore], what: "edit kind")
                        }
                        return EditFrame(frame: Int(frame), kinds: kinds)
                    }
                }),
            Field(
                key: "editFrameSummary", required: false, encode: { $0.editFrameSummary.map(encodeEditFrames) },
                decode: { _, _ in }),
        ]
    }

    /// Timed below the floor without declaring frame memory: an impossible time.
    static var belowFloorField: Field<VariantResult> {
        Field(
            key: "belowFloor", required: false, encode: { .bool($0.belowFloor) },
            decode: { result, reader throws(InputError) in
                result.belowFloor = try reader.bool()
            })
    }

    /// The repeat probe's ratio, to a thousandth: under ``RepeatProbe/rememberingRatio`` it
    /// flags undeclared memory, in the run and in a report read back alike.
    static var repeatTimeRatioField: Field<VariantResult> {
        Field(
            key: "repeatTimeRatio", required: false,
            encode: { $0.repeatTimeRatio.map { .number(($0 * 1000).rounded() / 1000) } },
            decode: { result, reader throws(InputError) in
                let value = try reader.number()
                guard value >= 0, value < 1e6 else { throw reader.failure("is not a ratio of times") }
                result.repeatTimeRatio = value
            })
    }

    /// `{"editFrames": 12, "otherFrames": 228, "time": {"p50": …, "p99": …, "worst": …},
    /// "otherTime": …, "instructions": …, "otherInstructions": …, "meanInstructions": …,
    /// "otherMeanInstructions": …, "kinds": [{"kind": "insert", "frames": 4, "meanTime": …,
    /// "meanInstructions": …}, …]}`, the dearest kind first.
    static func encodeEditFrames(_ summary: EditFrameSummary) -> JSONValue {
        func distribution(_ value: FrameDistribution?) -> JSONValue? {
            value.map { .object([("p50", .number($0.p50)), ("p99", .number($0.p99)), ("worst", .number($0.worst))]) }
        }
        let fields: [(String, JSONValue?)] = [
            ("editFrames", .number(Double(summary.editFrames))), ("otherFrames", .number(Double(summary.otherFrames))),
            ("time", distribution(summary.time)), ("otherTime", distribution(summary.otherTime)),
            ("instructions", distribution(summary.instructions)),
            ("otherInstructions", distribution(summary.otherInstructions)),
            ("meanInstructions", summary.meanInstructions.map { .number($0) }),
            ("otherMeanInstructions", summary.otherMeanInstructions.map { .number($0) }),
            (
                "kinds",
                .array(
                    summary.kinds.map { kind in
                        .object(
                            [
                                ("kind", .string(kind.kind)), ("frames", .number(Double(kind.frames))),
                                ("meanTime", kind.meanTime.map { .number($0) }),
                                ("meanInstructions", kind.meanInstructions.map { .number($0) }),
                            ].compactMap { key, value in value.map { (key, $0) } })
                    })
            ),
        ]
        return .object(fields.compactMap { key, value in value.map { (key, $0) } })
    }

    /// `[{"frame": 301, "ns": 11559, "phase": "half-open, landscape", "change": "bounds resized"}, …]`.
    static func encodeWorstFrames(_ frames: [WorstFrame], unit: String) -> JSONValue {
        .array(
            frames.map { frame in
                .object([
                    ("frame", .number(Double(frame.frame))), (unit, .number(frame.value)),
                    ("phase", .string(frame.phase)), ("change", .string(frame.change)),
                ])
            })
    }

    static func decodeWorstFrames(_ reader: JSONReader, unit: String) throws(InputError) -> [WorstFrame] {
        var frames: [WorstFrame] = []
        for element in try reader.array() {
            let object = try element.object(allowing: ["frame", unit, "phase", "change"])
            let frameReader = try object.required("frame")
            let frame = try frameReader.number()
            guard frame >= 0, frame < 1e9, frame == frame.rounded() else {
                throw frameReader.failure("is not a frame number")
            }
            let valueReader = try object.required(unit)
            let value = try valueReader.number()
            guard value >= 0 else { throw valueReader.failure("cannot be negative") }
            frames.append(
                WorstFrame(
                    frame: Int(frame), value: value, phase: try object.optional("phase")?.string() ?? "",
                    change: try object.optional("change")?.string() ?? ""))
        }
        return frames
    }

    /// `{"seed": "…", "steps": N, "kinds": {"direction flipped": N, …}}`: the adversarial
    /// history a variant that remembers was checked over. The seed is a decimal string,
    /// as a 64-bit seed does not fit a JSON number exactly.
    static func encodeHistoryCheck(_ check: HistoryCheck) -> JSONValue {
        .object([
            ("seed", .string(String(check.seed))), ("steps", .number(Double(check.steps))),
            ("kinds", .object(check.kinds.map { ($0.change, .number(Double($0.steps))) })),
        ])
    }

    static func decodeHistoryCheck(_ reader: JSONReader) throws(InputError) -> HistoryCheck {
        let object = try reader.object(allowing: ["seed", "steps", "kinds"])
        let seedReader = try object.required("seed")
        guard let seed = UInt64(try seedReader.string()) else {
            throw seedReader.failure("not a seed (a decimal 64-bit number in a string)")
        }
        func count(_ reader: JSONReader) throws(InputError) -> Int {
            let value = try reader.number()
            guard value >= 0, value <= 1e15, value == value.rounded() else {
                throw reader.failure("is not a count of steps")
            }
            return Int(value)
        }
        let steps = try count(try object.required("steps"))
        let kindsReader = try object.required("kinds")
        guard case .object(let entries) = kindsReader.value else {
            throw kindsReader.failure("missing or not an object")
        }
        var kinds: [HistoryCheck.Kind] = []
        for (name, value) in entries {
            kinds.append(.init(change: name, steps: try count(kindsReader.member(name, value))))
        }
        return HistoryCheck(seed: seed, steps: steps, kinds: kinds)
    }

    // MARK: - Metrics

    /// `{"METRIC": {"unit": U, "p50": …, "ci95": [lower, upper]}, …}`, in ``Metric`` order,
    /// the metrics the result has.
    static func encodeMetrics(_ result: VariantResult) -> JSONValue {
        .object(
            Metric.allCases.compactMap { metric in
                guard result.value(metric, metric.headline) != nil else { return nil }
                var entries: [(key: String, value: JSONValue)] = [("unit", .string(metric.unit))]
                for statistic in metric.statistics {
                    guard let value = result.value(metric, statistic) else { continue }
                    switch statistic {
                    case .ci95Lower: continue
                    case .ci95Upper:
                        let lower = result.value(metric, .ci95Lower) ?? value
                        entries.append(("ci95", .array([.number(lower), .number(value)])))
                    default: entries.append((statistic.rawValue, .number(value)))
                    }
                }
                return (metric.name, .object(entries))
            })
    }

    /// The metrics this version knows (others are skipped); a derived metric is
    /// computed from its source, not read. Every metric is a time, a count, a size or
    /// a ratio of times, so none is negative.
    static func decodeMetrics(_ result: inout VariantResult, _ reader: JSONReader) throws(InputError) {
        guard case .object(let entries) = reader.value else { throw reader.failure("missing or not an object") }
        for (name, value) in entries {
            guard let metric = Metric(rawValue: name), !metric.isDerived else { continue }
            let member = reader.member(name, value)
            guard case .object(let statistics) = value else { throw member.failure("expected an object") }
            func number(_ key: String, _ value: JSONValue) throws(InputError) -> Double {
                let number = try member.member(key, value).number()
                guard number >= 0 else {
                    throw member.member(key, value).failure("\(formatNumber(number)) is negative")
                }
                return number
            }
            guard let headline = statistics.first(where: { $0.key == metric.headline.rawValue }) else {
                throw member.failure("needs a \(metric.headline.rawValue)")
            }
            let headlineValue = try number(headline.key, headline.value)
            if metric == .peakResidentMemory, headlineValue >= 1e18 {
                throw member.failure("\(formatNumber(headlineValue)) bytes")
            }
            result.set(metric, metric.headline, to: headlineValue)
            for (key, value) in statistics where key != metric.headline.rawValue {
                if key == "ci95", metric.statistics.contains(.ci95Upper) {
                    let bounds = try member.member(key, value).array()
                    guard bounds.count == 2 else { throw member.member(key, value).failure("expected [lower, upper]") }
                    let lower = try number("ci95", bounds[0].value)
                    let upper = try number("ci95", bounds[1].value)
                    result.set(metric, .ci95Lower, to: lower)
                    result.set(metric, .ci95Upper, to: upper)
                } else if let statistic = Statistic(rawValue: key), metric.statistics.contains(statistic) {
                    result.set(metric, statistic, to: try number(key, value))
                }
            }
        }
    }

    static func times(_ reader: JSONReader) throws(InputError) -> [Double] {
        var times: [Double] = []
        for element in try reader.array() {
            let number = try element.number()
            guard number >= 0 else { throw element.failure("a time cannot be negative") }
            times.append(number)
        }
        return times
    }

    // MARK: - Timelines

    /// Each scenario's phases, frame by frame, as runs of equal frames:
    /// `{"frames": 12, "posture": "halfOpen", "orientation": "landscape", "display": "inner", "transition": false}`.
    static func encodeTimelines(_ results: [VariantResult]) -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = []
        for result in results where !entries.contains(where: { $0.key == result.scenario.rawValue }) {
            var runs: [JSONValue] = []
            var start = 0
            let phases = result.framePhases
            while start < phases.count {
                var end = start + 1
                while end < phases.count, phases[end] == phases[start] { end += 1 }
                let phase = phases[start]
                runs.append(
                    .object([
                        ("frames", .number(Double(end - start))), ("posture", .string(phase.posture.rawValue)),
                        ("orientation", .string(phase.orientation.rawValue)),
                        ("display", .string(phase.outerDisplay ? "outer" : "inner")),
                        ("transition", .bool(phase.inTransition)),
                    ]))
                start = end
            }
            entries.append((result.scenario.rawValue, .array(runs)))
        }
        return .object(entries)
    }

    static func decodeTimelines(_ reader: JSONReader) throws(InputError) -> [String: [Timeline.Phase]] {
        guard case .object(let scenarios) = reader.value else { throw reader.failure("expected an object") }
        var timelines: [String: [Timeline.Phase]] = [:]
        for (scenario, runsValue) in scenarios {
            var phases: [Timeline.Phase] = []
            for run in try reader.member(scenario, runsValue).array() {
                guard case .object(let members) = run.value else { throw run.failure("expected an object") }
                func member(_ key: String) -> JSONReader {
                    run.member(key, members.first { $0.key == key }?.value ?? .null)
                }
                let frames = member("frames")
                let count = try frames.number()
                guard count >= 1, count <= 10_000_000, count == count.rounded() else {
                    throw frames.failure("is not a count of frames")
                }
                let posture = try member("posture").choice(Posture.allCases.map(\.rawValue), what: "posture")
                let orientation = try member("orientation").choice(
                    Orientation.allCases.map(\.rawValue), what: "orientation")
                let display = try member("display").choice(["outer", "inner"], what: "display")
                let transition = try member("transition").bool()
                let phase = Timeline.Phase(
                    posture: Posture(rawValue: posture)!, orientation: Orientation(rawValue: orientation)!,
                    outerDisplay: display == "outer", inTransition: transition)
                phases += Array(repeating: phase, count: Int(count))
                guard phases.count <= 10_000_000 else { throw run.failure("more than 10,000,000 frames") }
            }
            timelines[scenario] = phases
        }
        return timelines
    }
}

extension ReportCodec.Field {
    static func text(
        _ key: String, _ path: WritableKeyPath<Value, String>, prefix: String = "", required: Bool = false
    ) -> Self {
        Self(
            key: key, required: required, encode: { .string(prefix + $0[keyPath: path]) },
            decode: { value, reader throws(InputError) in
                let text = try reader.string()
                value[keyPath: path] = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            })
    }

    /// A scenario's or a variant's name.
    static func name<N: Name>(_ key: String, _ path: WritableKeyPath<Value, N>, required: Bool = false) -> Self {
        Self(
            key: key, required: required, encode: { .string($0[keyPath: path].rawValue) },
            decode: { value, reader throws(InputError) in value[keyPath: path] = N(try reader.string()) })
    }

    /// A string left out of the file when `nil`.
    static func optionalText(_ key: String, _ path: WritableKeyPath<Value, String?>) -> Self {
        Self(
            key: key, required: false, encode: { $0[keyPath: path].map(JSONValue.string) },
            decode: { value, reader throws(InputError) in value[keyPath: path] = try reader.string() })
    }

    static func flag(_ key: String, _ path: WritableKeyPath<Value, Bool>) -> Self {
        Self(
            key: key, required: false, encode: { .bool($0[keyPath: path]) },
            decode: { value, reader throws(InputError) in
                value[keyPath: path] = try reader.bool()
            })
    }

    /// A whole number from `minimum` up, small enough for an `Int`.
    static func count(
        _ key: String, _ path: WritableKeyPath<Value, Int>, _ rule: String, minimum: Double = 0,
        required: Bool = false
    ) -> Self {
        Self(
            key: key, required: required, encode: { .number(Double($0[keyPath: path])) },
            decode: { value, reader throws(InputError) in
                let number = try reader.number()
                guard number >= minimum, number <= 1e9, number == number.rounded() else {
                    throw reader.failure("\(formatNumber(number)) \(rule)")
                }
                value[keyPath: path] = Int(number)
            })
    }

    static func number(
        _ key: String, _ path: WritableKeyPath<Value, Double>, in range: ClosedRange<Double>, _ rule: String
    ) -> Self {
        Self(
            key: key, required: false, encode: { .number($0[keyPath: path]) },
            decode: { value, reader throws(InputError) in
                let number = try reader.number()
                guard range.contains(number) else { throw reader.failure("\(formatNumber(number)) \(rule)") }
                value[keyPath: path] = number
            })
    }
}

extension Report {
    /// The report as JSON: each metric an object with its unit and statistics, the
    /// 95 % interval as one `ci95` pair, each scenario's timeline as runs of frames.
    public func json() -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("schemaVersion", .number(Double(Self.schemaVersion))),
            ("environment", ReportCodec.encode(environment, ReportCodec.environmentFields)),
            ("options", ReportCodec.encode(options, ReportCodec.optionFields)),
        ]
        if let ranking = rankingJSON() { fields.append(("ranking", ranking)) }
        fields += [
            ("results", .array(results.map { ReportCodec.encode($0, ReportCodec.resultFields) })),
            ("timelines", ReportCodec.encodeTimelines(results)),
        ]
        return .object(fields)
    }

    /// Reads a report; every problem names the JSON path and the rule. A scenario ×
    /// variant given twice is refused: `compare`, `report` and `merge` could not tell
    /// one from the other.
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError) -> Report {
        try decode(document: JSONReader.document(bytes, limits: limits))
    }

    /// A report already parsed (a worker's reply carries one), read by the same rules.
    public static func decode(document: JSONValue) throws(InputError) -> Report {
        guard case .object = document else { throw JSONReader(document).failure("expected a report object") }
        guard let versionValue = document["schemaVersion"] else {
            throw InputError(place: "schemaVersion", rule: "missing (not a foldbench report?)")
        }
        let version = try JSONReader(versionValue, path: "schemaVersion").number()
        guard version == Double(schemaVersion) else {
            throw InputError(
                place: "schemaVersion",
                rule: "unsupported schema version \(formatNumber(version)) (this foldbench reads \(schemaVersion))")
        }
        var report = Report(environment: RunEnvironment(), options: RunOptions(), results: [])
        if let value = document["environment"] {
            try ReportCodec.decode(
                JSONReader(value, path: "environment"), into: &report.environment, ReportCodec.environmentFields)
        }
        if let value = document["options"] {
            try ReportCodec.decode(JSONReader(value, path: "options"), into: &report.options, ReportCodec.optionFields)
        }
        guard let resultsValue = document["results"] else { throw InputError(place: "results", rule: "missing") }
        var firstPlaces: [ResultKey: String] = [:]
        for element in try JSONReader(resultsValue, path: "results").array() {
            guard case .object = element.value else { throw element.failure("expected an object") }
            var result = VariantResult(scenario: "", variant: "", arrangements: 1)
            try ReportCodec.decode(element, into: &result, ReportCodec.resultFields)
            if let first = firstPlaces[result.key] {
                throw element.failure("\(result.scenario) × \(result.variant) is given twice (first at \(first))")
            }
            firstPlaces[result.key] = element.path
            report.results.append(result)
        }
        if let value = document["timelines"] {
            let timelines = try ReportCodec.decodeTimelines(JSONReader(value, path: "timelines"))
            for index in report.results.indices {
                report.results[index].framePhases = timelines[report.results[index].scenario.rawValue] ?? []
            }
        }
        return report
    }
}

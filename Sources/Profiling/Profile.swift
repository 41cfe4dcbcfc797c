import Charts

/// A callgrind dump with its addresses mapped back to source: every instruction's
/// cost with the stack that reached it (callers, the function, the inlined frames)
/// and the source line it came from. Per-line, per-function and folded-stack views
/// are computed from it.
public struct Profile: Sendable, Equatable {
    public var label: String?
    public var events: [String]
    public var totals: [Double]
    public var samples: [Sample]

    /// The cost of one instruction in one caller context.
    public struct Sample: Sendable, Equatable {
        /// Outermost caller first, then the function the instruction is compiled
        /// into, then the functions inlined into it (marked `[inlined]`), innermost last.
        public var stack: [String]
        /// The function the instruction is compiled into.
        public var function: String
        /// The source line the cost is charged to, if the debug information has one.
        public var location: SourceLocation?
        public var values: [Double]

        public init(stack: [String], function: String, location: SourceLocation?, values: [Double]) {
            self.stack = stack
            self.function = function
            self.location = location
            self.values = values
        }
    }

    public init(label: String?, events: [String], totals: [Double], samples: [Sample]) {
        self.label = label
        self.events = events
        self.totals = totals
        self.samples = samples
    }

    /// Joins the dump with what the symbolizer said of each object's addresses.
    ///
    /// An instruction's cost goes to the innermost frame whose file is one of ours
    /// (`isSource`) and has a line, so that code inlined from the standard library is
    /// charged to the line of ours that called it; failing that, to the innermost
    /// frame with a line at all.
    public init(
        _ dump: CallgrindProfile, frames: [String: [UInt64: [SourceFrame]]], simplify: ([String]) -> [String],
        isSource: (String) -> Bool
    ) {
        var names = Set<String>()
        for cost in dump.costs {
            names.formUnion(cost.context)
            for frame in frames[cost.object]?[cost.address] ?? [] { names.insert(frame.function) }
        }
        let ordered = Array(names)
        let simplified = simplify(ordered)
        var readable: [String: String] = [:]
        for (name, short) in zip(ordered, simplified) {
            readable[name] = short.replacingSemicolons()
        }
        func short(_ name: String) -> String { readable[name] ?? name }
        var sourceFiles: [String: Bool] = [:]
        func ours(_ file: String) -> Bool {
            if let known = sourceFiles[file] { return known }
            let answer = isSource(file)
            sourceFiles[file] = answer
            return answer
        }
        self.label = dump.label
        self.events = dump.events
        self.totals = dump.totals
        self.samples = dump.costs.map { cost in
            let symbolized = frames[cost.object]?[cost.address] ?? []
            var stack = cost.context.reversed().map(short)
            // The outermost frame is the function itself; the others were inlined into it.
            for frame in symbolized.dropLast().reversed() { stack.append(short(frame.function) + " [inlined]") }
            let located =
                symbolized.first { $0.line > 0 && ours($0.file) }
                ?? symbolized.first { $0.line > 0 && $0.file != "??" }
            return Sample(
                stack: stack, function: short(cost.context.first ?? "???"),
                location: located.map { SourceLocation(file: $0.file, line: $0.line) }, values: cost.values)
        }
    }

    /// The index of event `name`, or `nil`.
    public func eventIndex(_ name: String) -> Int? { events.firstIndex(of: name) }

    /// The folded stacks of event `event` (`Ir` by default): each distinct stack once.
    public func folded(event: String = "Ir") -> FoldedStacks {
        guard let index = eventIndex(event) else { return FoldedStacks() }
        var stacks = FoldedStacks()
        for sample in samples where sample.values[index] != 0 {
            stacks.add(sample.stack, sample.values[index])
        }
        return stacks
    }

    /// Costs per source line, the costliest (by the first event) first.
    public func lines() -> [LineCost] {
        var byLine: [SourceLocation: LineCost] = [:]
        for sample in samples {
            guard let location = sample.location else { continue }
            byLine[location, default: LineCost(location: location, values: zeros, functions: [])].add(sample)
        }
        return byLine.values.sorted { ($0.values.first ?? 0, $1.location) > ($1.values.first ?? 0, $0.location) }
    }

    /// Costs per function: self (the instructions compiled into it) and inclusive
    /// (everything below it on the stack), the costliest self cost first.
    public func functions() -> [FunctionCost] {
        var byFunction: [String: FunctionCost] = [:]
        for sample in samples {
            byFunction[sample.function, default: FunctionCost(function: sample.function, zeros)].addSelf(sample.values)
            // A recursive function counts once per instruction, however deep.
            var seen = Set<String>()
            for frame in sample.stack where !frame.hasSuffix(" [inlined]") && seen.insert(frame).inserted {
                byFunction[frame, default: FunctionCost(function: frame, zeros)].addInclusive(sample.values)
            }
        }
        return byFunction.values.sorted {
            ($0.selfValues.first ?? 0, $1.function) > ($1.selfValues.first ?? 0, $0.function)
        }
    }

    var zeros: [Double] { [Double](repeating: 0, count: events.count) }
}

/// A file and a line in it.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.file, a.line) < (b.file, b.line) }

    public var description: String { "\(file):\(line)" }
}

/// What one source line cost, and the functions its instructions were compiled into.
public struct LineCost: Sendable, Equatable {
    public var location: SourceLocation
    public var values: [Double]
    public var functions: Set<String>

    mutating func add(_ sample: Profile.Sample) {
        for i in values.indices where i < sample.values.count { values[i] += sample.values[i] }
        functions.insert(sample.function)
    }
}

/// What one function cost, itself and with everything it called.
public struct FunctionCost: Sendable, Equatable {
    public var function: String
    public var selfValues: [Double]
    public var inclusiveValues: [Double]

    init(function: String, _ zeros: [Double]) {
        self.function = function
        self.selfValues = zeros
        self.inclusiveValues = zeros
    }

    mutating func addSelf(_ values: [Double]) {
        for i in selfValues.indices where i < values.count { selfValues[i] += values[i] }
    }

    mutating func addInclusive(_ values: [Double]) {
        for i in inclusiveValues.indices where i < values.count { inclusiveValues[i] += values[i] }
    }
}

extension String {
    /// Folded stacks separate frames with `;`, so a name keeps none.
    func replacingSemicolons() -> String { contains(";") ? split(separator: ";").joined(separator: ",") : self }
}

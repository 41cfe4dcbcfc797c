/// One callgrind dump, read as costs per executed instruction: which object and
/// function (with its chain of callers, when callgrind ran with
/// `--separate-callers`) and which address, with one value per event.
///
/// Only what a profile needs is kept: the self cost of each instruction. Call
/// lines carry inclusive costs, which are derived again from the caller chains.
/// Reads callgrind's format (name compression, relative positions, trailing zero
/// events left out) for the positions `instr line` or `instr`.
public struct CallgrindProfile: Sendable, Equatable {
    /// The label of the dump (`desc: Trigger: Client Request: LABEL`), if any.
    public var label: String?
    /// The event names in column order (`Ir`, then the cache events with `--cache-sim=yes`).
    public var events: [String]
    /// The dump's totals per event.
    public var totals: [Double]
    /// Self costs, one per object × caller chain × address, in file order.
    public var costs: [InstructionCost]

    public init(label: String?, events: [String], totals: [Double], costs: [InstructionCost]) {
        self.label = label
        self.events = events
        self.totals = totals
        self.costs = costs
    }

    /// The values of event `name` in `values`, or 0 when the dump does not have it.
    public func value(of name: String, in values: [Double]) -> Double {
        guard let index = events.firstIndex(of: name), index < values.count else { return 0 }
        return values[index]
    }

    /// A line callgrind's format does not allow.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads one dump file's text.
    public static func parse(_ text: String) throws(FormatError) -> CallgrindProfile {
        var reader = Reader()
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            do { try reader.read(line) } catch { throw FormatError(line: lineNumber, message: error.message) }
        }
        guard !reader.events.isEmpty else { throw FormatError(line: lineNumber, message: "no 'events:' line") }
        return CallgrindProfile(
            label: reader.label, events: reader.events, totals: reader.totals ?? reader.summedTotals(),
            costs: reader.merged())
    }
}

/// The self cost of one instruction in one caller context.
public struct InstructionCost: Sendable, Equatable {
    /// The object file (`ob=`): the executable or a shared library.
    public var object: String
    /// The function first, then its callers outwards, as far as callgrind kept them.
    public var context: [String]
    /// The instruction's address, relative to the object as its symbols give it.
    public var address: UInt64
    public var values: [Double]

    public init(object: String, context: [String], address: UInt64, values: [Double]) {
        self.object = object
        self.context = context
        self.address = address
        self.values = values
    }
}

private struct ReaderError: Error {
    let message: String
}

/// The state of reading a dump line by line.
private struct Reader {
    var label: String?
    var events: [String] = []
    var totals: [Double]?
    /// Callgrind's default is `line`; profiles declare `instr line`.
    var positions = 1
    var objects: [String: String] = [:]
    var functions: [String: String] = [:]
    var object = "???"
    var function = "???"
    var lastPosition: [UInt64] = []
    /// The next cost line belongs to a call (an inclusive cost, not the caller's own).
    var skipNextCost = false
    var index: [Key: Int] = [:]
    var costs: [InstructionCost] = []

    struct Key: Hashable {
        let object: String
        let function: String
        let address: UInt64
    }

    mutating func read(_ line: Substring) throws(ReaderError) {
        guard let first = line.first else { return }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
            try readCost(line)
            return
        }
        guard let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { return }
        let key = line[..<equals]
        let value = line[line.index(after: equals)...].drop { $0 == " " }
        switch key {
        case "ob": object = try name(value, table: &objects)
        case "fn": function = try name(value, table: &functions)
        case "cob": _ = try name(value, table: &objects)
        case "cfn", "cfi", "cfl": if key == "cfn" { _ = try name(value, table: &functions) }
        case "calls": skipNextCost = true
        case "positions":
            positions = value.split(separator: " ").count
            guard (1...2).contains(positions), value.hasPrefix("instr") else {
                throw ReaderError(message: "positions '\(value)': a profile needs 'instr' positions (--dump-instr=yes)")
            }
        case "events": events = value.split(separator: " ").map(String.init)
        case "totals", "summary":
            if key == "totals" || totals == nil {
                totals = try value.split(separator: " ").map { field throws(ReaderError) in
                    guard let number = Double(field) else { throw ReaderError(message: "'\(field)' is not a count") }
                    return number
                }
            }
        case "desc":
            let prefix = "Trigger: Client Request: "
            if value.hasPrefix(prefix) { label = String(value.dropFirst(prefix.count)) }
        default: return
        }
    }

    /// `(id) name` defines a compressed name, `(id)` uses it, `name` stands alone.
    func name(_ value: Substring, table: inout [String: String]) throws(ReaderError) -> String {
        guard value.first == "(" else { return String(value) }
        guard let close = value.firstIndex(of: ")") else { throw ReaderError(message: "'\(value)': no ')'") }
        let id = String(value[value.index(after: value.startIndex)..<close])
        let rest = value[value.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty {
            guard let known = table[id] else { throw ReaderError(message: "name (\(id)) used before it is defined") }
            return known
        }
        table[id] = String(rest)
        return String(rest)
    }

    mutating func readCost(_ line: Substring) throws(ReaderError) {
        let fields = line.split(separator: " ")
        guard fields.count >= positions else { throw ReaderError(message: "a cost line without its positions") }
        var position: [UInt64] = []
        for (i, field) in fields.prefix(positions).enumerated() {
            let previous = i < lastPosition.count ? lastPosition[i] : 0
            position.append(try Self.position(field, previous: previous))
        }
        lastPosition = position
        let values = try fields.dropFirst(positions).map { field throws(ReaderError) in
            guard let number = Double(field) else { throw ReaderError(message: "'\(field)' is not a count") }
            return number
        }
        if skipNextCost {
            skipNextCost = false
            return
        }
        let key = Key(object: object, function: function, address: position[0])
        if let existing = index[key] {
            for (i, value) in values.enumerated() {
                if i < costs[existing].values.count {
                    costs[existing].values[i] += value
                } else {
                    costs[existing].values.append(value)
                }
            }
        } else {
            index[key] = costs.count
            costs.append(
                InstructionCost(
                    object: object, context: Self.context(function), address: position[0], values: values))
        }
    }

    /// An absolute position (decimal or `0x` hex), `+N`/`-N` (decimal, relative) or `*` (the same).
    static func position(_ field: Substring, previous: UInt64) throws(ReaderError) -> UInt64 {
        if field == "*" { return previous }
        if let sign = field.first, sign == "+" || sign == "-" {
            guard let step = UInt64(field.dropFirst()) else { throw ReaderError(message: "bad position '\(field)'") }
            if sign == "+" {
                let (sum, overflow) = previous.addingReportingOverflow(step)
                guard !overflow else { throw ReaderError(message: "position '\(field)' out of range") }
                return sum
            }
            guard step <= previous else { throw ReaderError(message: "position '\(field)' below zero") }
            return previous - step
        }
        let parsed = field.hasPrefix("0x") ? UInt64(field.dropFirst(2), radix: 16) : UInt64(field)
        guard let parsed else { throw ReaderError(message: "bad position '\(field)'") }
        return parsed
    }

    /// `fn'caller'caller…` with `--separate-callers`; a bare number after a quote is
    /// a recursion level (`--separate-recs`), part of the name before it.
    static func context(_ function: String) -> [String] {
        var parts: [String] = []
        for part in function.split(separator: "'", omittingEmptySubsequences: false) {
            if !parts.isEmpty, !part.isEmpty, part.allSatisfy(\.isNumber) {
                parts[parts.count - 1] += "'\(part)"
            } else {
                parts.append(String(part))
            }
        }
        return parts
    }

    func summedTotals() -> [Double] {
        var sums = [Double](repeating: 0, count: events.count)
        for cost in costs {
            for (i, value) in cost.values.enumerated() where i < sums.count { sums[i] += value }
        }
        return sums
    }

    func merged() -> [InstructionCost] {
        costs.map { cost in
            var cost = cost
            if cost.values.count < events.count {
                cost.values += [Double](repeating: 0, count: events.count - cost.values.count)
            }
            return cost
        }
    }
}

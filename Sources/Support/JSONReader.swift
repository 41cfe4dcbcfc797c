/// A JSON value together with its path in the document, with typed accessors that
/// throw a ``InputError`` naming that path. Decoders of every file format share it.
public struct JSONReader {
    public let value: JSONValue
    /// Where the value sits; spelled out only when a message needs it, since a deep
    /// scene has a million members whose paths are hundreds of characters long.
    let location: JSONPath

    /// The path, `root.primary.split` style; array elements as `reservedRegions[2]`.
    public var path: String { location.text }

    /// Parses a whole file; malformed JSON fails at its line and column.
    public static func document(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, maximumValues: limits.maximumJSONValues)
        } catch {
            throw InputError(
                place: "line \(error.line), column \(error.column)",
                rule: error.isLimit ? error.message : "malformed JSON: \(error.message)")
        }
    }

    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.location = JSONPath(root: path)
    }

    init(_ value: JSONValue, location: JSONPath) {
        self.value = value
        self.location = location
    }

    /// A reader at the same place holding no value: a decoder keeps it for messages
    /// while it lets a big value go.
    public func withoutValue() -> JSONReader { JSONReader(.null, location: location) }

    /// The reader of a member of this object.
    public func member(_ key: String, _ value: JSONValue) -> JSONReader {
        JSONReader(value, location: JSONPath(parent: location, key: key))
    }

    /// Fails at this value's path.
    public func failure(_ rule: String) -> InputError {
        InputError(place: path.isEmpty ? "(document)" : path, rule: rule)
    }

    /// The path of a member.
    public func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// This value as an object whose keys are all in `allowed`.
    public func object(allowing allowed: Set<String>) throws(InputError) -> JSONObjectReader {
        guard case .object(let entries) = value else {
            throw failure("expected an object, found \(value.kindDescription)")
        }
        for entry in entries where !allowed.contains(entry.key) {
            throw InputError(
                place: childPath(entry.key),
                rule: "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
        return JSONObjectReader(reader: self, entries: entries)
    }

    public func number() throws(InputError) -> Double {
        guard case .number(let number) = value else {
            throw failure("expected a number, found \(value.kindDescription)")
        }
        guard number.isFinite else { throw failure("must be a finite number") }
        return number
    }

    /// A finite number that is not negative.
    public func size() throws(InputError) -> Double {
        let number = try number()
        guard number >= 0 else { throw failure("\(formatNumber(number)) is negative") }
        return number
    }

    public func bool() throws(InputError) -> Bool {
        guard case .bool(let flag) = value else {
            throw failure("expected true or false, found \(value.kindDescription)")
        }
        return flag
    }

    public func string() throws(InputError) -> String {
        guard case .string(let text) = value else { throw failure("expected a string, found \(value.kindDescription)") }
        return text
    }

    /// A string among `choices`.
    public func choice(_ choices: [String], what: String) throws(InputError) -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw failure("unknown \(what) \"\(text)\" (expected \(choices.joined(separator: " or ")))")
        }
        return text
    }

    public func array() throws(InputError) -> [JSONReader] {
        guard case .array(let elements) = value else {
            throw failure("expected an array, found \(value.kindDescription)")
        }
        return elements.enumerated().map { JSONReader($1, location: JSONPath(parent: location, index: $0)) }
    }
}

/// The members of an object already checked for unknown keys.
public struct JSONObjectReader {
    let reader: JSONReader
    let entries: [(key: String, value: JSONValue)]

    public var path: String { reader.path }
    public var keys: [String] { entries.map(\.key) }

    /// The member `key`, or `nil` when absent.
    public func optional(_ key: String) -> JSONReader? {
        entries.first { $0.key == key }.map { reader.member(key, $0.value) }
    }

    /// The member `key`; throws "missing" at its path when absent.
    public func required(_ key: String) throws(InputError) -> JSONReader {
        guard let member = optional(key) else { throw InputError(place: reader.childPath(key), rule: "missing") }
        return member
    }

    /// Fails at this object's path.
    public func failure(_ rule: String) -> InputError { reader.failure(rule) }
}

/// A value's place in its document, as a chain of members up to the root.
final class JSONPath: Sendable {
    enum Step {
        case root(String)
        case key(String)
        case index(Int)
    }

    let parent: JSONPath?
    let step: Step

    init(root: String) {
        parent = nil
        step = .root(root)
    }

    init(parent: JSONPath, key: String) {
        self.parent = parent
        step = .key(key)
    }

    init(parent: JSONPath, index: Int) {
        self.parent = parent
        step = .index(index)
    }

    var text: String {
        switch step {
        case .root(let text): return text
        case .key(let key):
            let above = parent?.text ?? ""
            return above.isEmpty ? key : "\(above).\(key)"
        case .index(let index): return "\(parent?.text ?? "")[\(index)]"
        }
    }
}

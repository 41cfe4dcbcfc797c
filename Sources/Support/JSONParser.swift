/// Malformed JSON, with the line and column (1-based) where reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    /// The document is not malformed but over a limit (``InputLimits``).
    public var isLimit = false

    public var description: String { "line \(line), column \(column): \(message)" }

    public init(line: Int, column: Int, message: String, isLimit: Bool = false) {
        self.line = line
        self.column = column
        self.message = message
        self.isLimit = isLimit
    }
}

/// A strict RFC 8259 reader: no comments, no trailing commas, no duplicate keys,
/// valid UTF-8 only, and at most ``maximumNesting`` nested containers so that no
/// input can exhaust the stack.
public struct JSONParser {
    /// Deep enough for a scene nested 256 arrangements deep and well beyond.
    public static let maximumNesting = 1200

    /// Called with each member of `watchedKeys` as soon as its value is parsed, and the
    /// nesting of the object that holds it (1 for the document's own members); what it
    /// returns is kept in the value's place. A decoder turns a subtree into its model
    /// there, so the document never holds what is already decoded; it fails by throwing.
    public typealias MemberHook = (_ key: String, _ nesting: Int, _ value: JSONValue) throws(JSONSyntaxError) ->
        JSONValue

    private let bytes: [UInt8]
    private var index = 0
    private var hook: MemberHook?
    private var watchedKeys: Set<String> = []
    private var depth = 0
    /// Values read so far, against ``maximumValues``: the document costs at most
    /// about 64 bytes a value, so the count bounds its memory.
    private var values = 0
    private let maximumValues: Int

    /// Parses one complete document of at most `maximumValues` values (numbers,
    /// strings, literals, arrays and objects, each counted once).
    public static func parse(
        _ bytes: [UInt8], maximumValues: Int = InputLimits.standard.maximumJSONValues
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumValues: maximumValues)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    /// Parses a document, handing the members named `watchedKeys` to `hook` as they
    /// are read (``MemberHook``).
    public static func parse(
        _ bytes: [UInt8], maximumValues: Int, watching watchedKeys: Set<String>, hook: @escaping MemberHook
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumValues: maximumValues)
        parser.hook = hook
        parser.watchedKeys = watchedKeys
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    /// Parses a document held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8], maximumValues: Int) {
        self.bytes = bytes
        self.maximumValues = maximumValues
    }

    /// The error at the current place; at the end of the input, that the file ends early
    /// (a truncated file), whatever was expected there.
    private func error(_ message: String) -> JSONSyntaxError {
        let message =
            index >= bytes.count && !message.hasPrefix("unexpected end")
            ? "unexpected end of input: the document ends early (a truncated file?); \(message)" : message
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        values += 1
        guard values <= maximumValues else {
            var failure = error(
                "more than \(maximumValues) values, the limit (raise it with \(InputLimits.jsonValuesFlag) N)")
            failure.isLimit = true
            throw failure
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Unicode.Scalar(byte))', expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        for expected in literal.utf8 {
            guard current == expected else { throw error("invalid literal, expected '\(literal)'") }
            index += 1
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumNesting else {
            throw error("nesting deeper than \(Self.maximumNesting) arrays and objects")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var entries: [(key: String, value: JSONValue)] = []
        // Small objects look their keys up in `entries`; a set only for big ones.
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(entries)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyStart = index
            let key = try parseString()
            let duplicate: Bool
            if entries.count < 16 {
                duplicate = entries.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(entries.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            guard !duplicate else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if let hook, watchedKeys.contains(key) {
                entries.append((key, try hook(key, depth, value)))
            } else {
                entries.append((key, value))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(entries)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        // Most strings have no escape: validate the bytes where they lie.
        var end = index
        var ascii = true
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            ascii = ascii && bytes[end] < 0x80
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let start = index
            let text = bytes.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
                // ASCII is valid UTF-8 as it stands; anything else is checked.
                return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            guard let text else {
                index = opening  // the string, not what follows it
                throw error("string is not valid UTF-8")
            }
            index = end + 1
            return text
        }
        var scalars: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    index = opening  // the string, not what follows it
                    throw error("string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw error("control character in a string (escape it)")
            default:
                scalars.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            buffer.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape '\\\(Unicode.Scalar(byte))'") }
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { throw error("invalid number: expected a digit") }
        if current == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(current) else { throw error("invalid number: leading zero") }
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("invalid number: expected a digit after '.'") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("invalid number: expected a digit in the exponent") }
            while isDigit(current) { index += 1 }
        }
        // Whole numbers of up to 15 digits are exact in a Double: no text on the way.
        let digits = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if index - digits <= 15, bytes[digits..<index].allSatisfy({ (0x30...0x39).contains($0) }) {
            var whole: Int64 = 0
            for byte in bytes[digits..<index] { whole = whole * 10 + Int64(byte - 0x30) }
            return digits == start ? Double(whole) : -Double(whole)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else {
            index = start
            throw error("invalid number")
        }
        return value
    }
}

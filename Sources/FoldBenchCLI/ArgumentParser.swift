import Runs
import Support

/// The project's own command-line parser: options declared as data, parsed into a
/// small result, with usage text generated from the same declarations.
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, repeated options, and
/// `--` to end the options. Anything else is a ``UsageError``.
public struct CommandSpec: Sendable {
    /// One option of a command.
    public struct Option: Sendable {
        public let name: String
        /// The placeholder of the option's value, or `nil` for a boolean flag.
        public let valueName: String?
        public let help: String
        public let repeatable: Bool

        public init(_ name: String, value valueName: String? = nil, repeatable: Bool = false, help: String) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.repeatable = repeatable
        }
    }

    public let name: String
    public let summary: String
    /// The positional arguments as shown in usage (`SCENE.json`, `[HISTORY]`).
    public let arguments: String
    public let minimumPositionals: Int
    public let maximumPositionals: Int
    public let options: [Option]
    /// Extra paragraphs after the option list.
    public let details: String

    public init(
        name: String, summary: String, arguments: String = "", positionals: ClosedRange<Int> = 0...0,
        options: [Option] = [], details: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.minimumPositionals = positionals.lowerBound
        self.maximumPositionals = positionals.upperBound
        self.options = options
        self.details = details
    }

    /// The usage line: `foldbench resolve SCENE.json [options]`.
    public var usageLine: String {
        var line = "foldbench \(name)"
        if !arguments.isEmpty { line += " \(arguments)" }
        if !options.isEmpty { line += " [options]" }
        return line
    }

    /// The full help text of the command.
    public var help: String {
        var text = "\(summary)\n\nUsage: \(usageLine)\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let labels = options.map { option in
                option.valueName.map { "\(option.name) \($0)" } ?? option.name
            }
            let width = (labels.map(\.count).max() ?? 0) + 2
            for (label, option) in zip(labels, options) {
                let padding = String(repeating: " ", count: width - label.count)
                text += "  \(label)\(padding)\(option.help)\(option.repeatable ? " (repeatable)" : "")\n"
            }
            text += "  --help\(String(repeating: " ", count: max(width - 6, 2)))Show this help.\n"
        }
        if !details.isEmpty { text += "\n\(details)\n" }
        return text
    }

    /// Parses `arguments` (without the command name).
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.helpRequested = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(
                    "unknown option '\(name)' for '\(self.name)'"
                        + Suggestion.phrase(for: name, among: options.map(\.name) + ["--help"]), command: self)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value", command: self) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("option '\(name)' needs a value", command: self) }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw UsageError("option '\(name)' given more than once", command: self)
            }
            parsed.values[name, default: []].append(value)
        }
        if !parsed.helpRequested {
            if parsed.positionals.count < minimumPositionals {
                throw UsageError(
                    "missing argument \(self.arguments)", command: self)
            }
            if parsed.positionals.count > maximumPositionals {
                throw UsageError("unexpected argument '\(parsed.positionals[maximumPositionals])'", command: self)
            }
        }
        return parsed
    }
}

/// What the parser found.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var helpRequested = false

    /// The last value of an option, or `nil`.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An option's value as a number, checked against `range`.
    public func number(_ name: String, in range: ClosedRange<Double>, command: CommandSpec) throws(UsageError)
        -> Double?
    {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError(
                "option '\(name)' needs a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'",
                command: command)
        }
        return number
    }

    /// An option's value as an integer, checked against `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>, command: CommandSpec) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "option '\(name)' needs a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'",
                command: command)
        }
        return number
    }
}

/// Bad usage: exit status 2, with the command's usage line.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let usage: String?

    public init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.usage = command.map { "Usage: \($0.usageLine)\nRun 'foldbench help \($0.name)' for details." }
    }

    /// A value that is none of an enumeration's: "WHAT is a, b or c, not 'x' (did you
    /// mean 'b'?)" — one wording, and a suggestion, for every enumerated value.
    public static func notOneOf(_ what: String, _ value: String, _ allowed: [String], command: CommandSpec?)
        -> UsageError
    {
        let list =
            allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " or " + allowed.last! : allowed.joined()
        return UsageError(
            "\(what) is \(list), not '\(value)'\(Suggestion.phrase(for: value, among: allowed))", command: command)
    }

    public var description: String { message }
}

import Foundation
import TestSupport
import Testing

/// The shape the code keeps so that the next engineer can read it: no function, computed
/// property or closure in `Sources/` longer than 80 lines, no command's `run` longer than 40 (a command parses
/// its options, calls the services, prints; the work lives elsewhere).
@Suite("Code shape")
struct CodeShapeTests {
    static let longestFunction = 80
    static let longestCommandRun = 40

    /// A function, initializer or subscript of a source file, and its lines from its
    /// declaration to its closing brace.
    struct Function: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        var lines: Int
        var description: String { "\(file):\(line) \(name): \(lines) lines" }
    }

    /// Each line of `text` with its comments and the insides of its string literals
    /// blanked out, so that braces and keywords in them are not counted.
    static func code(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var inBlockComment = false
        var inMultiline = false
        let characters = Array(text)
        var index = 0
        func starts(_ token: String) -> Bool {
            let end = index + token.count
            return end <= characters.count && String(characters[index..<end]) == token
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append(current)
                current = ""
                index += 1
            } else if inBlockComment {
                if starts("*/") {
                    inBlockComment = false
                    index += 1
                }
                index += 1
            } else if inMultiline {
                if starts("\"\"\"") {
                    inMultiline = false
                    index += 2
                }
                index += 1
            } else if starts("//") {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if starts("/*") {
                inBlockComment = true
                index += 2
            } else if starts("\"\"\"") {
                inMultiline = true
                current += "\"\""
                index += 3
            } else if character == "\"" {
                index = Self.endOfString(characters, from: index + 1)
                current += "\"\""
            } else {
                current.append(character)
                index += 1
            }
        }
        lines.append(current)
        return lines
    }

    /// Just past the closing quote of a one-line string whose text starts at `start`,
    /// interpolations (which may hold strings of their own) included.
    static func endOfString(_ characters: [Character], from start: Int) -> Int {
        var index = start
        while index < characters.count, characters[index] != "\n" {
            if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "(" {
                var depth = 1
                index += 2
                while index < characters.count, depth > 0 {
                    if characters[index] == "(" { depth += 1 }
                    if characters[index] == ")" { depth -= 1 }
                    if characters[index] == "\"" { index = endOfString(characters, from: index + 1) - 1 }
                    index += 1
                }
                continue
            }
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == "\"" { return index + 1 }
            index += 1
        }
        return index
    }

    /// The declaration a line of code opens, when it declares a function, an initializer
    /// or a subscript.
    static func declaration(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        let modifiers: Set<String> = [
            "public", "private", "fileprivate", "internal", "package", "static", "class", "mutating", "nonmutating",
            "override", "final", "nonisolated", "consuming", "borrowing", "required", "convenience",
        ]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
        guard let first = words.first else { return nil }
        if first == "func", words.count > 1 { return "func " + words[1].prefix { $0 != "(" && $0 != "<" } }
        for keyword in ["init", "init?", "init!", "subscript", "deinit"]
        where first == keyword || first.hasPrefix(keyword + "(") || first.hasPrefix(keyword + "<") {
            return keyword
        }
        return nil
    }

    /// Every function of the Swift files under `folder`.
    static func functions(under folder: String) throws -> [Function] {
        try swiftFiles(under: folder).flatMap { functions(in: $0.text, file: $0.file) }
    }

    /// The Swift files under `folder`, in order, each with its path from the repository's root.
    static func swiftFiles(under folder: String) throws -> [(file: String, text: String)] {
        let root = repositoryRoot.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return try paths.sorted().filter { $0.hasSuffix(".swift") }.map { path in
            ("\(folder)/\(path)", try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// Every function of one file's `text`.
    static func functions(in text: String, file: String) -> [Function] {
        let lines = code(text)
        var found: [Function] = []
        for (start, line) in lines.enumerated() {
            guard let name = declaration(line.trimmingCharacters(in: .whitespaces)) else { continue }
            // The body runs from the first brace at or after the declaration to its match;
            // a requirement of a protocol has none.
            var depth = 0
            var opened = false
            var end: Int?
            scan: for index in start..<lines.count {
                if !opened, index > start + 15 { break }
                for character in lines[index] {
                    if character == "{" {
                        depth += 1
                        opened = true
                    }
                    if character == "}" { depth -= 1 }
                    if opened, depth == 0 {
                        end = index
                        break scan
                    }
                }
            }
            guard let end else { continue }
            found.append(Function(file: file, line: start + 1, name: name, lines: end - start + 1))
        }
        return found
    }

    /// Every braced body of one file's `text` but a type's: functions, computed
    /// properties and their accessors, closures, statements; each from the line of its
    /// opening brace to its closing one, named by what precedes the brace.
    static func blocks(in text: String, file: String) -> [Function] {
        let lines = code(text)
        var open: [(line: Int, header: String)] = []
        var header = ""
        var found: [Function] = []
        for (index, line) in lines.enumerated() {
            for character in line {
                if character == "{" {
                    open.append((index, header.trimmingCharacters(in: .whitespacesAndNewlines)))
                    header = ""
                } else if character == "}" {
                    header = ""
                    guard let (start, opener) = open.popLast(), !declaresType(opener) else { continue }
                    let name = opener.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    found.append(Function(file: file, line: start + 1, name: name, lines: index - start + 1))
                } else {
                    header.append(character)
                }
            }
            header.append("\n")
        }
        return found
    }

    /// Whether the text before a brace declares a type (whose body may be long).
    static func declaresType(_ header: String) -> Bool {
        let words = header.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        return words.contains { ["struct", "class", "enum", "extension", "protocol", "actor"].contains(String($0)) }
    }

    /// Every block of the Swift files under `folder`.
    static func blocks(under folder: String) throws -> [Function] {
        try swiftFiles(under: folder).flatMap { blocks(in: $0.text, file: $0.file) }
    }

    @Test("the block scanner measures computed properties and closures, not the bodies of types")
    func blockScannerWorks() {
        let text = """
            public struct A: Equatable {
                static var fields: [Int] {
                    [1, 2].map { x in
                        x + 1
                    }
                }
            }
            """
        let blocks = Self.blocks(in: text, file: "a").map(\.description)
        #expect(blocks == ["a:3 [1, 2].map: 3 lines", "a:2 static var fields: [Int]: 5 lines"], "\(blocks)")
    }

    @Test("no computed property, closure or other block in Sources/ is longer than 80 lines")
    func blocksAreShort() throws {
        Self.expectShort(try Self.blocks(under: "Sources"), found: 3_000)
    }

    /// None of `found` (at least `count` of them, so that the scanner is seen to work) is
    /// longer than ``longestFunction``.
    static func expectShort(_ found: [Function], found count: Int) {
        #expect(found.count > count, "the scanner found them (\(found.count))")
        let long = found.filter { $0.lines > Self.longestFunction }
        #expect(long.isEmpty, "\(long.map(\.description).joined(separator: "\n"))")
    }

    @Test("the scanner finds functions, skips strings and comments, and measures from declaration to brace")
    func scannerWorks() {
        let text = """
            /// func notOne() { in a comment }
            struct A {
                @inline(__always) public static func one(_ x: Int) -> Int {
                    let s = "a } brace and \\("nested }") text"
                    /* func two() { */
                    return x
                }
                init?(y: Int) { nil }
            }
            """
        let lines = Self.code(text)
        #expect(
            lines.compactMap { Self.declaration($0.trimmingCharacters(in: .whitespaces)) } == ["func one", "init?"])
        #expect(!lines[3].contains("}") && !lines[4].contains("func"))
        #expect(
            Self.functions(in: text, file: "a").map(\.description) == ["a:3 func one: 5 lines", "a:8 init?: 1 lines"])
    }

    @Test("no function in Sources/ is longer than 80 lines")
    func functionsAreShort() throws {
        Self.expectShort(try Self.functions(under: "Sources"), found: 1_000)
    }

    @Test("no command's run is longer than 40 lines")
    func commandsAreThin() throws {
        let runs = try Self.functions(under: "Sources/FoldBenchCLI").filter { $0.name == "func run" }
        #expect(runs.count >= 20, "every command's run was found (\(runs.count))")
        let long = runs.filter { $0.lines > Self.longestCommandRun }
        #expect(long.isEmpty, "\(long.map(\.description).joined(separator: "\n"))")
    }
}

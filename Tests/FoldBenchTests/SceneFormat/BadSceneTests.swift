import Foundation
import TestSupport
import Testing

/// Every bad input of contract §5: exit 2, one message naming the file, the JSON path and the rule.
@Suite("Bad scenes (§5)")
struct BadSceneTests {
    static let good = """
        {"context": {"bounds": {"x": 0, "y": 0, "width": 1000, "height": 700}},
         "root": {"primary": {"id": "a"}, "secondary": {"id": "b"}}}
        """

    /// (what, scene text, the expected "place: rule" part of the message)
    static let cases: [(String, String, String)] = [
        ("malformed JSON", #"{"context": "#, "line 1, column 13: malformed JSON: unexpected end of input"),
        ("trailing comma", #"{"context": {}, }"#, "line 1, column 17: malformed JSON: expected a string key"),
        ("duplicate key", #"{"root": 1, "root": 2}"#, "line 1, column 13: malformed JSON: duplicate key \"root\""),
        (
            "unknown top-level key", good.replacingOccurrences(of: #""root""#, with: #""extra": 1, "root""#),
            "extra: unknown key"
        ),
        (
            "unknown pane key", good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "colour": "red"}"#),
            "root.primary.colour: unknown key"
        ),
        ("missing id", good.replacingOccurrences(of: #"{"id": "a"}"#, with: "{}"), "root.primary.id: missing"),
        (
            "missing primary", good.replacingOccurrences(of: #""primary": {"id": "a"}, "#, with: ""),
            "root.primary: missing"
        ),
        (
            "missing secondary", good.replacingOccurrences(of: #", "secondary": {"id": "b"}"#, with: ""),
            "root.secondary: missing"
        ),
        ("missing context", #"{"root": {"primary": {"id": "a"}, "secondary": {"id": "b"}}}"#, "context: missing"),
        (
            "missing bounds",
            good.replacingOccurrences(of: #""bounds": {"x": 0, "y": 0, "width": 1000, "height": 700}"#, with: ""),
            "context.bounds: missing"
        ),
        ("missing root", #"{"context": {"bounds": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#, "root: missing"),
        (
            "duplicate ids", good.replacingOccurrences(of: #"{"id": "b"}"#, with: #"{"id": "a"}"#),
            "root.secondary.id: duplicate id \"a\" (first used at root.primary.id)"
        ),
        (
            "non-finite number",
            good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "minWidth": 1e999}"#),
            "root.primary.minWidth: must be a finite number"
        ),
        (
            "negative size", good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "minHeight": -1}"#),
            "root.primary.minHeight: -1 is a negative size"
        ),
        (
            "negative bounds", good.replacingOccurrences(of: #""width": 1000"#, with: #""width": -5"#),
            "context.bounds.width: -5 is negative"
        ),
        (
            "negative region",
            good.replacingOccurrences(
                of: #""height": 700}"#,
                with: #""height": 700}, "reservedRegions": [{"x": 1, "y": 0, "width": 0, "height": -2}]"#),
            "context.reservedRegions[0].height: -2 is negative"
        ),
        (
            "negative length",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"horizontal": {"length": {"min": -3}}}}"#),
            "root.primary.split.horizontal.length.min: -3 is a negative length"
        ),
        (
            "ratio outside 0...1",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"horizontal": {"ratio": {"ideal": 1.4}}}}"#),
            "root.primary.split.horizontal.ratio.ideal: 1.4 is outside 0...1"
        ),
        (
            "splitRatio outside 0...1",
            good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "splitRatio": -0.5}"#),
            "root.primary.splitRatio: -0.5 is outside 0...1"
        ),
        (
            "min > ideal",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"vertical": {"ratio": {"min": 0.5, "ideal": 0.4}}}}"#
            ), "root.primary.split.vertical.ratio.ideal: min 0.5 is greater than ideal 0.4"
        ),
        (
            "ideal > max",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"vertical": {"length": {"ideal": 50, "max": 40}}}}"#),
            "root.primary.split.vertical.length.max: ideal 50 is greater than max 40"
        ),
        (
            "min > max",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"vertical": {"length": {"min": 50, "max": 40}}}}"#),
            "root.primary.split.vertical.length.max: min 50 is greater than max 40"
        ),
        (
            "minWidth > idealWidth",
            good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "minWidth": 50, "idealWidth": 40}"#),
            "root.primary.idealWidth: minWidth 50 is greater than idealWidth 40"
        ),
        (
            "empty preference range",
            good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "a", "split": {"vertical": {"ratio": {}}}}"#),
            "root.primary.split.vertical.ratio: needs at least one of min, ideal, max"
        ),
        (
            "splitRatio with a ratio on the same axis",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#,
                with: #"{"id": "a", "splitRatio": 0.5, "split": {"vertical": {"ratio": {"ideal": 0.3}}}}"#),
            "root.primary.splitRatio: splitRatio cannot be combined with split.vertical"
        ),
        (
            "splitRatio with a length on the same axis",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#,
                with: #"{"id": "a", "splitRatio": 0.5, "split": {"horizontal": {"length": {"min": 10}}}}"#),
            "root.primary.splitRatio: splitRatio cannot be combined with split.horizontal"
        ),
        (
            "splitRatio with fixed on the same axis",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "splitRatio": 0.5, "split": {"horizontal": "fixed"}}"#),
            "root.primary.splitRatio: splitRatio cannot be combined with split.horizontal"
        ),
        (
            "empty axes",
            good.replacingOccurrences(of: #""root": {"#, with: #""root": {"style": {"split": {"axes": []}}, "#),
            "root.style.split.axes: axes must not be empty"
        ),
        (
            "unknown axis",
            good.replacingOccurrences(
                of: #""root": {"#, with: #""root": {"style": {"overlay": {"axes": ["diagonal"]}}, "#),
            "root.style.overlay.axes[0]: unknown axis \"diagonal\""
        ),
        (
            "unknown style name", good.replacingOccurrences(of: #""root": {"#, with: #""root": {"style": "fancy", "#),
            "root.style: unknown style \"fancy\""
        ),
        (
            "two style kinds",
            good.replacingOccurrences(of: #""root": {"#, with: #""root": {"style": {"split": {}, "overlay": {}}, "#),
            "root.style: a style names exactly one of split, overlay"
        ),
        (
            "unknown edge",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "overlayEdge": {"horizontal": "left"}}"#),
            "root.primary.overlayEdge.horizontal: unknown edge \"left\""
        ),
        (
            "edge on the wrong axis",
            good.replacingOccurrences(
                of: #"{"id": "a"}"#, with: #"{"id": "a", "overlayEdge": {"vertical": "leading"}}"#),
            "root.primary.overlayEdge.vertical: unknown edge \"leading\""
        ),
        (
            "unknown size class",
            good.replacingOccurrences(
                of: #""height": 700}"#,
                with: #""height": 700}, "sizeClass": {"horizontal": "huge", "vertical": "regular"}"#),
            "context.sizeClass.horizontal: unknown size class \"huge\""
        ),
        (
            "unknown direction",
            good.replacingOccurrences(of: #""height": 700}"#, with: #""height": 700}, "layoutDirection": "upward""#),
            "context.layoutDirection: unknown layout direction \"upward\""
        ),
        (
            "alias naming an alias",
            good.replacingOccurrences(
                of: #""root": {"#, with: #""styles": {"a": {"split": {}}, "b": "a"}, "root": {"style": "b", "#),
            "styles.b: style alias \"b\" names another alias \"a\""
        ),
        (
            "alias redefining a built-in",
            good.replacingOccurrences(of: #""root": {"#, with: #""styles": {"split": "overlay"}, "root": {"#),
            "styles.split: a style alias may not redefine the built-in style \"split\""
        ),
        (
            "wrong type", good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": 5}"#),
            "root.primary.id: expected a string, found a number"
        ),
        (
            "empty id", good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": ""}"#),
            "root.primary.id: must not be empty"
        ),
        (
            "an unpaired surrogate escape", good.replacingOccurrences(of: #"{"id": "a"}"#, with: #"{"id": "\ud800"}"#),
            "malformed JSON: unpaired surrogate"
        ),
    ]

    @Test("each bad scene exits 2 naming the file, the place and the rule", arguments: 0..<cases.count)
    func rejected(_ index: Int) throws {
        let (what, text, expected) = Self.cases[index]
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(text, named: "bad.json", in: directory)
        let result = runFoldBench(["resolve", path])
        #expect(result.status == 2, "\(what)")
        #expect(result.out.isEmpty, "\(what): nothing is resolved")
        #expect(result.err.hasPrefix("foldbench: error: \(path): "), "\(what): \(result.err)")
        #expect(result.err.contains(expected), "\(what): \(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "\(what): one line: \(result.err)")
    }

    @Test(
        "bytes that are not UTF-8 exit 2 naming the line and column of the string",
        arguments: [
            ("a stray continuation byte", [0x80], "line 2, column 29"),
            ("a truncated two-byte sequence", [0xC3], "line 2, column 29"),
            ("an overlong encoding of '/'", [0xC0, 0xAF], "line 2, column 29"),
            ("a byte never used in UTF-8", [0xFF], "line 2, column 29"),
        ] as [(String, [UInt8], String)])
    func invalidUTF8(_ what: String, _ bad: [UInt8], _ place: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = Array(Self.good.utf8)
        let at = text.indices.first { text[$0...].starts(with: Array(#""a""#.utf8)) }! + 1  // the first id's letter
        let bytes = Array(text[..<at]) + bad + Array(text[(at + 1)...])
        let url = directory.appendingPathComponent("bad.json")
        try Data(bytes).write(to: url)
        let result = runFoldBench(["resolve", url.path])
        #expect(result.status == 2, "\(what)")
        #expect(
            result.err.contains("\(url.path): \(place): malformed JSON: string is not valid UTF-8"), "\(result.err)")
    }

    @Test("nesting deeper than 256 arrangements names the place")
    func tooDeep() throws {
        var root = #"{"primary": {"id": "p"}, "secondary": {"id": "s"}}"#
        for level in 1...300 {
            root = #"{"primary": {"id": "p\#(level)"}, "secondary": {"id": "s\#(level)", "arrangement": \#(root)}}"#
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(
            #"{"context": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}}, "root": \#(root)}"#,
            named: "deep.json",
            in: directory)
        let result = runFoldBench(["resolve", path])
        #expect(result.status == 2)
        #expect(result.err.contains(": nesting is deeper than 256 arrangements"))
        #expect(result.err.contains("root.secondary.arrangement.secondary.arrangement."))
    }

    @Test("JSON nested beyond the parser's limit is rejected, not a stack overflow")
    func absurdNesting() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(String(repeating: "[", count: 100_000), named: "deep.json", in: directory)
        let result = runFoldBench(["resolve", path])
        #expect(result.status == 2)
        #expect(result.err.contains("nesting deeper than 1200 arrays and objects"))
    }

    @Test("a missing file, a directory and an empty file exit 2 naming the file")
    func unreadable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nope.json").path
        #expect(runFoldBench(["resolve", missing]).err == "foldbench: error: \(missing): cannot read: no such file\n")
        #expect(
            runFoldBench(["resolve", directory.path]).err.contains("\(directory.path): cannot read: is a directory"))
        let empty = try writeFile("", named: "empty.json", in: directory)
        let result = runFoldBench(["resolve", empty])
        #expect(result.status == 2)
        #expect(result.err.contains("\(empty): line 1, column 1: malformed JSON: unexpected end of input"))
    }
}

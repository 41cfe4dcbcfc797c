import Support
import TestSupport
import Testing

@testable import Reports

@Suite("Support's rules pinned by hand")
struct SupportRuleTests {
    @Test("JSON objects are equal only with the same keys and values in the same order")
    func jsonEquality() {
        let one: JSONValue = .object([("a", .number(1))])
        #expect(one == .object([("a", .number(1))]))
        #expect(one != .object([("a", .number(2))]))
        #expect(one != .object([("b", .number(1))]))
        #expect(one != .object([("a", .number(1)), ("b", .number(2))]))
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.array([.number(1), .string("x")]) == .array([.number(1), .string("x")]))
        #expect(JSONValue.array([.number(1)]) != .array([.number(2)]))
        #expect(JSONValue.array([]) != .array([.null]))
    }

    @Test(
        "a text table: columns padded to the widest cell, two spaces between them, none before the first or after the last"
    )
    func textTable() {
        let rows = [["name", "time"], ["fast", "7.5"], ["reference", "512"], ["x"]]
        #expect(
            TextTable.aligned(rows, indent: "  ", alignment: { $0 == 1 ? .right : .left })
                == "  name       time\n  fast        7.5\n  reference   512\n  x\n")
        #expect(TextTable.aligned([["a", "b"]]) == "a  b\n")
        #expect(
            TextTable.markdown(header: ["a", "b"], alignments: ["---", "---:"], [["1", "2"]])
                == "| a | b |\n| --- | ---: |\n| 1 | 2 |\n")
    }

    @Test("the terminal's numbers: three significant digits, none dropped before the point, no exponent")
    func significantDigits() {
        let cases: [(Double, String)] = [
            (44402, "44402"), (1000, "1000"), (999.4, "999"), (983, "983"), (98.26, "98.3"), (3.8612, "3.86"),
            (0.5, "0.500"), (0.020123, "0.0201"), (-12.345, "-12.3"), (0, "0"),
        ]
        for (value, text) in cases {
            #expect(NumberText.significant(value) == text, "\(value)")
        }
        #expect(NumberText.significant(3.8612, digits: 2) == "3.9")
    }

    @Test(
        "a change in percent: one decimal, two significant digits when it is smaller than 0.05 %, a sign when it grew")
    func signedPercent() {
        let cases: [(Double, Double, String)] = [
            (12, 100, "+12.0 %"), (-3.14, 100, "-3.1 %"), (0.046, 100, "+0.046 %"), (-0.0012, 100, "-0.0012 %"),
            (0.049, 100, "+0.049 %"), (0.05, 100, "+0.1 %"), (0, 100, "0.0 %"), (0, 0, "±0"), (1, 0, "new"),
        ]
        for (change, base, text) in cases {
            #expect(NumberText.signedPercent(change, of: base) == text, "\(change) of \(base)")
        }
    }

    @Test("the JSON parser: escapes, exponents with and without a sign, and the nesting limit at its edge")
    func jsonParser() throws {
        let text = #"{"a": "q\"b\\n\u00e9\/", "b": [1e5, 1E+2, -2.5e-3, -0, 0.5], "c": true}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"] == .string("q\"b\\né/"))
        #expect(value["b"] == .array([.number(100_000), .number(100), .number(-0.0025), .number(0), .number(0.5)]))
        #expect(value["c"] == .bool(true))
        let limit = JSONParser.maximumNesting
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(limit)) }
        #expect {
            try JSONParser.parse(nested(limit + 1))
        } throws: { error in
            "\(error)".contains("nesting deeper than \(limit) arrays and objects")
        }
    }
}

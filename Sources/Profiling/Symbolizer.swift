import ChildProcesses
import Foundation
import Support

/// One frame of the source an instruction came from: the function, and the file and
/// line of the instruction within it (line 0 when the compiler made the code up).
public struct SourceFrame: Sendable, Equatable, Hashable {
    public var function: String
    public var file: String
    public var line: Int

    public init(function: String, file: String, line: Int) {
        self.function = function
        self.file = file
        self.line = line
    }
}

/// Maps instruction addresses back to functions, files, lines and inlined frames
/// with `llvm-symbolizer` on the unstripped binary. Valgrind 3.19 cannot read the
/// debug information of current Swift toolchains, so the profile runs a stripped
/// copy and the lines come from here.
public enum Symbolizer {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The frames at each address, innermost (the inlined code) first, outermost
    /// (the function the code was compiled into) last.
    public static func symbolize(
        _ addresses: [UInt64], in object: String, tool: String
    ) throws(Failure) -> [UInt64: [SourceFrame]] {
        guard !addresses.isEmpty else { return [:] }
        let input = addresses.map { "0x" + String($0, radix: 16) }.joined(separator: "\n") + "\n"
        let output: String
        do {
            output = try ChildProcess.output(
                tool, ["--obj=\(object)", "--inlining", "--no-demangle", "--output-style=JSON"], input: input)
        } catch {
            throw Failure(message: "\(tool) failed on \(object): \(error)")
        }
        return try parse(output)
    }

    /// Reads `llvm-symbolizer --output-style=JSON`: one object per line, with the
    /// address and its frames.
    public static func parse(_ output: String) throws(Failure) -> [UInt64: [SourceFrame]] {
        var frames: [UInt64: [SourceFrame]] = [:]
        for (number, line) in output.split(separator: "\n").enumerated() {
            let value: JSONValue
            do { value = try JSONParser.parse(String(line)) } catch {
                throw Failure(message: "symbolizer output line \(number + 1): \(error)")
            }
            guard case .string(let text)? = value["Address"], let address = UInt64(text.dropFirst(2), radix: 16),
                case .array(let symbols)? = value["Symbol"]
            else { throw Failure(message: "symbolizer output line \(number + 1): no Address or Symbol") }
            frames[address] = symbols.compactMap { symbol in
                guard case .string(let function)? = symbol["FunctionName"] else { return nil }
                var file = ""
                if case .string(let name)? = symbol["FileName"] { file = name }
                var line = 0
                if case .number(let number)? = symbol["Line"] { line = Int(number) }
                return SourceFrame(function: function, file: file, line: line)
            }
        }
        return frames
    }

    /// The toolchain's `llvm-symbolizer` (beside `swift`), else the first on `PATH`.
    public static func toolPath() -> String? {
        ChildProcess.toolchainTool("llvm-symbolizer")
    }
}

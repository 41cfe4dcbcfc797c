import FoldBenchCLI
import Foundation

/// Collects what a command writes.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    var console: Console {
        Console(
            out: { text in self.lock.withLock { self.outText += text } },
            err: { text in self.lock.withLock { self.errText += text } })
    }
}

/// Runs `foldbench` in-process with `arguments`.
func runFoldBench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = CapturedOutput()
    let status = FoldBenchCommand.main(arguments, console: captured.console)
    return (status, captured.out, captured.err)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("foldbench-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to a file in `directory` and returns its path.
func writeFile(_ text: String, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// The repository's root, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

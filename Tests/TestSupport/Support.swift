import ChildProcesses
import FoldBenchCLI
import Foundation
import Runs

/// Collects what a command writes.
public final class CapturedOutput: @unchecked Sendable {
    public init() {}

    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    public var out: String { lock.withLock { outText } }
    public var err: String { lock.withLock { errText } }

    public var console: Console {
        Console(
            out: { text in self.lock.withLock { self.outText += text } },
            err: { text in self.lock.withLock { self.errText += text } })
    }
}

/// Runs `foldbench` in-process with `arguments`.
public func runFoldBench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = CapturedOutput()
    let status = FoldBenchCommand.main(arguments, console: captured.console)
    return (status, captured.out, captured.err)
}

/// A fresh temporary directory, removed by the caller.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("foldbench-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to a file in `directory` and returns its path.
public func writeFile(_ text: String, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// The repository's root, from this file's place in it.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `foldbench` beside this test bundle (so a release test run uses the
/// release binary), for the tests that need a separate process: callgrind re-executes
/// the binary, and a crash test kills it.
///
/// `swift test` relinks the test bundle but not the executable, so after a change the
/// binary can be older than the code under test. It is refused, with what to run, when
/// any object file it links is newer than it.
public func freshFoldBenchBinary() throws -> String {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
    let binary = products.appendingPathComponent("foldbench")
    let files = FileManager.default
    guard files.isExecutableFile(atPath: binary.path) else {
        throw StaleBinary(description: "\(binary.path) is missing: run scripts/test.sh (or swift build) first")
    }
    func modified(_ url: URL) -> Date {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
    }
    let built = modified(binary)
    // Every module's objects but the tests' own, which change without the binary, and
    // those of the libraries it does not link (ab's plugin, fast through the C interface, the tests' helpers).
    let unlinked: Set = ["FoldBenchPlugin", "FastVariantLibrary", "TestSupport"]
    let modules = ((try? files.contentsOfDirectory(atPath: products.path)) ?? []).filter {
        $0.hasSuffix(".build") && !$0.hasSuffix("Tests.build")
    }.map { String($0.dropLast(".build".count)) }.filter { !unlinked.contains($0) }
    for module in modules {
        let directory = products.appendingPathComponent("\(module).build")
        for name in (try? files.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".o") {
            if modified(directory.appendingPathComponent(name)) > built {
                throw StaleBinary(
                    description:
                        "\(binary.path) is older than \(module).build/\(name): run scripts/test.sh (or swift build) so that it runs the code under test"
                )
            }
        }
    }
    return binary.path
}

public struct StaleBinary: Error, CustomStringConvertible {
    public let description: String
}

/// Runs the built executable; the callgrind mode re-executes the binary itself,
/// so it cannot run inside the test process.
public func runBinary(_ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) throws -> (
    status: Int32, out: String, err: String
) {
    try runProcess(try freshFoldBenchBinary(), arguments, environment: environment, directory: directory)
}

/// Runs a program to its end, with both of its outputs.
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil
) throws -> (status: Int32, out: String, err: String) {
    let result = try ChildProcess.run(executable, arguments, directory: directory?.path, environment: environment)
    return (result.status, result.output, result.errors)
}

/// The directory of the project's C libraries (c-fast and the misbehaving ones), built
/// by scripts/libraries.sh once per test process. Building fails loudly.
public let libraryDirectory: String = {
    let result = try? ChildProcess.run(
        "/bin/bash", [repositoryRoot.appendingPathComponent("scripts/libraries.sh").path])
    precondition(result?.succeeded == true, "scripts/libraries.sh failed: \(result?.errors ?? "not started")")
    return repositoryRoot.appendingPathComponent(".build/libraries").path
}()

/// The path of `.build/libraries/lib<name>.so`, built.
public func library(_ name: String) -> String { "\(libraryDirectory)/lib\(name).so" }

import Foundation

/// Runs the programs a profile needs (valgrind, llvm-symbolizer, swift-demangle),
/// feeding standard input from a string and collecting standard output.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Standard output of `tool arguments` with `input` on standard input; throws
    /// when it cannot start or exits with a failure.
    static func output(_ tool: String, _ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write on another thread: a large input would fill the pipe while the tool
        // waits for us to read its output.
        let data = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorReader = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "\(URL(fileURLWithPath: tool).lastPathComponent) exited with status \(process.terminationStatus): \(errorReader.text.suffix(500))"
            )
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A tool of the Swift toolchain: beside the `swift` on `PATH` (symbolic links
    /// followed), else on `PATH` itself.
    static func toolchainTool(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let swift = "\(directory)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            let candidate = real.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return onPath(name)
    }

    /// The first executable `name` on `PATH`.
    static func onPath(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    var text: String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// The one way FoldBench starts another program — git, swift, valgrind, objcopy,
/// llvm-symbolizer, its own executable for `ab` trials and callgrind children, and the
/// tests' runs of the built binary: arguments as given (no shell), both outputs read
/// at once so that a child filling one pipe never blocks, standard input written on a
/// thread of its own for the same reason.
public enum ChildProcess {
    /// How a child ended and what it wrote.
    public struct Result: Sendable {
        public var status: Int32
        /// Standard output (empty when it went to a log).
        public var output: String
        /// Standard error (empty when it went to a log).
        public var errors: String

        public var succeeded: Bool { status == 0 }
        /// Standard output without the surrounding white space, as a one-line answer reads.
        public var trimmedOutput: String { output.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A program that could not be started, or that failed where it had to succeed.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A child started and not yet waited for.
    public final class Running: @unchecked Sendable {
        let process: Process
        private let output: PipeReader?
        private let errors: PipeReader?

        init(_ process: Process, output: PipeReader?, errors: PipeReader?) {
            self.process = process
            self.output = output
            self.errors = errors
        }

        public var isRunning: Bool { process.isRunning }
        public var processIdentifier: Int32 { process.processIdentifier }

        /// Sends `signal` (SIGKILL, SIGTERM, …) to the child.
        public func kill(_ signal: Int32) { Foundation.kill(process.processIdentifier, signal) }

        /// Waits for the child to end; its status and outputs.
        @discardableResult
        public func wait() -> Result {
            let output = output?.text ?? ""
            let errors = errors?.text ?? ""
            process.waitUntilExit()
            return Result(status: process.terminationStatus, output: output, errors: errors)
        }
    }

    /// Where a child's outputs go.
    public enum Outputs: Sendable {
        /// Both read into the result.
        case collect
        /// Both appended to one file (a build log, valgrind's messages).
        case log(String)
        /// Both dropped.
        case discard
    }

    /// Starts `program` (a path, or a name looked up on `PATH`) with `arguments`, in
    /// `directory` (else this process's), with `environment` (else this process's).
    public static func start(
        _ program: String, _ arguments: [String], input: String? = nil, directory: String? = nil,
        environment: [String: String]? = nil, outputs: Outputs = .collect
    ) throws(Failure) -> Running {
        guard let executable = program.contains("/") ? program : onPath(program) else {
            throw Failure(description: "\(program) is not installed (not found on PATH)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        var readers: (PipeReader?, PipeReader?) = (nil, nil)
        var log: FileHandle?
        switch outputs {
        case .collect:
            let (output, errors) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = errors
            readers = (PipeReader(output), PipeReader(errors))
        case .log(let path):
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw Failure(description: "\(path): cannot write the log of \(program)") }
            process.standardOutput = handle
            process.standardError = handle
            log = handle
        case .discard:
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(executable): \(error.localizedDescription)")
        }
        // The child has its own copy of the log.
        try? log?.close()
        if let stdin, let input {
            let data = Data(input.utf8)
            Thread {
                stdin.fileHandleForWriting.write(data)
                try? stdin.fileHandleForWriting.close()
            }.start()
        }
        // Readers start after the launch: they hold the pipes' read ends only.
        readers.0?.start()
        readers.1?.start()
        return Running(process, output: readers.0, errors: readers.1)
    }

    /// Runs `program` to its end (see ``start(_:_:input:directory:environment:outputs:)``).
    public static func run(
        _ program: String, _ arguments: [String], input: String? = nil, directory: String? = nil,
        environment: [String: String]? = nil, outputs: Outputs = .collect
    ) throws(Failure) -> Result {
        try start(
            program, arguments, input: input, directory: directory, environment: environment, outputs: outputs
        ).wait()
    }

    /// Standard output of `program`, which must succeed; a failure names the program,
    /// its status and the end of what it wrote on standard error.
    public static func output(
        _ program: String, _ arguments: [String], input: String? = nil, directory: String? = nil
    ) throws(Failure) -> String {
        let result = try run(program, arguments, input: input, directory: directory)
        guard result.succeeded else {
            throw Failure(
                description:
                    "\(URL(fileURLWithPath: program).lastPathComponent) exited with status \(result.status): \(result.errors.suffix(500))"
            )
        }
        return result.output
    }

    /// This process's own executable (for the children that run foldbench again).
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The first executable `name` on `PATH`.
    public static func onPath(_ name: String) -> String? {
        for directory in searchPath {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A tool of the Swift toolchain: beside the `swift` on `PATH` (symbolic links
    /// followed), else on `PATH` itself.
    public static func toolchainTool(_ name: String) -> String? {
        for directory in searchPath {
            let swift = "\(directory)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            let candidate = real.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return onPath(name)
    }

    static var searchPath: [Substring] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private let handle: FileHandle
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) { handle = pipe.fileHandleForReading }

    func start() {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Everything read, once the pipe has ended.
    var text: String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

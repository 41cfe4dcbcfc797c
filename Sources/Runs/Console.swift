import Foundation
import Support

/// Where a command writes: standard output and standard error, or buffers in tests.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void
    /// Standard output as bytes, for answers written a chunk at a time.
    public let outBytes: @Sendable ([UInt8]) -> Void

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        outBytes: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.outBytes = outBytes ?? { bytes in out(String(decoding: bytes, as: UTF8.self)) }
    }

    /// The process's own streams, unbuffered on standard error so progress shows at once.
    /// Standard output that cannot be written (a full disk, a closed pipe's reader gone)
    /// ends the process with exit status 2 and says why, rather than losing the answer
    /// unnoticed.
    public static let standard = Console(
        out: { text in writeAll(Array(text.utf8), to: 1) },
        err: { text in writeAll(Array(text.utf8), to: 2) },
        outBytes: { bytes in writeAll(bytes, to: 1) })

    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                if descriptor != 2 {
                    let message = Array("foldbench: error: standard output: \(reason)\n".utf8)
                    _ = message.withUnsafeBytes { Foundation.write(2, $0.baseAddress!, $0.count) }
                }
                exit(2)
            }
            offset += written
        }
    }
}

/// A command's failure with its exit status: ``ExitStatus/failed`` a failed check or a
/// regression, ``ExitStatus/badInput`` bad usage or bad input.
public struct RunFailure: Error, Sendable, CustomStringConvertible {
    public let exit: ExitStatus
    public let message: String

    public init(_ exit: ExitStatus, _ message: String) {
        self.exit = exit
        self.message = message
    }

    /// The process's exit status.
    public var status: Int32 { exit.rawValue }

    /// Bad input in a file: names the file, the place in it and the rule (exit 2).
    public static func badInput(file: String, _ error: CustomStringConvertible) -> RunFailure {
        RunFailure(.badInput, "\(file): \(error)")
    }

    public var description: String { message }
}

/// The input limits in force for the command running: the defaults, or what its
/// flags say. A task-local value, so that commands run side by side (as the tests
/// run them) keep their own.
public enum Limits {
    @TaskLocal public static var current = InputLimits.standard
}

/// Reads a whole file of at most `limit` bytes straight into an array (one copy in
/// memory, not two); a missing, unreadable or oversized file is bad input (exit 2).
public func readFile(_ path: String, limit: Int = Limits.current.maximumFileBytes) throws(RunFailure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
        let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
        throw RunFailure(.badInput, "\(path): cannot read: \(reason)")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        throw RunFailure(.badInput, "\(path): cannot read: \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT != S_IFDIR else {
        throw RunFailure(.badInput, "\(path): cannot read: is a directory")
    }
    let size = Int(status.st_size)
    guard size <= limit else { throw fileTooLarge(path, limit: limit) }
    // A regular file's size is known: one byte more finds its end without growing the
    // array (a second copy of a big file); a pipe's grows as it is read, within the limit.
    var bytes = [UInt8](repeating: 0, count: min(max(size + 1, 1 << 16), limit + 1))
    var count = 0
    while true {
        if count == bytes.count {
            // Full: the file is longer than it was, or a pipe. Grow, up to one byte past the limit.
            guard count <= limit else { throw fileTooLarge(path, limit: limit) }
            bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count))
        }
        let got = bytes.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else {
            throw RunFailure(.badInput, "\(path): cannot read: \(String(cString: strerror(errno)))")
        }
        if got == 0 { break }
        count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
}

public func fileTooLarge(_ path: String, limit: Int) -> RunFailure {
    RunFailure(
        .badInput,
        "\(path): larger than \(limit >> 20) MiB, the input limit (raise it with \(InputLimits.fileSizeFlag) N)")
}

/// `path` from the root, so that a child process or a build's worker finds it from any directory.
public func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

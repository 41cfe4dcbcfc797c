import Foundation

/// Where a command writes: standard output and standard error, or buffers in tests.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's own streams, unbuffered on standard error so progress shows at once.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) })
}

/// A command's failure with its exit status: 1 a failed check or a regression,
/// 2 bad usage or bad input.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public let status: Int32
    public let message: String

    public init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    /// Bad input in a file: names the file, the place in it and the rule (exit 2).
    public static func badInput(file: String, _ error: CustomStringConvertible) -> CommandFailure {
        CommandFailure(status: 2, "\(file): \(error)")
    }

    public var description: String { message }
}

/// Reads a whole file; a missing or unreadable file is bad input (exit 2).
func readFile(_ path: String) throws(CommandFailure) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CommandFailure(status: 2, "\(path): cannot read: no such file")
    }
    guard !isDirectory.boolValue else { throw CommandFailure(status: 2, "\(path): cannot read: is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandFailure(status: 2, "\(path): cannot read: permission denied or I/O error")
    }
    return [UInt8](data)
}

import Foundation
import Measurement

#if canImport(Glibc)
    import Glibc
#endif

/// Writes under `Results/` so that a crash or a second run never truncates or
/// interleaves what is there.
public enum ResultFiles {
    /// A failure to write, naming the file.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): cannot write: \(reason)" }
    }

    /// Fails now, naming the directory, when `directory` cannot be created or written
    /// (a read-only or full disk, a file in the way), so that a long run stops
    /// before it measures rather than after. Leaves nothing behind: a directory that
    /// does not exist yet is not made; its nearest existing parent must let one be made.
    public static func checkWritable(_ directory: String) throws(WriteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            try checkCreatable(directory)
            return
        }
        guard isDirectory.boolValue else { throw WriteError(path: directory, reason: "a file is in the way") }
        let probe = "\(directory)/.foldbench-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: directory, reason: String(cString: strerror(errno)))
        }
        let written = write(descriptor, "x", 1)
        let failure = errno
        close(descriptor)
        unlink(probe)
        guard written == 1 else { throw WriteError(path: directory, reason: String(cString: strerror(failure))) }
    }

    /// Whether `directory`, which does not exist, could be made: its nearest existing
    /// ancestor is a directory in which one can be made (tried, and removed at once).
    static func checkCreatable(_ directory: String) throws(WriteError) {
        var ancestor = parent(of: directory)
        var isDirectory: ObjCBool = false
        while ancestor != ".", ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
            ancestor = parent(of: ancestor)
        }
        _ = FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory)
        guard isDirectory.boolValue else {
            throw WriteError(path: directory, reason: "\(ancestor) is a file, not a directory")
        }
        let probe = "\(ancestor)/.foldbench-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(probe, 0o755) == 0 else {
            throw WriteError(path: directory, reason: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        rmdir(probe)
    }

    /// A file `path` could be written: a folder, not a file, at its place, and its
    /// folder writable or makeable. Nothing is left behind.
    public static func checkWritable(file path: String) throws(WriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a directory")
        }
        try checkWritable(parent(of: path))
    }

    /// The folder a path is in: "." for a bare name, "/" at the root. (Foundation's
    /// `deletingLastPathComponent` traps on some relative paths on Linux.)
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Makes `directory` and its parents; a failure names the part that stops it.
    static func makeDirectory(_ directory: String) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, reason: reason(creating: directory))
        }
    }

    /// Why a directory could not be made, found by making its parts in turn: a part
    /// of its path that is a file, or the system's reason for the first part that
    /// cannot be made.
    static func reason(creating directory: String) -> String {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { return "\(prefix) is a file, not a directory" }
            } else if mkdir(prefix, 0o755) != 0 {
                return "cannot create \(prefix): \(String(cString: strerror(errno)))"
            }
        }
        return "cannot create the directory"
    }

    /// Writes `text` to `path` atomically: a temporary file in the same directory,
    /// flushed to disk, then renamed over the target. Readers see the old file or
    /// the new one, never a part.
    public static func writeAtomically(_ text: String, to path: String) throws(WriteError) {
        let directory = ResultFiles.parent(of: path)
        if !directory.isEmpty { try makeDirectory(directory) }
        // Errors name the file asked for, and say that it was left as it was.
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: "\(String(cString: strerror(errno))) (left as it was)")
        }
        do throws(WriteError) {
            try writeAll(descriptor, Array(text.utf8), path: path)
            guard fsync(descriptor) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            let error = WriteError(path: error.path, reason: "\(error.reason) (left as it was)")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Appends `rows` to a CSV file under an exclusive `flock`, writing `header`
    /// first when the file is new or empty. All rows go in while the lock is held,
    /// so concurrent runs never interleave; a crash can at worst leave a final
    /// partial row, which `trend` reports and skips.
    public static func appendLocked(_ rows: String, header: String, to path: String) throws(WriteError) {
        try appendLocked(header: header, to: path) { _ in rows }
    }

    /// The same, with the rows chosen under the lock from the header the file already
    /// has (`nil` for a new or empty file), so that rows always match their file's columns.
    public static func appendLocked(
        header: String, to path: String, rows: (_ existingHeader: String?) -> String
    ) throws(WriteError) {
        let directory = ResultFiles.parent(of: path)
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { flock(descriptor, LOCK_UN) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var text = status.st_size == 0 ? header : ""
        // A previous writer killed mid-row left no newline: start on a fresh line.
        if status.st_size > 0, let last = lastByte(path), last != UInt8(ascii: "\n") { text = "\n" }
        text += rows(status.st_size == 0 ? nil : firstLine(path))
        do throws(WriteError) {
            try writeAll(descriptor, Array(text.utf8), path: path)
            guard fsync(descriptor) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            // A full disk stopped the rows part way: cut them off again, still under the
            // lock, so that the file ends where it ended.
            let restored = ftruncate(descriptor, status.st_size) == 0 && fsync(descriptor) == 0
            throw WriteError(
                path: path,
                reason:
                    "\(error.reason) (\(restored ? "no row appended" : "the last row may be partial; trend skips it"))")
        }
    }

    /// The file's first line (without its newline), read from at most its first 64 KiB.
    static func firstLine(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 65_536) else { return nil }
        let bytes = [UInt8](data)
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    static func lastByte(_ path: String) -> UInt8? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return nil }
        try? handle.seek(toOffset: end - 1)
        return (try? handle.read(upToCount: 1))?.first
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

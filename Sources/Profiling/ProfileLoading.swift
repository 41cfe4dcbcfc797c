import Charts
import Foundation

extension Profile {
    /// Maps every address of `dump` back to source with the symbolizer and names to
    /// their short form. `objects` renames an object the dump names (the stripped copy
    /// that ran) to the file that has its debug information (the original).
    public static func symbolized(
        _ dump: CallgrindProfile, objects: [String: String] = [:]
    ) throws(Symbolizer.Failure) -> Profile {
        guard let tool = Symbolizer.toolPath() else {
            throw Symbolizer.Failure(
                message: "llvm-symbolizer not found (it ships with the Swift toolchain, beside 'swift')")
        }
        var addresses: [String: Set<UInt64>] = [:]
        for cost in dump.costs { addresses[cost.object, default: []].insert(cost.address) }
        var frames: [String: [UInt64: [SourceFrame]]] = [:]
        for (object, set) in addresses {
            let file = objects[object] ?? object
            guard FileManager.default.fileExists(atPath: file) else { continue }
            frames[object] = try Symbolizer.symbolize(set.sorted(), in: file, tool: tool)
        }
        return Profile(
            dump, frames: frames, simplify: Demangler.simplify,
            isSource: { $0.hasPrefix("/") && FileManager.default.fileExists(atPath: $0) })
    }
}

/// Source files read once each, as lines.
public final class SourceFiles: @unchecked Sendable {
    private var cache: [String: [String]?] = [:]

    public init() {}

    /// The lines of `path`, or `nil` when it cannot be read as text.
    public func lines(_ path: String) -> [String]? {
        if let known = cache[path] { return known }
        let text = path.hasPrefix("/") ? try? String(contentsOfFile: path, encoding: .utf8) : nil
        let lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        cache[path] = lines
        return lines
    }

    /// The text of the line at `location` (lines count from 1), or `nil`.
    public func text(at location: SourceLocation) -> String? {
        lines(location.file).flatMap { $0.indices.contains(location.line - 1) ? $0[location.line - 1] : nil }
    }
}

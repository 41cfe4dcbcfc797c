import ArrangementModel
import CVariantInterface
import Support
import Variants
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// A shared library holding one resolver variant behind `foldbench_variant.h`, loaded and
/// checked: every entry point found, the interface version this FoldBench speaks, a name
/// that follows the rules and is not a built-in variant's. Only a worker loads one
/// (``Supervisor``): a library's code never runs in the process that reports.
public final class VariantLibrary: @unchecked Sendable {
    /// The interface version this build of FoldBench speaks; it takes every version up to it.
    public static let interfaceVersion = UInt32(FOLDBENCH_VARIANT_INTERFACE_VERSION)
    /// The version the library speaks (1 or 2).
    public let version: UInt32
    /// The longest time one guarded relayout may take before the check calls it a hang.
    public static let frameLimitMilliseconds = 1000

    public let path: String
    /// The path as the user gave it, for messages.
    public let displayPath: String
    /// Its place in the worker's request, for the crumb.
    public let index: Int
    public let name: VariantName
    public let summary: String
    public let frameMemory: FrameMemory

    typealias Prepare =
        @convention(c) (
            UnsafePointer<foldbench_tree>?, UnsafeMutablePointer<CChar>?, Int
        ) -> UnsafeMutableRawPointer?
    typealias Relayout =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<foldbench_context>?, UnsafeMutablePointer<foldbench_pane_layout>?
        ) -> Void
    typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias Edit =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<foldbench_tree>?, UnsafePointer<foldbench_edit>?, UInt32
        ) -> Int32

    let prepareFunction: Prepare
    let relayoutFunction: Relayout
    let releaseFunction: Release
    /// Version 2's optional entry point; nil when the library prepares anew on an edit.
    let editFunction: Edit?
    /// Whether it exports version 2's edit entry point.
    public var takesEdits: Bool { editFunction != nil }

    /// The entry points, in the header's order.
    static let symbols = [
        "foldbench_variant_interface_version", "foldbench_variant_name", "foldbench_variant_summary",
        "foldbench_variant_frame_memory", "foldbench_variant_prepare", "foldbench_variant_relayout",
        "foldbench_variant_release",
    ]

    /// Version 2's optional entry point.
    static let editSymbol = "foldbench_variant_edit"

    /// Loads the library at `path` (named `displayPath` in messages, the `index`th of
    /// the worker's request); `builtIn` are the names it may not take. Every call into
    /// the library here is a step of the crumb, so a crash in its constructors or its
    /// name function is blamed on it.
    public init(
        path: String, displayPath: String? = nil, index: Int = -1, builtIn: [VariantName] = VariantList.allNames
    ) throws(LibraryError) {
        self.path = path
        self.displayPath = displayPath ?? path
        self.index = index
        let path = self.displayPath
        guard access(self.path, F_OK) == 0 else { throw LibraryError(path: path, "no such file", isBadArgument: true) }
        // A name without a slash would make dlopen search the system's directories.
        let opened = self.path.contains("/") ? self.path : "./" + self.path
        WorkerCrumb.enterLibrary(index, limitMilliseconds: 10_000)
        defer { WorkerCrumb.leaveLibrary() }
        guard let handle = dlopen(opened, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw LibraryError(path: path, "cannot be loaded: \(reason)")
        }
        var found: [String: UnsafeMutableRawPointer] = [:]
        for symbol in Self.symbols {
            guard let address = dlsym(handle, symbol) else {
                throw LibraryError(path: path, "does not export \(symbol) (see foldbench_variant.h)")
            }
            found[symbol] = address
        }
        typealias Number = @convention(c) () -> UInt32
        typealias Text = @convention(c) () -> UnsafePointer<CChar>?
        let version = unsafeBitCast(found[Self.symbols[0]]!, to: Number.self)()
        guard (1...Self.interfaceVersion).contains(version) else {
            throw LibraryError(
                path: path,
                "speaks interface version \(version); this FoldBench speaks versions 1 to \(Self.interfaceVersion)")
        }
        self.version = version
        guard let namePointer = unsafeBitCast(found[Self.symbols[1]]!, to: Text.self)() else {
            throw LibraryError(path: path, "foldbench_variant_name returned NULL")
        }
        let name = String(cString: namePointer)
        if let broken = Self.nameRule(name) { throw LibraryError(path: path, "names its variant '\(name)': \(broken)") }
        guard !builtIn.contains(VariantName(name)) else {
            throw LibraryError(path: path, "names its variant '\(name)', which is a built-in variant's name")
        }
        self.name = VariantName(name)
        summary = unsafeBitCast(found[Self.symbols[2]]!, to: Text.self)().map { String(cString: $0) } ?? ""
        let memory = unsafeBitCast(found[Self.symbols[3]]!, to: Number.self)()
        guard memory & ~UInt32(3) == 0 else {
            throw LibraryError(path: path, "declares frame memory \(memory); only bits 0 and 1 are defined")
        }
        frameMemory = FrameMemory(rawValue: UInt8(memory))
        prepareFunction = unsafeBitCast(found[Self.symbols[4]]!, to: Prepare.self)
        relayoutFunction = unsafeBitCast(found[Self.symbols[5]]!, to: Relayout.self)
        releaseFunction = unsafeBitCast(found[Self.symbols[6]]!, to: Release.self)
        // A version-1 library's symbols are not looked at beyond its seven.
        editFunction =
            version >= 2 ? dlsym(handle, Self.editSymbol).map { unsafeBitCast($0, to: Edit.self) } : nil
        // The library stays loaded for the life of the process: prepared values may outlive any owner here.
    }

    /// Why `name` breaks the header's rule 7, or `nil`.
    static func nameRule(_ name: String) -> String? {
        guard (1...40).contains(name.utf8.count) else { return "a name is 1 to 40 characters" }
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        return allowed ? nil : "a name holds only a-z, 0-9, '-' and '.'"
    }

    /// The variant as a worker's lists hold it: its frame loop hands the library guarded
    /// memory and watches every call outside the timed batches (``LibraryLoopState``).
    public func entry() -> VariantEntry {
        let summary = summary.isEmpty ? "from \(displayPath)" : summary
        let library = self
        return VariantEntry(
            LibraryVariant(library: self), summary: summary,
            makeLoop: { trees, contexts, now in
                // On a timeline whose tree changes, where edits land the library takes them
                // (version 2) or its tree is prepared anew, in the timed frames as in the checked.
                guard trees.hasEdits else { return LibraryVariant.frameLoop(library, trees.first, contexts, now: now) }
                return LibraryTimelineLoop(library, trees, contexts, now: now).frameLoop()
            })
    }
}

/// A library that cannot be used: a bad path or argument (exit 2), or a bad library (exit 1).
public struct LibraryError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let problem: String
    /// The path names no file: the user's argument is wrong, not the library.
    public let isBadArgument: Bool

    public init(path: String, _ problem: String, isBadArgument: Bool = false) {
        self.path = path
        self.problem = problem
        self.isBadArgument = isBadArgument
    }

    public var description: String { "library \(path): \(problem)" }
    public var exitStatus: ExitStatus { isBadArgument ? .badInput : .failed }
}

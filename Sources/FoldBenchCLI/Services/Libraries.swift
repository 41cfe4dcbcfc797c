import ArrangementModel
import Foundation
import SceneFormat
import Support
import Variants
import Workers

/// The variants of `--variant-library`, as the parent knows them: what a worker said
/// when it loaded each one. The parent never opens a library (``Supervisor``).
struct LibraryInfo: Sendable {
    /// As the user gave it (messages name it so), and absolute (what a worker opens).
    var path: String
    var absolute: String
    var name: VariantName
    var summary: String
    var frameMemory: FrameMemory
    /// The interface version it speaks, and whether it takes edits in place (version 2).
    var interface: Int
    var takesEdits: Bool

    /// The variant for the parent's lists: its name and what it remembers. Its code
    /// runs only in a worker; here it answers nothing.
    var entry: VariantEntry {
        VariantEntry(
            RemoteVariant(name: name.rawValue, frameMemory: frameMemory),
            summary: summary.isEmpty ? "from \(path)" : summary)
    }
}

/// A library's variant seen from the parent: a name to look up and to list.
struct RemoteVariant: ResolverVariant {
    let name: String
    let frameMemory: FrameMemory
    func prepare(_ tree: ArrangementTree) {}
    func relayout(_ prepared: Void, in context: LayoutContext, into resolution: inout Resolution) {
        preconditionFailure("a library's variant runs in a worker, never in the parent")
    }
}

/// Loading, describing and using the libraries of `--variant-library`, each through a worker.
enum Libraries {
    /// Every library of `--variant-library`, in the order given, described by a worker:
    /// a missing file exits 2, a library that breaks the interface's rules (or crashes
    /// while loading) exits 1, each in one line.
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> [LibraryInfo] {
        try describe(arguments.all(.variantLibraries))
    }

    /// The libraries at `paths` as a worker describes them (`load`'s rules).
    static func describe(_ paths: [String]) throws(CommandFailure) -> [LibraryInfo] {
        guard !paths.isEmpty else { return [] }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(.badInput, "library \(path): no such file")
        }
        var request = WorkRequest(.describe)
        request.libraries = paths
        request.libraryPaths = paths.map(absolutePath)
        var found: [LibraryInfo] = []
        try run(request) { reply in
            guard case .library(let path, let name, let summary, let memory, let interface, let takesEdits) = reply
            else { return }
            let index = found.count
            found.append(
                LibraryInfo(
                    path: path, absolute: request.libraryPaths[index], name: VariantName(name), summary: summary,
                    frameMemory: FrameMemory(rawValue: UInt8(memory)), interface: interface, takesEdits: takesEdits))
        }
        for (index, library) in found.enumerated() {
            if let other = found[..<index].first(where: { $0.name == library.name }) {
                throw CommandFailure(
                    .failed, "library \(library.path): names its variant '\(library.name)', as \(other.path) does")
            }
        }
        return found
    }

    /// Runs `request` in a worker, its failure as this command's (the page of a
    /// disagreement dropped: the callers that draw one catch ``WorkerFailure`` themselves).
    static func run(_ request: WorkRequest, supervisor: Supervisor = Supervisor(), onReply: (WorkReply) -> Void)
        throws(CommandFailure)
    {
        do {
            try supervisor.run(request) { reply throws(WorkerFailure) in onReply(reply) }
        } catch {
            throw CommandFailure(error.status, error.message)
        }
    }

    /// A one-off resolution (`resolve`, `draw`) by the variant `--variant` names
    /// (`fallback` when none): a built-in one here, a library's in a worker.
    static func variant(
        _ arguments: ParsedArguments, fallback: VariantName, place: String, command: CommandSpec
    ) throws -> OneOffVariant {
        let libraries = try load(arguments)
        let name = arguments.variantName(.variant) ?? fallback
        if let library = libraries.first(where: { $0.name == name }) {
            return OneOffVariant(name: name.rawValue) { tree, context throws(CommandFailure) in
                var request = WorkRequest(.resolve)
                request.libraries = [library.path]
                request.libraryPaths = [library.absolute]
                request.variants = [library.name.rawValue]
                request.scene = SceneEncoder.encode(Scene(context: context, tree: tree))
                request.scenarios = [place]
                var panes: [[UInt64]] = []
                try run(request) { reply in
                    if case .resolution(let answer) = reply { panes = answer }
                }
                return Resolution(bitPatterns: panes, paneCount: tree.paneCount)
            }
        }
        let entry = try VariantLookup.named(name, libraries: libraries.map(\.entry), command: command)
        return OneOffVariant(name: entry.name.rawValue) { tree, context in entry.variant.resolve(tree, in: context) }
    }
}

/// A variant asked for one answer: a built-in one's in this process, a library's from a worker.
struct OneOffVariant {
    let name: String
    let resolve: (ArrangementTree, LayoutContext) throws -> Resolution
}

extension Resolution {
    /// Panes from a worker's reply: each the four frame numbers' bit patterns, then the bits.
    init(bitPatterns panes: [[UInt64]], paneCount: Int) {
        self.init(paneCount: paneCount)
        for (index, pane) in panes.enumerated() where index < paneCount && pane.count == 5 {
            self.panes[index] = PaneLayout(
                frame: Rect(
                    uncheckedX: Double(bitPattern: pane[0]), y: Double(bitPattern: pane[1]),
                    width: Double(bitPattern: pane[2]),
                    height: Double(bitPattern: pane[3])),
                bits: UInt32(truncatingIfNeeded: pane[4]))
        }
    }

    /// The panes as a worker replies them.
    var bitPatterns: [[UInt64]] {
        panes.map { pane in
            [
                pane.frame.x.bitPattern, pane.frame.y.bitPattern, pane.frame.width.bitPattern,
                pane.frame.height.bitPattern, UInt64(pane.bits),
            ]
        }
    }
}

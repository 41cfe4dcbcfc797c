import ArrangementModel
import Foundation
import SceneFormat
import Support
import Variants
import Workers

/// The variants of `--variant-library`, as the parent knows them: what a worker said
/// when it loaded each one. The parent never opens a library (``Supervisor``).
public struct LibraryInfo: Sendable {
    /// As the user gave it (messages name it so), and absolute (what a worker opens).
    public var path: String
    public var absolute: String
    public var name: VariantName
    public var summary: String
    public var frameMemory: FrameMemory
    /// The interface version it speaks, and whether it takes edits in place (version 2).
    public var interface: Int
    public var takesEdits: Bool

    /// The variant for the parent's lists: its name and what it remembers. Its code
    /// runs only in a worker; here it answers nothing.
    public var entry: VariantEntry {
        VariantEntry(
            RemoteVariant(name: name.rawValue, frameMemory: frameMemory),
            summary: summary.isEmpty ? "from \(path)" : summary)
    }
}

/// A library's variant seen from the parent: a name to look up and to list.
public struct RemoteVariant: ResolverVariant {
    public let name: String
    public let frameMemory: FrameMemory
    public func prepare(_ tree: ArrangementTree) {}
    public func relayout(_ prepared: Void, in context: LayoutContext, into resolution: inout Resolution) {
        preconditionFailure("a library's variant runs in a worker, never in the parent")
    }
}

/// Loading, describing and using the libraries of `--variant-library`, each through a worker.
public enum Libraries {
    /// The libraries at `paths` as a worker describes them (`load`'s rules).
    public static func describe(_ paths: [String]) throws(RunFailure) -> [LibraryInfo] {
        guard !paths.isEmpty else { return [] }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw RunFailure(.badInput, "library \(path): no such file")
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
                throw RunFailure(
                    .failed, "library \(library.path): names its variant '\(library.name)', as \(other.path) does")
            }
        }
        return found
    }

    /// Runs `request` in a worker, its failure as this command's (the page of a
    /// disagreement dropped: the callers that draw one catch ``WorkerFailure`` themselves).
    public static func run(_ request: WorkRequest, supervisor: Supervisor = Supervisor(), onReply: (WorkReply) -> Void)
        throws(RunFailure)
    {
        do {
            try supervisor.run(request) { reply throws(WorkerFailure) in onReply(reply) }
        } catch {
            throw RunFailure(error.status, error.message)
        }
    }

    /// `library`'s variant asked for one answer at a time, each in a worker of its own
    /// (`place` names the answer in its messages).
    public static func oneOff(_ library: LibraryInfo, place: String) -> OneOffVariant {
        OneOffVariant(name: library.name.rawValue) { tree, context throws(RunFailure) in
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
}

/// A variant asked for one answer: a built-in one's in this process, a library's from a worker.
public struct OneOffVariant {
    public let name: String
    public let resolve: (ArrangementTree, LayoutContext) throws -> Resolution

    public init(name: String, resolve: @escaping (ArrangementTree, LayoutContext) throws -> Resolution) {
        self.name = name
        self.resolve = resolve
    }
}

extension Resolution {
    /// Panes from a worker's reply: each the four frame numbers' bit patterns, then the bits.
    public init(bitPatterns panes: [[UInt64]], paneCount: Int) {
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
    public var bitPatterns: [[UInt64]] {
        panes.map { pane in
            [
                pane.frame.x.bitPattern, pane.frame.y.bitPattern, pane.frame.width.bitPattern,
                pane.frame.height.bitPattern, UInt64(pane.bits),
            ]
        }
    }
}

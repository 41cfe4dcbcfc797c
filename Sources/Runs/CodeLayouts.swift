import ChildProcesses
import Foundation
import Support

/// One build's plugin library linked in several code layouts, so that `ab` measures a
/// change over where the linker may put the code instead of at one placement.
///
/// The sources are compiled once, every function in its own section and aligned to
/// 64 bytes (a cache line: a function's offset inside a line no longer depends on what
/// precedes it); the objects are then linked with `lld`, whose `--shuffle-sections`
/// orders the functions by a seed. Layout `i` is the link with seed `i + 1`, made when
/// first asked for (a link takes about a third of a second) and kept beside the objects.
/// A build given as a library path has the one layout it was linked with.
public struct CodeLayouts {
    /// What the library at layout 0 stands for in reports: a revision or a path.
    public let build: String
    /// The compiled objects' build directory (its `release.yaml` holds the link command),
    /// or `nil` for a library given by path.
    private let scratch: String?
    private let given: String?
    /// The link command of the plugin library, read from the build's manifest.
    private let linkArguments: [String]

    /// The flags of the compile that layouts are linked from.
    public static let compileFlags = [
        "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections",
        "-Xswiftc", "-Xllvm", "-Xswiftc", "-align-all-functions=6",
        "-Xswiftc", "-use-ld=lld",
    ]

    /// The build directory of the package at `directory` compiled for layouts, apart from
    /// its everyday release build.
    public static func scratch(of directory: String) -> String { "\(directory)/.build/layouts" }

    /// A library given by path: its one layout.
    public init(library: String) {
        build = library
        scratch = nil
        given = library
        linkArguments = []
    }

    /// The plugin of the package at `directory`, compiled for layouts into its own build
    /// directory (`.build/layouts`, apart from the everyday release build).
    public init(package directory: String, what: String, console: Console) throws(RunFailure) {
        build = what
        given = nil
        let scratch = Self.scratch(of: directory)
        self.scratch = scratch
        let log = "\(scratch).build.log"
        try? FileManager.default.createDirectory(atPath: "\(directory)/.build", withIntermediateDirectories: true)
        let arguments =
            ["build", "-c", "release", "--product", Builds.Product.plugin.rawValue, "--scratch-path", scratch]
            + Self.compileFlags
        let status = Builds.runShowingProgress(
            ["swift"] + arguments, in: directory, log: log, what: "building \(what) for code layouts", console: console)
        guard status == 0 else {
            throw RunFailure(
                .badInput,
                "\(what) does not build \(Builds.Product.plugin.rawValue) for layouts (\(log)); its last lines:\n\(Builds.lastLines(of: log))"
            )
        }
        let manifest = "\(scratch)/release.yaml"
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8),
            let link = Self.linkCommand(inManifest: text)
        else {
            throw RunFailure(.badInput, "\(manifest): no link command for \(Builds.library)")
        }
        linkArguments = link
        // Links of an earlier compile are stale: the objects may have changed.
        try? FileManager.default.removeItem(atPath: "\(scratch)/layout")
        try? FileManager.default.createDirectory(atPath: "\(scratch)/layout", withIntermediateDirectories: true)
    }

    /// Whether there is one layout only: a library given by path.
    public var isSingle: Bool { given != nil }

    /// The library of layout `index`, linked now if it is not yet.
    public func library(_ index: Int) throws(RunFailure) -> String {
        if let given { return given }
        guard let scratch else { preconditionFailure("a package build has a build directory") }
        let directory = "\(scratch)/layout/\(index)"
        let path = "\(directory)/\(Builds.library)"
        if FileManager.default.fileExists(atPath: path) { return path }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let arguments = Self.layoutLink(linkArguments, output: path, seed: index + 1)
        let result = Builds.run(arguments, in: scratch, log: "\(directory).log")
        guard result.status == 0, FileManager.default.fileExists(atPath: path) else {
            throw RunFailure(.badInput, "\(build): the link of layout \(index) failed (see \(directory).log)")
        }
        return path
    }

    /// The link command of `libFoldBenchPlugin.so` in a SwiftPM manifest (`release.yaml`):
    /// the `args` of its `.dylib` command, a JSON array.
    public static func linkCommand(inManifest text: String) -> [String]? {
        var inLink = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \"C.\(Builds.Product.plugin.rawValue)-"), line.hasSuffix(".dylib\":") {
                inLink = true
            } else if inLink, line.hasPrefix("  \"") {
                return nil
            } else if inLink, let range = line.range(of: "    args: ") {
                guard case .array(let values)? = try? JSONParser.parse(Array(line[range.upperBound...].utf8)) else {
                    return nil
                }
                let arguments = values.compactMap { value -> String? in
                    if case .string(let text) = value { return text }
                    return nil
                }
                return arguments.count == values.count && arguments.contains("-o") ? arguments : nil
            }
        }
        return nil
    }

    /// `link` writing `output` instead, its sections shuffled by `seed`, without debug
    /// information (a trial never reads it, and the link is three times faster).
    public static func layoutLink(_ link: [String], output: String, seed: Int) -> [String] {
        var arguments = link
        if let index = arguments.firstIndex(of: "-o"), index + 1 < arguments.count {
            arguments[index + 1] = output
        }
        return arguments + ["-Xlinker", "--shuffle-sections=*=\(seed)", "-Xlinker", "--strip-debug"]
    }
}

import ChildProcesses
import Foundation

/// The builds `ab` and `profile` compare: a build given by path (a `foldbench`, or
/// the plugin library beside it), a git revision built in release into a cache outside
/// the source tree (a `git worktree` per commit, reused when the same commit is asked
/// for again), or the working tree itself.
enum Builds {
    /// What a comparison needs of a build.
    enum Product: String {
        /// `libFoldBenchPlugin.so`, which `ab` loads into one process.
        case plugin = "FoldBenchPlugin"
        /// The `foldbench` executable, which `profile` runs under callgrind.
        case executable = "foldbench"

        var file: String { self == .plugin ? Builds.library : "foldbench" }
    }

    static let library = "libFoldBenchPlugin.so"

    /// The plugin library for `spec` in its code layouts: a path to a library or to the
    /// `foldbench` beside it (one layout), a checkout of the package (compiled for layouts
    /// where it is), otherwise a git revision checked out into the cache and compiled there.
    static func pluginLayouts(_ spec: String, cache: String, console: Console) throws(CommandFailure) -> CodeLayouts {
        if FileManager.default.fileExists(atPath: spec), !isDirectory(spec) {
            return CodeLayouts(library: try product(.plugin, of: spec, cache: cache, console: console))
        }
        if isDirectory(spec), FileManager.default.fileExists(atPath: "\(spec)/Package.swift") {
            console.err("building \(spec) for code layouts...\n")
            return try CodeLayouts(package: absolutePath(spec), what: spec)
        }
        let (commit, directory) = try checkout(spec, cache: cache)
        console.err("building \(spec) (\(commit.prefix(12))) for code layouts in \(directory)...\n")
        return try CodeLayouts(package: directory, what: spec)
    }

    /// `product` of `spec`: found beside a path given, otherwise built from a git revision.
    static func product(
        _ product: Product, of spec: String, cache: String, console: Console
    ) throws(CommandFailure) -> String {
        if FileManager.default.fileExists(atPath: spec), !isDirectory(spec) {
            // From the root: dlopen looks a name without a slash up on the library path,
            // and a bare name has no directory to find the other product in.
            let spec = absolutePath(spec)
            // A library stands for the foldbench beside it and the other way round.
            let isLibrary = spec.hasSuffix(".so")
            let path =
                isLibrary == (product == .plugin)
                ? spec : "\((spec as NSString).deletingLastPathComponent)/\(product.file)"
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure(
                    status: 2, "\(path): missing (build it with 'swift build -c release --product \(product.rawValue)')"
                )
            }
            return path
        }
        let (commit, directory) = try checkout(spec, cache: cache)
        let built = "\(directory)/.build/release/\(product.file)"
        if FileManager.default.fileExists(atPath: built) { return built }
        console.err("building \(spec) (\(commit.prefix(12))) in release into \(directory)...\n")
        return try build(directory, what: spec, product: product)
    }

    /// The commit `spec` names and its checkout in the cache (a `git worktree`, made
    /// when missing).
    static func checkout(_ spec: String, cache: String) throws(CommandFailure) -> (commit: String, directory: String) {
        let root = try repositoryRoot()
        guard let commit = run(["git", "rev-parse", "--verify", "--quiet", "\(spec)^{commit}"], in: root).output
        else {
            throw CommandFailure(
                status: 2, "'\(spec)' is neither a build (a foldbench or its plugin library) nor a git revision")
        }
        let directory = "\(cache)/\(commit)"
        if !FileManager.default.fileExists(atPath: "\(directory)/Package.swift") {
            if FileManager.default.fileExists(atPath: directory) {
                _ = run(["git", "worktree", "remove", "--force", directory], in: root)
                try? FileManager.default.removeItem(atPath: directory)
            }
            try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            guard run(["git", "worktree", "add", "--detach", "--force", directory, commit], in: root).output != nil
            else {
                throw CommandFailure(status: 2, "cannot check out \(spec) into \(directory)")
            }
        }
        return (commit, directory)
    }

    /// The working tree's plugin, compiled for code layouts where it is.
    static func workingTreeLayouts(console: Console) throws(CommandFailure) -> CodeLayouts {
        console.err("building the working tree for code layouts...\n")
        return try CodeLayouts(package: try repositoryRoot(), what: "the working tree")
    }

    static func build(_ directory: String, what: String, product: Product) throws(CommandFailure) -> String {
        let log = "\(directory).build.log"
        let result = run(["swift", "build", "-c", "release", "--product", product.rawValue], in: directory, log: log)
        let built = "\(directory)/.build/release/\(product.file)"
        guard result.status == 0, FileManager.default.fileExists(atPath: built) else {
            throw CommandFailure(
                status: 2,
                "\(what) does not build \(product.rawValue) (see \(log)\(product == .plugin ? "; a commit from before foldbench ab has none" : ""))"
            )
        }
        return built
    }

    /// Where built revisions are kept: `$FOLDBENCH_BUILD_CACHE`, else `~/.cache/foldbench/builds`.
    static var defaultCache: String { cache(in: ProcessInfo.processInfo.environment) }

    /// The cache an environment names (an empty `FOLDBENCH_BUILD_CACHE` names none).
    static func cache(in environment: [String: String]) -> String {
        if let cache = environment["FOLDBENCH_BUILD_CACHE"], !cache.isEmpty { return cache }
        return "\(environment["HOME"] ?? NSTemporaryDirectory())/.cache/foldbench/builds"
    }

    static func repositoryRoot() throws(CommandFailure) -> String {
        guard
            let root = run(["git", "rev-parse", "--show-toplevel"], in: FileManager.default.currentDirectoryPath).output
        else { throw CommandFailure(status: 2, "not inside the foldbench git repository") }
        return root
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// Runs a command; its trimmed standard output when it succeeds.
    static func run(_ arguments: [String], in directory: String, log: String? = nil) -> (
        status: Int32, output: String?
    ) {
        guard
            let result = try? ChildProcess.run(
                arguments[0], Array(arguments.dropFirst()), directory: directory,
                outputs: log.map { .log($0) } ?? .collect)
        else { return (-1, nil) }
        guard result.succeeded else { return (result.status, nil) }
        return (0, result.trimmedOutput)
    }
}

import ChildProcesses
import Foundation

/// The builds `ab` and `profile` compare: a build given by path (a `foldbench`, or
/// the plugin library beside it), a git revision built in release into a cache outside
/// the source tree (a `git worktree` per commit, reused when the same commit is asked
/// for again), or the working tree itself.
public enum Builds {
    /// What a comparison needs of a build.
    public enum Product: String {
        /// `libFoldBenchPlugin.so`, which `ab` loads into one process.
        case plugin = "FoldBenchPlugin"
        /// The `foldbench` executable, which `profile` runs under callgrind.
        case executable = "foldbench"

        public var file: String { self == .plugin ? Builds.library : "foldbench" }
    }

    public static let library = "libFoldBenchPlugin.so"

    /// The plugin library for `spec` in its code layouts: a path to a library or to the
    /// `foldbench` beside it (one layout), a checkout of the package (compiled for layouts
    /// where it is), otherwise a git revision checked out into the cache and compiled there.
    public static func pluginLayouts(_ spec: String, cache: String, console: Console) throws(RunFailure) -> CodeLayouts
    {
        if FileManager.default.fileExists(atPath: spec), !isDirectory(spec) {
            return CodeLayouts(library: try product(.plugin, of: spec, cache: cache, console: console))
        }
        if isDirectory(spec), FileManager.default.fileExists(atPath: "\(spec)/Package.swift") {
            return try CodeLayouts(package: absolutePath(spec), what: spec, console: console)
        }
        let (commit, directory) = try checkout(spec, cache: cache)
        return try CodeLayouts(
            package: directory, what: "\(spec) (\(commit.prefix(12))) in \(directory)", console: console)
    }

    /// `product` of `spec`: found beside a path given, otherwise built from a git revision.
    public static func product(
        _ product: Product, of spec: String, cache: String, console: Console
    ) throws(RunFailure) -> String {
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
                throw RunFailure(
                    .badInput, "\(path): missing (build it with 'swift build -c release --product \(product.rawValue)')"
                )
            }
            return path
        }
        let (commit, directory) = try checkout(spec, cache: cache)
        let built = "\(CodeLayouts.scratch(of: directory))/release/\(product.file)"
        if FileManager.default.fileExists(atPath: built) { return built }
        return try build(
            directory, what: "\(spec) (\(commit.prefix(12))) in release into \(directory)", product: product,
            console: console)
    }

    /// The commit `spec` names and its checkout in the cache (a `git worktree`, made
    /// when missing).
    public static func checkout(_ spec: String, cache: String) throws(RunFailure) -> (commit: String, directory: String)
    {
        let spec = try BaseRun.resolve(spec)
        let root = try repositoryRoot()
        guard let commit = run(["git", "rev-parse", "--verify", "--quiet", "\(spec)^{commit}"], in: root).output
        else {
            throw RunFailure(
                .badInput, "'\(spec)' is neither a build (a foldbench or its plugin library) nor a git revision")
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
                throw RunFailure(.badInput, "cannot check out \(spec) into \(directory)")
            }
        }
        return (commit, directory)
    }

    /// The working tree's plugin, compiled for code layouts where it is.
    public static func workingTreeLayouts(console: Console) throws(RunFailure) -> CodeLayouts {
        return try CodeLayouts(package: try repositoryRoot(), what: "the working tree", console: console)
    }

    /// A revision's `product`, compiled as its code layouts are (``CodeLayouts/compileFlags``,
    /// in the same build directory), so that a job that counts a base and then times it
    /// with `ab` compiles it once: the plugin is then a link of objects already built.
    /// (The flags place functions, they do not change them: the quick suite's counts agree
    /// with the everyday release build's to within 0.001 %.)
    public static func build(_ directory: String, what: String, product: Product, console: Console) throws(RunFailure)
        -> String
    {
        let log = "\(directory).build.log"
        let scratch = CodeLayouts.scratch(of: directory)
        let status = runShowingProgress(
            ["swift", "build", "-c", "release", "--product", product.rawValue, "--scratch-path", scratch]
                + CodeLayouts.compileFlags, in: directory, log: log, what: "building \(what)", console: console)
        let built = "\(scratch)/release/\(product.file)"
        guard status == 0, FileManager.default.fileExists(atPath: built) else {
            let hint = product == .plugin ? "; a commit from before foldbench ab has none" : ""
            throw RunFailure(
                .badInput,
                "\(what) does not build \(product.rawValue) (\(log)\(hint)); its last lines:\n\(lastLines(of: log))")
        }
        return built
    }

    /// The last lines of a log, indented, for a failure's message.
    public static func lastLines(of log: String, count: Int = 12) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(count).map { "  \($0)" }
            .joined(separator: "\n")
    }

    /// Runs a long command (a build, a measurement in another build) with both outputs
    /// to `log`, saying how far it got every few seconds so that minutes are never
    /// silent: the log's last progress line (`[N/M] …`, as the package manager and
    /// `foldbench run` write), or with `everyLine` each new progress line as it comes,
    /// after `what`. Its exit status.
    public static func runShowingProgress(
        _ arguments: [String], in directory: String, log: String, what: String, everyLine: Bool = false,
        console: Console
    ) -> Int32 {
        console.err("\(what)...\n")
        let started = Date()
        guard
            let child = try? ChildProcess.start(
                arguments[0], Array(arguments.dropFirst()), directory: directory, outputs: .log(log))
        else { return -1 }
        var shown = 0
        var lastReport = started
        var lastStep = ""
        while child.isRunning {
            Thread.sleep(forTimeInterval: 0.25)
            guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            // A line without its newline yet is left for the next look.
            let complete = text.hasSuffix("\n") ? lines.count : max(0, lines.count - 1)
            if everyLine {
                for line in lines[min(shown, complete)..<complete] where isProgress(line) { console.err("  \(line)\n") }
                shown = max(shown, complete)
                continue
            }
            // A new step at most every 5 s; the same step again only after 30 s, so that a
            // long compile still shows the command is alive without filling the log.
            let since = Date().timeIntervalSince(lastReport)
            let step = lines.prefix(complete).last(where: { $0.hasPrefix("[") }).map(String.init) ?? ""
            guard since >= 5, step != lastStep || since >= 30 else { continue }
            let elapsed = Int(Date().timeIntervalSince(started))
            console.err(step.isEmpty ? "  \(elapsed) s\n" : "  \(step) (\(elapsed) s)\n")
            lastStep = step
            lastReport = Date()
        }
        let status = child.wait().status
        if everyLine, let text = try? String(contentsOfFile: log, encoding: .utf8) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst(shown)
            where isProgress(line) {
                console.err("  \(line)\n")
            }
        }
        console.err("\(what): \(status == 0 ? "done" : "failed") in \(Int(Date().timeIntervalSince(started))) s\n")
        return status
    }

    /// What a build is made of: the sources, the package and the shipped scenes. Two
    /// commits that agree on these build the same program and count the same instructions.
    public static let buildInputs = ["Sources", "Package.swift", "Benchmarks"]

    /// Whether commits `a` and `b` build the same program (the same trees of
    /// ``buildInputs``); `false` when either cannot be read.
    public static func sameSources(_ a: String, _ b: String) -> Bool {
        guard let root = try? repositoryRoot(),
            run(["git", "rev-parse", "--verify", "--quiet", "\(a):Sources"], in: root).output != nil,
            run(["git", "rev-parse", "--verify", "--quiet", "\(b):Sources"], in: root).output != nil
        else { return false }
        for path in buildInputs {
            let left = run(["git", "rev-parse", "--verify", "--quiet", "\(a):\(path)"], in: root)
            let right = run(["git", "rev-parse", "--verify", "--quiet", "\(b):\(path)"], in: root)
            guard left.output == right.output, left.status >= 0, right.status >= 0 else { return false }
        }
        return true
    }

    /// A line that says how far a child got: `[N/M] …`, or a phase it starts.
    public static func isProgress(_ line: Substring) -> Bool {
        line.hasPrefix("[") || line.hasPrefix("counting") || line.hasPrefix("callgrind")
    }

    /// Where built revisions are kept: `$FOLDBENCH_BUILD_CACHE`, else `~/.cache/foldbench/builds`.
    public static var defaultCache: String { cache(in: ProcessInfo.processInfo.environment) }

    /// The cache an environment names (an empty `FOLDBENCH_BUILD_CACHE` names none).
    public static func cache(in environment: [String: String]) -> String {
        if let cache = environment["FOLDBENCH_BUILD_CACHE"], !cache.isEmpty { return cache }
        return "\(environment["HOME"] ?? NSTemporaryDirectory())/.cache/foldbench/builds"
    }

    public static func repositoryRoot() throws(RunFailure) -> String {
        guard
            let root = run(["git", "rev-parse", "--show-toplevel"], in: FileManager.default.currentDirectoryPath).output
        else { throw RunFailure(.badInput, "not inside the foldbench git repository") }
        return root
    }

    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// Runs a command; its trimmed standard output when it succeeds.
    public static func run(_ arguments: [String], in directory: String, log: String? = nil) -> (
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

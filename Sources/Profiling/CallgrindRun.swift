import ChildProcesses
import Foundation

/// Runs a program under callgrind, counting only between the client requests the
/// program makes around what it measures, and returns its labelled dumps.
///
/// Valgrind 3.19 cannot read the DWARF that current Swift toolchains write, so it
/// runs a copy of the program stripped of debug information (symbols stay); the
/// addresses in the dumps are those of the original, which keeps its lines for the
/// symbolizer.
public enum CallgrindRun {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// What to collect beyond instruction totals.
    public struct Options: Sendable {
        /// Costs per instruction, each with its chain of callers (for lines and flame graphs).
        public var perInstruction = false
        /// The fixed-size cache simulation (``CacheSimulation``).
        public var cacheSimulation = false

        public init(perInstruction: Bool = false, cacheSimulation: Bool = false) {
            self.perInstruction = perInstruction
            self.cacheSimulation = cacheSimulation
        }

        /// How deep callgrind keeps callers: deeper than any stack of the measured
        /// loop (the reference resolver's recursion on the deepest shipped trees).
        static let callerDepth = 60

        /// The arguments valgrind runs with in this mode (before the output file and log).
        public var valgrindArguments: [String] {
            // --vgdb=no: no gdbserver, so no /tmp/vgdb-pipe-* files that an interrupted
            // run would leave behind.
            var arguments = [
                "--tool=callgrind", "--vgdb=no", "--instr-atstart=no", "--collect-atstart=no", "--demangle=no",
            ]
            if perInstruction {
                arguments += ["--dump-instr=yes", "--separate-callers=\(Self.callerDepth)", "--separate-recs=1"]
            }
            if cacheSimulation { arguments += CacheSimulation.valgrindArguments }
            return arguments
        }
    }

    /// The path of valgrind, or `nil` when it is not installed.
    public static func valgrindPath() -> String? { ChildProcess.onPath("valgrind") }

    /// The labelled dumps of one run.
    public struct Dumps: Sendable {
        /// Each dump's text, by label.
        public var texts: [String: String]
        /// The path the program ran from (its stripped copy), which the dumps name as
        /// its object; the addresses are the original executable's.
        public var ranAs: String
    }

    /// What a launch under callgrind needs: valgrind with its arguments (its messages to
    /// `log`, never to the program's outputs), the stripped copy to run, the libraries'
    /// stripped copies, and the environment that makes counts exact.
    public struct Launch: Sendable {
        public var valgrind: String
        public var valgrindArguments: [String]
        public var executable: String
        public var libraries: [String]
        public var environment: [String: String]
        public var log: String
    }

    /// Runs `executable arguments` under callgrind in a temporary directory and
    /// returns the text of each labelled dump. `launch`, when given, starts and waits
    /// for the program itself (a supervised worker); `libraries` are stripped for it.
    public static func run(
        _ executable: String, arguments: [String], libraries: [String] = [], options: Options,
        launch: ((Launch) throws -> Void)? = nil
    ) throws -> Dumps {
        guard let valgrind = valgrindPath() else {
            throw Failure(message: "valgrind is not installed (apt-get install valgrind); counting needs callgrind")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "foldbench-callgrind-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot create \(directory.path)")
        }
        InterruptCleanup.watch(directory: directory.path)
        defer {
            try? FileManager.default.removeItem(at: directory)
            InterruptCleanup.forget(directory: directory.path)
        }
        let copy = strippedCopy(of: executable, in: directory)
        // The variants of libraries (`--variant-library PATH`) run stripped too: valgrind
        // gives up on a library whose debug information it cannot read.
        func stripped(_ path: String, _ index: Int) -> String {
            let library = directory.appendingPathComponent("library-\(index)")
            try? FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
            return strippedCopy(of: path, in: library)
        }
        var arguments = arguments
        for index in arguments.indices.dropLast() where arguments[index] == "--variant-library" {
            arguments[index + 1] = stripped(arguments[index + 1], index)
        }
        // Hash seeds change allocation patterns, and jemalloc's time-based purging
        // takes a few extra instructions now and then: both off, counts are exact.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["MALLOC_CONF"] = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        let log = directory.appendingPathComponent("valgrind.log").path
        let valgrindArguments = options.valgrindArguments + ["--callgrind-out-file=\(directory.path)/callgrind.out"]
        if let launch {
            try launch(
                Launch(
                    valgrind: valgrind, valgrindArguments: valgrindArguments + ["--log-file=\(log)"], executable: copy,
                    libraries: libraries.enumerated().map { stripped($0.element, 1000 + $0.offset) },
                    environment: environment, log: log))
        } else {
            let result: ChildProcess.Result
            do {
                result = try ChildProcess.run(
                    valgrind, valgrindArguments + [copy] + arguments, environment: environment, outputs: .log(log))
            } catch {
                throw Failure(message: "cannot start valgrind: \(error)")
            }
            guard result.succeeded else {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw Failure(message: "the callgrind run failed (status \(result.status)):\n\(text.suffix(2000))")
            }
        }
        var dumps: [String: String] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for file in files where file.hasPrefix("callgrind.out") {
            guard let text = try? String(contentsOfFile: "\(directory.path)/\(file)", encoding: .utf8),
                let label = label(of: text)
            else { continue }
            dumps[label] = text
        }
        return Dumps(texts: dumps, ranAs: copy)
    }

    /// The label a dump was written under, or `nil` for the final dump at exit.
    public static func label(of text: String) -> String? {
        let prefix = "desc: Trigger: Client Request: "
        for line in text.split(separator: "\n", maxSplits: 40) where line.hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count))
        }
        return nil
    }

    /// A copy of `executable` without debug information, or the executable itself
    /// when `objcopy` is missing (valgrind then warns but still counts).
    static func strippedCopy(of executable: String, in directory: URL) -> String {
        let copy = directory.appendingPathComponent(URL(fileURLWithPath: executable).lastPathComponent).path
        let stripped = try? ChildProcess.run("objcopy", ["--strip-debug", executable, copy], outputs: .discard)
        if stripped?.succeeded == true { return copy }
        return executable
    }
}

import ChildProcesses
import Foundation
import Support
import VariantLibraries
import Variants

/// The variants of `--variant-library`, loaded and checked for the interface's rules
/// (symbols, version, name), and the child process that runs their checks before timing.
enum Libraries {
    /// Every library of `--variant-library`, in the order given: a missing file exits 2,
    /// a library that breaks the interface's rules exits 1, each in one line.
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> [VariantLibrary] {
        var libraries: [VariantLibrary] = []
        for path in arguments.all(.variantLibraries) {
            do throws(LibraryError) {
                let library = try VariantLibrary(path: path)
                if let other = libraries.first(where: { $0.name == library.name }) {
                    throw LibraryError(path: path, "names its variant '\(library.name)', as \(other.path) does")
                }
                libraries.append(library)
            } catch {
                throw CommandFailure(status: error.exitStatus, error.description)
            }
        }
        return libraries
    }

    /// Runs `foldbench check-library` on `arguments` for each library, one child process
    /// each: every frame and history step of the run's `scenarios`, guarded. A crash, a
    /// hang, a write past the last pane or a refused tree ends the child with its line,
    /// which becomes this command's failure (exit 1); a disagreement is left to the run's
    /// own check. A child still running after two minutes a scenario (or
    /// `FOLDBENCH_LIBRARY_CHECK_SECONDS`) is killed: a library can defeat the per-frame
    /// limit by blocking its signal.
    static func checkInChildren(
        _ libraries: [VariantLibrary], scenarios: Int, arguments: (VariantLibrary) -> [String]
    ) throws(CommandFailure) {
        let limit =
            ProcessInfo.processInfo.environment["FOLDBENCH_LIBRARY_CHECK_SECONDS"].flatMap(Double.init)
            ?? 120 * Double(max(scenarios, 1))
        for library in libraries {
            let running: ChildProcess.Running
            do {
                running = try ChildProcess.start(ChildProcess.ownExecutable, ["check-library"] + arguments(library))
            } catch {
                throw CommandFailure(status: 2, "cannot start the check of library \(library.path): \(error)")
            }
            let deadline = Date().addingTimeInterval(limit)
            while running.isRunning, Date() < deadline { usleep(20_000) }
            if running.isRunning {
                running.kill(SIGKILL)
                running.wait()
                throw CommandFailure(
                    status: 1,
                    "library \(library.path): its check did not end within \(formatNumber(limit)) s, and no frame's time limit stopped it (does the library block SIGALRM?)"
                )
            }
            let result = running.wait()
            guard !result.succeeded else { continue }
            let lines = result.errors.split(separator: "\n")
            if result.status == 2, let line = lines.last {
                throw CommandFailure(status: 2, String(line.dropFirst(line.hasPrefix("foldbench: ") ? 11 : 0)))
            }
            if let line = lines.last(where: { $0.hasPrefix("foldbench: library ") }) {
                throw CommandFailure(status: 1, String(line.dropFirst(11)))
            }
            throw CommandFailure(
                status: 1,
                "library \(library.path): its check ended with status \(result.status)"
                    + (lines.last.map { ": \($0)" } ?? ""))
        }
    }
}

extension Libraries {
    /// The variant `--variant` names (`fallback` when none), among the built-in ones and
    /// those of `--variant-library`, for a one-off resolution (`resolve`, `draw`). A
    /// library's variant runs in this process, guarded: a crash, a hang or a stray
    /// write ends it with one line naming the library and `place`, and exit status 1.
    static func variant(
        _ arguments: ParsedArguments, fallback: VariantName, place: String, command: CommandSpec
    ) throws -> VariantEntry {
        let libraries = try load(arguments)
        let name = arguments.variantName(.variant) ?? fallback
        if let library = libraries.first(where: { $0.name == name }) {
            let entry = library.entry(guarded: true)
            LibraryGuard.checking(scenario: place, frames: 1)
            return entry
        }
        return try VariantLookup.named(name, libraries: libraries.map { $0.entry() }, command: command)
    }
}

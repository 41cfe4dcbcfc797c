import CJemalloc
import ChildProcesses
import Foundation

/// Where and how a run happened.
public struct RunEnvironment: Sendable, Equatable {
    public var toolVersion = "0.1.0"
    public var commit = "unknown"
    public var dirty = false
    public var date = ""
    public var host = ""
    public var cpu = ""
    public var cores = 0
    public var os = ""
    public var swift = ""
    public var buildConfiguration = ""
    public var allocator = ""

    public init() {}

    /// Reads the environment of this process; the commit is the one the binary was built
    /// from, written into it at build time (Plugins/CommitStamp), not read from any folder.
    public static func current() -> RunEnvironment {
        var environment = RunEnvironment()
        environment.commit = buildCommit
        environment.dirty = buildHasUncommittedChanges
        environment.date = isoDate(Date())
        environment.host = ProcessInfo.processInfo.hostName
        environment.cores = ProcessInfo.processInfo.activeProcessorCount
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        environment.cpu =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.map {
                $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            } ?? "unknown"
        environment.os = ProcessInfo.processInfo.operatingSystemVersionString
        environment.swift = compilerVersion()
        #if DEBUG
            environment.buildConfiguration = "debug"
        #else
            environment.buildConfiguration = "release"
        #endif
        environment.allocator = jemallocVersion().map { "jemalloc \($0)" } ?? "system malloc"
        return environment
    }

    /// The exact version of the toolchain whose runtime this process runs on (`swift
    /// --version` beside the loaded `libswiftCore.so`, else on `PATH`), such as
    /// "Swift version 6.3 (swift-6.3-RELEASE)"; the range the compiler knows when
    /// no toolchain can be asked.
    static func compilerVersion() -> String {
        var candidates: [String] = []
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        if let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let path = line.split(separator: " ").last
        {
            // TOOLCHAIN/usr/lib/swift/linux/libswiftCore.so → TOOLCHAIN/usr/bin/swift
            let usr = URL(fileURLWithPath: String(path)).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            candidates.append(usr.appendingPathComponent("bin/swift").path)
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/swift")
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            guard let result = try? ChildProcess.run(candidate, ["--version"]), result.succeeded,
                let line = result.output.split(separator: "\n").first(where: { $0.contains("Swift version") })
            else { continue }
            // "Swift version 6.3 (swift-6.3-RELEASE)", without the "Target:" line or a vendor prefix.
            return String(line[line.range(of: "Swift version")!.lowerBound...])
        }
        #if compiler(>=6.3)
            return "6.3 or later"
        #else
            return "before 6.3"
        #endif
    }

    static func jemallocVersion() -> String? {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer).split(separator: "-").first.map(String.init)
    }

    /// `foldbench 0.1.0 (commit 0123abcd4567, dirty)`: what `foldbench --version` prints.
    public var versionLine: String {
        "foldbench \(toolVersion) (commit \(commit)\(dirty ? ", with uncommitted changes" : ""); \(swift); \(buildConfiguration))"
    }

    /// `2026-11-30T01:02:03Z`.
    public static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

import CJemalloc
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

    /// Reads the environment of this process and of the git work tree it runs in.
    public static func current() -> RunEnvironment {
        var environment = RunEnvironment()
        environment.commit = git(["rev-parse", "--short=12", "HEAD"]) ?? "unknown"
        environment.dirty = !(git(["status", "--porcelain", "--untracked-files=no"]) ?? "").isEmpty
        environment.date = isoDate(Date())
        environment.host = ProcessInfo.processInfo.hostName
        environment.cores = ProcessInfo.processInfo.activeProcessorCount
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        environment.cpu =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.map {
                $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            } ?? "unknown"
        environment.os = ProcessInfo.processInfo.operatingSystemVersionString
        #if compiler(>=6.3)
            environment.swift = "6.3 or later"
        #else
            environment.swift = "before 6.3"
        #endif
        #if DEBUG
            environment.buildConfiguration = "debug"
        #else
            environment.buildConfiguration = "release"
        #endif
        environment.allocator = jemallocVersion().map { "jemalloc \($0)" } ?? "system malloc"
        return environment
    }

    static func jemallocVersion() -> String? {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer).split(separator: "-").first.map(String.init)
    }

    /// Output of a git command in the current directory, or `nil`.
    static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `2026-11-30T01:02:03Z`.
    public static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

import Foundation
import Measurement
import SceneFormat
import Support
import TestSupport
import Testing
import Variants
import Workloads

@testable import FoldBenchCLI
@testable import Runs

@Suite("Command line")
struct CommandLineTests {
    @Test("list --suite prints the suite's scenarios one per line; an unknown suite exits 2 naming the suites")
    func listSuite() {
        let quick = runFoldBench(["list", "--suite", "quick"])
        #expect(quick.status == 0)
        #expect(quick.out == Suite.quick.scenarios.map { "\($0.description)\n" }.joined())
        let unknown = runFoldBench(["list", "--suite", "slow"])
        #expect(unknown.status == 2 && unknown.err.contains("a suite is quick, default or full, not 'slow'"))
        // A slip of the keyboard gets a suggestion.
        #expect(runFoldBench(["list", "--suite", "quik"]).err.contains("not 'quik' (did you mean 'quick'?)"))
    }

    @Test("--pair takes OLD=NEW, in compare and in ab alike")
    func pairs() {
        for command in ["compare", "ab"] {
            for bad in ["fast", "=fast", "fast=", "a=b=c"] {
                let result = runFoldBench(
                    [command] + (command == "compare" ? ["a.json", "b.json"] : []) + ["--pair", bad])
                #expect(result.status == 2, "\(command) --pair \(bad)")
                #expect(result.err.contains("--pair takes OLD=NEW, not '\(bad)'"), "\(command): \(result.err)")
            }
        }
    }

    @Test("the build cache: $FOLDBENCH_BUILD_CACHE when set and not empty, else under $HOME")
    func buildCache() {
        #expect(Builds.cache(in: ["FOLDBENCH_BUILD_CACHE": "/tmp/c", "HOME": "/h"]) == "/tmp/c")
        #expect(Builds.cache(in: ["FOLDBENCH_BUILD_CACHE": "", "HOME": "/h"]) == "/h/.cache/foldbench/builds")
        #expect(Builds.cache(in: ["HOME": "/h"]) == "/h/.cache/foldbench/builds")
    }

    @Test("two commits build the same program when their sources, package and scenes are the same trees")
    func sameSources() {
        #expect(!Builds.sameSources("no-such-revision-xyz", "no-such-revision-abc"))
        // fca76ee changed only docs/; 04a09f0 changed the frame loop (a shallow clone has neither).
        guard let root = try? Builds.repositoryRoot(),
            Builds.run(["git", "rev-parse", "--verify", "--quiet", "04a09f0~1^{commit}"], in: root).output != nil
        else { return }
        #expect(Builds.sameSources("fca76ee", "fca76ee~1"))
        #expect(!Builds.sameSources("04a09f0", "04a09f0~1"))
        #expect(!Builds.sameSources("HEAD", "no-such-revision-xyz"))
    }

    @Test("code layouts: the plugin's link command is read from SwiftPM's manifest and relinked shuffled by a seed")
    func layoutLink() {
        let manifest = """
            commands:
              "C.foldbench-x86_64-unknown-linux-gnu-release.exe":
                tool: shell
                args: ["/usr/bin/swiftc","-o","/b/foldbench","-emit-executable"]

              "C.FoldBenchPlugin-x86_64-unknown-linux-gnu-release.dylib":
                tool: shell
                inputs: ["/b/A.swift.o"]
                description: "Linking ./libFoldBenchPlugin.so"
                args: ["/usr/bin/swiftc","-o","/b/libFoldBenchPlugin.so","-emit-library","-Xlinker","-rpath=$ORIGIN"]

              "C.FoldBenchPlugin-x86_64-unknown-linux-gnu-release.module":
                args: ["/usr/bin/swiftc","-o","/b/wrong"]
            """
        let link = CodeLayouts.linkCommand(inManifest: manifest)
        #expect(
            link == [
                "/usr/bin/swiftc", "-o", "/b/libFoldBenchPlugin.so", "-emit-library", "-Xlinker", "-rpath=$ORIGIN",
            ])
        #expect(
            CodeLayouts.layoutLink(link ?? [], output: "/l/3/lib.so", seed: 4) == [
                "/usr/bin/swiftc", "-o", "/l/3/lib.so", "-emit-library", "-Xlinker", "-rpath=$ORIGIN", "-Xlinker",
                "--shuffle-sections=*=4", "-Xlinker", "--strip-debug",
            ])
        // A plugin command without arguments, or none at all: no link to repeat.
        let cut = manifest.replacingOccurrences(
            of: "    args: [\"/usr/bin/swiftc\",\"-o\",\"/b/libFoldBenchPlugin.so\"", with: "    x: [")
        #expect(CodeLayouts.linkCommand(inManifest: cut) == nil)
        #expect(CodeLayouts.linkCommand(inManifest: "commands:\n") == nil)
    }

    @Test("CI builds the checkout with the flags ab compiles its layouts with (scripts/common.sh's layout_flags)")
    func layoutFlagsAgree() throws {
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("scripts/common.sh"), encoding: .utf8)
        let start = try #require(script.range(of: "layout_flags=("))
        let end = try #require(script[start.upperBound...].range(of: ")"))
        let flags = script[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(flags == CodeLayouts.compileFlags)
    }

    static let scenes = ["moon-phase", "frog-atlas", "media-player", "nested-reader"]

    @Test("resolve prints the same JSON with every variant, test-only ones included", arguments: scenes)
    func variantsAgree(_ scene: String) {
        let path = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/\(scene).json").path
        let reference = runFoldBench(["resolve", path])
        #expect(reference.status == 0, "\(reference.err)")
        #expect(reference.out.hasPrefix("{\"panes\": [\n"))
        #expect(VariantList.all.count >= 3)
        for entry in VariantList.all {
            let other = runFoldBench(["resolve", path, "--variant", entry.name.rawValue])
            #expect(other.status == 0, "\(entry.name): \(other.err)")
            #expect(other.out == reference.out, "\(entry.name)")
        }
    }

    @Test(
        "resolve --device uses the device's safe area and size classes in each posture and orientation",
        arguments: [
            // The outer display: 390 x 844 less 47 on top and 34 below; taller than wide, so stacked.
            (
                ["--posture", "closed", "--orientation", "portrait"], [[0, 47, 390, 381.5], [0, 428.5, 390, 381.5]],
                "CC"
            ),
            // The outer display in landscape: the secondary's 320 pt ideal is solved first.
            (["--posture", "closed"], [[47, 0, 430, 369], [477, 0, 320, 369]], "CC"),
            // The inner display flat in portrait: no fold, 822 x 950, stacked in halves.
            (["--posture", "flat", "--orientation", "portrait"], [[0, 0, 822, 475], [0, 475, 822, 475]], "RC"),
            // Half-open in landscape: the fold wins, 475 and 391.
            ([], [[0, 0, 475, 822], [475, 0, 391, 822]], "CR"),
        ] as [([String], [[Double]], String)])
    func resolveOnDevice(_ options: [String], _ frames: [[Double]], _ sizeClass: String) throws {
        let path = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json").path
        let result = runFoldBench(["resolve", path, "--device", "iphone-duo"] + options)
        #expect(result.status == 0, "\(result.err)")
        let panes = try resolvedPanes(result.out)
        #expect(panes.map(\.frame) == frames)
        #expect(panes.allSatisfy { $0.sizeClass == sizeClass })
    }

    @Test("--posture and --orientation take only their names, and need a device")
    func resolveDeviceOptions() {
        let path = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json").path
        let bad = runFoldBench(["resolve", path, "--device", "iphone-duo", "--posture", "ajar"])
        #expect(
            bad.status == 2 && bad.err.contains("--posture is closed, halfOpen, flat or foldedBack, not 'ajar'"))
        let alone = runFoldBench(["resolve", path, "--orientation", "portrait"])
        #expect(alone.status == 2 && alone.err.contains("--posture and --orientation need --device or --device-file"))
        let unknown = runFoldBench(["resolve", path, "--device", "brick"])
        #expect(unknown.status == 2 && unknown.err.contains("unknown device \"brick\""))
    }

    @Test("ids that need escaping come back out of resolve as they went in")
    func escapedIDs() throws {
        let ids = ["quo\"te", "back\\slash", "new\nline", "tab\t", "bell\u{07}", "snow ☃ é", "slash/", "🦊"]
        func json(_ text: String) -> String {
            var output = ""
            JSONWriter.writeString(text, to: &output)
            return output
        }
        var root = "{\"primary\": {\"id\": \(json(ids[6]))}, \"secondary\": {\"id\": \(json(ids[7]))}}"
        for index in stride(from: 4, through: 0, by: -2) {
            root =
                "{\"primary\": {\"id\": \(json(ids[index]))}, \"secondary\": {\"id\": \(json(ids[index + 1])), \"arrangement\": \(root)}}"
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(
            "{\"context\": {\"bounds\": {\"x\": 0, \"y\": 0, \"width\": 800, \"height\": 600}}, \"root\": \(root)}",
            named: "ids.json", in: directory)
        let result = runFoldBench(["resolve", path])
        #expect(result.status == 0, "\(result.err)")
        #expect(try resolvedPanes(result.out).map(\.id) == ids)
    }

    @Test("help is printed for --help, help COMMAND and COMMAND --help")
    func help() {
        let general = runFoldBench(["--help"])
        #expect(general.status == 0)
        #expect(general.out.contains("resolve"))
        let viaHelp = runFoldBench(["help", "resolve"])
        let viaFlag = runFoldBench(["resolve", "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.out == viaFlag.out)
        #expect(viaHelp.out.contains("Usage: foldbench resolve SCENE.json"))
        #expect(viaHelp.out.contains("--variant NAME"))
    }

    @Test("unknown commands, flags, variants and missing arguments exit 2 with usage")
    func badUsage() {
        let unknownCommand = runFoldBench(["frobnicate"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.err.contains("unknown command 'frobnicate'"))
        let unknownFlag = runFoldBench(["resolve", "x.json", "--colour"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.err.contains("unknown option '--colour'"))
        #expect(unknownFlag.err.contains("Usage: foldbench resolve"))
        let unknownVariant = runFoldBench(["resolve", "x.json", "--variant", "slow"])
        #expect(unknownVariant.status == 2)
        #expect(unknownVariant.err.contains("unknown variant 'slow' (expected one of reference, fast"))
        #expect(runFoldBench(["resolve"]).status == 2)
        #expect(runFoldBench(["resolve", "a", "b"]).err.contains("unexpected argument 'b'"))
        #expect(runFoldBench(["resolve", "a", "--variant"]).err.contains("option '--variant' needs a value"))
        #expect(runFoldBench([]).status == 2)
    }

    @Test("the parser takes --name=value, repeats, flags and --")
    func parser() throws {
        let spec = CommandSpec(
            name: "demo", summary: "Demo.", arguments: "[FILES]", positionals: 0...3,
            options: [
                .init("--scenario", value: "S", repeatable: true, help: "A scenario."),
                .init("--record", help: "Record."), .init("--out", value: "DIR", help: "Where."),
            ])
        let parsed = try spec.parse(["--scenario", "a", "--scenario=b", "--record", "x", "--", "--out"])
        #expect(parsed.all("--scenario") == ["a", "b"])
        #expect(parsed.flag("--record"))
        #expect(parsed.positionals == ["x", "--out"])
        #expect(parsed.value("--out") == nil)
        #expect(throws: UsageError.self) { try spec.parse(["--out", "a", "--out", "b"]) }
        #expect(throws: UsageError.self) { try spec.parse(["--record=yes"]) }
        #expect(throws: UsageError.self) { try spec.parse(["a", "b", "c", "d"]) }
        let number = try spec.parse(["--out", "12"])
        #expect(try number.integer("--out", in: 1...20, command: spec) == 12)
        #expect(throws: UsageError.self) { try number.integer("--out", in: 1...5, command: spec) }
    }
}

/// The panes `resolve` printed: id, frame as [x, y, width, height] (empty when hidden)
/// and size class as two letters, C compact or R regular.
func resolvedPanes(_ output: String) throws -> [(id: String, frame: [Double], sizeClass: String)] {
    guard case .array(let panes) = try JSONParser.parse(output)["panes"] ?? .null else { return [] }
    return panes.map { pane in
        let id = if case .string(let text) = pane["id"] ?? .null { text } else { "?" }
        let frame = ["x", "y", "width", "height"].compactMap { key -> Double? in
            if case .number(let value) = pane["frame"]?[key] ?? .null { value } else { nil }
        }
        let sizeClass = ["horizontal", "vertical"].map { key in
            pane["sizeClass"]?[key] == .string("compact") ? "C" : "R"
        }.joined()
        return (id, frame, sizeClass)
    }
}

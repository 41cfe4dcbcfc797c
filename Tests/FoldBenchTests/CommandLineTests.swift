import FoldBenchCLI
import Foundation
import Harness
import Testing

@Suite("Command line")
struct CommandLineTests {
    static let scenes = ["moon-phase", "frog-atlas", "media-player", "nested-reader"]

    @Test("resolve prints the same JSON with every variant, test-only ones included", arguments: scenes)
    func variantsAgree(_ scene: String) {
        let path = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/\(scene).json").path
        let reference = runFoldBench(["resolve", path])
        #expect(reference.status == 0, "\(reference.err)")
        #expect(reference.out.hasPrefix("{\"panes\": [\n"))
        #expect(VariantRegistry.entries.count >= 3)
        for entry in VariantRegistry.entries {
            let other = runFoldBench(["resolve", path, "--variant", entry.name])
            #expect(other.status == 0, "\(entry.name): \(other.err)")
            #expect(other.out == reference.out, "\(entry.name)")
        }
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

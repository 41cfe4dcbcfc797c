// libFuzzer target: bytes split at NUL into a command line. The first word picks a
// command (by the fuzzer's byte, so every command is reached); its declaration
// parses the rest, and every option's value is read as a number and a whole number,
// as the commands do. Accept or refuse with a usage error, never trap.
import FoldBenchCLI
import FuzzDriver

@main
enum ArgumentsFuzz {
    static func main() {
        let names = FoldBenchCommand.commandNames
        runFuzzer { bytes in
            guard let first = bytes.first else { return }
            let words = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard let spec = FoldBenchCommand.spec(named: names[Int(first) % names.count]) else {
                fatalError("a listed command has no declaration")
            }
            guard let parsed = try? spec.parse(words) else { return }
            for option in spec.options where option.valueName != nil {
                _ = try? parsed.number(option.name, in: -1e9...1e9, command: spec)
                _ = try? parsed.integer(option.name, in: Int.min...Int.max, command: spec)
                if !option.repeatable, parsed.all(option.name).count > 1 {
                    fatalError("\(option.name) given twice was accepted")
                }
            }
            guard
                parsed.helpRequested
                    || (spec.minimumPositionals...spec.maximumPositionals).contains(parsed.positionals.count)
            else { fatalError("\(parsed.positionals.count) positionals accepted by \(spec.name)") }
        }
    }
}

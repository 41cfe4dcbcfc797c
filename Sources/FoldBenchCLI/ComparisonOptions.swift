import Foundation
import Measurement
import Reports
import Support

/// What `compare` and `pr-report` both read of their command lines.
extension ParsedArguments {
    /// The threshold and the gated metrics of the command line.
    func comparisonPolicy(command spec: CommandSpec) throws(UsageError) -> ComparisonPolicy {
        var policy = ComparisonPolicy()
        if let percent = try number(.instructionThreshold, in: 0...1000, command: spec) {
            policy.instructionThreshold = percent / 100
        }
        guard let gate = value(.gate) else { return policy }
        var gated: Set<Metric> = []
        for name in gate.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            guard let metric = Metric.gated(named: name) else {
                throw UsageError.notOneOf(
                    "a metric of \(CommandSpec.Option.gate.name)", name, Metric.compared.compactMap(\.gateName),
                    command: spec)
            }
            gated.insert(metric)
        }
        policy.gated = gated
        return policy
    }

    /// `--pair OLD=NEW`: the variants compared with one another when their names differ.
    func variantPairs(command spec: CommandSpec) throws(UsageError) -> [VariantName: VariantName] {
        var pairs: [VariantName: VariantName] = [:]
        for pair in try self.pairs(.pair, command: spec) { pairs[VariantName(pair.old)] = VariantName(pair.new) }
        return pairs
    }
}

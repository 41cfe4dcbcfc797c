import ArrangementModel
import FastResolver
import ReferenceResolver
import Support

/// Every resolver variant FoldBench knows, in the order reports list them. The command
/// line, the runner, the differential tests, both fuzz targets and `scripts/bench.sh`
/// all read this list: adding a variant is one file that implements
/// ``ArrangementModel/ResolverVariant`` and one line here.
public enum VariantList {
    public static let all: [VariantEntry] = [
        VariantEntry(ReferenceResolver(), summary: "the executable contract: recursive, readable, allocates"),
        VariantEntry(
            FastResolver(), summary: "flat level-order storage, prepared decisions and kernels, no allocation per frame"
        ),
        VariantEntry(
            IncrementalResolver(),
            summary: "fast with a memory: skips every subtree whose bounds, size class and regions did not change"),
        VariantEntry(
            FastResolver(order: .preOrder),
            summary:
                "fast with its arrangements stored depth-first: what the level order is worth (not run by default)",
            runsByDefault: false),
        VariantEntry(
            PreparingAnew(FastResolver()),
            summary:
                "test only: fast preparing the tree anew where it is edited, what edits in place are measured against",
            isTestOnly: true),
        VariantEntry(
            PreparingAnew(IncrementalResolver()),
            summary: "test only: incremental preparing the tree anew where it is edited", isTestOnly: true),
        VariantEntry(
            SlowedResolver(), summary: "test only: fast plus 2 multiply-adds per arrangement, to prove the gate",
            isTestOnly: true),
        VariantEntry(
            RepeatingResolver(name: "fast-slowed-10", period: 10),
            summary: "test only: fast relayouting every 10th frame twice, 10 % slower", isTestOnly: true),
        VariantEntry(
            RepeatingResolver(name: "fast-slowed-5", period: 20),
            summary: "test only: fast relayouting every 20th frame twice, 5 % slower", isTestOnly: true),
        VariantEntry(
            RepeatingResolver(name: "fast-slowed-2", period: 50),
            summary: "test only: fast relayouting every 50th frame twice, 2 % slower", isTestOnly: true),
        VariantEntry(
            RepeatingResolver(name: "fast-spike-600", period: 600),
            summary: "test only: fast relayouting one frame in 600 twice: its mean moves 0.17 %, its worst frame 2x",
            isTestOnly: true),
    ]

    /// Planted stale caches: the incremental variant leaving one input out of its decision
    /// to skip. Not candidates (they are wrong on purpose); the harness must refuse each.
    public static let staleCaches: [VariantEntry] =
        StaleCacheResolver.Fault.allCases.map { fault in
            VariantEntry(
                StaleCacheResolver(forgetting: fault),
                summary:
                    "test only: incremental forgetting the \(fault.rawValue) when it skips, which the runner must refuse",
                isTestOnly: true)
        }
        + [
            VariantEntry(
                EditBlindResolver(),
                summary: "test only: incremental taking edits in place but keeping its answer as if it still held",
                isTestOnly: true)
        ]
        + EditForgettingResolver.Fault.allCases.map { fault in
            VariantEntry(
                EditForgettingResolver(forgetting: fault),
                summary:
                    "test only: fast taking edits in place but forgetting \(fault.rawValue) edits, which the runner must refuse",
                isTestOnly: true)
        } + [
            VariantEntry(
                PositionForgettingResolver(),
                summary: "test only: incremental behind a cache keyed on the window's size, not its position",
                isTestOnly: true)
        ]

    /// Every built-in name, test-only variants and planted stale caches included: the
    /// names a variant from a library may not take.
    public static var allNames: [VariantName] { (all + staleCaches).map(\.name) }

    /// Each variant that remembers and the stateless variant it is to be judged against,
    /// frame by frame: what it costs where its memory does not pay.
    public static let statelessCounterparts: [VariantName: VariantName] = ["incremental": "fast"]

    /// The name of the variant every other one is checked against.
    public static let referenceName = VariantName(referenceVariantName)

    /// The variant `ab` and `profile` measure when none is named: the one shipped for speed.
    public static let defaultCandidateName: VariantName = "fast"

    /// The variant every other one is checked against (the first of the list).
    public static var reference: VariantEntry { all[0] }

    /// The variants a user picks from (test-only ones work too but are not listed).
    public static var listed: [VariantEntry] { all.filter { !$0.isTestOnly } }

    /// The variants a run measures when it names none.
    public static var defaultRun: [VariantEntry] { all.filter(\.runsByDefault) }

    /// Every variant but the reference: what the differential tests and the fuzzers check.
    public static var candidates: [VariantEntry] { all.filter { $0.name != referenceName } }

    /// The entry named `name`, listed, test-only or a planted stale cache.
    public static func entry(named name: VariantName) -> VariantEntry? {
        all.first { $0.name == name } ?? staleCaches.first { $0.name == name }
    }
}

/// A name no variant answers to, worded the same wherever a name is looked up (the
/// command line, the worker, the plug-in `ab` loads): the closest name when one is
/// close, and the names a user may pick from.
public struct UnknownVariant: Error, Sendable, CustomStringConvertible {
    public let name: VariantName
    public let description: String
}

extension VariantList {
    /// The one lookup of a variant's name: a built-in variant (listed, test-only or a
    /// planted stale cache) or one of `libraries` (the variants of `--variant-library`).
    public static func lookUp(_ name: VariantName, libraries: [VariantEntry] = []) throws(UnknownVariant)
        -> VariantEntry
    {
        if let entry = entry(named: name) ?? libraries.first(where: { $0.name == name }) { return entry }
        let known = (listed + libraries).map(\.name.rawValue).joined(separator: ", ")
        let names = (all + libraries).map(\.name.rawValue)
        throw UnknownVariant(
            name: name,
            description:
                "unknown variant '\(name)'\(Suggestion.phrase(for: name.rawValue, among: names)) (expected one of \(known))"
        )
    }
}

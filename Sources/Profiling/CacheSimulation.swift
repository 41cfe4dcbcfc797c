/// Callgrind's cache simulation with fixed cache sizes, and the cycle estimate
/// built on it.
///
/// The sizes are given on the command line so that the simulated misses, and the
/// estimate, are the same on every machine: a 32 KiB 8-way L1 for instructions and
/// one for data, an 8 MiB 16-way last level, 64-byte lines. The estimate weighs an
/// L1 hit 1, a last-level hit 5 and a memory access 35 cycles.
///
/// What it does not see: the order of memory accesses beyond these caches (hardware
/// prefetching, which rewards walking memory in order), branch prediction, and the
/// overlap of independent work in the pipeline. It is a count like instructions,
/// exact and repeatable, and answers "did this change touch memory worse", not "is
/// it faster".
public enum CacheSimulation {
    /// The valgrind options that switch the simulation on with the fixed sizes.
    public static let valgrindArguments = [
        "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
    ]

    /// The events the simulation adds to `Ir`.
    public static let events = ["Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]

    /// Accesses, misses and the estimate from one set of event values.
    public struct Estimate: Sendable, Equatable {
        public var accesses: Double
        public var level1Misses: Double
        public var lastLevelMisses: Double

        /// L1 hits + 5 × last-level hits + 35 × memory accesses.
        public var cycles: Double {
            (accesses - level1Misses) + 5 * (level1Misses - lastLevelMisses) + 35 * lastLevelMisses
        }
    }

    /// The estimate from event values named by `value(event)`, or `nil` when the
    /// events of the simulation are missing.
    public static func estimate(_ value: (String) -> Double?) -> Estimate? {
        var counts: [String: Double] = [:]
        for event in ["Ir"] + events {
            guard let count = value(event) else { return nil }
            counts[event] = count
        }
        return Estimate(
            accesses: counts["Ir"]! + counts["Dr"]! + counts["Dw"]!,
            level1Misses: counts["I1mr"]! + counts["D1mr"]! + counts["D1mw"]!,
            lastLevelMisses: counts["ILmr"]! + counts["DLmr"]! + counts["DLmw"]!)
    }

    /// The estimate for one set of `values` of a profile with `events`.
    public static func estimate(events names: [String], values: [Double]) -> Estimate? {
        estimate { event in
            guard let index = names.firstIndex(of: event) else { return nil }
            return index < values.count ? values[index] : 0
        }
    }
}

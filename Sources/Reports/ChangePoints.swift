import SceneGenerator

/// Change points in a series of measurements by E-divisive means (Matteson and
/// James; the approach MongoDB published and Hunter / Apache Otava use): find the
/// split that maximises the energy distance between the two sides, keep it when a
/// permutation test says it is significant, and recurse into both sides.
public enum ChangePoints {
    /// Indices where a new segment starts (each in 1..<values.count), ascending.
    /// Deterministic: the permutations come from a fixed seed.
    public static func detect(
        _ values: [Double], significance: Double = 0.05, permutations: Int = 199, minimumSegment: Int = 3
    ) -> [Int] {
        var found: [Int] = []
        var generator = SplitMix64(seed: 0xE_D1F)
        var pending = [0..<values.count]
        while let range = pending.popLast() {
            let segment = Array(values[range])
            guard let (split, statistic) = bestSplit(segment, minimumSegment: minimumSegment), statistic > 0 else {
                continue
            }
            var atLeastAsLarge = 0
            var shuffled = segment
            for _ in 0..<permutations {
                shuffled.shuffle(using: &generator)
                if let (_, permuted) = bestSplit(shuffled, minimumSegment: minimumSegment), permuted >= statistic {
                    atLeastAsLarge += 1
                }
            }
            let p = Double(atLeastAsLarge + 1) / Double(permutations + 1)
            guard p < significance else { continue }
            let absolute = range.lowerBound + split
            found.append(absolute)
            pending.append(range.lowerBound..<absolute)
            pending.append(absolute..<range.upperBound)
        }
        return found.sorted()
    }

    /// The split τ maximising Q(τ) = τ(n−τ)/n · (2·mean|between| − mean|within left| − mean|within right|).
    static func bestSplit(_ values: [Double], minimumSegment: Int) -> (Int, Double)? {
        let n = values.count
        guard n >= 2 * minimumSegment else { return nil }
        var best: (Int, Double)?
        for split in minimumSegment...(n - minimumSegment) {
            let between = meanDistance(values[..<split], values[split...])
            let left = meanWithin(values[..<split])
            let right = meanWithin(values[split...])
            let q = Double(split * (n - split)) / Double(n) * (2 * between - left - right)
            if best == nil || q > best!.1 { best = (split, q) }
        }
        return best
    }

    static func meanDistance(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
        var sum = 0.0
        for x in a { for y in b { sum += abs(x - y) } }
        return sum / Double(a.count * b.count)
    }

    static func meanWithin(_ a: ArraySlice<Double>) -> Double {
        guard a.count > 1 else { return 0 }
        var sum = 0.0
        for i in a.indices { for j in a.indices where j > i { sum += abs(a[i] - a[j]) } }
        return sum / Double(a.count * (a.count - 1) / 2)
    }
}

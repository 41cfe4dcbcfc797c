/// "Did you mean …?" for a name that is not known: the known name closest to it by
/// edit distance (insertions, deletions, substitutions and swaps of neighbours), when
/// it is close enough to be a slip of the keyboard: at most a third of its length, and
/// at least one edit.
public enum Suggestion {
    /// The closest of `known` to `name`, or `nil` when none is close.
    public static func closest(to name: String, among known: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in known {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best, distance > 0, distance <= max(1, typed.count / 3) else { return nil }
        return candidate
    }

    /// " (did you mean 'x'?)", or "" when nothing is close.
    public static func phrase(for name: String, among known: [String]) -> String {
        closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal string alignment distance.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

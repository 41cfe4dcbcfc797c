import Foundation

/// What gained or lost cost between two profiles of the same loop in two builds:
/// per function (its own instructions) and per source line.
///
/// Lines move between builds, so a line is matched by its file (from `Sources/`
/// on, so two checkouts match), its text and which occurrence of that text in the
/// file it is, not by its number; a line whose text is not known is matched by
/// number.
public struct ProfileDiff: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        /// A function, or a line as `file:line` of the new build (the old one's when
        /// only the old build has it).
        public var key: String
        /// The line's text, for lines.
        public var text: String?
        public var before: Double
        public var after: Double
        public var change: Double { after - before }
    }

    public var functions: [Row]
    public var lines: [Row]
    public var totalBefore: Double
    public var totalAfter: Double

    /// The rows of `before` → `after` for event `event`, the largest changes first;
    /// `text(location)` gives a line's source text when its file can be read. Lines are
    /// the project's own (under `Sources/` or `Tests/`) unless `systemLines`: the C
    /// library's and the runtime's lines move with every build and point nowhere a change can.
    public init(
        before: Profile, after: Profile, event: String = "Ir", systemLines: Bool = false,
        text: (SourceLocation) -> String?
    ) {
        let beforeIndex = before.eventIndex(event)
        let afterIndex = after.eventIndex(event)
        func value(_ values: [Double], _ index: Int?) -> Double { index.map { values[$0] } ?? 0 }
        totalBefore = beforeIndex.map { before.totals[$0] } ?? 0
        totalAfter = afterIndex.map { after.totals[$0] } ?? 0

        var functionCosts: [String: (Double, Double)] = [:]
        for cost in before.functions() {
            functionCosts[cost.function, default: (0, 0)].0 += value(cost.selfValues, beforeIndex)
        }
        for cost in after.functions() {
            functionCosts[cost.function, default: (0, 0)].1 += value(cost.selfValues, afterIndex)
        }
        functions = Self.ordered(
            functionCosts.map { Row(key: $0.key, text: nil, before: $0.value.0, after: $0.value.1) })

        var lineCosts: [LineKey: Row] = [:]
        for (profile, index, isAfter) in [(before, beforeIndex, false), (after, afterIndex, true)] {
            var occurrences: [String: [String: Int]] = [:]
            var keys: [SourceLocation: LineKey] = [:]
            // Occurrences are counted in line order, so the n-th copy of a text matches the n-th.
            for cost in profile.lines().sorted(by: { $0.location < $1.location }) {
                let location = cost.location
                let file = Self.relativePath(location.file)
                guard systemLines || file != location.file || file.hasPrefix("Sources/") || file.hasPrefix("Tests/")
                else { continue }
                let key: LineKey
                if let source = text(location)?.trimmingSpaces(), !source.isEmpty {
                    let n = occurrences[file, default: [:]][source, default: 0]
                    occurrences[file, default: [:]][source] = n + 1
                    key = LineKey(file: file, text: source, occurrence: n, line: 0)
                } else {
                    key = LineKey(file: file, text: nil, occurrence: 0, line: location.line)
                }
                keys[location] = key
                var row =
                    lineCosts[key] ?? Row(key: "\(file):\(location.line)", text: key.text, before: 0, after: 0)
                if isAfter {
                    row.after += value(cost.values, index)
                    row.key = "\(file):\(location.line)"
                } else {
                    row.before += value(cost.values, index)
                }
                lineCosts[key] = row
            }
        }
        lines = Self.ordered(Array(lineCosts.values))
    }

    struct LineKey: Hashable {
        let file: String
        let text: String?
        let occurrence: Int
        let line: Int
    }

    /// Rows with a change, the largest (in absolute value) first.
    static func ordered(_ rows: [Row]) -> [Row] {
        rows.filter { $0.change != 0 }.sorted { (abs($0.change), $1.key) > (abs($1.change), $0.key) }
    }

    /// A source path from its `Sources/` or `Tests/` folder on, so that the same file
    /// in two checkouts has one name.
    public static func relativePath(_ path: String) -> String {
        for folder in ["/Sources/", "/Tests/"] {
            if let range = path.range(of: folder, options: .backwards) {
                return String(path[path.index(after: range.lowerBound)...])
            }
        }
        return path
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}

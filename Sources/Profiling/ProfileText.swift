import Charts
import Support

/// The terminal views of a profile: the costliest functions, the costliest lines,
/// the hot loop's source with each line's cost in the margin, and a diff's tables.
public struct ProfileText {
    public var profile: Profile
    /// Relayouts the profile covers, for per-relayout figures.
    public var relayouts: Int
    /// A source file's lines, or `nil` when it cannot be read.
    public var source: (String) -> [String]?

    public init(profile: Profile, relayouts: Int, source: @escaping (String) -> [String]?) {
        self.profile = profile
        self.relayouts = relayouts
        self.source = source
    }

    /// The columns every view shows: instructions, and with the cache simulation the
    /// L1 and last-level misses and the cycle estimate.
    var columns: [(title: String, value: ([Double]) -> Double)] {
        let events = profile.events
        var columns: [(title: String, value: ([Double]) -> Double)] = [
            ("instructions", { values in values.first ?? 0 })
        ]
        if CacheSimulation.estimate(events: events, values: profile.totals) != nil {
            columns += [
                ("L1 misses", { CacheSimulation.estimate(events: events, values: $0)!.level1Misses }),
                ("LL misses", { CacheSimulation.estimate(events: events, values: $0)!.lastLevelMisses }),
                ("est. cycles", { CacheSimulation.estimate(events: events, values: $0)!.cycles }),
            ]
        }
        return columns
    }

    var total: Double { profile.totals.first ?? 0 }

    /// One line of totals, per relayout too.
    public var summary: String {
        var parts: [String] = []
        for column in columns {
            let value = column.value(profile.totals)
            parts.append(
                "\(NumberText.grouped(value)) \(column.title) (\(NumberText.grouped(value / Double(max(relayouts, 1)))) per relayout)"
            )
        }
        return parts.joined(separator: ", ")
    }

    /// The `count` functions with the largest self cost, with their inclusive cost.
    public func functionTable(count: Int) -> String {
        var rows: [[String]] = [["self", "share", "inclusive", "function"]]
        for cost in profile.functions().prefix(count) {
            let own = cost.selfValues.first ?? 0
            rows.append([
                NumberText.grouped(own), NumberText.percent(own, of: total),
                NumberText.grouped(cost.inclusiveValues.first ?? 0), cost.function,
            ])
        }
        return Self.align(rows, numeric: 3)
    }

    /// The `count` costliest source lines with their text.
    public func lineTable(count: Int) -> String {
        var rows: [[String]] = [columns.map(\.title) + ["share", "line"]]
        for cost in profile.lines().prefix(count) {
            let text = source(cost.location.file).flatMap { lines in
                cost.location.line <= lines.count ? lines[cost.location.line - 1].trimmingSpaces() : nil
            }
            rows.append(
                columns.map { NumberText.grouped($0.value(cost.values)) }
                    + [
                        NumberText.percent(cost.values.first ?? 0, of: total),
                        "\(ProfileDiff.relativePath(cost.location.file)):\(cost.location.line)  \(text.map { Self.clip($0, 70) } ?? "")",
                    ])
        }
        return Self.align(rows, numeric: columns.count + 1)
    }

    /// The hot loop's source: in the file with the most cost, every line with cost and
    /// the line either side, the costs in the margin; gaps are marked `⋮`. At most
    /// `limit` lines, the costliest kept when there are more.
    public func hotLoop(limit: Int = 80) -> String {
        let lines = profile.lines()
        var byFile: [String: Double] = [:]
        for cost in lines where source(cost.location.file) != nil {
            byFile[cost.location.file, default: 0] += cost.values.first ?? 0
        }
        guard let file = byFile.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key,
            let text = source(file)
        else { return "no source lines: the binary has no line information for the hot code\n" }
        var costs: [Int: [Double]] = [:]
        for cost in lines where cost.location.file == file && cost.location.line <= text.count {
            costs[cost.location.line] = cost.values
        }
        // The costliest lines first until the limit is reached, each with its neighbours.
        var shown = Set<Int>()
        for line in costs.keys.sorted(by: { (costs[$0]![0], $1) > (costs[$1]![0], $0) }) {
            let around = Set((line - 1)...(line + 1)).filter { (1...text.count).contains($0) }
            if shown.union(around).count > limit { break }
            shown.formUnion(around)
        }
        let fileShare = NumberText.percent(byFile[file]!, of: total)
        var rows: [[String]] = [
            columns.map(\.title) + ["share", "\(ProfileDiff.relativePath(file)) (\(fileShare) of all)"]
        ]
        var previous: Int?
        for line in shown.sorted() {
            if let previous, line > previous + 1 { rows.append(columns.map { _ in "" } + ["", "   ⋮"]) }
            previous = line
            let values = costs[line]
            rows.append(
                columns.map { column in values.map { NumberText.grouped(column.value($0)) } ?? "" }
                    + [
                        values.map { NumberText.percent($0.first ?? 0, of: total) } ?? "",
                        "\(Self.pad(String(line), 4)) \(text[line - 1])",
                    ])
        }
        return Self.align(rows, numeric: columns.count + 1)
    }

    /// A diff's two tables, the `count` largest changes each.
    public static func diffTables(_ diff: ProfileDiff, relayouts: Int, count: Int) -> String {
        let perRelayout = Double(max(relayouts, 1))
        var text =
            "instructions per relayout: \(NumberText.grouped(diff.totalBefore / perRelayout)) → \(NumberText.grouped(diff.totalAfter / perRelayout)) (\(NumberText.signedPercent(diff.totalAfter - diff.totalBefore, of: diff.totalBefore)))\n\n"
        func table(_ all: [ProfileDiff.Row], title: String) -> String {
            // A change below half an instruction per relayout would print as 0.
            let rows = all.filter { abs($0.change) / perRelayout >= 0.5 }
            guard !rows.isEmpty else { return "\(title): no change\n" }
            var lines: [[String]] = [["before", "after", "change", title]]
            for row in rows.prefix(count) {
                lines.append([
                    NumberText.grouped(row.before / perRelayout), NumberText.grouped(row.after / perRelayout),
                    (row.change > 0 ? "+" : "") + NumberText.grouped(row.change / perRelayout),
                    row.text.map { "\(row.key)  \(clip($0, 70))" } ?? row.key,
                ])
            }
            let hidden = rows.count - min(rows.count, count) + all.count - rows.count
            return align(lines, numeric: 3) + (hidden > 0 ? "(\(hidden) smaller changes not shown)\n" : "")
        }
        text += table(diff.functions, title: "function (own instructions per relayout)") + "\n"
        text += table(diff.lines, title: "line (instructions per relayout)")
        return text
    }

    /// Columns padded to their widest cell; the first `numeric` right-aligned.
    static func align(_ rows: [[String]], numeric: Int) -> String {
        TextTable.aligned(rows) { $0 < numeric ? .right : .left }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

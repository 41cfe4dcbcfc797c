extension Profile {
    /// The profile in callgrind's format with source lines for positions, for the
    /// tools that read callgrind files (`callgrind_annotate --auto=yes`, KCachegrind):
    /// callgrind's own dump names the stripped copy it ran and has no line table, so
    /// those tools would see functions only. Each cost is charged where the project's
    /// line views charge it: the function it is compiled into, at the innermost line
    /// of ours (``Profile/init(_:frames:simplify:isSource:)``); a cost with no line is
    /// written at line 0 of `???`, as callgrind writes it. Self costs only: the call
    /// graph stays in the dump callgrind wrote.
    public func callgrindLines(command: String) -> String {
        struct Place: Hashable {
            let file: String
            let function: String
        }
        var costs: [Place: [Int: [Double]]] = [:]
        var sums = [Double](repeating: 0, count: events.count)
        for sample in samples {
            let place = Place(file: sample.location?.file ?? "???", function: sample.function)
            let line = sample.location?.line ?? 0
            var values = costs[place, default: [:]][line] ?? [Double](repeating: 0, count: events.count)
            for (index, value) in sample.values.prefix(events.count).enumerated() {
                values[index] += value
                sums[index] += value
            }
            costs[place, default: [:]][line] = values
        }
        // Whole counts: callgrind's readers take integers.
        func counts(_ values: [Double]) -> String {
            values.map { abs($0) < 9e15 ? String(Int64($0.rounded())) : String($0) }.joined(separator: " ")
        }
        var text = "# callgrind format\nversion: 1\ncreator: foldbench profile (lines by llvm-symbolizer)\n"
        text += "cmd: \(command)\npositions: line\nevents: \(events.joined(separator: " "))\n"
        text += "summary: \(counts(sums))\n"
        for place in costs.keys.sorted(by: { ($0.file, $0.function) < ($1.file, $1.function) }) {
            text += "\nfl=\(place.file)\nfn=\(place.function)\n"
            for (line, values) in costs[place]!.sorted(by: { $0.key < $1.key }) {
                text += "\(line) \(counts(values))\n"
            }
        }
        return text
    }
}

// libFuzzer target: raw bytes as a history CSV (what `trend` reads). Bad rows must
// be reported by line and skipped, never trap; what is read is then searched for
// change points and drawn, as `trend` does.
import FuzzDriver
import Reports

@main
enum HistoryFuzz {
    static func main() {
        runFuzzer { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let (series, problems) = Trend.read(text)
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            for problem in problems where problem.line < 1 || problem.line > lines {
                fatalError("a problem on line \(problem.line) of a \(lines)-line history")
            }
            _ = Trend.changes(series)
            for item in series { _ = Trend.svg(item) }
            _ = Trend.html(series) + Trend.summaryJSON(series) + Trend.summaryCSV(series)
            _ = Trend.summaryMarkdown(series)
        }
    }
}

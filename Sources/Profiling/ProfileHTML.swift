import Charts
import Support

/// The annotated page of a profile: the flame graph, the costliest lines, and each
/// source file with cost shown whole, every line with its costs in the margin and
/// a background as warm as its share. One self-contained file (inline SVG and CSS).
public enum ProfileHTML {
    /// Files below this share of all instructions are not shown whole.
    static let fileShareShown = 0.002

    public static func page(_ view: ProfileText, title: String, flameGraph: String?, links: [(String, String)])
        -> String
    {
        let profile = view.profile
        let columns = view.columns
        let total = view.total
        let lines = profile.lines()
        var byFile: [String: Double] = [:]
        for cost in lines where view.source(cost.location.file) != nil {
            byFile[cost.location.file, default: 0] += cost.values.first ?? 0
        }
        let files = byFile.filter { $0.value >= total * fileShareShown }.sorted {
            ($0.value, $1.key) > ($1.value, $0.key)
        }.map(\.key)
        let anchors = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, "f\($0)") })
        let hottest = lines.first?.values.first ?? 1

        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(SVG.escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; }
            td, th { padding: 1px 8px; text-align: right; white-space: nowrap; }
            th { border-bottom: 1px solid #999; }
            td.src { text-align: left; font: 12px/1.35 ui-monospace, monospace; white-space: pre; }
            td.num { font: 12px ui-monospace, monospace; color: #444; }
            td.ln { color: #888; font: 12px ui-monospace, monospace; }
            h2 { margin-top: 32px; font-size: 17px; }
            .flame svg { max-width: 100%; height: auto; }
            </style></head><body>
            <h1>\(SVG.escape(title))</h1>
            <p>\(SVG.escape(view.summary))</p>
            <p>\(links.map { "<a href=\"\(SVG.escape($0.1))\">\(SVG.escape($0.0))</a>" }.joined(separator: " · "))</p>

            """
        if let flameGraph { html += "<div class=\"flame\">\(flameGraph)</div>\n" }
        html += costliestLines(view, lines: lines, anchors: anchors)
        var costs: [SourceLocation: [Double]] = [:]
        for cost in lines { costs[cost.location] = cost.values }
        for file in files {
            guard let text = view.source(file), let anchor = anchors[file] else { continue }
            html +=
                "<h2 id=\"\(anchor)\">\(SVG.escape(ProfileDiff.relativePath(file))) — \(NumberText.percent(byFile[file]!, of: total)) of instructions</h2>\n"
            html += "<table><tr><th>line</th>"
            html += (columns.map(\.title) + ["share"]).map { "<th>\(SVG.escape($0))</th>" }.joined()
            html += "<th></th></tr>\n"
            for (index, source) in text.enumerated() {
                let number = index + 1
                let values = costs[SourceLocation(file: file, line: number)]
                let heat = values.map { min(1, ($0.first ?? 0) / hottest) } ?? 0
                let style =
                    heat > 0 ? " style=\"background: rgba(255,90,0,\(NumberText.coordinate(0.08 + 0.6 * heat)))\"" : ""
                html += "<tr id=\"\(anchor)-L\(number)\"\(style)><td class=\"ln\">\(number)</td>"
                html += columns.map { column in
                    "<td class=\"num\">\(values.map { NumberText.grouped(column.value($0)) } ?? "")</td>"
                }.joined()
                html += "<td class=\"num\">\(values.map { NumberText.percent($0.first ?? 0, of: total) } ?? "")</td>"
                html += "<td class=\"src\">\(SVG.escape(source))</td></tr>\n"
            }
            html += "</table>\n"
        }
        return html + "</body></html>\n"
    }

    /// The 25 costliest lines, each linked to its place in its file when the file is shown.
    static func costliestLines(_ view: ProfileText, lines: [LineCost], anchors: [String: String]) -> String {
        let (columns, total) = (view.columns, view.total)
        var html = ""
        html += "<h2>Costliest lines</h2>\n<table><tr>"
        html += (columns.map(\.title) + ["share", "line", "source"]).map { "<th>\(SVG.escape($0))</th>" }
            .joined()
        html += "</tr>\n"
        for cost in lines.prefix(25) {
            let name = "\(ProfileDiff.relativePath(cost.location.file)):\(cost.location.line)"
            let link = anchors[cost.location.file].map {
                "<a href=\"#\($0)-L\(cost.location.line)\">\(SVG.escape(name))</a>"
            }
            html +=
                "<tr>" + columns.map { "<td class=\"num\">\(NumberText.grouped($0.value(cost.values)))</td>" }.joined()
            html += "<td class=\"num\">\(NumberText.percent(cost.values.first ?? 0, of: total))</td>"
            let text = view.source(cost.location.file).flatMap { lines in
                lines.indices.contains(cost.location.line - 1) ? lines[cost.location.line - 1].trimmingSpaces() : nil
            }
            html += "<td class=\"src\">\(link ?? SVG.escape(name))</td>"
            html += "<td class=\"src\">\(SVG.escape(text ?? ""))</td></tr>\n"
        }
        html += "</table>\n"
        return html
    }
}

extension Trend {
    /// An index page linking every chart, grouped by metric.
    public static func html(_ series: [TrendSeries]) -> String {
        var text =
            "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>FoldBench trends</title></head><body>\n<h1>FoldBench trends</h1>\n"
        for metric in Array(Set(series.map(\.metric))).sorted() {
            text += "<h2>\(metric)</h2>\n<ul>\n"
            for item in series where item.metric == metric {
                let note = item.changePoints.isEmpty ? "" : " — \(item.changePoints.count) change point(s)"
                text += "<li><a href=\"\(item.slug).svg\">\(item.scenario), \(item.variant)</a>\(note)</li>\n"
            }
            text += "</ul>\n"
        }
        return text + "</body></html>\n"
    }
}

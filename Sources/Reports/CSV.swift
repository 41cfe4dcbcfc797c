import ArrangementModel
import Measurement
import Support

/// RFC 4180 CSV: a header row, commas, fields quoted when they need it.
public enum CSV {
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func line(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") + "\n" }

    /// Splits one CSV record (no embedded newlines) into fields; `nil` when malformed.
    public static func parse(_ line: Substring) -> [String]? {
        // Most rows quote nothing: split their bytes at the commas.
        if !line.utf8.contains(UInt8(ascii: "\"")) {
            return line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
                String(Substring($0))
            }
        }
        // Quoted fields, byte by byte (a quote or a comma is one byte in UTF-8).
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        var fields: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var atFieldStart = true
        var bytes = line.utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            if quoted {
                if byte == quote {
                    if pending == quote {
                        current.append(quote)
                        pending = bytes.next()
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(byte)
                }
            } else if byte == comma {
                fields.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                atFieldStart = true
                continue
            } else if byte == quote {
                guard atFieldStart else { return nil }
                quoted = true
            } else {
                current.append(byte)
            }
            atFieldStart = false
        }
        guard !quoted else { return nil }
        fields.append(String(decoding: current, as: UTF8.self))
        return fields
    }

    /// The columns of report CSV files and of `Results/history.csv`, in order. The
    /// machine's three (the CPU model, its cores, the exact compiler) come last: a
    /// history begun by an older foldbench has the first eleven only.
    public enum Column: String, CaseIterable, Sendable {
        case date, commit, dirty, host, scenario, variant, arrangements, metric, statistic, value, unit, cpu, cores,
            compiler

        /// The column's position in a row.
        public var index: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// The header's names.
    public static let columns = Column.allCases.map(\.rawValue)

    /// The columns of a history begun before the machine's columns existed.
    public static let legacyColumns = Array(columns.prefix(11))
}

/// One row of a report CSV or of history, its fields by column name.
public struct CSVRow: Sendable {
    public var fields: [String]

    /// A row of exactly one field per column, or `nil`; `legacy` reads a row of the
    /// first eleven columns, the machine's left unknown.
    public init?(_ fields: [String], legacy: Bool = false) {
        if legacy {
            guard fields.count == CSV.legacyColumns.count else { return nil }
            self.fields = fields + ["unknown", "", ""]
        } else {
            guard fields.count == CSV.Column.allCases.count else { return nil }
            self.fields = fields
        }
    }

    public subscript(column: CSV.Column) -> String { fields[column.index] }
}

extension Report {
    /// Long format: one row per result × metric × statistic.
    public func csv() -> String { csv(headlineOnly: false) }

    /// History rows, without the header: one per result × metric, its headline statistic.
    /// The rows `--record` appends to the history: each metric's headline, and its
    /// 95 % interval where it has one, so that a trend can draw it.
    /// `legacy` leaves out the machine's columns, for a history begun by an older foldbench.
    public func historyRows(legacy: Bool = false) -> String {
        rows(headlineOnly: true).map { CSV.line(legacy ? Array($0.prefix(CSV.legacyColumns.count)) : $0) }.joined()
    }

    func csv(headlineOnly: Bool) -> String {
        CSV.line(CSV.columns) + rows(headlineOnly: headlineOnly).map(CSV.line).joined()
    }

    /// A row's fields per statistic of every result, in ``CSV/columns``' order.
    func rows(headlineOnly: Bool) -> [[String]] {
        var rows: [[String]] = []
        for result in results {
            for row in result.metricRows
            where !headlineOnly || row.statistic == row.metric.headline || row.statistic == .ci95Lower
                || row.statistic == .ci95Upper
            {
                let fields: [CSV.Column: String] = [
                    .date: environment.date, .commit: environment.commit, .dirty: environment.dirty ? "true" : "false",
                    .host: environment.host, .scenario: result.scenario.rawValue, .variant: result.variant.rawValue,
                    .arrangements: String(result.arrangements), .metric: row.metric.name,
                    .statistic: row.statistic.rawValue, .value: formatNumber(row.value), .unit: row.metric.unit,
                    .cpu: environment.cpu, .cores: String(environment.cores), .compiler: environment.swift,
                ]
                rows.append(CSV.Column.allCases.map { fields[$0]! })
            }
        }
        return rows
    }
}

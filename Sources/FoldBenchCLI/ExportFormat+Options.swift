import Reports
import Runs

/// Export formats as `export --format` and `run --export` take them.
extension ExportFormat {
    static func parse(_ name: String, command: CommandSpec) throws(UsageError) -> ExportFormat {
        guard let format = ExportFormat(rawValue: name) else {
            throw UsageError.notOneOf("an export format", name, ExportFormat.allCases.map(\.rawValue), command: command)
        }
        return format
    }

    /// `run --export FORMAT:PATH`, checked before the run starts.
    static func parseRunExports(_ values: [String], command: CommandSpec) throws(UsageError) -> [(ExportFormat, String)]
    {
        try values.map { value throws(UsageError) in
            guard let colon = value.firstIndex(of: ":"), colon != value.startIndex,
                value.index(after: colon) != value.endIndex
            else {
                throw UsageError(
                    "\(CommandSpec.Option.runExport.name) takes FORMAT:PATH, not '\(value)'", command: command)
            }
            return (try parse(String(value[..<colon]), command: command), String(value[value.index(after: colon)...]))
        }
    }
}

/// Formats a number the way scene files and messages show it (`600`, not `600.0`).
public func formatNumber(_ value: Double) -> String {
    if abs(value) < 1e15, let integral = Int64(exactly: value) {
        return String(integral)
    }
    return String(describing: value)
}

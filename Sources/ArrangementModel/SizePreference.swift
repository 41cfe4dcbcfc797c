/// The optional `min`, `ideal` and `max` of a ratio or length preference.
///
/// Built only through ``SizePreference/ratio(min:ideal:max:)`` and
/// ``SizePreference/length(min:ideal:max:)``, which check the contract's rules:
/// at least one field, finite, non-negative, ratios within 0...1, min ≤ ideal ≤ max.
import Support

public struct PreferenceRange: Equatable, Hashable, Sendable {
    public let min: Double?
    public let ideal: Double?
    public let max: Double?

    init(min: Double?, ideal: Double?, max: Double?, isRatio: Bool) throws(ModelError) {
        guard min != nil || ideal != nil || max != nil else {
            throw ModelError("needs at least one of min, ideal, max")
        }
        // One field at a time, not a list of them: a pane read from the C interface on an
        // edit frame is built here, and a list is an allocation.
        func check(_ value: Double?, _ name: String) throws(ModelError) {
            guard let value else { return }
            guard value.isFinite else { throw ModelError("must be a finite number", field: name) }
            if isRatio {
                guard (0...1).contains(value) else {
                    throw ModelError("\(formatNumber(value)) is outside 0...1", field: name)
                }
            } else if value < 0 {
                throw ModelError("\(formatNumber(value)) is a negative length", field: name)
            }
        }
        try check(min, "min")
        try check(ideal, "ideal")
        try check(max, "max")
        if let min, let ideal, min > ideal {
            throw ModelError("min \(formatNumber(min)) is greater than ideal \(formatNumber(ideal))", field: "ideal")
        }
        if let ideal, let max, ideal > max {
            throw ModelError("ideal \(formatNumber(ideal)) is greater than max \(formatNumber(max))", field: "max")
        }
        if let min, let max, min > max {
            throw ModelError("min \(formatNumber(min)) is greater than max \(formatNumber(max))", field: "max")
        }
        self.min = min
        self.ideal = ideal
        self.max = max
    }
}

/// A pane's preference along one split axis (contract §1, §2.2 step 4).
public enum SizePreference: Equatable, Hashable, Sendable {
    /// Fractions of the axis length.
    case ratio(PreferenceRange)
    /// Points.
    case length(PreferenceRange)
    /// The content's ideal length on the axis.
    case fixed

    /// A ratio preference; throws when a field is outside 0...1 or the order is broken.
    public static func ratio(min: Double? = nil, ideal: Double? = nil, max: Double? = nil) throws(ModelError)
        -> SizePreference
    {
        .ratio(try PreferenceRange(min: min, ideal: ideal, max: max, isRatio: true))
    }

    /// A length preference; throws when a field is negative or the order is broken.
    public static func length(min: Double? = nil, ideal: Double? = nil, max: Double? = nil) throws(ModelError)
        -> SizePreference
    {
        .length(try PreferenceRange(min: min, ideal: ideal, max: max, isRatio: false))
    }
}

/// A closed interval around an estimate, the one shape every interval FoldBench reports
/// takes: a median's 95 % confidence interval, a ratio's, a run's value in a history, a
/// time step of `bisect`.
public struct Interval: Equatable, Sendable {
    public var lower: Double
    public var upper: Double

    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }

    /// Both ends multiplied by `factor` (a positive one keeps them in order).
    public func scaled(by factor: Double) -> Interval { Interval(lower * factor, upper * factor) }

    /// `[0.9838, 1.0157]`: both ends with `decimals` decimals.
    public func text(decimals: Int) -> String {
        "[\(NumberText.fixed(lower, decimals: decimals)), \(NumberText.fixed(upper, decimals: decimals))]"
    }
}

/// An estimate with its interval: a ratio of two variants' times, paired by round.
public struct Estimate: Equatable, Sendable {
    public var value: Double
    public var interval: Interval

    public init(_ value: Double, _ interval: Interval) {
        self.value = value
        self.interval = interval
    }
}

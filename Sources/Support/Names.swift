/// A name that identifies something across reports, the command line and the runner:
/// a type per kind of thing, so that a variant is never taken for a scenario or a label.
public protocol Name: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    var rawValue: String { get }
    init(_ rawValue: String)
}

extension Name {
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A variant's name, as reports, the command line, libraries and the runner refer to it.
public struct VariantName: Name {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A scenario's name, `MOTION/TREE/DEVICE` (or a fixture's or a scene file's), as results
/// and reports refer to it; `Workloads.Scenario` is the parsed form a run measures.
public struct ScenarioName: Name {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

import ArrangementModel

extension LayoutDirection {
    /// Both directions, in the order messages list them.
    public static let all: [LayoutDirection] = [.leftToRight, .rightToLeft]

    /// The spelling scene files, reports and the command line share.
    public var name: String { self == .leftToRight ? "leftToRight" : "rightToLeft" }

    /// The direction spelled `name`, or `nil`.
    public init?(name: String) {
        guard let direction = Self.all.first(where: { $0.name == name }) else { return nil }
        self = direction
    }
}

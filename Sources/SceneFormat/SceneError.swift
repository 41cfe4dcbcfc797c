/// Why a scene (or any input file) was rejected: the place (a JSON path such as
/// `root.secondary.split.horizontal.ratio.ideal`, or a line and column for malformed
/// JSON) and the rule it breaks.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let rule: String

    public init(place: String, rule: String) {
        self.place = place
        self.rule = rule
    }

    public var description: String { place.isEmpty ? rule : "\(place): \(rule)" }
}

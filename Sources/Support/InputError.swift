/// Why an input was rejected — a scene, a report, a device profile, a trace, a history,
/// a scenario name: the place (a JSON path such as
/// `root.secondary.split.horizontal.ratio.ideal`, a line and column for malformed JSON,
/// a CSV row) and the rule it breaks.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let rule: String

    public init(place: String, rule: String) {
        self.place = place
        self.rule = rule
    }

    public var description: String { place.isEmpty ? rule : "\(place): \(rule)" }
}

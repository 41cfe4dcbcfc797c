/// A broken contract rule found while building a model value.
///
/// It carries the rule and, when the rule concerns one field of the value, that
/// field's name; the scene decoder adds the file and the rest of the JSON path.
public struct ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field of the value being built that breaks the rule, if it is one field.
    public let field: String?
    /// The rule, phrased for a user (`"1.4 is outside 0...1"`).
    public let rule: String
    /// The id used twice, when that is the rule broken.
    public var duplicateID: String?

    public init(_ rule: String, field: String? = nil) {
        self.field = field
        self.rule = rule
    }

    public var description: String { field.map { "\($0): \(rule)" } ?? rule }
}

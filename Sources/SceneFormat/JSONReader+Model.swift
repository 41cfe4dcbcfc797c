import ArrangementModel
import Support

extension JSONObjectReader {
    /// Re-raises a model rule at the path of the field it names (or of the object).
    public func place(_ error: ModelError) -> InputError { placed(error, at: path, failure: failure) }
}

extension JSONReader {
    /// Re-raises a model rule at the path of the field it names (or of this value).
    public func place(_ error: ModelError) -> InputError { placed(error, at: path, failure: failure) }
}

private func placed(_ error: ModelError, at path: String, failure: (String) -> InputError) -> InputError {
    guard let field = error.field else { return failure(error.rule) }
    return InputError(place: path.isEmpty ? field : "\(path).\(field)", rule: error.rule)
}

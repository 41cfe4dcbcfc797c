/// The exit statuses of every foldbench command and child, one list (the documented
/// 0, 1 and 2; an interrupt ends the process with 130 of its own accord).
public enum ExitStatus: Int32, Sendable {
    /// Done, and nothing to refuse.
    case success = 0
    /// Something measured was refused: a variant disagrees, a library broke a rule, a gate failed.
    case failed = 1
    /// Bad input or a bad argument; nothing measured.
    case badInput = 2
}

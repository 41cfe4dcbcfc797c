import SceneFormat
import Support

/// Scene files (contract §4) as the commands read them: a bad one is refused naming the
/// file, the place and the rule.
public enum SceneFiles {
    public static func load(_ path: String) throws(RunFailure) -> Scene {
        let limits = Limits.current
        let bytes = try readFile(path)
        if let scene = SceneDecoder.decodeWhileParsing(bytes, limits: limits) { return scene }
        let document = try parse(consume bytes, file: path, limits: limits)
        do {
            return try SceneDecoder.decode(consume document, limits: limits)
        } catch {
            throw .badInput(file: path, error)
        }
    }

    public static func parse(_ bytes: consuming [UInt8], file: String, limits: InputLimits) throws(RunFailure)
        -> JSONValue
    {
        do {
            return try JSONReader.document(bytes, limits: limits)
        } catch {
            throw .badInput(file: file, error)
        }
    }
}

import Foundation
import Workloads

/// The catalog of a command's `--device-file` and `--motion-file` files: devices by
/// the name inside each, traces by their file names.
public enum CatalogFiles {
    public static func load(deviceFiles: [String], motionFiles: [String] = []) throws(RunFailure) -> Catalog {
        var catalog = Catalog()
        for path in deviceFiles {
            let bytes = try readFile(path)
            do { try catalog.addDevice(bytes, limits: Limits.current) } catch { throw .badInput(file: path, error) }
            // A file would silently stand in for a shipped device of its name.
            for name in catalog.devices.keys where DeviceProfile.shippedNames.contains(name) {
                throw RunFailure(
                    .badInput,
                    "\(path): the device is named \"\(name)\", as a shipped device is; give it a name of its own (its \"name\" field)"
                )
            }
        }
        for path in motionFiles {
            let bytes = try readFile(path)
            do { try catalog.addTrace(bytes, path: path) } catch { throw .badInput(file: path, error) }
            // The app's edits while the trace was recorded, when a file of them lies beside it.
            let editsPath = MotionTrace.editsPath(of: path)
            if FileManager.default.fileExists(atPath: editsPath) {
                let edits = try readFile(editsPath)
                do {
                    catalog.traces[Catalog.traceName(path)]?.edits = try MotionTrace.decodeEdits(
                        edits, limits: Limits.current)
                } catch {
                    throw .badInput(file: editsPath, error)
                }
            }
        }
        return catalog
    }
}

import Workloads

/// User device files given with `--device-file`, by the name inside each.
enum DeviceFiles {
    static func load(_ paths: [String]) throws(CommandFailure) -> [String: DeviceProfile] {
        var devices: [String: DeviceProfile] = [:]
        for path in paths {
            let bytes = try readFile(path)
            do {
                let device = try DeviceProfile.decode(bytes, limits: Limits.current)
                devices[device.name] = device
            } catch {
                throw .badInput(file: path, error)
            }
        }
        return devices
    }
}

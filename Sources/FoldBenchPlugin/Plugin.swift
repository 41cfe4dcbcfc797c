import Measurement
import Support
import VariantLibraries
import Variants
import Workloads

/// The C interface `foldbench ab` loads a build through: two builds' libraries,
/// opened side by side in one process (`dlopen`, `RTLD_LOCAL`), each with its own
/// copy of the resolvers and the harness. Only plain C types cross it. A handle is
/// a prepared ``BatchTimer``, kept until the process ends.

/// The interface's version; `ab` refuses a library that answers another.
@_cdecl("foldbench_plugin_version")
public func foldbenchPluginVersion() -> Int32 { 1 }

/// Prepares `variant` on `scenario` (shipped devices and motions) over a timeline of
/// `frames`; a handle, or `nil` with the reason written into `message` (at most
/// `capacity` bytes).
@_cdecl("foldbench_prepare")
public func foldbenchPrepare(
    _ scenario: UnsafePointer<CChar>, _ variant: UnsafePointer<CChar>, _ frames: Int32,
    _ minimumBatchNanoseconds: Double, _ message: UnsafeMutablePointer<CChar>, _ capacity: Int32
) -> UnsafeMutableRawPointer? {
    prepare(scenario, variant, frames, minimumBatchNanoseconds, files: "", message, capacity)
}

/// As `foldbench_prepare`, with the device and trace files the scenario may name:
/// `files` holds one line per file, `device:PATH` or `motion:PATH`, and `library:PATH`
/// for a variant in a shared library (the C interface), looked up by its name. A build
/// without this entry point predates device and motion files in `ab`.
@_cdecl("foldbench_prepare_with_files")
public func foldbenchPrepareWithFiles(
    _ scenario: UnsafePointer<CChar>, _ variant: UnsafePointer<CChar>, _ frames: Int32,
    _ minimumBatchNanoseconds: Double, _ files: UnsafePointer<CChar>, _ message: UnsafeMutablePointer<CChar>,
    _ capacity: Int32
) -> UnsafeMutableRawPointer? {
    prepare(scenario, variant, frames, minimumBatchNanoseconds, files: String(cString: files), message, capacity)
}

func prepare(
    _ scenario: UnsafePointer<CChar>, _ variant: UnsafePointer<CChar>, _ frames: Int32,
    _ minimumBatchNanoseconds: Double, files: String, _ message: UnsafeMutablePointer<CChar>, _ capacity: Int32
) -> UnsafeMutableRawPointer? {
    let failure: String
    let lines = files.split(separator: "\n").map(String.init)
    let name = VariantName(String(cString: variant))
    var libraryEntry: VariantEntry?
    for path in lines.filter({ $0.hasPrefix("library:") }).map({ String($0.dropFirst(8)) }) {
        if let library = try? VariantLibrary(path: path), library.name == name {
            libraryEntry = library.entry()
        }
    }
    do {
        let entry = try VariantList.lookUp(name, libraries: libraryEntry.map { [$0] } ?? [])
        do {
            let catalog = try Catalog.load(
                deviceFiles: lines.filter { $0.hasPrefix("device:") }.map { String($0.dropFirst(7)) },
                motionFiles: lines.filter { $0.hasPrefix("motion:") }.map { String($0.dropFirst(7)) })
            let timer = try BatchTimer(
                scenario: try Scenario(String(cString: scenario)), variant: entry, frames: max(Int(frames), 1),
                minimumBatchNanoseconds: minimumBatchNanoseconds, catalog: catalog)
            return Unmanaged.passRetained(timer).toOpaque()
        } catch {
            failure = "\(error)"
        }
    } catch {
        failure = "\(error)"
    }
    let bytes = Array(failure.utf8.prefix(max(Int(capacity) - 1, 0)))
    for (index, byte) in bytes.enumerated() { message[index] = CChar(bitPattern: byte) }
    if capacity > 0 { message[bytes.count] = 0 }
    return nil
}

/// The prepared timeline's checksum: equal between builds that give the same answers.
@_cdecl("foldbench_checksum")
public func foldbenchChecksum(_ handle: UnsafeMutableRawPointer) -> UInt64 { timer(handle).checksum }

/// The tree's arrangements.
@_cdecl("foldbench_arrangements")
public func foldbenchArrangements(_ handle: UnsafeMutableRawPointer) -> Int32 { Int32(timer(handle).arrangements) }

/// Frames per batch so that a batch lasts the minimum asked for.
@_cdecl("foldbench_batch")
public func foldbenchBatch(_ handle: UnsafeMutableRawPointer) -> Int32 { Int32(timer(handle).calibratedBatch) }

/// Times `frames` frames; nanoseconds per frame.
@_cdecl("foldbench_time")
public func foldbenchTime(_ handle: UnsafeMutableRawPointer, _ frames: Int32) -> Double {
    timer(handle).time(frames: max(Int(frames), 1))
}

func timer(_ handle: UnsafeMutableRawPointer) -> BatchTimer {
    Unmanaged<BatchTimer>.fromOpaque(handle).takeUnretainedValue()
}

#if canImport(Glibc)
    import Glibc
#endif

/// A build's `libFoldBenchPlugin.so`, opened into this process beside another build's:
/// each keeps its own copy of the resolvers and the harness (`RTLD_LOCAL`), and only
/// plain C types cross between them (see `Sources/FoldBenchPlugin`).
public final class PluginLibrary {
    typealias Prepare =
        @convention(c) (
            UnsafePointer<CChar>, UnsafePointer<CChar>, Int32, Double, UnsafeMutablePointer<CChar>, Int32
        ) -> UnsafeMutableRawPointer?
    typealias PrepareWithFiles =
        @convention(c) (
            UnsafePointer<CChar>, UnsafePointer<CChar>, Int32, Double, UnsafePointer<CChar>,
            UnsafeMutablePointer<CChar>, Int32
        ) -> UnsafeMutableRawPointer?
    typealias Checksum = @convention(c) (UnsafeMutableRawPointer) -> UInt64
    typealias Count = @convention(c) (UnsafeMutableRawPointer) -> Int32
    typealias Time = @convention(c) (UnsafeMutableRawPointer, Int32) -> Double
    typealias Version = @convention(c) () -> Int32

    /// The interface version this harness speaks.
    public static let interfaceVersion: Int32 = 1

    public let path: String
    private let prepareFunction: Prepare
    /// Absent from builds that predate device and motion files in `ab`.
    private let prepareWithFilesFunction: PrepareWithFiles?
    private let checksumFunction: Checksum
    private let arrangementsFunction: Count
    private let batchFunction: Count
    private let timeFunction: Time

    /// One variant prepared on one scenario inside the library.
    public struct Side {
        let library: PluginLibrary
        let handle: UnsafeMutableRawPointer
        public var checksum: UInt64 { library.checksumFunction(handle) }
        public var arrangements: Int { Int(library.arrangementsFunction(handle)) }
        public var batch: Int { Int(library.batchFunction(handle)) }
        /// Times `frames` frames; nanoseconds per frame.
        public func time(frames: Int) -> Double { library.timeFunction(handle, Int32(frames)) }
    }

    /// Opens the library at `path`; fails, naming it, when it is missing or speaks
    /// another interface.
    public init(path: String) throws(ABFailure) {
        self.path = path
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw ABFailure("\(path): cannot load: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(ABFailure) -> T {
            guard let address = dlsym(library, name) else {
                throw ABFailure("\(path): no \(name) (a build from before foldbench ab?)")
            }
            return unsafeBitCast(address, to: type)
        }
        let version = try symbol("foldbench_plugin_version", as: Version.self)()
        guard version == Self.interfaceVersion else {
            throw ABFailure("\(path): plugin interface \(version), this foldbench speaks \(Self.interfaceVersion)")
        }
        prepareFunction = try symbol("foldbench_prepare", as: Prepare.self)
        prepareWithFilesFunction = dlsym(library, "foldbench_prepare_with_files").map {
            unsafeBitCast($0, to: PrepareWithFiles.self)
        }
        checksumFunction = try symbol("foldbench_checksum", as: Checksum.self)
        arrangementsFunction = try symbol("foldbench_arrangements", as: Count.self)
        batchFunction = try symbol("foldbench_batch", as: Count.self)
        timeFunction = try symbol("foldbench_time", as: Time.self)
    }

    /// Prepares `variant` on `scenario` in this library, with the device and trace
    /// files the scenario may name.
    public func prepare(
        scenario: String, variant: String, frames: Int, minimumBatchNanoseconds: Double, deviceFiles: [String] = [],
        motionFiles: [String] = [], variantLibrary: String? = nil
    ) throws(ABFailure) -> Side {
        var message = [CChar](repeating: 0, count: 512)
        let files = (deviceFiles.map { "device:\($0)" } + motionFiles.map { "motion:\($0)" }
            + (variantLibrary.map { ["library:\($0)"] } ?? [])).joined(separator: "\n")
        if !files.isEmpty, prepareWithFilesFunction == nil {
            throw ABFailure("\(path): this build predates --device-file, --motion-file and libraries in foldbench ab")
        }
        let handle = message.withUnsafeMutableBufferPointer { buffer in
            if let prepareWithFiles = prepareWithFilesFunction, !files.isEmpty {
                return prepareWithFiles(
                    scenario, variant, Int32(frames), minimumBatchNanoseconds, files, buffer.baseAddress!, 512)
            }
            return prepareFunction(scenario, variant, Int32(frames), minimumBatchNanoseconds, buffer.baseAddress!, 512)
        }
        guard let handle else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ABFailure("\(path): \(reason)")
        }
        return Side(library: self, handle: handle)
    }
}

/// A failure of `ab` itself: a build that cannot be loaded, a scenario or variant it lacks.
public struct ABFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

import CJemalloc

/// jemalloc's own counters, read with `mallctl` through static C strings, so that
/// reading them allocates nothing and they can bracket a measured loop.
public enum AllocationCounter {
    /// Whether jemalloc is the allocator in use (its statistics answer).
    public static var isAvailable: Bool { threadBytesPointer() != nil }

    /// Allocation requests so far by the whole process (small and large), after
    /// advancing jemalloc's statistics epoch so the totals are current.
    public static func processAllocationCount() -> UInt64 {
        // The calling thread's cache keeps its own request counts until it is
        // flushed; flushing merges them into the arena totals read below.
        _ = mallctl(cString("thread.tcache.flush"), nil, nil, nil, 0)
        var epochIn: UInt64 = 1
        var epochOut: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        _ = mallctl(cString("epoch"), &epochOut, &size, &epochIn, MemoryLayout<UInt64>.size)
        return read("stats.arenas.4096.small.nrequests") &+ read("stats.arenas.4096.large.nrequests")
    }

    /// `thread.allocatedp`: this thread's allocated-bytes counter (each thread has its own).
    public static func threadBytesPointer() -> UnsafeMutablePointer<UInt64>? {
        var pointer: UnsafeMutablePointer<UInt64>?
        var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        guard mallctl(cString("thread.allocatedp"), &pointer, &size, nil, 0) == 0 else { return nil }
        return pointer
    }

    private static func read(_ name: StaticString) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard mallctl(cString(name), &value, &size, nil, 0) == 0 else { return 0 }
        return value
    }

    @inline(__always)
    private static func cString(_ name: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// What a stretch of code allocated: requests (process-wide) and bytes (this thread).
public struct AllocationTally: Equatable, Sendable {
    public var allocations: UInt64
    public var bytes: UInt64

    public init(allocations: UInt64, bytes: UInt64) {
        self.allocations = allocations
        self.bytes = bytes
    }

    /// Runs `body` and counts what it allocated; the counters are read into locals
    /// outside `body`, so the readings add nothing.
    @inline(__always)
    public static func measure(_ body: () -> Void) -> AllocationTally {
        let pointer = AllocationCounter.threadBytesPointer()
        let countBefore = AllocationCounter.processAllocationCount()
        let bytesBefore = pointer?.pointee ?? 0
        body()
        let bytesAfter = pointer?.pointee ?? 0
        let countAfter = AllocationCounter.processAllocationCount()
        return AllocationTally(allocations: countAfter &- countBefore, bytes: bytesAfter &- bytesBefore)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// The monotonic clock in nanoseconds, read without allocating.
public enum Clock {
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The process's peak resident memory so far, in bytes (getrusage).
    public static func peakResidentBytes() -> UInt64 {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return UInt64(usage.ru_maxrss) * 1024
    }
}

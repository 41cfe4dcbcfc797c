import Variants

extension FrameLoop {
    /// Times `count` frames from `start` (wrapping around the timeline) and returns the
    /// nanoseconds per frame. One untimed frame first, the one before `start`, so that
    /// the batch begins with this variant's own data in the caches rather than with
    /// what ran before it (the reference's allocations evict a large tree's panes), and
    /// a variant that remembers has just seen the frame it would have seen anyway.
    /// The runner and the `ab` plug-in's timer both time batches this way.
    public func timeBatch(from start: Int, count: Int) -> Double {
        run(from: start + frames - 1, count: 1)
        let before = Clock.now()
        run(from: start, count: count)
        let after = Clock.now()
        return Double(after - before) / Double(max(count, 1))
    }
}

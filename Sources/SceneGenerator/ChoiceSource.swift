import Support

/// Where a generator's choices come from: a seeded generator for runs and tests, or
/// the bytes of a fuzzer's input. Every choice is valid whatever the source says, so
/// anything generated is a valid scene.
public protocol ChoiceSource {
    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int
    /// A number in `range`, both ends included.
    mutating func double(in range: ClosedRange<Double>) -> Double
    /// A number in 0..<1.
    mutating func unit() -> Double
    /// True or false.
    mutating func bool() -> Bool
}

extension ChoiceSource {
    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...(choices.count - 1))] }
}

/// Choices from a seeded SplitMix64, drawn as the standard library draws them.
public struct SeededSource: ChoiceSource, Sendable {
    public var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &generator)
    }
    public mutating func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
    public mutating func bool() -> Bool { Bool.random(using: &generator) }
}

/// Choices read from a fuzzer's input, a byte or eight at a time; zeros once the bytes
/// run out, so that generation always ends.
public struct ByteSource: ChoiceSource, Sendable {
    public let bytes: [UInt8]
    public private(set) var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        if span < 256 { return range.lowerBound + Int(UInt64(byte()) % (span + 1)) }
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return range.lowerBound + Int(value % (span &+ 1 == 0 ? .max : span + 1))
    }

    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(byte()) / 255
    }

    public mutating func unit() -> Double { Double(byte()) / 256 }

    public mutating func bool() -> Bool { byte() & 1 == 1 }
}

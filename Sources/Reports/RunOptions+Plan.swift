import Measurement
import Support

extension RunOptions {
    /// The options whole, as the parent sends them to the worker that measures or
    /// counts its plan: every field the runner reads (a report's `options` keeps only
    /// what a reader of the report needs). One table, both ways (``ReportCodec``).
    public var planJSON: JSONValue { ReportCodec.encode(self, ReportCodec.planFields) }

    /// Options read back from ``planJSON``; what the table does not name keeps its default.
    public init(planJSON reader: JSONReader) throws(InputError) {
        self.init()
        try ReportCodec.decode(reader, into: &self, ReportCodec.planFields)
    }
}

extension ReportCodec {
    /// A report's option fields and the rest of what the runner reads.
    static var planFields: [Field<RunOptions>] {
        optionFields + [
            .number("minimumBatchNanoseconds", \.minimumBatchNanoseconds, in: 0...1e12, "is not a time in nanoseconds"),
            .count("minimumSamples", \.minimumSamples, "is not a count of samples", minimum: 1),
            .count("maximumSamples", \.maximumSamples, "is not a count of samples", minimum: 1),
            .flag("measureFloor", \.measureFloor), .flag("measureChainedFloor", \.measureChainedFloor),
            .count("framePasses", \.framePasses, "is not a count of passes", minimum: 1),
            Field(
                key: "historySeed", required: false, encode: { $0.historySeed.map { .string(String($0)) } },
                decode: { options, reader throws(InputError) in
                    guard let seed = UInt64(try reader.string()) else { throw reader.failure("is not a seed") }
                    options.historySeed = seed
                }),
            Field(
                key: "baselineVariant", required: false, encode: { $0.baselineVariant.map { .string($0.rawValue) } },
                decode: { options, reader throws(InputError) in
                    options.baselineVariant = VariantName(try reader.string())
                }),
            .number("verdictThreshold", \.verdictThreshold, in: 0...1, "is not a share"),
        ]
    }
}

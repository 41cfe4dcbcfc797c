import CFuzzDriver

/// The target's check of one input; libFuzzer's callback is a C function pointer,
/// which cannot capture, so the closure waits here.
nonisolated(unsafe) private var check: (([UInt8]) -> Void)?

/// Runs libFuzzer with the process's arguments, handing each input to `body`, and
/// exits with libFuzzer's status. `body` traps on a finding.
public func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Never {
    check = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        check?(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
    exit(status)
}

@_silgen_name("exit") private func exit(_ status: CInt) -> Never

import ChildProcesses

/// Turns mangled Swift names into the short form a reader scans
/// (`FastResolver.relayout(_:in:into:)`), with `swift demangle --simplified`.
/// Names it does not know (C functions, addresses) come back unchanged.
public enum Demangler {
    /// The simplified form of each name, in the same order.
    public static func simplify(_ names: [String]) -> [String] {
        guard !names.isEmpty, let tool = ChildProcess.toolchainTool("swift-demangle") else { return names }
        // One name per line in, one per line out; a name with a line break in it
        // (none are) would shift the rest, so such a batch is left alone.
        guard !names.contains(where: { $0.contains("\n") }),
            let output = try? ChildProcess.output(tool, ["--simplified"], input: names.joined(separator: "\n") + "\n")
        else { return names }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).prefix(names.count).map(String.init)
        return lines.count == names.count ? lines : names
    }
}

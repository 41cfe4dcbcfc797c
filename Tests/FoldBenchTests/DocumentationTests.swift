import Foundation
import Reports
import Testing

@testable import FoldBenchCLI

/// The documentation a user gets with the repository keeps up with the code.
@Suite("Documentation")
struct DocumentationTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("docs/reference.md names every command, every option and every metric")
    func referenceIsComplete() throws {
        let reference = try Self.read("docs/reference.md")
        for command in FoldBenchCommand.commands {
            #expect(reference.contains("foldbench \(command.spec.name)"), "command \(command.spec.name)")
            for option in command.spec.options {
                #expect(reference.contains("`\(option.name)"), "\(command.spec.name) \(option.name)")
            }
        }
        for metric in Metric.allCases { #expect(reference.contains("`\(metric.name)`"), "\(metric.name)") }
        for column in CSV.columns { #expect(reference.contains("`\(column)`"), "CSV column \(column)") }
    }

    @Test("the contract's example scene resolves exactly as docs/contract.md prints it")
    func contractExample() throws {
        let contract = try Self.read("docs/contract.md")
        let blocks = contract.components(separatedBy: "```json\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        try #require(blocks.count == 2)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try writeFile(blocks[0], named: "example.json", in: directory)
        let result = runFoldBench(["resolve", scene])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == blocks[1])
    }

    @Test("the README stays short and links only inside the repository")
    func readme() throws {
        let readme = try Self.read("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
        #expect(readme.contains("scripts/bench.sh") && readme.contains("scripts/test.sh"))
        for link in readme.components(separatedBy: "](").dropFirst() {
            let target = String(link[..<link.firstIndex(of: ")")!])
            #expect(!target.contains("://") && !target.hasPrefix(".."), "\(target)")
            #expect(
                FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(target).path),
                "\(target) exists")
        }
    }
}

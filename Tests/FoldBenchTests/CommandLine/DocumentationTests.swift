import ChildProcesses
import Foundation
import Measurement
import Reports
import SceneFormat
import Support
import TestSupport
import Testing
import Workloads

@testable import FoldBenchCLI
@testable import Runs
@testable import VariantLibraries

/// The documentation a user gets with the repository keeps up with the code.
@Suite("Documentation")
struct DocumentationTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// A YAML file of the repository read by PyYAML (Debian's python3-yaml), as GitHub
    /// reads it, and the JSON that `script` prints from its `document`; a syntax error
    /// fails here.
    static func readYAML(_ file: String, _ script: String) throws -> JSONValue {
        let result = try ChildProcess.run(
            "python3",
            [
                "-c", "import json, sys, yaml\ndocument = yaml.safe_load(open(sys.argv[1]))\n" + script,
                repositoryRoot.appendingPathComponent(file).path,
            ])
        #expect(result.succeeded, "\(result.errors)")
        return try JSONParser.parse(result.output)
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
        try #require(blocks.count == 3)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try writeFile(blocks[0], named: "example.json", in: directory)
        let result = runFoldBench(["resolve", scene])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == blocks[1])
        // Every edit shown applies to the example's tree.
        let tree = try SceneDecoder.decode(blocks[0]).tree
        let edits = blocks[2].split(separator: "\n")
        #expect(edits.count == 11)
        for (index, line) in edits.enumerated() {
            let reader = JSONReader(try JSONReader.document(Array(line.utf8)), path: "edits[\(index)]")
            let edit = try EditFormat.decode(reader, extraKeys: ["frame"])
            #expect(throws: Never.self, "\(line)") { try EditFormat.apply(edit, to: tree, at: reader) }
        }
    }

    /// The README's drawings and the commands that make them.
    static let drawings = [
        ("docs/images/frog-atlas-folded.svg", "closed"), ("docs/images/frog-atlas-unfolded.svg", "halfOpen"),
    ]

    @Test("the README's drawings are what foldbench draw prints today (scripts/drawings.sh writes them again)")
    func drawingsAreGenerated() throws {
        let readme = try Self.read("README.md")
        for (path, posture) in Self.drawings {
            #expect(readme.contains("(\(path))"), "the README shows \(path)")
            let run = runFoldBench([
                "draw", "Benchmarks/Scenes/frog-atlas.json", "--device", "galaxy-z-fold7", "--posture", posture,
                "--orientation", "portrait", "--scale", "0.5",
            ])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out == (try Self.read(path)), "\(path) is not what the command draws: run scripts/drawings.sh")
        }
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

    @Test(
        "the counts the README states are the repository's: faults, fuzz targets, tests, the sample run, scenes, C functions"
    )
    func readmeCounts() throws {
        let readme = try Self.read("README.md")
        let patches = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("scripts/mutants").path
        ).filter { $0.hasSuffix(".patch") }
        #expect(readme.contains("`scripts/mutants.sh` plants \(patches.count) faults"), "\(patches.count) patches")
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Fuzz/Sources").path
        ).filter { $0.hasPrefix("Fuzz") && $0 != "FuzzDriver" }
        let words = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"]
        #expect(targets.count < words.count && readme.contains("(\(words[targets.count]) libFuzzer targets)"))
        // The tests and suites of the line `scripts/test.sh` ends with, counted in the sources.
        var tests = 0
        var suites = 0
        let root = repositoryRoot.appendingPathComponent("Tests")
        for path in FileManager.default.enumerator(atPath: root.path)?.compactMap({ $0 as? String }) ?? []
        where path.hasSuffix(".swift") {
            for line in try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).split(
                separator: "\n")
            {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("@Test(") || code == "@Test" { tests += 1 }
                if code.hasPrefix("@Suite(") || code == "@Suite" { suites += 1 }
            }
        }
        #expect(
            readme.contains("Test run with \(tests) tests in \(suites) suites passed"),
            "\(tests) tests, \(suites) suites")
        // The sample run: the default suite, ranked over all its scenarios.
        #expect(readme.contains("Ranking over \(Suite.default.scenarios.count) scenarios"))
        #expect(readme.contains("25 of the \(Suite.default.scenarios.count)\nscenarios left out"))
        // The differential test's scenes per seed, and the C interface's functions.
        let differential = try Self.read("Tests/ArrangementTests/Resolvers/DifferentialTests.swift")
        #expect(readme.contains("10,000 generated scenes") && differential.contains("?? 10_000"))
        #expect(readme.contains("the \(words[VariantLibrary.symbols.count]) functions"))
    }

    @Test("every path the README and docs/ cite exists, and the README's layout names every module")
    func citedPaths() throws {
        let documents =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: "\(repositoryRoot.path)/docs"))
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        let roots = ["Sources/", "Tests/", "scripts/", "docs/", "Benchmarks/", "Fuzz/", ".ci/"]
        var checked = 0
        for document in documents {
            let text = try Self.read(document)
            for quoted in text.components(separatedBy: "`").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                guard roots.contains(where: quoted.hasPrefix), !quoted.contains(" ") else { continue }
                var path = String(quoted.split(separator: ":").first ?? "")
                while let last = path.last, ".,;)".contains(last) { path.removeLast() }
                let components = path.split(separator: "/")
                // A placeholder (SCENARIO, TARGET, a glob) stands for files of its directory.
                if let index = components.firstIndex(where: { part in
                    let stem = part.split(separator: ".").first ?? part
                    return part.contains("*") || (stem.count >= 3 && stem.allSatisfy { $0.isUppercase })
                }) {
                    path = components[..<index].joined(separator: "/")
                }
                // The README's example of a file a user writes.
                if path == "Sources/Variants/MyResolver.swift" { continue }
                #expect(
                    FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path),
                    "\(document) cites \(quoted)")
                checked += 1
            }
        }
        #expect(checked > 50, "the citations were found")
        let readme = try Self.read("README.md")
        for module in try FileManager.default.contentsOfDirectory(atPath: "\(repositoryRoot.path)/Sources") {
            #expect(readme.contains("`Sources/\(module)`"), "the README's layout names Sources/\(module)")
        }
    }

    /// The architecture's picture (docs/images/layers.dot, drawn to layers.svg by
    /// scripts/drawings.sh) shows every module foldbench is built from: all of Sources
    /// but the C shims and the products built beside it.
    @Test("the picture of the layers names every module, in its source and in its drawing")
    func layersPicture() throws {
        let dot = try Self.read("docs/images/layers.dot")
        let svg = try Self.read("docs/images/layers.svg")
        let beside: Set = ["foldbench", "FoldBenchPlugin", "FastVariantLibrary", "FoldBenchVariantKit", "CommitStamp"]
        var shown = 0
        for module in try FileManager.default.contentsOfDirectory(atPath: "\(repositoryRoot.path)/Sources")
        where !beside.contains(module) && !(module.hasPrefix("C") && module.dropFirst().first?.isUppercase == true) {
            #expect(dot.contains("\(module) ") || dot.contains("\(module);"), "layers.dot shows \(module)")
            #expect(svg.contains(">\(module)<"), "layers.svg shows \(module): run scripts/drawings.sh")
            shown += 1
        }
        #expect(shown >= 20)
    }

    @Test("the GitHub Actions example is valid YAML with a shard matrix, a merge, both gates and the job summary")
    func workflowExample() throws {
        let parsed = try Self.readYAML(
            "docs/github-actions.yml",
            """
            jobs = document["jobs"]
            print(json.dumps({
                "jobs": sorted(jobs),
                "matrix": jobs["bench"]["strategy"]["matrix"]["shard"],
                "needs": jobs["report"]["needs"],
                "steps": [step.get("run", "") for job in jobs.values() for step in job["steps"]],
            }))
            """)
        #expect(parsed["jobs"] == .array([.string("bench"), .string("report")]))
        #expect(parsed["matrix"] == .array([.number(1), .number(2), .number(3), .number(4)]))
        #expect(parsed["needs"] == .string("bench"))
        guard case .array(let steps)? = parsed["steps"] else {
            Issue.record("no steps")
            return
        }
        let commands = steps.compactMap { step -> String? in
            if case .string(let text) = step { return text }
            return nil
        }.joined(separator: "\n")
        for expected in [
            "--shard ${{ matrix.shard }}/4", "foldbench merge shard-*/latest.json",
            "foldbench compare --base auto", "pr-report merged/latest.json --base auto",
            "--gate allocations,instructions", "foldbench ab --baseline auto", "$GITHUB_STEP_SUMMARY", "--export bmf:",
        ] {
            #expect(commands.contains(expected), "\(expected)")
        }
    }

    @Test("the workflow's steps, run as GitHub runs them, fail when a gate fails; without shell: bash they would not")
    func workflowGateFails() throws {
        let script = repositoryRoot.appendingPathComponent("scripts/workflow-test.py").path
        let workflow = repositoryRoot.appendingPathComponent("docs/github-actions.yml").path
        let published = try ChildProcess.run("python3", [script, workflow])
        #expect(published.status == 0, "\(published.errors)")
        // The same workflow with GitHub's default shell (bash -e, no pipefail): the gate's
        // `| tee` swallows its status, and the test must say so.
        let text = try String(contentsOfFile: workflow, encoding: .utf8)
        let directory = try temporaryDirectory()
        let defaultShell = directory.appendingPathComponent("default-shell.yml").path
        try text.replacingOccurrences(of: "defaults:\n  run:\n    shell: bash\n", with: "")
            .write(toFile: defaultShell, atomically: true, encoding: .utf8)
        let copied = try ChildProcess.run("python3", [script, defaultShell])
        #expect(copied.status == 1)
        #expect(copied.errors.contains("compare exited 1 (a regression), yet its step passed"), "\(copied.errors)")
    }

    @Test("the nightly mutation workflow is valid YAML, on a schedule, running scripts/mutate.sh with a seed")
    func nightlyWorkflow() throws {
        let parsed = try Self.readYAML(
            "docs/github-actions-nightly.yml",
            """
            triggers = document[True]
            steps = [step.get("run", "") for job in document["jobs"].values() for step in job["steps"]]
            print(json.dumps({"cron": triggers["schedule"][0]["cron"], "steps": "\\n".join(steps)}))
            """)
        #expect(parsed["cron"] == .string("17 3 * * *"))
        guard case .string(let steps)? = parsed["steps"] else {
            Issue.record("no steps")
            return
        }
        #expect(steps.contains("scripts/mutate.sh --per-module 3 --seed"), "\(steps)")
        #expect(
            FileManager.default.isExecutableFile(
                atPath: repositoryRoot.appendingPathComponent("scripts/mutate.sh").path))
    }
}

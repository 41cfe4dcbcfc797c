import ArrangementModel
import Fixtures
import Foundation
import ReferenceResolver
import Support
import TestSupport
import Testing
import Variants
import Workloads

/// Conformance fixtures (`foldbench fixtures`, `answer`, `check`): the reference's
/// answers written for other implementations and read back; answers that differ named
/// by rule; answers that cannot be checked refused with the file, line and field.
@Suite("conformance fixtures")
struct FixturesTests {
    /// A small set: random trees and a scene on the tri-fold (two folds) and the
    /// hinged duo (a gap), a window dragged across folds, three motions with content (a
    /// style switched, a subtree inserted and removed, a minimum and a priority raised),
    /// and a scene file right to left.
    static let scenarios = [
        "fold-cycle/random-n100/galaxy-z-trifold", "staged-unfold/balanced-d4/hinged-duo",
        "window-drag/media-player/galaxy-z-trifold", "rotate-half-open/random-n40/iphone-duo",
        "sheet/balanced-d4/iphone-duo", "detail/nested-reader/galaxy-z-fold7", "keyboard/balanced-d4/pixel-9-pro-fold",
    ]

    /// Writes the small set into a fresh folder (with `frames` frames) and returns it.
    func fixtures(frames: Int = 60) throws -> URL {
        let directory = try temporaryDirectory()
        let scene = try writeFile(
            """
            {"context": {"bounds": {"x": 0, "y": 0, "width": 1000, "height": 700}, "layoutDirection": "rightToLeft",
              "reservedRegions": [{"x": 490, "y": 0, "width": 20, "height": 700}]},
             "root": {"style": {"overlay": {"axes": ["horizontal"]}},
              "primary": {"id": "list", "overlayEdge": {"horizontal": "trailing"}},
              "secondary": {"id": "detail", "arrangement": {"primary": {"id": "a", "minWidth": 400}, "secondary": {"id": "b", "minWidth": 400}}}}}
            """, named: "rtl.json", in: directory)
        let out = directory.appendingPathComponent("set").path
        let result = runFoldBench(
            ["fixtures", "--out", out, "--frames", String(frames)] + Self.scenarios.flatMap { ["--scenario", $0] }
                + [scene])
        #expect(result.status == 0, "\(result.err)")
        return directory.appendingPathComponent("set")
    }

    /// Checks `answers` (the text) against the set in `directory`, as JSON.
    func check(_ answers: String, _ directory: URL) throws -> (status: Int32, report: [String: Any]?, err: String) {
        let path = try writeFile(answers, named: "answers.jsonl", in: directory.deletingLastPathComponent())
        let result = runFoldBench(["check", path, "--fixtures", directory.path, "--format", "json"])
        let report = try? JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return (result.status, report, result.err)
    }

    /// The set's scenarios decoded, in order.
    func decoded(_ directory: URL) throws -> (set: String, scenarios: [FixtureScenario]) {
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("fixtures.json"))) as! [String: Any]
        let entries = manifest["scenarios"] as! [[String: Any]]
        let scenarios = try entries.map { entry in
            try FixtureSet.decodeScenario(
                Array(Data(contentsOf: directory.appendingPathComponent(entry["file"] as! String))))
        }
        return (manifest["set"] as! String, scenarios)
    }

    /// The reference's own answers to every frame, as an implementation writes them,
    /// with `edit` applied to each frame's panes first.
    func answers(
        _ directory: URL,
        edit: (_ scenario: FixtureScenario, _ frame: Int, _ panes: inout [PaneLayout]) -> Void = {
            _, _, _ in
        }
    ) throws -> String {
        let (set, scenarios) = try decoded(directory)
        var text = FixtureFormat.answersHeaderLine(set: set, implementation: "edited") + "\n"
        for scenario in scenarios {
            for (frame, context) in scenario.frames.enumerated() {
                var panes = scenario.answers[context]
                edit(scenario, frame, &panes)
                FixtureFormat.appendAnswerLine(scenario: scenario.name, frame: frame, panes: panes, to: &text)
            }
        }
        return text
    }

    @Test("a scenario file reads back as written: tree, contexts, answers and frames")
    func fileRoundTrip() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let (_, scenarios) = try decoded(directory)
        #expect(scenarios.map(\.name) == Self.scenarios + [directory.deletingLastPathComponent().path + "/rtl.json"])
        for scenario in scenarios {
            let again = try FixtureSet.decodeScenario(Array(scenario.fileText().utf8))
            #expect(again.contexts == scenario.contexts)
            #expect(again.answers == scenario.answers)
            #expect(again.frames == scenario.frames)
            #expect(again.tree.paneIDs == scenario.tree.paneIDs)
            #expect(again.trees == scenario.trees && again.contextTrees == scenario.contextTrees)
            for (number, context) in scenario.contexts.enumerated() {
                let tree = scenario.tree(ofContext: number)
                #expect(ReferenceResolver().resolve(tree, in: context).panes == scenario.answers[number])
            }
            // Contexts are written once on each tree: as many as differ, frames refer to them.
            let keys = scenario.contexts.indices.map { "\(scenario.contexts[$0]) \(scenario.contextTrees[$0])" }
            #expect(Set(keys).count == scenario.contexts.count)
            // Each frame's context was answered on the frame's tree.
            for (frame, number) in scenario.frames.enumerated() {
                #expect(scenario.contextTrees[number] == scenario.trees.segment(atFrame: frame))
            }
        }
        #expect(scenarios[0].frames.count == 60 && scenarios[7].frames == [0])
        #expect(scenarios[7].contexts[0].layoutDirection == .rightToLeft)
        // The motions with content carry their edits, each kind they make.
        let kinds = Set(scenarios[4...6].flatMap { $0.trees.segments.flatMap { $0.edits.map(\.kind) } })
        #expect(kinds == [.style, .insert, .remove, .preference, .priority], "\(kinds)")
        #expect(scenarios[0...3].allSatisfy { !$0.trees.hasEdits })
    }

    @Test(
        "each variant's answers, written by 'answer' frame by frame, agree with the reference on every frame",
        arguments: VariantList.listed.map(\.name.rawValue))
    func variantsAgree(variant: String) throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let answers = directory.deletingLastPathComponent().appendingPathComponent("answers.jsonl").path
        let answered = runFoldBench(["answer", "--fixtures", directory.path, "--variant", variant, "--out", answers])
        #expect(answered.status == 0, "\(answered.err)")
        let result = runFoldBench(["check", answers, "--fixtures", directory.path])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("(\(variant)) against fixture set"))
        #expect(result.out.contains("every frame of every scenario agrees with the reference"))
        #expect(result.out.contains("421 of 421 frames agree"), "\(result.out)")
    }

    @Test(
        "a set with edits is version 2 and a port is held to them: a variant that forgets a style edit differs at the edit's frame; a set without is version 1"
    )
    func edits() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let manifest = try String(contentsOf: directory.appendingPathComponent("fixtures.json"), encoding: .utf8)
        #expect(manifest.contains(#""version": 2"#), "\(manifest.prefix(200))")
        let answers = directory.deletingLastPathComponent().appendingPathComponent("answers.jsonl").path
        let answered = runFoldBench([
            "answer", "--fixtures", directory.path, "--variant", "fast-forgets-style-edits", "--out", answers,
        ])
        #expect(answered.status == 0, "\(answered.err)")
        let result = runFoldBench(["check", answers, "--fixtures", directory.path, "--format", "json"])
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let differing = (report["scenarios"] as! [[String: Any]]).filter { $0["firstDifference"] != nil }
        #expect(differing.map { $0["name"] as! String } == ["sheet/balanced-d4/iphone-duo"])
        let (_, scenarios) = try decoded(directory)
        let styleFrame = try #require(scenarios[4].trees.segments.first { $0.edits.contains { $0.kind == .style } })
        let first = differing.first?["firstDifference"] as? [String: Any]
        #expect(first?["frame"] as? Int == styleFrame.start, "\(first ?? [:])")
        // Without a motion with content, the set is written as before: version 1.
        let plain = directory.deletingLastPathComponent().appendingPathComponent("plain").path
        #expect(
            runFoldBench(["fixtures", "--out", plain, "--frames", "10", "--scenario", Self.scenarios[0]]).status == 0)
        let plainManifest = try String(contentsOfFile: plain + "/fixtures.json", encoding: .utf8)
        #expect(plainManifest.contains(#""version": 1"#))
        // A file whose edit names no pane, or whose context names a tree the edits do not make, is refused at its place.
        let text = scenarios[4].fileText()
        let noPane = text.replacingOccurrences(of: #"{"pane":"s1","style""#, with: #"{"pane":"nowhere","style""#)
        #expect(noPane != text)
        #expect(throws: InputError.self) { try FixtureSet.decodeScenario(Array(noPane.utf8)) }
        do { _ = try FixtureSet.decodeScenario(Array(noPane.utf8)) } catch {
            #expect(error.description.contains("line 1: edits[0].edits[0]"), "\(error)")
            #expect(error.description.contains("no pane \"nowhere\""), "\(error)")
        }
        var farTree = text
        let treeKey = try #require(farTree.range(of: #","tree":1,"#))
        farTree.replaceSubrange(treeKey, with: #","tree":9,"#)
        do { _ = try FixtureSet.decodeScenario(Array(farTree.utf8)) } catch {
            #expect(error.description.contains("tree 9, but the scenario's edits make"), "\(error)")
        }
    }

    @Test("a variant that forgets between frames is caught in the frames where its memory goes wrong")
    func statefulFault() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let answers = directory.deletingLastPathComponent().appendingPathComponent("answers.jsonl").path
        #expect(
            runFoldBench([
                "answer", "--fixtures", directory.path, "--variant", "incremental-forgets-position", "--out", answers,
            ])
            .status == 0)
        let result = runFoldBench(["check", answers, "--fixtures", directory.path])
        #expect(result.status == 1)
        #expect(result.out.contains("1 scenario differs"), "\(result.out)")
        #expect(result.out.contains("  window-drag/media-player/galaxy-z-trifold "), "\(result.out)")
    }

    /// One pane of one frame changed so that exactly `rule` is broken.
    enum Edit: String, CaseIterable {
        case resized, shownWhenHidden, sizeClass, moved, axis, inFront
    }

    @Test(
        "a pane changed in one frame is the first difference, and the scorecard holds it against the rule that decided it",
        arguments: [
            (ContractRule.axisNotAllowed, Edit.resized), (.fold, .resized), (.priority, .shownWhenHidden),
            (.share, .resized), (.minimum, .resized), (.maximum, .resized), (.overlayEdges, .resized),
            (.layered, .resized), (.hiddenBelow, .shownWhenHidden), (.sizeClass, .sizeClass), (.order, .moved),
            (.splitAxis, .axis), (.layered, .inFront),
        ])
    func namesTheRule(rule: ContractRule, edit: Edit) throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        var changed: (scenario: String, frame: Int, pane: Int)?
        let text = try answers(directory) { scenario, frame, panes in
            guard changed == nil else { return }
            let context = scenario.contexts[scenario.frames[frame]]
            var resolution = Resolution(paneCount: 0)
            resolution.panes = panes
            let rules = ContractRule.deciding(
                scenario.tree(ofContext: scenario.frames[frame]), in: context, resolution: resolution)
            for index in panes.indices {
                var pane = panes[index]
                let branch = rules[index]
                switch edit {
                case .resized:
                    guard branch == rule, pane.visible, pane.frame.width > 1 else { continue }
                    pane.frame = Rect(
                        uncheckedX: pane.frame.x, y: pane.frame.y, width: pane.frame.width - 1,
                        height: pane.frame.height)
                case .shownWhenHidden:
                    guard branch == rule, !pane.visible else { continue }
                    pane = PaneLayout(
                        visible: true, frame: context.bounds, sizeClass: .regular, splitAxis: nil, zIndex: 0)
                case .sizeClass:
                    guard pane.visible, branch != .hiddenBelow else { continue }
                    let flipped: SizeClassValue = pane.sizeClass.horizontal == .compact ? .regular : .compact
                    pane = PaneLayout(
                        visible: true, frame: pane.frame,
                        sizeClass: SizeClass(horizontal: flipped, vertical: pane.sizeClass.vertical),
                        splitAxis: pane.splitAxis, zIndex: pane.zIndex)
                case .moved:
                    guard branch == .share, pane.visible, pane.splitAxis != nil else { continue }
                    pane.frame = Rect(
                        uncheckedX: pane.frame.x + 1, y: pane.frame.y, width: pane.frame.width,
                        height: pane.frame.height)
                case .axis:
                    guard let axis = pane.splitAxis, branch == .share else { continue }
                    pane = PaneLayout(
                        visible: true, frame: pane.frame, sizeClass: pane.sizeClass,
                        splitAxis: axis == .horizontal ? .vertical : .horizontal, zIndex: 0)
                case .inFront:
                    guard branch == .layered, pane.visible else { continue }
                    pane = PaneLayout(
                        visible: true, frame: pane.frame, sizeClass: pane.sizeClass, splitAxis: nil,
                        zIndex: 1 - pane.zIndex)
                }
                panes[index] = pane
                changed = (scenario.name, frame, index)
                return
            }
        }
        let planted = try #require(changed, "no pane of the set is decided by \(rule.rawValue)")
        let result = try check(text, directory)
        #expect(result.status == 1, "\(result.err)")
        let report = try #require(result.report)
        let scenarios = report["scenarios"] as! [[String: Any]]
        let differing = scenarios.filter { $0["firstDifference"] != nil }
        #expect(differing.map { $0["name"] as! String } == [planted.scenario])
        let first = differing.first?["firstDifference"] as? [String: Any]
        #expect(first?["frame"] as? Int == planted.frame && first?["pane"] as? Int == planted.pane)
        #expect(first?["rule"] as? String == rule.rawValue)
        let scorecard = report["scorecard"] as! [[String: Any]]
        let held = scorecard.filter { ($0["differing"] as! Int) > 0 }.map { $0["rule"] as! String }
        #expect(held == [rule.rawValue], "\(held)")
        #expect(report["framesAgreeing"] as? Int == 420)
    }

    /// A set whose version does not match its files is refused, its identity recomputed
    /// or not: a version-2 set labelled 1 (a reader of version 1 would drop its edits), and
    /// one labelled 2 with its edited scenarios left out.
    @Test
    func aSetWhoseVersionDoesNotMatchItsFilesIsRefused() throws {
        let directory = try fixtures(frames: 20)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let manifestURL = directory.appendingPathComponent("fixtures.json")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
        let entries = manifest["scenarios"] as! [[String: Any]]
        func relabelled(_ version: Int, keeping kept: [[String: Any]]) throws -> [UInt8] {
            let files = try kept.map { entry in
                let file = entry["file"] as! String
                return (entry["name"] as! String, Array(try Data(contentsOf: directory.appendingPathComponent(file))))
            }
            var changed = manifest
            changed["version"] = version
            changed["scenarios"] = kept
            changed["set"] = FixtureFormat.identity(files, version: version)
            return Array(try JSONSerialization.data(withJSONObject: changed))
        }
        func load(_ bytes: [UInt8]) -> String {
            do {
                _ = try FixtureSet.load(manifest: bytes) { name in
                    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                }
                return "loaded"
            } catch { return String(describing: error) }
        }
        #expect(load(Array(try Data(contentsOf: manifestURL))) == "loaded")
        let asOne = load(try relabelled(1, keeping: entries))
        #expect(
            asOne.contains("version: version 1, but ") && asOne.contains("has edits, which version 2 adds"), "\(asOne)")
        let plain = try entries.filter { entry in
            !String(
                decoding: try Data(contentsOf: directory.appendingPathComponent(entry["file"] as! String)),
                as: UTF8.self
            )
            .prefix { $0 != "\n" }.contains("\"edits\"")
        }
        #expect(!plain.isEmpty && plain.count < entries.count)
        let asTwo = load(try relabelled(2, keeping: plain))
        #expect(asTwo.contains("version 2, but no scenario has edits"), "\(asTwo)")
        #expect(load(try relabelled(1, keeping: plain)) == "loaded")
    }

    @Test(
        "answers that cannot be checked are refused naming the file, the line and the field, exit 2",
        arguments: [
            ("another set", "line 1: fixtures: answers to the fixture set 0123456789abcdef, but these fixtures are "),
            ("a missing frame", "line 4: frame: frame 3, but frame 2 is missing"),
            ("a frame twice", "line 4: frame: frame 1 again (expected frame 2)"),
            (
                "a pane too few",
                "line 2: panes: 199 panes, but frame 0 of \"fold-cycle/random-n100/galaxy-z-trifold\" has 200 (its scene's tree)"
            ),
            ("a z-index of 2", "line 2: panes[0][6]: a z-index is 0 or 1, found 2"),
            ("a negative width", "line 2: panes[0][2]: -3 is negative"),
            ("a size class of three letters", "line 2: panes[0][4]: a size class is two letters"),
            (
                "an unknown scenario",
                "line 2: scenario: \"fold-cycle/nowhere/iphone-duo\" is not a scenario of these fixtures"
            ),
            ("a key of its own", "line 2: colour: unknown key (expected one of frame, panes, scenario)"),
            ("a line cut short", "line 2: malformed JSON"),
            ("the last scenario missing", "line 421: the answers end without \""),
            (
                "a scenario cut short",
                "line 61: \"fold-cycle/random-n100/galaxy-z-trifold\" ends at frame 58 of 60 (frame 59 is missing)"
            ),
        ])
    func badAnswers(case name: String, message: String) throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        var lines = try answers(directory).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func replace(_ index: Int, _ old: String, _ new: String) {
            let range = try! #require(lines[index].range(of: old))
            lines[index].replaceSubrange(range, with: new)
        }
        switch name {
        case "another set": lines[0] = #"{"fixtures":"0123456789abcdef","implementation":"x"}"#
        case "a missing frame": lines.remove(at: 3)
        case "a frame twice": lines[3] = lines[2]
        case "a pane too few": dropFirstPane(&lines[1])
        case "a z-index of 2": setFirstPane(&lines[1], field: 6, to: "2")
        case "a negative width": setFirstPane(&lines[1], field: 2, to: "-3")
        case "a size class of three letters": setFirstPane(&lines[1], field: 4, to: #""rrc""#)
        case "an unknown scenario":
            replace(1, "fold-cycle/random-n100/galaxy-z-trifold", "fold-cycle/nowhere/iphone-duo")
        case "a key of its own": replace(1, #"{"scenario""#, #"{"colour":1,"scenario""#)
        case "a line cut short": lines[1] = String(lines[1].prefix(40))
        case "the last scenario missing": lines.removeLast(2)
        case "a scenario cut short": lines.remove(at: 60)
        default: Issue.record("no case \(name)")
        }
        let result = try check(lines.joined(separator: "\n"), directory)
        let path = directory.deletingLastPathComponent().appendingPathComponent("answers.jsonl").path
        #expect(result.status == 2, "\(name): \(result.err)")
        #expect(result.err.contains("foldbench: error: \(path): \(message)"), "\(name): \(result.err)")
    }

    /// The first pane of an answer line, `[x,y,w,h,"rc",axis,z]`, with one field replaced.
    func setFirstPane(_ line: inout String, field: Int, to value: String) {
        let start = line.range(of: #""panes":[["#)!.upperBound
        let end = line[start...].firstIndex(of: "]")!
        var fields = line[start..<end].split(separator: ",").map(String.init)
        fields[field] = value
        line.replaceSubrange(start..<end, with: fields.joined(separator: ","))
    }

    func dropFirstPane(_ line: inout String) {
        let start = line.range(of: #""panes":["#)!.upperBound
        let end = line[start...].firstIndex(of: "]")!
        line.removeSubrange(start...line.index(after: end))
    }

    @Test(
        "the default set has every device and motion, the edited trees, stays under 25 MB, and is as large as docs/fixtures.md says"
    )
    func defaultSet() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench(["fixtures", "--out", directory.path])
        #expect(result.status == 0, "\(result.err)")
        // "wrote …: fixture set ID, 467 scenarios, 140,100 frames (26,545 distinct contexts), 16,… bytes"
        let after = try #require(result.err.range(of: "fixture set ")).upperBound
        let counts = result.err[after...].drop(while: { $0 != "," })
        let numbers = counts.split(whereSeparator: { !$0.isNumber && $0 != "," }).filter {
            $0.contains(where: \.isNumber)
        }
        .map { Int($0.replacingOccurrences(of: ",", with: ""))! }
        try #require(numbers.count == 4, "\(counts)")
        #expect(numbers[3] < 25_000_000)
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/fixtures.md"), encoding: .utf8)
        let grouped = numbers.map { NumberText.grouped(Double($0)) }
        let stated =
            "\(grouped[0]) scenarios, \(grouped[1]) frames, \(grouped[2]) distinct contexts, \(grouped[3]) bytes"
        #expect(
            docs.replacingOccurrences(of: "\n", with: " ").contains(stated), "docs/fixtures.md should say \(stated)")
        // The manifest alone (decoding every file of the set would take a debug build a minute).
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("fixtures.json"))) as! [String: Any]
        let entries = manifest["scenarios"] as! [[String: Any]]
        #expect(manifest["version"] as? Int == 2)
        let (generated, edited, rules) = (
            entries.filter { ($0["name"] as! String).hasPrefix("generated/") },
            entries.filter { ($0["name"] as! String).hasPrefix("edited/") },
            entries.filter { ($0["name"] as! String).hasPrefix("edit-rules/") }
        )
        #expect(rules.count == 10)
        let devices = entries.filter { entry in
            !["generated/", "edited/", "edit-rules/"].contains { (entry["name"] as! String).hasPrefix($0) }
        }
        let names = devices.map {
            ($0["name"] as! String).split(separator: "@")[0].split(separator: "/").map(String.init)
        }
        #expect(Set(names.map { $0[2] }) == Set(DeviceProfile.shippedNames))
        #expect(Set(names.map { $0[0] }).isSuperset(of: Motion.allCases.map(\.rawValue)))
        #expect(devices.allSatisfy { $0["frames"] as? Int == 300 })
        #expect(generated.count == 100 && generated.allSatisfy { $0["frames"] as? Int == 8 })
        // Every edited tree's file states its edits, every kind among them (the edit history's).
        #expect(edited.count == 100)
        var kinds: Set<String> = []
        for entry in edited {
            let header = try String(
                contentsOf: directory.appendingPathComponent(entry["file"] as! String), encoding: .utf8
            )
            .prefix { $0 != "\n" }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
            let edits = try #require(object["edits"] as? [[String: Any]], "\(entry["name"]!)")
            for frame in edits { for edit in frame["edits"] as! [[String: Any]] { kinds.formUnion(edit.keys) } }
        }
        #expect(
            kinds.isSuperset(of: [
                "minWidth", "layoutPriority", "overlayEdge", "style", "axes", "insert", "remove", "replace",
            ]))
        // Both directions: a third of the device scenarios right to left.
        let rightToLeft = try devices.filter { entry in
            try String(contentsOf: directory.appendingPathComponent(entry["file"] as! String), encoding: .utf8)
                .contains(#""direction":"rtl""#)
        }
        #expect(rightToLeft.count > devices.count / 3, "\(rightToLeft.count) of \(devices.count)")
    }

    @Test("a fixture file changed after the set was written is refused: the set's identity no longer matches")
    func editedFixtures() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let file = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()[0]
        let url = directory.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: #""direction":"ltr""#, with: #""direction":"rtl""#)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let result = try check(try answers(directory), directory)
        #expect(result.status == 2)
        #expect(result.err.contains("fixtures.json: set: the files hash to "), "\(result.err)")
    }

    @Test("fixtures refuses a folder holding other files, before any work, and replaces an earlier set whole")
    func folders() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try writeFile("mine", named: "notes.txt", in: directory)
        let refused = runFoldBench(["fixtures", "--out", directory.path, "--scenario", Self.scenarios[1]])
        #expect(refused.status == 2)
        #expect(refused.err.contains("holds files that are not a fixture set's (notes.txt)"), "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
        let set = directory.appendingPathComponent("set").path
        #expect(
            runFoldBench(["fixtures", "--out", set, "--scenario", Self.scenarios[0], "--scenario", Self.scenarios[1]])
                .status == 0)
        #expect(runFoldBench(["fixtures", "--out", set, "--scenario", Self.scenarios[1]]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: set).sorted()
                == ["0001-staged-unfold_balanced-d4_hinged-duo.jsonl", "fixtures.json"])
    }

    @Test("check --out writes conformance.json and the first difference of each differing scenario drawn")
    func pages() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let text = try answers(directory) { scenario, frame, panes in
            guard frame == 7, let index = panes.firstIndex(where: { $0.zIndex == 1 }) else { return }
            panes[index] = PaneLayout(
                visible: true, frame: panes[index].frame, sizeClass: panes[index].sizeClass, splitAxis: nil, zIndex: 0)
        }
        let path = try writeFile(text, named: "answers.jsonl", in: directory.deletingLastPathComponent())
        let out = directory.deletingLastPathComponent().appendingPathComponent("report").path
        let result = runFoldBench(["check", path, "--fixtures", directory.path, "--out", out])
        #expect(result.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let count = try #require(result.out.firstMatch(of: #/\n(\d+) scenarios? differs?;/#)?.output.1)
        #expect(files.count == Int(count)! + 1 && files.last == "conformance.json", "\(files)")
        let page = try String(contentsOfFile: out + "/" + files[0], encoding: .utf8)
        #expect(page.contains("frame 7") && page.contains("rule layered (§2.3.2"), "\(page.prefix(600))")
    }

    @Test("the Python example answers every frame as the reference does; its planted faults are named by rule")
    func pythonExample() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let script = repositoryRoot.appendingPathComponent("examples/fixtures/answer.py").path
        let answers = directory.deletingLastPathComponent().appendingPathComponent("python.jsonl").path
        for (fault, rules) in [
            (nil, [String]()), ("secondary-in-front", ["layered"]), ("ignore-minimums", ["priority", "minimum"]),
        ] {
            let ran = try runProcess(
                "/usr/bin/env", ["python3", script, directory.path, answers] + (fault.map { ["--fault", $0] } ?? []))
            #expect(ran.status == 0, "\(ran.err)")
            let result = runFoldBench(["check", answers, "--fixtures", directory.path, "--format", "json"])
            #expect(result.status == (fault == nil ? 0 : 1), "\(fault ?? "none"): \(result.err)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let scorecard = report["scorecard"] as! [[String: Any]]
            let held = scorecard.filter { ($0["differing"] as! Int) > 0 }.map { $0["rule"] as! String }
            #expect(held == rules, "\(fault ?? "none"): \(held)")
        }
    }

    /// The edit rules' scenarios tell every edit rule from its misreadings: each planted
    /// in the Python port fails `check`, and the edit scorecard names that rule alone; the
    /// port as written, and the JavaScript one, agree on every frame.
    @Test
    func eachEditRuleIsToldFromItsMisreadings() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let set = directory.appendingPathComponent("set").path
        let written = runFoldBench(["fixtures", "--out", set, "--scenario", "edit-rules"])
        #expect(written.status == 0 && written.err.contains(" 10 scenarios,"), "\(written.err)")
        let script = repositoryRoot.appendingPathComponent("examples/fixtures/answer.py").path
        let answers = directory.appendingPathComponent("python.jsonl").path
        let faults: [(fault: String?, edit: String?)] = [
            (nil, nil), ("edit-ideal-stays", "minWidth"), ("edit-ideal-follows", "minWidth"),
            ("edit-ideal-ignored", "idealWidth"), ("edit-priority-ignored", "layoutPriority"),
            ("edit-split-replaced", "split"), ("edit-edges-merged", "overlayEdge"), ("edit-style-ignored", "style"),
            ("edit-axes-split", "axes"), ("edit-replace-ignored", "replace"),
        ]
        for (fault, edit) in faults {
            let ran = try runProcess(
                "/usr/bin/env", ["python3", script, set, answers] + (fault.map { ["--fault", $0] } ?? []))
            #expect(ran.status == 0, "\(ran.err)")
            let result = runFoldBench(["check", answers, "--fixtures", set, "--format", "json"])
            #expect(result.status == (fault == nil ? 0 : 1), "\(fault ?? "none"): \(result.err)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let rows = report["editScorecard"] as! [[String: Any]]
            let named = rows.filter { ($0["firstDifferencesAfter"] as! Int) > 0 }.map { $0["edit"] as! String }
            #expect(named == (edit.map { [$0] } ?? []), "\(fault ?? "none"): \(named)")
            #expect(rows.count == 12, "every edit key lands: \(rows.map { $0["edit"] as! String })")
        }
        let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(node != nil, "node is needed to run examples/fixtures/answer.mjs")
        let ported = try runProcess(
            node!, [repositoryRoot.appendingPathComponent("examples/fixtures/answer.mjs").path, set, answers])
        #expect(ported.status == 0 && runFoldBench(["check", answers, "--fixtures", set]).status == 0)
    }

    @Test("the JavaScript port, written from the contract's words, answers every frame as the reference does")
    func javaScriptPort() throws {
        let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(node != nil, "node is needed to run examples/fixtures/answer.mjs")
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let script = repositoryRoot.appendingPathComponent("examples/fixtures/answer.mjs").path
        let answers = directory.deletingLastPathComponent().appendingPathComponent("javascript.jsonl").path
        let ran = try runProcess(node!, [script, directory.path, answers])
        #expect(ran.status == 0, "\(ran.err)")
        let result = runFoldBench(["check", answers, "--fixtures", directory.path])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("(javascript, from the contract)"))
    }

    @Test(
        "check --across-sets compares the answers to another set of the same scenarios and says so; without it they are refused"
    )
    func acrossSets() throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let answers = directory.deletingLastPathComponent().appendingPathComponent("reference.jsonl").path
        #expect(
            runFoldBench(["answer", "--fixtures", directory.path, "--variant", "reference", "--out", answers]).status
                == 0)
        // The same answers claiming an earlier set, one frame moved as a new rule would move it.
        var lines = try String(contentsOfFile: answers, encoding: .utf8).split(separator: "\n").map(String.init)
        let identity = try #require(lines[0].firstRange(of: #/"fixtures":"[0-9a-f]{16}"/#))
        lines[0].replaceSubrange(identity, with: #""fixtures":"0123456789abcdef""#)
        setFirstPane(&lines[1], field: 2, to: "1")
        try (lines.joined(separator: "\n") + "\n").write(toFile: answers, atomically: true, encoding: .utf8)
        let refused = runFoldBench(["check", answers, "--fixtures", directory.path])
        #expect(refused.status == 2)
        #expect(refused.err.contains("--across-sets"))
        let across = runFoldBench(["check", answers, "--fixtures", directory.path, "--across-sets"])
        #expect(across.status == 1, "\(across.err)")
        #expect(across.out.hasPrefix("\(answers) answers fixture set 0123456789abcdef, checked against set "))
        #expect(across.out.contains("what moved between the two sets"))
    }
}

import ArrangementModel
import Drawings
import Foundation
import FoundationXML
import Measurement
import ReferenceResolver
import SceneFormat
import Support
import TestSupport
import Testing
import Variants
import Workloads

@testable import Reports
@testable import Runs

/// A test-only variant that is wrong on purpose: the reference's answer with one pane's
/// width halved, so the pictures of a disagreement have a known pane to outline.
struct HalvesOnePane: ResolverVariant {
    let pane: Int
    var name: String { "halves-one-pane" }
    func prepare(_ tree: ArrangementTree) -> ArrangementTree { tree }
    func relayout(_ tree: ArrangementTree, in context: LayoutContext, into resolution: inout Resolution) {
        resolution = ReferenceResolver().resolve(tree, in: context)
        let frame = resolution.panes[pane].frame
        resolution.panes[pane] = PaneLayout(
            visible: true, frame: try! Rect(x: frame.x, y: frame.y, width: frame.width / 2, height: frame.height),
            sizeClass: resolution.panes[pane].sizeClass, splitAxis: resolution.panes[pane].splitAxis,
            zIndex: resolution.panes[pane].zIndex)
    }
}

/// What a drawing shows, read back from its SVG.
struct DrawnBoxes {
    /// Each pane's box, in points (through the safe area's rect, which is the context's bounds).
    var boxes: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
    var boxCount = 0
    var hidden: [String] = []
    var outlined: [String] = []
    var labels: [String] = []
    var caption = ""
    /// The safe area's rect as drawn, in px.
    var safeArea: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)

    /// Reads the drawing's elements by their tags and attributes (each element as the
    /// drawing writes it: attributes in double quotes, text without markup), after
    /// checking that an XML parser takes the whole document.
    init(svg: String, bounds: Rect, scale: Double) throws {
        _ = try XMLDocument(xmlString: svg)
        func attributes(_ tag: Substring) -> [String: String] {
            var result: [String: String] = [:]
            for match in tag.matches(of: #/([a-z-]+)="([^"]*)"/#) { result[String(match.1)] = String(match.2) }
            return result
        }
        func unescape(_ text: Substring) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        let safeTag = try #require(svg.firstMatch(of: #/<rect [^>]*class="safe-area"[^>]*>/#))
        let safe = attributes(safeTag.output[...])
        func number(_ name: String) -> Double { Double(safe[name] ?? "") ?? .nan }
        safeArea = (number("x"), number("y"), number("width"), number("height"))
        let originX = safeArea.x - bounds.x * scale
        let originY = safeArea.y - bounds.y * scale
        for match in svg.matches(
            of: #/<g class="pane [^"]*" data-pane="([^"]*)">(<rect [^>]*>)*?(<rect [^>]*class="box"[^>]*>)/#)
        {
            let box = attributes(match.output.3)
            func value(_ name: String) -> Double { Double(box[name] ?? "") ?? .nan }
            boxCount += 1
            boxes[unescape(match.output.1)] = (
                (value("x") - originX) / scale, (value("y") - originY) / scale, value("width") / scale,
                value("height") / scale
            )
        }
        outlined = svg.matches(of: #/<rect [^>]*class="differs" data-pane="([^"]*)"/#).map { unescape($0.output.1) }
        hidden = svg.matches(of: #/<text class="hidden-pane"[^>]*>([^<]*)</text>/#).map { unescape($0.output.1) }
        caption = svg.firstMatch(of: #/<text class="caption"[^>]*>([^<]*)</text>/#).map { unescape($0.output.1) } ?? ""
        if let group = svg.firstMatch(of: #/<g class="labels">([\s\S]*?)</g>/#) {
            labels = group.output.1.matches(of: #/<text[^>]*>([^<]*)</text>/#).map { unescape($0.output.1) }
        }
    }
}

@Suite("Layouts drawn")
struct LayoutDrawingTests {
    static func scene(_ name: String) throws -> Scene { try TreeSpec(name).makeScene() }

    @Test(
        "every visible pane's box is its frame, every hidden pane is listed, and nothing else is drawn",
        arguments: ["media-player", "nested-reader", "frog-atlas", "moon-phase", "random-n60", "chain-d12"])
    func boxesAreFrames(name: String) throws {
        var scene = try Self.scene(name)
        if scene.stated.isEmpty {
            scene.context = try DeviceProfile.shipped("iphone-duo").context(posture: .halfOpen, orientation: .portrait)
        }
        let resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        for scale in [1.0, 0.5] {
            let svg = LayoutDrawing(
                tree: scene.tree, context: scene.context, resolution: resolution,
                options: .init(scale: scale, hiddenListed: 1000)
            ).svg()
            let drawn = try DrawnBoxes(svg: svg.text, bounds: scene.context.bounds, scale: scale)
            let visible = scene.tree.paneIDs.indices.filter { resolution.panes[$0].visible }
            #expect(drawn.boxCount == visible.count, "one box per visible pane")
            for index in visible {
                let id = scene.tree.paneIDs[index]
                let frame = resolution.panes[index].frame
                let box = try #require(drawn.boxes[id], "\(id) has a box")
                // Coordinates are written to two decimals of a pixel.
                let tolerance = 0.006 / scale
                #expect(abs(box.x - frame.x) <= tolerance && abs(box.y - frame.y) <= tolerance, "\(id) \(box)")
                #expect(
                    abs(box.width - frame.width) <= tolerance && abs(box.height - frame.height) <= tolerance, "\(id)")
            }
            let hidden = scene.tree.paneIDs.indices.filter { !resolution.panes[$0].visible }.map {
                scene.tree.paneIDs[$0]
            }
            #expect(drawn.hidden == hidden)
            #expect(svg.summary.hidden == hidden && svg.summary.visible == visible.count)
            #expect(
                drawn.caption.hasPrefix(
                    "\(visible.count) of \(scene.tree.paneCount) panes shown, \(hidden.count) hidden"))
        }
    }

    @Test("the safe area sits inside its display where the device puts it, 8 px in, under the title")
    func placement() throws {
        // frog-atlas on the Galaxy Z Fold7 shut: the outer display with its insets.
        var scene = try Self.scene("frog-atlas")
        let device = try DeviceProfile.shipped("galaxy-z-fold7")
        scene.context = device.context(posture: .closed, orientation: .portrait)
        let display = try #require(device.displayRect(around: scene.context.bounds, orientation: .portrait))
        #expect(scene.context.bounds.x > 0 || scene.context.bounds.y > 0, "the safe area is inset")
        let resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        for scale in [1.0, 0.5] {
            let svg = LayoutDrawing(
                tree: scene.tree, context: scene.context, resolution: resolution, display: display,
                options: .init(scale: scale, title: "t")
            ).svg().text
            let drawn = try DrawnBoxes(svg: svg, bounds: scene.context.bounds, scale: scale)
            let bounds = scene.context.bounds
            // 8 px of margin, 20 px of title, then the display from its corner.
            for (got, want) in [
                (drawn.safeArea.x, 8 + bounds.x * scale), (drawn.safeArea.y, 28 + bounds.y * scale),
                (drawn.safeArea.width, bounds.width * scale), (drawn.safeArea.height, bounds.height * scale),
            ] {
                #expect(abs(got - want) < 0.006, "\(got) vs \(want) at scale \(scale)")
            }
            let displayTag = try #require(
                svg.firstMatch(of: #/<rect x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)" class="display"/#))
            #expect(displayTag.output.1 == "8" && displayTag.output.2 == "28")
            #expect(Double(displayTag.output.3) == display.width * scale)
        }
    }

    @Test(
        "a layered overlay: the pane in front is drawn after the one behind, marked z1; the one behind keeps its label")
    func layering() throws {
        // media-player, flat: the controls lie over the artwork.
        var scene = try Self.scene("media-player")
        scene.context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        let resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        let ids = scene.tree.paneIDs
        let front = try #require(ids.indices.first { resolution.panes[$0].visible && resolution.panes[$0].zIndex == 1 })
        let svg = LayoutDrawing(tree: scene.tree, context: scene.context, resolution: resolution).svg().text
        let frontAt = try #require(svg.range(of: "data-pane=\"\(ids[front])\"")).lowerBound
        let panes = LayoutDrawing.panes(of: scene.tree)
        let behind = try #require(
            ids.indices.first {
                panes[$0].inOverlay && resolution.panes[$0].visible && resolution.panes[$0].zIndex == 0
            })
        let behindAt = try #require(svg.range(of: "data-pane=\"\(ids[behind])\"")).lowerBound
        #expect(behindAt < frontAt)
        let drawn = try DrawnBoxes(svg: svg, bounds: scene.context.bounds, scale: 1)
        #expect(drawn.labels.contains("\(ids[front]) · z1"))
        #expect(drawn.labels.contains("\(ids[behind]) · z0, behind"))
    }

    @Test(
        "another engine's answer with the secondary in front: the primary is labelled behind in its corner, the secondary z1"
    )
    func secondaryInFront() throws {
        // media-player, flat: the resolver layers the controls (primary) over the artwork;
        // an answer drawn beside it (`resolve --check --answer`) may put them the other way.
        var scene = try Self.scene("media-player")
        scene.context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        var resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        let ids = scene.tree.paneIDs
        let front = try #require(ids.indices.first { resolution.panes[$0].visible && resolution.panes[$0].zIndex == 1 })
        let panes = LayoutDrawing.panes(of: scene.tree)
        #expect(panes[front].isPrimary && panes[front].inOverlay)
        let behind = try #require(
            ids.indices.first { $0 != front && panes[$0].inOverlay && panes[$0].depth == panes[front].depth })
        for (index, zIndex) in [(front, 0), (behind, 1)] {
            let layout = resolution.panes[index]
            resolution.panes[index] = PaneLayout(
                visible: true, frame: layout.frame, sizeClass: layout.sizeClass, splitAxis: layout.splitAxis,
                zIndex: zIndex)
        }
        let svg = LayoutDrawing(tree: scene.tree, context: scene.context, resolution: resolution).svg().text
        let drawn = try DrawnBoxes(svg: svg, bounds: scene.context.bounds, scale: 1)
        #expect(drawn.labels.contains("\(ids[front]) · z0, behind"))
        #expect(drawn.labels.contains("\(ids[behind]) · z1"))
        // The secondary, now in front, is drawn after the primary.
        let primaryAt = try #require(svg.range(of: "data-pane=\"\(ids[front])\"")).lowerBound
        let secondaryAt = try #require(svg.range(of: "data-pane=\"\(ids[behind])\"")).lowerBound
        #expect(primaryAt < secondaryAt)
    }

    @Test("255 arrangements small: the labels that do not fit are left out and counted, the rest drawn")
    func droppedLabels() throws {
        let tree = try TreeFactory.balanced(depth: 8)
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        let resolution = ReferenceResolver().resolve(tree, in: context)
        for scale in [1.0, 0.4] {
            let (text, summary) = LayoutDrawing(
                tree: tree, context: context, resolution: resolution, options: .init(scale: scale)
            ).svg()
            let drawn = try DrawnBoxes(svg: text, bounds: context.bounds, scale: scale)
            // 256 leaves: each labelled or counted as left out, never both.
            #expect(drawn.labels.count + summary.labelsDropped == 256)
            #expect(drawn.boxCount == 510)
            if scale < 1 {
                #expect(summary.labelsDropped > 128)
                #expect(
                    drawn.caption.contains("; \(summary.labelsDropped) labels left out (their boxes are too small)"))
            }
        }
    }

    @Test(
        "the hidden list names at most `hiddenListed` panes in order and counts the rest; nothing counted when all fit")
    func hiddenListLength() throws {
        let scene = try Self.scene("nested-reader")
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        var resolution = ReferenceResolver().resolve(scene.tree, in: context)
        // Three panes hidden by hand, so the list's length does not hang on what the resolver hides.
        for index in [1, 2, scene.tree.paneCount - 1] { resolution.panes[index] = .hidden }
        let hidden = scene.tree.paneIDs.indices.filter { !resolution.panes[$0].visible }.map { scene.tree.paneIDs[$0] }
        #expect(hidden.count >= 3)
        for listed in [0, 1, hidden.count - 1, hidden.count, hidden.count + 1] {
            let svg = LayoutDrawing(
                tree: scene.tree, context: context, resolution: resolution, options: .init(hiddenListed: listed)
            ).svg().text
            let drawn = try DrawnBoxes(svg: svg, bounds: context.bounds, scale: 1)
            #expect(drawn.hidden == Array(hidden.prefix(listed)), "hiddenListed \(listed)")
            #expect(svg.contains(">Hidden (\(hidden.count))</text>"))
            let more = svg.matches(of: #/>and ([0-9]+) more</text>/#).map { Int($0.output.1) }
            #expect(more == (listed < hidden.count ? [hidden.count - listed] : []), "hiddenListed \(listed)")
        }
    }

    @Test("the hidden list fits the picture: a small drawing grows to hold every line it lists")
    func hiddenListFits() throws {
        let tree = try TreeFactory.balanced(depth: 6)
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        var resolution = ReferenceResolver().resolve(tree, in: context)
        for index in 0..<41 { resolution.panes[2 * index + 1] = .hidden }
        let svg = LayoutDrawing(tree: tree, context: context, resolution: resolution, options: .init(scale: 0.2)).svg()
            .text
        let height = try #require(svg.firstMatch(of: #/height="([0-9.]+)"/#).map { Double($0.output.1)! })
        let lowest = svg.matches(of: #/<text[^>]* y="([0-9.]+)"/#).compactMap { Double($0.output.1) }.max() ?? 0
        #expect(lowest < height, "the lowest text at y = \(lowest) in a picture \(height) high")
        #expect(svg.contains(">and 1 more</text>"))
    }

    @Test("labels of panes that share a frame (layered overlays, one inside another) take a line each")
    func labelsDoNotOverlap() throws {
        let tree = try SceneDecoder.decode(
            Array(
                """
                {"context": {"bounds": {"x": 0, "y": 0, "width": 600, "height": 400}},
                 "root": {"style": "overlay", "primary": {"id": "a", "arrangement": {"style": "overlay",
                    "primary": {"id": "b1"}, "secondary": {"id": "b2"}}},
                  "secondary": {"id": "c"}}}
                """.utf8)
        ).tree
        let context = LayoutContext(bounds: try Rect(x: 0, y: 0, width: 600, height: 400))
        let resolution = ReferenceResolver().resolve(tree, in: context)
        let svg = LayoutDrawing(tree: tree, context: context, resolution: resolution).svg().text
        let labels = try #require(svg.firstMatch(of: #/<g class="labels">([\s\S]*?)</g>/#)).output.1
        let places = labels.matches(of: #/<text x="([0-9.]+)" y="([0-9.]+)"/#).map { "\($0.output.1),\($0.output.2)" }
        #expect(places.count == 3, "\(labels)")
        #expect(Set(places).count == places.count, "two labels at one place: \(places)")
    }

    @Test("by default the hidden list names 40 panes: 41 hidden show 40 names and one more counted")
    func hiddenListDefault() throws {
        let tree = try TreeFactory.balanced(depth: 6)
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .landscape)
        var resolution = ReferenceResolver().resolve(tree, in: context)
        #expect(resolution.panes.allSatisfy { $0.visible })
        for index in 0..<41 { resolution.panes[2 * index + 1] = .hidden }
        let svg = LayoutDrawing(tree: tree, context: context, resolution: resolution).svg().text
        let drawn = try DrawnBoxes(svg: svg, bounds: context.bounds, scale: 1)
        #expect(drawn.hidden == (0..<40).map { tree.paneIDs[2 * $0 + 1] })
        #expect(svg.contains(">Hidden (41)</text>") && svg.contains(">and 1 more</text>"))
    }

    @Test(
        "a box's hover text: its side, depth, frame, split axis by name, size class per axis and z-index",
        arguments: [(Axis?.some(.horizontal), "horizontal"), (.vertical, "vertical"), (nil, "none")])
    func hoverText(axis: Axis?, name: String) throws {
        let panes = LayoutDrawing.panes(of: try Self.scene("nested-reader").tree)
        let primary = try #require(panes.first { $0.isPrimary && $0.depth == 2 })
        let secondary = try #require(panes.first { !$0.isPrimary && $0.depth == 1 })
        let layout = PaneLayout(
            visible: true, frame: try Rect(x: 10, y: 20.5, width: 300, height: 40.25),
            sizeClass: SizeClass(horizontal: .compact, vertical: .regular), splitAxis: axis, zIndex: 1)
        #expect(
            LayoutDrawing.describe(primary, layout)
                == "\(primary.id) (primary, depth 2): frame (10, 20.5, 300 × 40.25), split axis \(name), size class compact/regular, z-index 1"
        )
        let flipped = PaneLayout(
            visible: true, frame: try Rect(x: 0, y: 0, width: 1, height: 2),
            sizeClass: SizeClass(horizontal: .regular, vertical: .compact), splitAxis: axis, zIndex: 0)
        #expect(
            LayoutDrawing.describe(secondary, flipped)
                == "\(secondary.id) (secondary, depth 1): frame (0, 0, 1 × 2), split axis \(name), size class regular/compact, z-index 0"
        )
        #expect(LayoutDrawing.describe(secondary, .hidden) == "\(secondary.id) (secondary): hidden")
    }

    @Test("a display away from the origin: the drawing spans it and the safe area together, whichever sticks out")
    func displayOffOrigin() throws {
        let scene = try Self.scene("frog-atlas")
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .flat, orientation: .portrait)
        let bounds = context.bounds
        // The display starts 7 pt left of and 11 pt above the safe area, ends 27 pt short
        // of its right edge and 19 pt below its bottom: the union is 7 + width wide and
        // 30 + height tall, from (x − 7, y − 11).
        let display = try Rect(
            x: bounds.x + 40 - 7, y: bounds.y + 60 - 11, width: bounds.width - 20, height: bounds.height + 30)
        let shifted = try Rect(x: bounds.x + 40, y: bounds.y + 60, width: bounds.width, height: bounds.height)
        let moved = LayoutContext(bounds: shifted, sizeClass: context.sizeClass)
        for scale in [1.0, 0.5] {
            let svg = LayoutDrawing(
                tree: scene.tree, context: moved, resolution: ReferenceResolver().resolve(scene.tree, in: moved),
                display: display, options: .init(scale: scale, compact: true)
            ).svg().text
            let size = try #require(svg.firstMatch(of: #/<svg [^>]*width="([^"]*)" height="([^"]*)"/#))
            #expect(Double(size.output.1) == ((bounds.width + 7) * scale + 16).rounded(.up), "scale \(scale)")
            #expect(Double(size.output.2) == ((bounds.height + 30) * scale + 16).rounded(.up), "scale \(scale)")
            let drawn = try DrawnBoxes(svg: svg, bounds: shifted, scale: scale)
            #expect(abs(drawn.safeArea.x - (8 + 7 * scale)) < 0.006 && abs(drawn.safeArea.y - (8 + 11 * scale)) < 0.006)
        }
    }

    @Test("the runner's refusal of a wrong variant draws both layouts with the wrong pane outlined, and names the page")
    func refusalPicture() throws {
        let scenario = try Scenario("fold-cycle/moon-phase/iphone-duo")
        var options = RunOptions()
        options.frames = 12
        options.timePerScenario = 0.01
        let wrong = VariantEntry(HalvesOnePane(pane: 1), summary: "wrong on purpose", isTestOnly: true)
        let runner = Runner(options: options, variants: [VariantList.reference, wrong])
        var caught: VerificationFailure?
        do { _ = try runner.run([scenario]) } catch let failure as VerificationFailure { caught = failure }
        let failure = try #require(caught)
        #expect(failure.frame == 0 && failure.variant == "halves-one-pane")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let message = Measuring.picture(WorkerService.page(of: failure), in: directory.path)
        #expect(
            message
                == "\nthe two layouts side by side, the differing panes outlined: \(directory.path)/disagreement.html")
        let page = try String(contentsOfFile: "\(directory.path)/disagreement.html", encoding: .utf8)
        let evidence = try #require(failure.evidence)
        let id = evidence.tree.paneIDs[1]
        // Two drawings (reference, variant), the one differing pane outlined in each.
        let svgs = page.components(separatedBy: "<svg ").dropFirst().map {
            "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>"
        }
        #expect(svgs.count == 2)
        for svg in svgs {
            #expect(try DrawnBoxes(svg: svg, bounds: evidence.context.bounds, scale: 1).outlined == [id])
        }
        #expect(page.contains("1 of \(evidence.tree.paneCount) panes differ"))
        let expected = evidence.expected.panes[1].frame
        #expect(page.contains("<td>\(id)</td><td>frame</td>"))
        #expect(
            page.contains(
                "class=\"differs\">(\(formatNumber(expected.x)), \(formatNumber(expected.y)), \(formatNumber(expected.width / 2)) × "
            ))
    }

    @Test(
        "a pane differs by its visibility, a frame beyond the tolerance (1e-9 of its size), its size class, axis or z-index; nothing else"
    )
    func differingPanes() throws {
        func pane(_ width: Double, compact: Bool = false, axis: Axis? = nil, z: Int = 0) throws -> PaneLayout {
            PaneLayout(
                visible: true, frame: try Rect(x: 10, y: 20, width: width, height: 50),
                sizeClass: SizeClass(horizontal: compact ? .compact : .regular, vertical: .regular), splitAxis: axis,
                zIndex: z)
        }
        var want = Resolution(paneCount: 7)
        for index in 0..<6 { want.panes[index] = try pane(100) }
        want.panes[6] = .hidden
        var got = want
        got.panes[0] = try pane(100 + 5e-8)  // within the tolerance, 1e-9 × (1 + 100): the same
        got.panes[1] = try pane(100 + 2e-7)
        got.panes[2] = try pane(100, compact: true)
        got.panes[3] = try pane(100, axis: .vertical)
        got.panes[4] = try pane(100, z: 1)
        got.panes[5] = .hidden
        got.panes[6] = try pane(100)
        #expect(DisagreementPage.differingPanes(got, want) == [1, 2, 3, 4, 5, 6])
        #expect(DisagreementPage.differingPanes(want, want) == [])
    }

    @Test("an answer longer than the tree: every pane differs, and the page is written with both drawings")
    func answerOfAnotherLength() throws {
        let scene = try Self.scene("frog-atlas")
        let expected = ReferenceResolver().resolve(scene.tree, in: scene.context)
        var got = Resolution(paneCount: expected.panes.count + 1)
        for index in expected.panes.indices { got.panes[index] = expected.panes[index] }
        got.panes[expected.panes.count] = expected.panes[0]
        #expect(DisagreementPage.differingPanes(got, expected) == Array(0...expected.panes.count))
        let page = DisagreementPage.html(
            heading: "h", notes: [], variant: "longer", tree: scene.tree, context: scene.context, expected: expected,
            got: got)
        #expect(page.contains("\(expected.panes.count + 1) of \(scene.tree.paneCount) panes differ"))
        #expect(page.components(separatedBy: "<svg ").count == 3)
    }

    @Test("a thumbnail leaves out boxes under 4 px and keeps those of 4 px and more")
    func thumbnailBoxes() throws {
        let scene = try Self.scene("frog-atlas")
        var resolution = ReferenceResolver().resolve(scene.tree, in: scene.context)
        let leaves = scene.tree.paneIDs.indices.filter { index in
            resolution.panes[index].visible && !LayoutDrawing.panes(of: scene.tree)[index].holdsArrangement
        }
        #expect(leaves.count >= 2)
        let origin = resolution.panes[leaves[0]].frame
        for (index, side) in [(leaves[0], 3.99), (leaves[1], 4.0)] {
            let layout = resolution.panes[index]
            resolution.panes[index] = PaneLayout(
                visible: true, frame: try Rect(x: origin.x, y: origin.y, width: 100, height: side / 0.5),
                sizeClass: layout.sizeClass, splitAxis: layout.splitAxis, zIndex: layout.zIndex)
        }
        let svg = LayoutDrawing(
            tree: scene.tree, context: scene.context, resolution: resolution, options: .init(scale: 0.5, compact: true)
        ).svg().text
        let drawn = try DrawnBoxes(svg: svg, bounds: scene.context.bounds, scale: 0.5)
        let ids = scene.tree.paneIDs
        #expect(drawn.boxes[ids[leaves[0]]] == nil, "3.99 px: left out")
        // Boxes under 12 px carry no tooltip and are drawn as subpaths of one path per kind.
        #expect(svg.contains("h50v4h-50z"), "4 px: drawn")
        #expect(!svg.contains("v3.99h"), "3.99 px: left out")
        let small = svg.split(separator: "\n").filter { $0.hasPrefix("<path class=\"panes ") }.map {
            $0.filter { $0 == "z" }.count
        }.reduce(0, +)
        let visible = resolution.panes.filter(\.visible).count
        #expect(drawn.boxCount + small == visible - 1)
    }

    @Test("resolve --check: agreement exits 0 and writes nothing; a bad page path exits 2")
    func resolveCheck() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("d.html").path
        let agreed = runFoldBench([
            "resolve", "Benchmarks/Scenes/frog-atlas.json", "--variant", "fast", "--check", page,
        ])
        #expect(agreed.status == 0 && agreed.err.contains("fast agrees with the reference"))
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test("resolve --check --answer: another engine's wrong answer exits 1 and is drawn beside the reference's")
    func answerChecked() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenePath = "Benchmarks/Scenes/frog-atlas.json"
        let scene = try SceneDecoder.decode(try String(contentsOfFile: scenePath, encoding: .utf8))
        var wrong = ReferenceResolver().resolve(scene.tree, in: scene.context)
        // The third pane, 10 pt narrower: what a stale cache of another engine gives.
        let frame = wrong.panes[2].frame
        wrong.panes[2] = PaneLayout(
            visible: true, frame: try Rect(x: frame.x, y: frame.y, width: frame.width - 10, height: frame.height),
            sizeClass: wrong.panes[2].sizeClass, splitAxis: wrong.panes[2].splitAxis, zIndex: wrong.panes[2].zIndex)
        let answer = try writeFile(
            ResolutionEncoder.encode(wrong, ids: scene.tree.paneIDs), named: "answer.json", in: directory)
        let page = directory.appendingPathComponent("check.html").path
        let run = runFoldBench(["resolve", scenePath, "--check", page, "--answer", answer])
        #expect(run.status == 1 && run.out.isEmpty)
        #expect(run.err.contains("answer.json differs from the reference: pane \(scene.tree.paneIDs[2]): frame"))
        #expect(run.err.contains("the two layouts side by side: \(page)"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(
            html.matches(of: #/class="differs" data-pane="([^"]*)"/#).map { String($0.output.1) } == [
                scene.tree.paneIDs[2], scene.tree.paneIDs[2],
            ])
        // The reference's own answer agrees.
        let right = try writeFile(
            ResolutionEncoder.encode(
                ReferenceResolver().resolve(scene.tree, in: scene.context), ids: scene.tree.paneIDs),
            named: "right.json", in: directory)
        #expect(runFoldBench(["resolve", scenePath, "--check", page, "--answer", right]).status == 0)
    }

    @Test(
        "an answer that is not a resolution of the scene exits 2 naming the file, the place and the rule",
        arguments: [
            (#"{"panes": []}"#, "panes: 0 panes, but the scene has 4"),
            (#"{"panes": [{"id": "x"}, 1, 2, 3]}"#, #"panes[0].id: "x" where the scene's pane 0 is "species""#),
            (#"{"pane": []}"#, "unknown key"),
        ])
    func badAnswers(text: String, rule: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = try writeFile(text, named: "answer.json", in: directory)
        let run = runFoldBench([
            "resolve", "Benchmarks/Scenes/frog-atlas.json", "--check", "\(directory.path)/p.html", "--answer", answer,
        ])
        #expect(run.status == 2)
        #expect(run.err.contains("answer.json: ") && run.err.contains(rule), "\(run.err)")
    }

    @Test("a hidden pane's fields are null in a resolution read back, and its z-index 0")
    func decoderRules() throws {
        let scene = try TreeSpec("random-n60").makeScene()
        let context = try DeviceProfile.shipped("iphone-duo").context(posture: .halfOpen, orientation: .portrait)
        let resolution = ReferenceResolver().resolve(scene.tree, in: context)
        #expect(resolution.panes.contains { !$0.visible }, "the scene has hidden panes")
        let text = ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs)
        #expect(try ResolutionDecoder.decode(JSONParser.parse(text), ids: scene.tree.paneIDs) == resolution)
        let hidden = try #require(resolution.panes.firstIndex { !$0.visible })
        let id = scene.tree.paneIDs[hidden]
        let broken = text.replacingOccurrences(
            of: "{\"id\": \"\(id)\", \"visible\": false,\n   \"frame\": null",
            with:
                "{\"id\": \"\(id)\", \"visible\": false,\n   \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}"
        )
        #expect(broken != text)
        #expect(throws: InputError.self) {
            try ResolutionDecoder.decode(JSONParser.parse(broken), ids: scene.tree.paneIDs)
        }
    }

    @Test("foldbench draw: a scenario's frame titled with its hinge and posture; usage errors exit 2 naming the rule")
    func drawCommand() throws {
        let run = runFoldBench(["draw", "--scenario", "fold-cycle/balanced-d2/iphone-duo", "--frame", "0"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains(">fold-cycle/balanced-d2/iphone-duo, frame 0: hinge 180°, flat, landscape</text>"))
        #expect(run.out.components(separatedBy: "class=\"box\"").count - 1 == 6)
        #expect(run.err == "6 of 6 panes shown, 0 hidden\n")
        for (arguments, rule) in [
            (["Benchmarks/Scenes/moon-phase.json", "--scenario", "fold-cycle/balanced-d2/iphone-duo"], "not both"),
            (["--frame", "3"], "give a scene file or --scenario"),
            (["Benchmarks/Scenes/moon-phase.json", "--frame", "3"], "--frame and --frames need --scenario"),
            (
                ["--scenario", "fold-cycle/balanced-d2/iphone-duo", "--device", "iphone-duo"],
                "a scenario names its device"
            ),
            (["--scenario", "fold-cycle/balanced-d2/iphone-duo", "--frames", "10", "--frame", "10"], "0...9"),
        ] {
            let refused = runFoldBench(["draw"] + arguments)
            #expect(refused.status == 2 && refused.out.isEmpty, "\(arguments)")
            #expect(refused.err.contains(rule), "\(arguments): \(refused.err)")
        }
    }

    @Test("the filmstrip takes the middle of the first stretch of each distinct phase, in order, at most eight")
    func filmstripFrames() {
        func phase(_ posture: Posture, _ orientation: Orientation = .portrait, moving: Bool = false) -> Timeline.Phase {
            Timeline.Phase(
                posture: posture, orientation: orientation, outerDisplay: posture == .closed, inTransition: moving)
        }
        let closed = phase(.closed)
        let opening = phase(.flat, moving: true)
        let flat = phase(.flat)
        let half = phase(.halfOpen, .landscape)
        // closed 0–3, opening 4–5, flat 6–10, half-open 11–12, flat again 13–14, closed again 15.
        let phases = [
            closed, closed, closed, closed, opening, opening, flat, flat, flat, flat, flat, half, half, flat, flat,
            closed,
        ]
        #expect(Filmstrip.chosenFrames(phases) == [1, 4, 8, 11])
        #expect(Filmstrip.chosenFrames(phases, maximum: 2) == [1, 4])
        #expect(Filmstrip.chosenFrames([]) == [])
    }

    @Test("a run report has a filmstrip per scenario: the reference's layout at the chosen frames, captioned")
    func reportFilmstrip() throws {
        let strip = try #require(
            Filmstrip.make(
                scenario: "fold-cycle/frog-atlas/galaxy-z-fold7", frames: 120, refreshRate: 120, direction: .leftToRight
            ))
        let workload = try Workload(
            try Scenario("fold-cycle/frog-atlas/galaxy-z-fold7"), catalog: Catalog(), frames: 120)
        #expect(strip.frames.map(\.frame) == Filmstrip.chosenFrames(workload.phases()))
        #expect(strip.frames.count >= 3)
        for frame in strip.frames {
            #expect(frame.caption.hasPrefix("frame \(frame.frame) · hinge "))
            #expect(frame.caption.hasSuffix(RunReportPage.label(workload.phases()[frame.frame])))
            let resolution = ReferenceResolver().resolve(workload.tree, in: workload.contexts[frame.frame])
            let visible = resolution.panes.filter(\.visible).count
            // Boxes with a tooltip, and the small ones as subpaths of one path per kind.
            let boxes = frame.svg.components(separatedBy: "class=\"box\"").count - 1
            let small = frame.svg.split(separator: "\n").filter { $0.hasPrefix("<path class=\"panes ") }.map {
                $0.filter { $0 == "z" }.count
            }.reduce(0, +)
            #expect(boxes + small == visible)
        }
        // A deep tree's thumbnails stay small: 255 arrangements in tens of kilobytes a frame (117 KB before).
        let deep = try #require(
            Filmstrip.make(
                scenario: "fold-cycle/balanced-d8/iphone-duo", frames: 600, refreshRate: 120, direction: .leftToRight))
        for frame in deep.frames { #expect(frame.svg.utf8.count < 80_000, "\(frame.svg.utf8.count) bytes") }
        #expect(
            Filmstrip.make(
                scenario: "fold-cycle/frog-atlas/no-such-phone", frames: 12, refreshRate: 120, direction: .leftToRight)
                == nil)
    }
}

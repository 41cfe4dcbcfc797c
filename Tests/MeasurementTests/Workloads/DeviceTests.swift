import ArrangementModel
import Foundation
import ReferenceResolver
import SceneFormat
import Support
import TestSupport
import Testing
import Workloads

/// Two panes, the second holding an arrangement of two more: the tri-fold's second
/// fold, inside the nested arrangement's bounds, divides that one.
let nestedPair = """
    {"context": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}},
     "root": {"primary": {"id": "a"},
              "secondary": {"id": "b", "arrangement": {"primary": {"id": "c"}, "secondary": {"id": "d"}}}}}
    """

func resolved(_ json: String, in context: LayoutContext) throws -> [String: Rect] {
    let scene = try SceneDecoder.decode(Array(json.utf8))
    let resolution = ReferenceResolver().resolve(scene.tree, in: context)
    var frames: [String: Rect] = [:]
    for (id, pane) in zip(scene.tree.paneIDs, resolution.panes) where pane.visible { frames[id] = pane.frame }
    return frames
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(uncheckedX: x, y: y, width: width, height: height)
}

@Suite("Devices from specifications")
struct DeviceTests {
    let trifold = try! DeviceProfile.shipped("galaxy-z-trifold")
    let duo = try! DeviceProfile.shipped("surface-duo-2")
    let pixel = try! DeviceProfile.shipped("pixel-9-pro-fold")
    let fold7 = try! DeviceProfile.shipped("galaxy-z-fold7")

    @Test(
        "tri-fold half-open on both hinges, landscape: two folds; the root splits at the first, the nested arrangement at the second"
    )
    func trifoldLandscape() throws {
        let context = trifold.context(posture: .halfOpen, orientation: .landscape)
        #expect(context.bounds == rect(0, 24, 1290, 906))
        #expect(context.reservedRegions == [rect(430, 0, 0, 946), rect(860, 0, 0, 946)])
        // Both folds lie 215 pt from the centre (645): the tie goes to the one listed first.
        let frames = try resolved(nestedPair, in: context)
        #expect(frames["a"] == rect(0, 24, 430, 906))
        #expect(frames["c"] == rect(430, 24, 430, 906))
        #expect(frames["d"] == rect(860, 24, 430, 906))
    }

    @Test("tri-fold half-open in portrait: the folds lie across, at y = 430 and 860")
    func trifoldPortrait() throws {
        let context = trifold.context(posture: .halfOpen, orientation: .portrait)
        #expect(context.bounds == rect(0, 24, 946, 1250))
        #expect(context.reservedRegions == [rect(0, 430, 946, 0), rect(0, 860, 946, 0)])
        // Centre 649: the fold at 860 (211 away) is nearer than the one at 430 (219 away),
        // and the nested arrangement below it meets no fold.
        let frames = try resolved(nestedPair, in: context)
        #expect(frames["a"] == rect(0, 24, 946, 836))
        #expect(frames["b"] == rect(0, 860, 946, 414))
        for id in ["c", "d"] {
            let frame = try #require(frames[id])
            #expect(frame.minY >= 860 && frame.maxY <= 1274)
        }
    }

    @Test("tri-fold: one hinge half-open and one flat reserves one fold; either closed shows the cover")
    func trifoldModes() throws {
        let left = trifold.context(display: 1, postures: [.halfOpen, .flat], orientation: .landscape)
        #expect(left.reservedRegions == [rect(430, 0, 0, 946)])
        let right = trifold.context(display: 1, postures: [.flat, .halfOpen], orientation: .landscape)
        #expect(right.reservedRegions == [rect(860, 0, 0, 946)])
        #expect(trifold.display(for: [.closed, .flat]) == 0)
        #expect(trifold.display(for: [.flat, .closed]) == 0)
        #expect(trifold.display(for: [.halfOpen, .halfOpen]) == 1)
        // Staged: the left hinge opens first, with the right one still shut.
        let postures = Timeline.postures(source: .model(.stagedUnfold), device: trifold, frames: 288)
        let firstMain = try #require(postures.firstIndex { !$0.contains(.closed) })
        #expect(postures[firstMain - 1][0] != .closed && postures[firstMain - 1][1] == .closed)
        #expect(postures.contains { $0 == [.flat, .halfOpen] })
    }

    @Test("the default suite's tri-fold scenario reserves two regions at once")
    func twoRegionsShipped() throws {
        let scenario = try #require(Suite.default.scenarios.first { $0.device == "galaxy-z-trifold" })
        let (device, motion) = try Catalog().resolve(scenario)
        let contexts = Timeline.contexts(source: motion, device: device, frames: 600)
        #expect(contexts.contains { $0.reservedRegions.count == 2 })
    }

    @Test("Surface Duo 2 spanned: the 26.4 pt gap is reserved half-open and flat; the panes keep clear of it")
    func duoSpanned() throws {
        for posture in [Posture.halfOpen, .flat] {
            let context = duo.context(posture: posture, orientation: .portrait)
            #expect(context.bounds == rect(0, 24, 1101.6, 732.8))
            #expect(context.reservedRegions == [rect(537.6, 0, 26.4, 756.8)])
            let frames = try resolved(
                #"{"context": {"bounds": {"x": 0, "y": 0, "width": 1, "height": 1}}, "root": {"primary": {"id": "a"}, "secondary": {"id": "b"}}}"#,
                in: context)
            #expect(frames["a"] == rect(0, 24, 537.6, 732.8))
            // 1101.6 - 564 in binary floating point.
            #expect(frames["b"] == rect(564, 24, 1101.6 - 564, 732.8))
        }
        let landscape = duo.context(posture: .flat, orientation: .landscape)
        #expect(landscape.reservedRegions == [rect(0, 537.6, 756.8, 26.4)])
    }

    @Test(
        "Surface Duo 2 past 180 degrees: one screen, nothing reserved; shut, nothing is shown and the last context stays"
    )
    func duoFoldedBack() throws {
        let hinge = duo.hinges[0]
        #expect(hinge.posture(atAngle: 195) == .flat)
        #expect(hinge.posture(atAngle: 195.5) == .foldedBack)
        #expect(hinge.posture(atAngle: 360) == .foldedBack)
        #expect(hinge.posture(atAngle: 9.9) == .closed)
        let single = duo.context(posture: .foldedBack, orientation: .portrait)
        #expect(single.bounds == rect(0, 24, 537.6, 732.8))
        #expect(single.reservedRegions.isEmpty)
        #expect(duo.display(for: [.closed]) == nil)
        // fold-back: flat, then past 195 degrees the bounds move to one screen over 8 frames.
        let contexts = Timeline.contexts(motion: .foldBack, device: duo, frames: 120)
        let states = (0..<120).map { Motion.foldBack.state(atFrame: $0, refreshRate: 120).angle }
        let turned = try #require(states.firstIndex { $0 > 195 })
        #expect(contexts[turned - 1].reservedRegions.count == 1)
        #expect(contexts[turned].reservedRegions.isEmpty && contexts[turned].bounds != single.bounds)
        #expect(contexts[turned + 7].bounds == single.bounds)
        // fold-cycle: while shut the context is the one before.
        let cycle = Timeline.contexts(motion: .foldCycle, device: duo, frames: 60)
        let closedFrames = (0..<60).filter {
            duo.posture(atAngle: Motion.foldCycle.state(atFrame: $0, refreshRate: 120).angle) == .closed
        }
        let shut = try #require(closedFrames.first)
        #expect(cycle[shut] == cycle[shut - 1])
        let phases = Timeline.phases(motion: .foldCycle, device: duo, frames: 60)
        #expect(phases[shut].posture == .closed && phases[shut].outerDisplay)
        // Shut straight from one screen at half the width: the shut frames keep that
        // context, not the spanned display's.
        let trace = try MotionTrace.decode(
            Array("time,angle,orientation,width\n0,270,portrait,0.5\n0.1,0,portrait,1\n".utf8), name: "t")
        let shutAfterSingle = Timeline.contexts(source: .trace(trace), device: duo, frames: 30)
        #expect(shutAfterSingle[29] == shutAfterSingle[11])
        #expect(shutAfterSingle[29].bounds == rect(0, 24, 268.8, 732.8))
    }

    @Test("a 180-degree hinge stays flat through fold-back")
    func foldBackOnBook() {
        let contexts = Timeline.contexts(motion: .foldBack, device: fold7, frames: 120)
        #expect(Set(contexts.map(\.bounds)).count == 1)
        #expect(contexts.allSatisfy { $0.reservedRegions.isEmpty })
        #expect(Timeline.phases(motion: .foldBack, device: fold7, frames: 120).allSatisfy { $0.posture == .flat })
        #expect(Timeline.postures(source: .model(.foldBack), device: fold7, frames: 120).allSatisfy { $0 == [.flat] })
    }

    @Test("Pixel's tent mode: opened from shut, the outer display stays until 90 degrees; closing, the inner until 5")
    func tentMode() throws {
        let hinge = pixel.hinges[0]
        #expect(hinge.posture(atAngle: 60, wasClosed: true) == .closed)
        #expect(hinge.posture(atAngle: 90, wasClosed: true) == .halfOpen)
        #expect(hinge.posture(atAngle: 60, wasClosed: false) == .halfOpen)
        #expect(hinge.posture(atAngle: 4.9, wasClosed: false) == .closed)
        let frames = 240
        let postures = Timeline.postures(source: .model(.tentCrossing), device: pixel, frames: frames).map { $0[0] }
        let angles = (0..<frames).map { Motion.tentCrossing.state(atFrame: $0, refreshRate: 120).angle }
        let opened = try #require(postures.firstIndex { $0 != .closed })
        let closed = try #require((opened..<frames).first { postures[$0] == .closed })
        #expect(angles[opened] >= 90 && angles[opened - 1] < 90)
        #expect(angles[closed] < 5 && angles[closed - 1] >= 5)
        // The same motion on a device without tent mode opens near its 5-degree threshold.
        let book = Timeline.postures(source: .model(.tentCrossing), device: fold7, frames: frames).map { $0[0] }
        let bookOpened = try #require(book.firstIndex { $0 != .closed })
        #expect(angles[bookOpened] >= 5 && angles[bookOpened - 1] < 5)
    }

    @Test("tabletop jitter: a few degrees of tremor cross no threshold, so nothing changes; the fold lies across")
    func tabletopJitter() {
        #expect(fold7.tabletopOrientation == .landscape)
        let contexts = Timeline.contexts(motion: .tabletopJitter, device: fold7, frames: 600)
        #expect(Set(contexts.map(\.bounds)).count == 1)
        #expect(contexts.allSatisfy { $0.reservedRegions == [rect(0, 428.5, 951, 0)] })
        let angles = (0..<600).map { Motion.tabletopJitter.state(atFrame: $0, refreshRate: 120).angle }
        #expect(angles.max()! - angles.min()! > 5)
    }

    @Test("spring unfold: the bounds move from the cover to the inner display without overshoot, then settle exactly")
    func springUnfold() throws {
        let contexts = Timeline.contexts(motion: .springUnfold, device: fold7, frames: 240)
        let phases = Timeline.phases(motion: .springUnfold, device: fold7, frames: 240)
        let cover = fold7.displays[0].screens[.portrait]!.safeArea
        let inner = fold7.displays[1].screens[.portrait]!.safeArea
        #expect(contexts[0].bounds == cover)
        let start = try #require(phases.firstIndex { $0.inTransition })
        let end = try #require((start..<240).first { !phases[$0].inTransition })
        let widths = contexts[start..<end].map(\.bounds.width)
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(widths.allSatisfy { $0 > cover.width && $0 < inner.width })
        #expect(contexts[end].bounds == inner)
        // Stiffness 600: the spring takes about a quarter of a second, far longer than 12 frames.
        #expect(end - start > 12)
    }

    @Test("the shipped traces are what the generator writes, and replay sample-and-hold")
    func shippedTraces() throws {
        let sources: [(String, Motion, Int, Double)] = [
            ("trace-spring-unfold", .springUnfold, 1, 2), ("trace-trifold-staged", .stagedUnfold, 2, 2.4),
            ("trace-duo-fold-back", .foldBack, 1, 1),
        ]
        #expect(sources.map(\.0) == Catalog.shippedTraces)
        for (name, motion, hinges, seconds) in sources {
            let text = MotionTrace.generate(motion, hinges: hinges, seconds: seconds)
            let url = repositoryRoot.appendingPathComponent("Sources/Workloads/Traces/\(name).csv")
            if ProcessInfo.processInfo.environment["FOLDBENCH_WRITE_TRACES"] == "1" {
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            #expect(try String(contentsOf: url, encoding: .utf8) == text, "regenerate with FOLDBENCH_WRITE_TRACES=1")
            guard case .trace(let trace) = try Catalog().motion(name) else {
                Issue.record("\(name)")
                continue
            }
            #expect(trace.hinges == hinges)
            // Sample-and-hold: between two rows the first one's state.
            let second = trace.samples[1]
            let between = (trace.samples[0].time + second.time) / 2
            #expect(trace.state(atTime: between) == trace.samples[0].state)
            #expect(trace.state(atTime: second.time) == second.state)
            #expect(trace.state(atTime: 1e9) == trace.samples.last!.state)
        }
    }

    @Test("a trace's timeline on a device is the model's, where the rows are dense enough")
    func traceReplay() throws {
        guard case .trace(let trace) = try Catalog().motion("trace-trifold-staged") else { return }
        try trace.check(on: trifold)
        let contexts = Timeline.contexts(source: .trace(trace), device: trifold, frames: 288)
        #expect(contexts.contains { $0.reservedRegions.count == 1 })
        #expect(Set(contexts.map(\.bounds)).count > 2)
        #expect(throws: InputError.self) { try trace.check(on: fold7) }
    }

    @Test(
        "bad traces are refused naming the line and the column",
        arguments: [
            ("time,angle,orientation\n0,90,portrait\n0,100,portrait\n", "line 3, column 1 (time): times must increase"),
            ("time,angle,orientation\n0,400,portrait\n", "line 2, column 2 (angle): 400 is outside 0...360 degrees"),
            ("time,angle\n0,90\n", "line 1, column 3: the column after the angles is \"orientation\""),
            ("time,angle,orientation\n0,90\n", "line 2: 2 fields; the header names 3"),
            ("time,angle,orientation,width\n0,90,portrait,0\n", "line 2, column 4 (width): 0 is outside (0, 1]"),
            ("time,angle,orientation\n0,90,sideways\n", "line 2, column 3 (orientation): unknown orientation"),
            ("# only a comment\n", "no header line"),
            ("time,angle,orientation\n", "no rows after the header"),
            ("angle,time,orientation\n", "line 1, column 1: the first column is \"time\""),
            (
                "time,angle,orientation\n0,ninety,portrait\n",
                "line 2, column 2 (angle): \"ninety\" is not a finite number"
            ),
            ("time,angle1,angle2\n", "line 1, column 4: the column after the angles is \"orientation\""),
            ("time,angle1\n", "line 1, column 3: the column after the angles is \"orientation\""),
            ("time,angle,orientation,x\n0,90,portrait,1\n", "line 2, column 4 (x): 1 is outside [0, 1)"),
            (
                "time,angle,orientation,width,x\n0,90,portrait,0.6,0.5\n",
                "line 2, column 5 (x): the window ends past the display: x 0.5 + width 0.6 is over 1"
            ),
            ("time,angle,orientation,x,x\n", "line 1, column 5: column \"x\" is named twice"),
            ("time,angle,orientation,depth\n", "line 1, column 4: unknown column \"depth\""),
        ])
    func badTraces(_ text: String, _ message: String) {
        #expect {
            _ = try MotionTrace.decode(Array(text.utf8), name: "t")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("a trace places the window with x, y, width and height in any order, and replays as the model does")
    func windowTrace() throws {
        let trace = try MotionTrace.decode(
            Array("time,angle,orientation,y,height,x,width\n0,90,landscape,0.1,0.8,0.25,0.5\n".utf8), name: "t")
        #expect(
            trace.samples[0].state
                == Motion.State(
                    angles: [90], orientation: .landscape, widthFraction: 0.5, windowX: 0.25, windowY: 0.1,
                    heightFraction: 0.8))
        // A generated trace of a window motion carries the window; replayed, it gives the
        // model's contexts wherever its rows fall on frames.
        let generated = try MotionTrace.decode(
            Array(MotionTrace.generate(.windowDrag, hinges: 1, seconds: 1, sampleRate: 100).utf8), name: "g")
        #expect(generated.samples.contains { $0.state.windowX > 0.2 })
        // (The model turns the device to its book posture; the trace keeps the motion's
        // landscape, which is the iPhone Duo's book posture.)
        let iphone = try DeviceProfile.shipped("iphone-duo")
        // Frames at the trace's own rate, so that each falls on a row (times are kept to the millisecond).
        let model = Timeline.contexts(motion: .windowDrag, device: iphone, frames: 100, refreshRate: 100)
        let replayed = Timeline.contexts(source: .trace(generated), device: iphone, frames: 100, refreshRate: 100)
        let differing = model.indices.filter { model[$0] != replayed[$0] }
        #expect(
            differing.isEmpty,
            "frames \(differing.prefix(3)): \(differing.first.map { "\(model[$0]) vs \(replayed[$0])" } ?? "")")
    }

    @Test("a trace with CRLF line ends reads as with LF, its lines numbered alike")
    func crlfTrace() throws {
        let text = "time,angle,orientation\n0,10,portrait\n# a comment\n0.5,20,landscape\n"
        let lf = try MotionTrace.decode(Array(text.utf8), name: "t")
        let crlf = try MotionTrace.decode(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), name: "t")
        #expect(crlf == lf && lf.samples.map(\.line) == [2, 4])
        #expect {
            _ = try MotionTrace.decode(
                Array("time,angle,orientation\r\n0,10,portrait\r\n0,20,portrait\r\n".utf8), name: "t")
        } throws: { error in
            "\(error)".contains("line 3, column 1")
        }
    }

    @Test("a trace with the wrong number of hinges, or an angle beyond a hinge, is refused on the device")
    func traceOnDevice() throws {
        let two = try MotionTrace.decode(Array("time,angle1,angle2,orientation\n0,90,90,landscape\n".utf8), name: "t")
        #expect(throws: InputError.self) { try two.check(on: fold7) }
        try two.check(on: trifold)
        let back = try MotionTrace.decode(
            Array("time,angle,orientation\n0,180,portrait\n0.5,270,portrait\n".utf8), name: "t")
        try back.check(on: duo)
        #expect {
            try back.check(on: fold7)
        } throws: { error in
            "\(error)".contains("line 3, column 2") && "\(error)".contains("stops at 180")
        }
    }

    @Test("run --motion-file replays a trace; a bad one exits 2 naming the file, the line and the column")
    func motionFileCommand() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("my-unfold.csv")
        try "time,angle,orientation\n0,0,portrait\n0.1,90,portrait\n0.2,180,portrait\n".write(
            to: good, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out")
        let run = runFoldBench([
            "run", "--scenario", "my-unfold/balanced-d3/galaxy-z-fold7", "--motion-file", good.path, "--frames", "48",
            "--time-per-scenario", "0", "--variant", "fast", "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.err)")
        let bad = directory.appendingPathComponent("bad.csv")
        try "time,angle,orientation\n0,0,portrait\n0.1,190,portrait\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = runFoldBench([
            "run", "--scenario", "bad/balanced-d3/galaxy-z-fold7", "--motion-file", bad.path, "--frames", "4",
            "--time-per-scenario", "0", "--out", out.path,
        ])
        #expect(refused.status == 2)
        #expect(refused.err.contains("bad: line 3, column 2"), "\(refused.err)")
        let unsorted = directory.appendingPathComponent("unsorted.csv")
        try "time,angle,orientation\n0.5,0,portrait\n0.1,90,portrait\n".write(
            to: unsorted, atomically: true, encoding: .utf8)
        let badFile = runFoldBench([
            "run", "--scenario", "unsorted/balanced-d3/galaxy-z-fold7", "--motion-file", unsorted.path,
            "--time-per-scenario", "0", "--out", out.path,
        ])
        #expect(badFile.status == 2)
        #expect(
            badFile.err.contains("\(unsorted.path): line 3, column 1 (time): times must increase"), "\(badFile.err)")
    }

    @Test(
        "bad multi-hinge profiles are refused naming the JSON path and the rule",
        arguments: [
            (#""modes": [{"hinges": {"left": ["closed"]}, "display": "cover"}]"#, "modes: no mode for left halfOpen"),
            (#""modes": [{"display": "nowhere"}]"#, "modes[0].display: no display named \"nowhere\""),
            (#""modes": [{"display": null}]"#, "modes: no mode shows a display"),
            (
                #""modes": [{"hinges": {"middle": ["closed"]}, "display": "main"}]"#,
                "modes[0].hinges.middle: unknown key"
            ),
            (#""modes": [{"hinges": {"left": ["ajar"]}, "display": "main"}]"#, "unknown posture \"ajar\""),
        ])
    func badProfiles(_ modes: String, _ message: String) throws {
        let url = repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/galaxy-z-trifold.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: #""modes": ["#))
        let end = try #require(text.range(of: "],\n  \"scale\"", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: modes + ",\n  \"scale\"")
        #expect {
            _ = try DeviceProfile.decode(Array(text.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("more hinge faults: a fold of an unknown hinge, opensFrom outside its band, flatUntil past the maximum")
    func badHinges() throws {
        let url = repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/surface-duo-2.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let cases = [
            (#""hinge": "hinge", "rect""#, #""hinge": "elbow", "rect""#, "no hinge named \"elbow\""),
            (#""flatUntil": 195"#, #""flatUntil": 400"#, "hinges[0].flatUntil: 400 is outside 0...360 degrees"),
            (#""maximum": 360"#, #""maximum": 170"#, "hinges[0].maximum: 170 is below 180"),
            (#""closedBelow": 10"#, #""closedBelow": 10, "opensFrom": 170"#, "hinges[0].opensFrom"),
        ]
        for (from, to, message) in cases {
            let changed = text.replacingOccurrences(of: from, with: to)
            #expect(changed != text)
            #expect {
                _ = try DeviceProfile.decode(Array(changed.utf8))
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}

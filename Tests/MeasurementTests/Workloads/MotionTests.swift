import ArrangementModel
import FastResolver
import Foundation
import ReferenceResolver
import Reports
import SceneFormat
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

@testable import Measurement
@testable import Variants

@Suite("Device model and motions")
struct MotionTests {
    let duo = try! DeviceProfile.shipped("iphone-duo")

    @Test("fold-cycle at 120 Hz: flat, then half-open with the fold, then closed after a transition")
    func foldCycle() throws {
        let contexts = Timeline.contexts(motion: .foldCycle, device: duo, frames: 60)
        // Frame 0: θ = 180, flat inner landscape, the status bar inset on the right.
        #expect(contexts[0].bounds == (try Rect(x: 0, y: 0, width: 866, height: 822)))
        #expect(contexts[0].reservedRegions.isEmpty)
        // Frame 10: θ = 120, half-open: the fold at x = 475.
        #expect(contexts[10].reservedRegions == [try Rect(x: 475, y: 0, width: 0, height: 822)])
        // The moon-phase scene splits into the documents' 475/391 halves.
        let scene = try SceneDecoder.decode(
            [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json"))))
        let resolution = ReferenceResolver().resolve(scene.tree, in: contexts[10])
        #expect(resolution.panes.map(\.frame.width) == [475, 391])
        // θ < 20 at frames 27...33: the bounds move towards the outer display with
        // nothing reserved, and turn back before the 12 transition frames are over.
        #expect(duo.posture(atAngle: Motion.foldCycle.state(atFrame: 27, refreshRate: 120).angle) == .closed)
        #expect(contexts[26].reservedRegions.count == 1)
        let outer = try Rect(x: 47, y: 0, width: 750, height: 369)
        for frame in 27...33 {
            #expect(contexts[frame].reservedRegions.isEmpty)
            #expect(contexts[frame].bounds.width < contexts[frame - 1].bounds.width)
            #expect(contexts[frame].bounds.width > outer.width)
        }
        #expect(contexts[34].bounds.width > contexts[33].bounds.width)
        // At 480 Hz the display stays closed long enough to arrive: 12 frames after the switch.
        let slow = Timeline.contexts(motion: .foldCycle, device: duo, frames: 130, refreshRate: 480)
        #expect(duo.posture(atAngle: Motion.foldCycle.state(atFrame: 107, refreshRate: 480).angle) == .closed)
        #expect(slow[117].bounds != outer)
        #expect(slow[118].bounds == outer)
    }

    @Test("posture-flutter: the fold vanishes at 160°–170° and appears at 150°")
    func postureFlutter() {
        let contexts = Timeline.contexts(motion: .postureFlutter, device: duo, frames: 12)
        #expect(contexts[0].reservedRegions.isEmpty)  // 160°: flat
        #expect(contexts[3].reservedRegions.isEmpty)  // 170°
        #expect(contexts[9].reservedRegions.count == 1)  // 150°: half-open
    }

    @Test("rotate-half-open flips to portrait after 0.25 s, the fold becomes horizontal")
    func rotate() throws {
        let contexts = Timeline.contexts(motion: .rotateHalfOpen, device: duo, frames: 31)
        #expect(contexts[29].bounds.width == 866)
        #expect(contexts[30].bounds == (try Rect(x: 0, y: 0, width: 822, height: 950)))
        #expect(contexts[30].reservedRegions == [try Rect(x: 0, y: 475, width: 822, height: 0)])
    }

    @Test("drag-resize sweeps the width from 100 % to 40 % in 0.25 s")
    func dragResize() {
        let contexts = Timeline.contexts(motion: .dragResize, device: duo, frames: 61)
        #expect(contexts[0].bounds.width == 866)
        // On the 3x pixel grid: within half a pixel of 40 %.
        #expect(abs(contexts[30].bounds.width - 866 * 0.4) <= 0.5 / 3)
        #expect(duo.grid.holds(contexts[30].bounds))
        #expect(contexts[60].bounds.width == 866)
    }

    @Test(
        "a window placed on a half-open display: folds only where they cross it, clipped to it, in book posture",
        arguments: DeviceProfile.shippedNames)
    func placedWindows(device name: String) throws {
        let device = try DeviceProfile.shipped(name)
        let display = device.displays[device.mainDisplay].screens[device.bookOrientation]!
        let area = display.safeArea
        for motion in [Motion.windowDrag, .dividerDrag, .edgeResize] {
            let contexts = Timeline.contexts(motion: motion, device: device, frames: 120)
            for context in contexts {
                let window = context.bounds
                #expect(window.minX >= area.minX - 1e-9 && window.maxX <= area.maxX + 1e-9, "\(motion)")
                for region in context.reservedRegions {
                    // Within the window, spanning it top to bottom, and crossing it.
                    #expect(region.minY == window.minY && region.maxY == window.maxY, "\(motion) \(name)")
                    #expect(region.maxX > window.minX && region.minX < window.maxX, "\(motion) \(name)")
                    // The far edges are sums (x + width), equal to rounding.
                    #expect(region.minX >= window.minX && region.maxX <= window.maxX + 1e-9, "\(motion) \(name)")
                }
                // Every fold of the display that crosses the window is there.
                let crossing = display.folds.filter { fold in
                    fold.rect.width == 0
                        ? window.minX < fold.rect.minX && fold.rect.minX < window.maxX
                        : fold.rect.minX < window.maxX && fold.rect.maxX > window.minX
                }
                #expect(context.reservedRegions.count == crossing.count, "\(motion) \(name)")
            }
            let widths = Set(contexts.map(\.bounds.width))
            let lefts = Set(contexts.map(\.bounds.minX))
            let rights = Set(contexts.map { ($0.bounds.maxX * 1e6).rounded() })
            switch motion {
            // Each edge on its own pixel: a dragged window's width varies by a pixel at most.
            case .windowDrag:
                #expect(widths.max()! - widths.min()! <= 1 / device.grid.scale + 1e-9 && lefts.count > 50)
            case .dividerDrag, .edgeResize: #expect(rights.count == 1 && lefts.count > 50)
            default: break
            }
            // The folds enter and leave the window (on the tri-fold, whose folds are a
            // third of the width apart, one is always inside and the other comes and goes).
            #expect(Set(contexts.map(\.reservedRegions.count)).count >= 2, "\(motion) \(name)")
            #expect(contexts.contains { !$0.reservedRegions.isEmpty }, "\(motion) \(name)")
            // Where the window crosses a fold, the fold's offset within it moves.
            let within = Set(
                contexts.compactMap { context in
                    context.reservedRegions.first.map { (($0.minX - context.bounds.minX) * 1e6).rounded() }
                })
            #expect(within.count > 10, "\(motion) \(name)")
        }
        // On the tri-fold the dragged window holds both folds at once on some frames.
        if name == "galaxy-z-trifold" {
            let contexts = Timeline.contexts(motion: .windowDrag, device: device, frames: 120)
            #expect(contexts.contains { $0.reservedRegions.count == 2 })
        }
    }

    @Test("refresh rate changes the frame times")
    func refreshRate() {
        let state = Motion.foldCycle.state(atFrame: 15, refreshRate: 60)
        #expect(state.angle == 0)
    }

    @Test(
        "postures change exactly at the profile's thresholds",
        arguments: [
            ("iphone-duo", 19.99, Posture.closed), ("iphone-duo", 20, .halfOpen), ("iphone-duo", 159.99, .halfOpen),
            ("iphone-duo", 160, .flat), ("hinged-duo", 14.99, .closed), ("hinged-duo", 15, .halfOpen),
            ("hinged-duo", 169.99, .halfOpen), ("hinged-duo", 170, .flat),
        ])
    func thresholds(_ device: String, _ angle: Double, _ posture: Posture) throws {
        let profile = try DeviceProfile.shipped(device)
        #expect(profile.posture(atAngle: angle) == posture)
        let context = profile.context(posture: posture, orientation: .landscape)
        let screen = profile.displays[posture == .closed ? 0 : 1].screens[.landscape]!
        #expect(context.bounds == screen.safeArea)
        #expect(context.sizeClass == screen.sizeClass)
        #expect(context.reservedRegions == (posture == .halfOpen ? [screen.folds[0].rect] : []))
    }

    /// The first frame of fold-cycle on `device` at `rate` whose posture is closed.
    func firstClosedFrame(_ device: DeviceProfile, refreshRate rate: Double) -> Int {
        (0...).first {
            device.posture(atAngle: Motion.foldCycle.state(atFrame: $0, refreshRate: rate).angle) == .closed
        }!
    }

    @Test("hinged-duo: closing moves the bounds to the outer display over its 8 transition frames, folds cleared")
    func hingedTransition() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        #expect(hinged.transitionFrames == 8)
        let contexts = Timeline.contexts(motion: .foldCycle, device: hinged, frames: 130, refreshRate: 480)
        let closing = firstClosedFrame(hinged, refreshRate: 480)
        let inner = try Rect(x: 0, y: 24, width: 884, height: 736)
        let outer = try Rect(x: 44, y: 0, width: 692, height: 339)
        #expect(contexts[closing - 1].bounds == inner)
        #expect(contexts[closing - 1].reservedRegions == [try Rect(x: 429, y: 0, width: 26, height: 780)])
        for step in 0..<7 {
            let context = contexts[closing + step]
            let t = Double(step + 1) / 8
            #expect(context.reservedRegions.isEmpty)
            // Each edge on the 3x grid, within half a pixel of the interpolation.
            #expect(
                abs(context.bounds.x - 44 * t) <= 0.5 / 3 + 1e-9
                    && abs(context.bounds.maxX - (884 + (736 - 884) * t)) <= 0.5 / 3 + 1e-9)
            #expect(hinged.grid.holds(context.bounds))
        }
        #expect(contexts[closing + 7].bounds == outer)
        #expect(contexts[closing + 7].sizeClass == SizeClass(horizontal: .compact, vertical: .compact))
    }

    @Test("hinged-duo in portrait: the band lies across, below the top inset")
    func hingedPortrait() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        let contexts = Timeline.contexts(motion: .rotateHalfOpen, device: hinged, frames: 31)
        #expect(contexts[29].bounds == (try Rect(x: 0, y: 24, width: 884, height: 736)))
        #expect(contexts[30].bounds == (try Rect(x: 0, y: 24, width: 780, height: 840)))
        #expect(contexts[30].reservedRegions == [try Rect(x: 0, y: 429, width: 780, height: 26)])
    }

    @Test("with no transition frames the bounds jump to the other display on the frame the posture changes")
    func noTransition() throws {
        var device = try DeviceProfile.shipped("iphone-duo")
        device.transitionFrames = 0
        let contexts = Timeline.contexts(motion: .foldCycle, device: device, frames: 60)
        let closing = firstClosedFrame(device, refreshRate: 120)
        let outer = device.displays[0].screens[.landscape]!.safeArea
        #expect(contexts[closing - 1].bounds != outer)
        #expect(contexts[closing].bounds == outer)
        let opening = (closing...).first { contexts[$0].bounds != outer }!
        #expect(contexts[opening].bounds == device.displays[1].screens[.landscape]!.safeArea)
        #expect(contexts[opening].reservedRegions.count == 1)
    }

    @Test("a right-to-left timeline is the left-to-right one with the direction flipped", arguments: Motion.allCases)
    func rightToLeftTimeline(_ motion: Motion) throws {
        for device in try DeviceProfile.shippedNames.map(DeviceProfile.shipped) {
            let forward = Timeline.contexts(motion: motion, device: device, frames: 90)
            let backward = Timeline.contexts(motion: motion, device: device, frames: 90, direction: .rightToLeft)
            #expect(backward.allSatisfy { $0.layoutDirection == .rightToLeft })
            #expect(forward.allSatisfy { $0.layoutDirection == .leftToRight })
            #expect(
                zip(forward, backward).allSatisfy { $0.bounds == $1.bounds && $0.reservedRegions == $1.reservedRegions }
            )
        }
    }

    @Test("the hinged profile reserves a 26 pt band")
    func hingedProfile() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        let context = hinged.context(posture: .halfOpen, orientation: .landscape)
        #expect(context.reservedRegions.first?.width == 26)
    }
}

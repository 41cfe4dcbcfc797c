import ArrangementModel
import Foundation

/// A timeline of the device: for frame k at a refresh rate, an angle per hinge (one
/// for all when they move together), the orientation and the share of the width in use.
public enum Motion: String, Sendable, CaseIterable {
    /// θ sweeps 180 → 0 → 180 as a triangle wave, one cycle in 0.5 s (landscape).
    case foldCycle = "fold-cycle"
    /// θ oscillates between 150° and 170° ten times a second: the fold comes and goes.
    case postureFlutter = "posture-flutter"
    /// Half-open (θ = 90°), the orientation flips every 0.25 s.
    case rotateHalfOpen = "rotate-half-open"
    /// Flat inner display, the width sweeps 40 % → 100 % → 40 % every 0.5 s.
    case dragResize = "drag-resize"
    /// Flat, landscape; turned to portrait for 0.1 s every 0.5 s and back: every context
    /// the rotation leaves comes back.
    case rotateBack = "rotate-back"
    /// Flat inner landscape; every 0.5 s the window is dragged to 80 % of the width in
    /// 0.05 s, held there 0.1 s, and dragged back to exactly the width it had.
    case resizeBack = "resize-back"
    /// Half-open, flicked shut for 0.05 s and open again every 0.5 s, then flattened for
    /// 0.05 s: the display transition reverses halfway, the fold vanishes and returns.
    case foldFlick = "fold-flick"
    /// Flat, landscape, nothing moves: every frame's context equals the one before.
    case hold = "hold"
    /// Every 2 s: opened from shut to flat in 0.4 s, held, shut again in 0.4 s, held
    /// shut; portrait. The unfold's bounds follow Android's spring (see ``Timeline``).
    case springUnfold = "spring-unfold"
    /// Half-open near 100° in tabletop (the fold across the display) with a hand's
    /// tremor of a few degrees, which never crosses a threshold.
    case tabletopJitter = "tabletop-jitter"
    /// Opened from shut to 120° and closed again every 2 s, landscape: crosses the
    /// thresholds of a device that keeps its outer display on in tent mode both ways.
    case tentCrossing = "tent-crossing"
    /// Every 2.4 s the hinges open one after the other (0.8 s for all), stay flat,
    /// close in the reverse order and stay shut; landscape.
    case stagedUnfold = "staged-unfold"
    /// Flat, then turned past flat to 360° and back every second, portrait: a
    /// dual-screen device goes to one screen and back; a 180° hinge stays flat.
    case foldBack = "fold-back"
    /// Half-open in book posture (the folds run top to bottom); a desktop window 40 % of
    /// the width and 80 % of the height dragged from the left edge to the right and back
    /// every second at a fixed size: the folds enter the window, cross it and leave.
    case windowDrag = "window-drag"
    /// Half-open in book posture; the app to the right of a split-screen divider, which
    /// is dragged from 15 % to 85 % of the width and back every second: the window's
    /// right edge stays, its left edge moves, and the folds' offset within it with it.
    case dividerDrag = "divider-drag"
    /// Half-open in book posture; a desktop window 80 % of the height whose right edge
    /// stays at 90 % of the width while its left edge is dragged from 10 % to 70 % and
    /// back every second.
    case edgeResize = "edge-resize"
    // Motions with content: the device moves as in one of the motions above while the
    // app edits its tree on given frames (``editSchedule(for:frames:refreshRate:)``).
    /// `spring-unfold`'s device; as the phone opens, two lists size themselves to their
    /// content and load a page every 6 frames (their ideal height grows), and they reload
    /// when it shuts.
    case listLoading = "list-loading"
    /// Shut, on the outer display in portrait; every 2 s the keyboard rises in 0.25 s (the
    /// window's height to 60 %) while a text pane's minimum height and priority grow, and
    /// falls a second later.
    case keyboard = "keyboard"
    /// `fold-cycle`'s device; as the hinge closes through 90° a sheet is presented (an
    /// arrangement switches between split and overlay) and dismissed as it opens again.
    case sheet = "sheet"
    /// `fold-cycle`'s device; a detail opens in a pane (a subtree inserted) at 0.1 s
    /// into each half-second cycle and closes (removed) at 0.35 s.
    case detail = "detail"

    /// What the device is doing at one frame.
    public struct State: Equatable, Sendable {
        /// One angle per hinge; a motion that moves one hinge gives every hinge that angle.
        public var angles: [Double]
        public var orientation: Orientation
        /// The app's window, as shares of the display's safe area: its left and top edges
        /// and its width and height (0, 0, 1, 1: the whole safe area).
        public var windowX: Double = 0
        public var windowY: Double = 0
        public var widthFraction: Double
        public var heightFraction: Double = 1

        public init(
            angles: [Double], orientation: Orientation, widthFraction: Double, windowX: Double = 0,
            windowY: Double = 0, heightFraction: Double = 1
        ) {
            self.angles = angles
            self.orientation = orientation
            self.widthFraction = widthFraction
            self.windowX = windowX
            self.windowY = windowY
            self.heightFraction = heightFraction
        }

        init(angle: Double, orientation: Orientation, widthFraction: Double) {
            self.init(angles: [angle], orientation: orientation, widthFraction: widthFraction)
        }

        /// A window placed on the display rather than one that fills it from its
        /// top-left corner (only a narrower width, as `drag-resize`, is not placed).
        public var placesWindow: Bool { windowX != 0 || windowY != 0 || heightFraction != 1 }

        /// The first hinge's angle.
        public var angle: Double { angles[0] }
    }

    /// The motions whose window is placed on a half-open display in book posture (the
    /// folds top to bottom), whatever orientation that takes on the device.
    public var inBookPosture: Bool { [.windowDrag, .dividerDrag, .edgeResize].contains(self) }

    /// The motions modelled on the platform's sensor: their angles reach the posture
    /// through the fold-state filter, and an unfold moves the bounds by the spring.
    public var unfoldsBySpring: Bool {
        switch self {
        case .springUnfold, .tabletopJitter, .tentCrossing, .stagedUnfold: true
        default: false
        }
    }

    /// One line for `foldbench list`.
    public var summary: String {
        switch self {
        case .foldCycle: "hinge 180 -> 0 -> 180 deg every 0.5 s, landscape: every posture, both display switches"
        case .postureFlutter: "hinge 150 <-> 170 deg at 10 Hz: the fold appears and vanishes on every swing"
        case .rotateHalfOpen: "half-open at 90 deg, orientation flips every 0.25 s"
        case .dragResize: "flat inner landscape, width sweeps 40 % -> 100 % -> 40 % every 0.5 s"
        case .rotateBack: "flat, landscape, turned to portrait for 0.1 s every 0.5 s and back"
        case .resizeBack: "flat inner landscape, dragged to 80 % of the width and back to the same width every 0.5 s"
        case .foldFlick: "half-open, flicked shut and open within a display transition, then flattened, every 0.5 s"
        case .hold: "flat, landscape, nothing moves: every context equals the previous one"
        case .springUnfold:
            "shut -> flat in 0.4 s, held, shut again every 2 s, portrait; bounds follow Android's unfold spring"
        case .tabletopJitter: "tabletop near 100 deg with a few degrees of tremor that crosses no threshold"
        case .tentCrossing: "shut -> 120 deg -> shut every 2 s, landscape: tent-mode thresholds crossed both ways"
        case .stagedUnfold: "hinges opened one after the other, held flat, closed in reverse, every 2.4 s"
        case .foldBack: "flat -> folded back to 360 deg -> flat every second, portrait (a 180 deg hinge stays flat)"
        case .windowDrag: "half-open, book posture: a 40 % x 80 % window dragged across the folds and back every second"
        case .dividerDrag: "half-open, book posture: the app right of a split-screen divider dragged 15 % <-> 85 %"
        case .edgeResize: "half-open, book posture: a window's left edge dragged 10 % <-> 70 %, its right edge kept"
        case .listLoading: "spring-unfold's device; two lists load a page every 6 frames while it opens (ideal heights)"
        case .keyboard:
            "shut, outer display: the keyboard rises (window to 60 % high) with a pane's minimum height, and falls"
        case .sheet:
            "fold-cycle's device; a sheet presented closing through 90 deg (split -> overlay), dismissed opening"
        case .detail:
            "fold-cycle's device; a detail subtree inserted into a pane at 0.1 s of each cycle, removed at 0.35 s"
        }
    }

    /// The state at frame `frame` when frames come `refreshRate` times a second, for a
    /// device with `hinges` hinges.
    public func state(atFrame frame: Int, refreshRate: Double, hinges: Int = 1) -> State {
        let time = Double(frame) / refreshRate
        func all(_ angle: Double) -> [Double] { [Double](repeating: angle, count: max(hinges, 1)) }
        switch self {
        case .foldCycle:
            return State(angle: 180 * triangle(time, period: 0.5), orientation: .landscape, widthFraction: 1)
        case .postureFlutter:
            return State(angle: 160 + 10 * sin(2 * Double.pi * 10 * time), orientation: .landscape, widthFraction: 1)
        case .rotateHalfOpen:
            let flips = Int((time / 0.25 + 1e-9).rounded(.down))
            return State(angle: 90, orientation: flips % 2 == 0 ? .landscape : .portrait, widthFraction: 1)
        case .dragResize:
            return State(angle: 180, orientation: .landscape, widthFraction: 0.4 + 0.6 * triangle(time, period: 0.5))
        case .rotateBack:
            let portrait = (0.2..<0.3).contains(phase(frame, refreshRate, period: 0.5))
            return State(angle: 180, orientation: portrait ? .portrait : .landscape, widthFraction: 1)
        case .resizeBack:
            let fraction = resizeBackFraction(phase(frame, refreshRate, period: 0.5))
            return State(angle: 180, orientation: .landscape, widthFraction: fraction)
        case .foldFlick:
            let at = phase(frame, refreshRate, period: 0.5)
            let angle: Double =
                switch at {
                case 0.3..<0.35: 10
                case 0.45...: 175
                default: 90
                }
            return State(angle: angle, orientation: .landscape, widthFraction: 1)
        case .hold:
            return State(angle: 180, orientation: .landscape, widthFraction: 1)
        case .springUnfold:
            let angle = springUnfoldAngle(phase(frame, refreshRate, period: 2))
            return State(angles: all(angle), orientation: .portrait, widthFraction: 1)
        case .tabletopJitter:
            let tremor = 3 * sin(2 * Double.pi * 1.3 * time) + 1.5 * sin(2 * Double.pi * 4.7 * time)
            // The orientation in which the fold runs across the display is the device's;
            // the timeline puts it in (``DeviceProfile/tabletopOrientation``).
            return State(angles: all(100 + tremor), orientation: .portrait, widthFraction: 1)
        case .tentCrossing:
            return State(angles: all(120 * (1 - triangle(time, period: 2))), orientation: .landscape, widthFraction: 1)
        case .stagedUnfold:
            let angles = stagedUnfoldAngles(phase(frame, refreshRate, period: 2.4), hinges: hinges)
            return State(angles: angles, orientation: .landscape, widthFraction: 1)
        case .foldBack:
            return State(angles: all(360 - 180 * triangle(time, period: 1)), orientation: .portrait, widthFraction: 1)
        // The orientation in which the folds run top to bottom is the device's; the
        // timeline puts it in (``DeviceProfile/bookOrientation``).
        case .windowDrag:
            return State(
                angles: all(90), orientation: .landscape, widthFraction: 0.4,
                windowX: 0.6 * (1 - triangle(time, period: 1)), windowY: 0.1, heightFraction: 0.8)
        case .dividerDrag:
            let divider = 0.15 + 0.7 * (1 - triangle(time, period: 1))
            return State(angles: all(90), orientation: .landscape, widthFraction: 1 - divider, windowX: divider)
        case .edgeResize:
            let left = 0.1 + 0.6 * (1 - triangle(time, period: 1))
            return State(
                angles: all(90), orientation: .landscape, widthFraction: 0.9 - left, windowX: left, windowY: 0.1,
                heightFraction: 0.8)
        case .listLoading:
            return Motion.springUnfold.state(atFrame: frame, refreshRate: refreshRate, hinges: hinges)
        case .keyboard:
            let height = keyboardWindowHeight(phase(frame, refreshRate, period: 2))
            return State(angles: all(0), orientation: .portrait, widthFraction: 1, heightFraction: height)
        case .sheet, .detail:
            return Motion.foldCycle.state(atFrame: frame, refreshRate: refreshRate, hinges: hinges)
        }
    }

    /// `keyboard`'s window height at `at` seconds into its period: whole, then shortened
    /// to 60 % in 0.25 s from 0.2 s (the keyboard rising), whole again in 0.25 s from 1.2 s.
    func keyboardWindowHeight(_ at: Double) -> Double {
        switch at {
        case ..<0.2: 1
        case ..<0.45: 1 - 0.4 * smooth((at - 0.2) / 0.25)
        case ..<1.2: 0.6
        case ..<1.45: 0.6 + 0.4 * smooth((at - 1.2) / 0.25)
        default: 1
        }
    }

    /// `resize-back` at `at` seconds into its period: hold, drag away, hold, drag back,
    /// hold; the drags are linear in the frame count.
    func resizeBackFraction(_ at: Double) -> Double {
        switch at {
        case ..<0.2: 1
        case ..<0.25: 1 - 0.2 * (at - 0.2) / 0.05
        case ..<0.35: 0.8
        case ..<0.4: 0.8 + 0.2 * (at - 0.35) / 0.05
        default: 1
        }
    }

    /// `spring-unfold` at `at` seconds into its period: open, hold, close, hold.
    func springUnfoldAngle(_ at: Double) -> Double {
        switch at {
        case ..<0.4: 180 * smooth(at / 0.4)
        case ..<1.0: 180
        case ..<1.4: 180 * (1 - smooth((at - 1) / 0.4))
        default: 0
        }
    }

    /// `staged-unfold` at `at` seconds into its period: the hinges open one after the
    /// other, hold, and close in the reverse order.
    func stagedUnfoldAngles(_ at: Double, hinges: Int) -> [Double] {
        let count = max(hinges, 1)
        let stage = 0.8 / Double(count)
        return (0..<count).map { hinge -> Double in
            switch at {
            case ..<0.8: return 180 * smooth((at - Double(hinge) * stage) / stage)
            case ..<1.2: return 180
            case ..<2.0: return 180 * (1 - smooth((at - 1.2 - Double(count - 1 - hinge) * stage) / stage))
            default: return 0
            }
        }
    }

    /// A hand's move from 0 to 1: slow at both ends (smoothstep), clamped outside 0...1.
    func smooth(_ x: Double) -> Double {
        let t = min(max(x, 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// Seconds into the current period at `frame`, from the frame count, so that a phase
    /// that lasts a whole number of frames starts on the same frame every period.
    func phase(_ frame: Int, _ refreshRate: Double, period: Double) -> Double {
        let framesPerPeriod = max(Int((period * refreshRate).rounded()), 1)
        return Double(frame % framesPerPeriod) / refreshRate
    }

    /// 1 at the start of each period, 0 half way, 1 again at the end.
    func triangle(_ time: Double, period: Double) -> Double {
        let phase = (time / period).truncatingRemainder(dividingBy: 1)
        return abs(1 - 2 * phase)
    }
}

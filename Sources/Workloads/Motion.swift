import ArrangementModel
import Foundation

/// A timeline of the device: for frame k at a refresh rate,
/// the hinge angle, the orientation and the share of the display's width in use.
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

    /// What the device is doing at one frame.
    public struct State: Equatable, Sendable {
        public var angle: Double
        public var orientation: Orientation
        public var widthFraction: Double
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
        }
    }

    /// The state at frame `frame` when frames come `refreshRate` times a second.
    public func state(atFrame frame: Int, refreshRate: Double) -> State {
        let time = Double(frame) / refreshRate
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
            // Hold, drag away, hold, drag back, hold: the drags are linear in the frame count.
            let at = phase(frame, refreshRate, period: 0.5)
            let fraction: Double
            switch at {
            case ..<0.2: fraction = 1
            case ..<0.25: fraction = 1 - 0.2 * (at - 0.2) / 0.05
            case ..<0.35: fraction = 0.8
            case ..<0.4: fraction = 0.8 + 0.2 * (at - 0.35) / 0.05
            default: fraction = 1
            }
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
        }
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

/// The contexts of a motion on a device, frame by frame:
/// bounds are the active display's safe area (its width scaled for `drag-resize`);
/// when the active display changes, the bounds move linearly from where they were
/// to the new safe area over the profile's `transitionFrames`, with nothing reserved
/// while they move.
public enum Timeline {
    /// Where the device is in one frame, for a reader of the timeline: the posture,
    /// which display is active, and whether the bounds are moving between displays.
    public struct Phase: Equatable, Hashable, Sendable {
        public var posture: Posture
        public var orientation: Orientation
        /// The outer display is active when the phone is closed.
        public var outerDisplay: Bool
        /// The bounds are moving from one display's safe area to the other's.
        public var inTransition: Bool

        public init(posture: Posture, orientation: Orientation, outerDisplay: Bool, inTransition: Bool) {
            self.posture = posture
            self.orientation = orientation
            self.outerDisplay = outerDisplay
            self.inTransition = inTransition
        }
    }

    public static func contexts(
        motion: Motion, device: DeviceProfile, frames: Int, refreshRate: Double = 120,
        direction: LayoutDirection = .leftToRight
    ) -> [LayoutContext] {
        walk(motion: motion, device: device, frames: frames, refreshRate: refreshRate, direction: direction).map(\.0)
    }

    /// The phase of every frame of the same timeline as ``contexts(motion:device:frames:refreshRate:direction:)``.
    public static func phases(
        motion: Motion, device: DeviceProfile, frames: Int, refreshRate: Double = 120
    ) -> [Phase] {
        walk(motion: motion, device: device, frames: frames, refreshRate: refreshRate, direction: .leftToRight).map(\.1)
    }

    static func walk(
        motion: Motion, device: DeviceProfile, frames: Int, refreshRate: Double, direction: LayoutDirection
    ) -> [(LayoutContext, Phase)] {
        var timeline: [(LayoutContext, Phase)] = []
        timeline.reserveCapacity(frames)
        var previousDisplayIsOuter: Bool?
        var transition: (from: Rect, step: Int)?
        var lastBounds: Rect?
        for frame in 0..<frames {
            let state = motion.state(atFrame: frame, refreshRate: refreshRate)
            let posture = device.posture(atAngle: state.angle)
            var context = device.context(posture: posture, orientation: state.orientation, direction: direction)
            if state.widthFraction != 1 {
                let bounds = context.bounds
                context.bounds = Rect(
                    uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width * state.widthFraction,
                    height: bounds.height)
            }
            let isOuter = posture == .closed
            if let previous = previousDisplayIsOuter, previous != isOuter, device.transitionFrames > 0, let lastBounds {
                transition = (lastBounds, 0)
            }
            previousDisplayIsOuter = isOuter
            var moving = false
            if let (from, step) = transition {
                let progress = Double(step + 1) / Double(device.transitionFrames)
                if progress < 1 {
                    context.bounds = interpolate(from, context.bounds, progress)
                    context.reservedRegions = []
                    transition = (from, step + 1)
                    moving = true
                } else {
                    transition = nil
                }
            }
            lastBounds = context.bounds
            timeline.append(
                (
                    context,
                    Phase(
                        posture: posture, orientation: state.orientation, outerDisplay: isOuter, inTransition: moving)
                ))
        }
        return timeline
    }

    static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Rect(
            uncheckedX: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }
}

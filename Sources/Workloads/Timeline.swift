import ArrangementModel
import Foundation

/// What drives a timeline: a modelled motion, or a trace read from a file.
public enum MotionSource: Sendable, Equatable {
    case model(Motion)
    case trace(MotionTrace)

    public var name: String {
        switch self {
        case .model(let motion): motion.rawValue
        case .trace(let trace): trace.name
        }
    }

    /// The state at `frame`, for a device with `hinges` hinges.
    public func state(atFrame frame: Int, refreshRate: Double, hinges: Int) -> Motion.State {
        switch self {
        case .model(let motion): motion.state(atFrame: frame, refreshRate: refreshRate, hinges: hinges)
        case .trace(let trace): trace.state(atTime: Double(frame) / refreshRate)
        }
    }

    /// A trace is what the sensor reported, so the platform's filter applies to it.
    var unfoldsBySpring: Bool {
        if case .model(let motion) = self { return motion.unfoldsBySpring }
        return true
    }
}

/// The contexts of a motion on a device, frame by frame.
///
/// - Each hinge's posture comes from its angle and, for a hinge with tent-mode
///   thresholds, from whether it was closed the frame before. The modes then say
///   which display is in use, and the context is its safe area (its width scaled when
///   the motion says so) with every fold reserved whose hinge's posture reserves it.
/// - When the display in use changes, the bounds move from where they were to the new
///   safe area, with nothing reserved while they move: linearly over the profile's
///   `transitionFrames`, or, for an unfold in a motion modelled on the sensor, by
///   Android's unfold spring (below).
/// - While the device shows nothing (a shut dual-screen device), the last context
///   stays; frames before anything is shown take the first one shown.
///
/// Motions modelled on the platform (``Motion/unfoldsBySpring``, and every trace) unfold
/// the way Android's unfold transition moves: the bounds follow the progress of a
/// spring of stiffness 600 without bounce (damping ratio 1) that chases `angle / 165°`
/// (at most 1; Android's "fully open within 15° of 180°" is the same bound), and stops
/// within 0.001 of 1. The fold-state provider's other constant, changes of 7.5° and
/// less ignored, only gates when that animation is announced, so no context depends on it.
public enum Timeline {
    /// Where the device is in one frame, for a reader of the timeline: a summary of the
    /// postures (half-open when a fold is reserved, folded back when a hinge is, closed
    /// when a display other than the main one is in use, else flat),
    /// whether a display other than the main one (or none) is in use, and whether the
    /// bounds are moving between displays.
    public struct Phase: Equatable, Hashable, Sendable {
        public var posture: Posture
        public var orientation: Orientation
        /// A display other than the device's largest is in use, or none.
        public var outerDisplay: Bool
        /// The bounds are moving from one display's safe area to the other's.
        public var inTransition: Bool

        public init(posture: Posture, orientation: Orientation, outerDisplay: Bool, inTransition: Bool) {
            self.posture = posture
            self.orientation = orientation
            self.outerDisplay = outerDisplay
            self.inTransition = inTransition
        }

        /// The phase in words: the posture and orientation, or the display switch under way.
        public var label: String {
            if inTransition {
                return outerDisplay ? "closing: moving to the outer display" : "opening: moving to the inner display"
            }
            let posture =
                switch self.posture {
                case .closed: "closed (outer display)"
                case .halfOpen: "half-open"
                case .flat: "flat"
                case .foldedBack: "folded back (one screen)"
                }
            return "\(posture), \(orientation.rawValue)"
        }

        /// The phase of a frame in which the device, shut, shows nothing.
        var shut: Phase { Phase(posture: .closed, orientation: orientation, outerDisplay: true, inTransition: false) }

        /// Half-open when a fold is reserved, folded back when a hinge is, closed when a
        /// display other than the main one is in use, flat otherwise.
        static func summary(_ postures: [Posture], reserving: Bool, mainDisplay: Bool) -> Posture {
            if reserving { return .halfOpen }
            if postures.contains(.foldedBack) { return .foldedBack }
            return mainDisplay ? .flat : .closed
        }
    }

    /// The unfold spring's stiffness (mass 1) and the angle its progress reaches 1 at.
    public static let springStiffness = 600.0
    public static let springFinalAngle = 165.0
    /// The spring stops when it is this close to its end.
    public static let springMinimalChange = 0.001

    public static func contexts(
        motion: Motion, device: DeviceProfile, frames: Int, refreshRate: Double = 120,
        direction: LayoutDirection = .leftToRight
    ) -> [LayoutContext] {
        contexts(source: .model(motion), device: device, frames: frames, refreshRate: refreshRate, direction: direction)
    }

    public static func contexts(
        source: MotionSource, device: DeviceProfile, frames: Int, refreshRate: Double = 120,
        direction: LayoutDirection = .leftToRight
    ) -> [LayoutContext] {
        walk(source: source, device: device, frames: frames, refreshRate: refreshRate, direction: direction).map(\.0)
    }

    /// The phase of every frame of the same timeline as ``contexts(motion:device:frames:refreshRate:direction:)``.
    public static func phases(
        motion: Motion, device: DeviceProfile, frames: Int, refreshRate: Double = 120
    ) -> [Phase] {
        phases(source: .model(motion), device: device, frames: frames, refreshRate: refreshRate)
    }

    public static func phases(
        source: MotionSource, device: DeviceProfile, frames: Int, refreshRate: Double = 120
    ) -> [Phase] {
        walk(source: source, device: device, frames: frames, refreshRate: refreshRate, direction: .leftToRight).map(
            \.1)
    }

    /// The hinges' postures frame by frame, for tests and readers.
    public static func postures(
        source: MotionSource, device: DeviceProfile, frames: Int, refreshRate: Double = 120
    ) -> [[Posture]] {
        var hinges = HingeTracker(device: device)
        return (0..<frames).map { frame in
            hinges.advance(source.state(atFrame: frame, refreshRate: refreshRate, hinges: device.hinges.count).angles)
        }
    }

    /// Each hinge's posture from its angles over the frames, with the tent-mode
    /// thresholds' memory of whether it was closed.
    struct HingeTracker {
        let device: DeviceProfile
        var closed: [Bool]
        /// The angles of the last frame, clamped to each hinge's range.
        var angles: [Double] = []

        init(device: DeviceProfile) {
            self.device = device
            closed = device.hinges.map { _ in false }
        }

        /// The postures at the next frame's `angles` (one for all hinges, or one each).
        mutating func advance(_ given: [Double]) -> [Posture] {
            angles = device.hinges.indices.map { index in
                min(max(given[given.count == 1 ? 0 : index], 0), device.hinges[index].maximum)
            }
            let postures = device.hinges.indices.map { index in
                device.hinges[index].posture(atAngle: angles[index], wasClosed: closed[index])
            }
            closed = postures.map { $0 == .closed }
            return postures
        }

        /// Where the unfold spring heads: the mean angle over 165°, at most 1. (Android
        /// also heads for 1 once the hinge is within 15° of flat; as 165 = 180 - 15,
        /// that is the same.)
        var springTarget: Double {
            let mean = angles.reduce(0, +) / Double(max(angles.count, 1))
            return min(max(mean / Timeline.springFinalAngle, 0), 1)
        }
    }

    static func walk(
        source: MotionSource, device: DeviceProfile, frames: Int, refreshRate: Double, direction: LayoutDirection
    ) -> [(LayoutContext, Phase)] {
        var timeline: [(LayoutContext, Phase)] = []
        timeline.reserveCapacity(frames)
        var hinges = HingeTracker(device: device)
        let main = device.mainDisplay
        var previousDisplay: Int?
        var transition: Transition?
        var lastShown: (LayoutContext, Phase)?
        var unshownBefore = 0
        for frame in 0..<frames {
            var state = source.state(atFrame: frame, refreshRate: refreshRate, hinges: device.hinges.count)
            if case .model(let motion) = source {
                if motion == .tabletopJitter { state.orientation = device.tabletopOrientation }
                if motion.inBookPosture { state.orientation = device.bookOrientation }
            }
            let postures = hinges.advance(state.angles)
            guard let display = device.display(for: postures) else {
                // Shut: nothing is drawn, the last context stays.
                if let (context, phase) = lastShown {
                    timeline.append((context, phase.shut))
                } else {
                    unshownBefore += 1
                }
                transition = nil
                continue
            }
            var context = device.context(
                display: display, postures: postures, orientation: state.orientation, direction: direction)
            let summary = Phase.summary(
                postures, reserving: !context.reservedRegions.isEmpty, mainDisplay: display == main)
            if state.placesWindow {
                context = Self.window(state, in: context, grid: device.grid)
            } else if state.widthFraction != 1 {
                let bounds = context.bounds
                context.bounds = Rect(
                    uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width * state.widthFraction,
                    height: bounds.height)
            }
            if let previous = previousDisplay, previous != display, let (last, _) = lastShown {
                let spring = source.unfoldsBySpring && display == main
                if spring || device.transitionFrames > 0 {
                    transition = Transition(from: last.bounds, step: 0, spring: spring ? Spring() : nil)
                }
            }
            previousDisplay = display
            let moving = Self.advance(
                &transition, &context, springTarget: hinges.springTarget, device: device, refreshRate: refreshRate)
            // As the platforms report them: bounds and folds in whole pixels (a window's
            // shares of the display, a transition's steps and a spring's are rounded to one).
            context = device.grid.snap(context)
            let phase = Phase(
                posture: summary, orientation: state.orientation, outerDisplay: display != main, inTransition: moving)
            lastShown = (context, phase)
            if unshownBefore > 0 {
                timeline += Array(repeating: (context, phase.shut), count: unshownBefore)
                unshownBefore = 0
            }
            timeline.append((context, phase))
        }
        if unshownBefore > 0 {
            // Shut throughout: the device's first display in use, flat.
            let context = device.context(posture: .flat, orientation: .portrait, direction: direction)
            let phase = Phase(posture: .closed, orientation: .portrait, outerDisplay: true, inTransition: false)
            timeline += Array(repeating: (context, phase), count: unshownBefore)
        }
        return timeline
    }

    /// One frame of a display transition under way: the bounds between the old display's
    /// and the new one's, no regions; whether the frame is still moving (`transition` is
    /// `nil` once it has finished).
    static func advance(
        _ transition: inout Transition?, _ context: inout LayoutContext, springTarget target: Double,
        device: DeviceProfile, refreshRate: Double
    ) -> Bool {
        guard var current = transition else { return false }
        let progress: Double
        if current.spring != nil {
            progress = current.spring!.step(toward: target, seconds: 1 / refreshRate)
            if target == 1, 1 - progress < springMinimalChange { current.finished = true }
        } else {
            progress = Double(current.step + 1) / Double(device.transitionFrames)
            if progress >= 1 { current.finished = true }
        }
        if current.finished {
            transition = nil
            return false
        }
        context.bounds = interpolate(current.from, context.bounds, progress)
        context.reservedRegions = []
        current.step += 1
        transition = current
        return true
    }

    /// The context of a window placed on the display: its bounds the state's shares of
    /// the safe area, and the reserved folds as Android reports a folding feature to a
    /// window — only a fold that crosses the window, and only the part of it inside the
    /// window (docs/devices.md, "Windows that move across a fold").
    static func window(_ state: Motion.State, in context: LayoutContext, grid: PixelGrid) -> LayoutContext {
        let area = context.bounds
        let window = grid.snap(
            Rect(
                uncheckedX: area.minX + state.windowX * area.width, y: area.minY + state.windowY * area.height,
                width: area.width * state.widthFraction, height: area.height * state.heightFraction))
        var placed = context
        placed.bounds = window
        placed.reservedRegions = context.reservedRegions.compactMap { fold in
            func crosses(_ low: Double, _ high: Double, _ start: Double, _ end: Double) -> Bool {
                // A seamless fold crosses where it lies strictly inside; a band where it overlaps.
                low == high ? start < low && low < end : low < end && high > start
            }
            guard crosses(fold.minX, fold.maxX, window.minX, window.maxX),
                crosses(fold.minY, fold.maxY, window.minY, window.maxY)
            else { return nil }
            let minX = Swift.max(fold.minX, window.minX)
            let minY = Swift.max(fold.minY, window.minY)
            return Rect(
                uncheckedX: minX, y: minY, width: Swift.min(fold.maxX, window.maxX) - minX,
                height: Swift.min(fold.maxY, window.maxY) - minY)
        }
        return placed
    }

    struct Transition {
        var from: Rect
        var step: Int
        var spring: Spring?
        var finished = false
    }

    /// A critically damped spring (mass 1), stepped exactly over each frame.
    struct Spring {
        var position = 0.0
        var velocity = 0.0

        mutating func step(toward target: Double, seconds: Double) -> Double {
            let omega = springStiffness.squareRoot()
            let offset = position - target
            let decay = Foundation.exp(-omega * seconds)
            let drift = velocity + omega * offset
            position = target + (offset + drift * seconds) * decay
            velocity = (velocity - omega * drift * seconds) * decay
            return min(max(position, 0), 1)
        }
    }

    static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Rect(
            uncheckedX: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }
}

extension LayoutContext {
    /// What changed from `previous` to this context, in words ("context unchanged" when nothing did).
    public func changes(from previous: LayoutContext) -> String {
        // Which parts changed is decided where a frame loop and a variant decide it
        // (bit for bit); only the words are this function's.
        let parts = ContextChanges(from: previous, to: self)
        var changes: [String] = []
        if parts.includes(.bounds) {
            let resized = bounds.width != previous.bounds.width || bounds.height != previous.bounds.height
            let moved = bounds.minX != previous.bounds.minX || bounds.minY != previous.bounds.minY
            changes.append(resized && moved ? "bounds moved and resized" : resized ? "bounds resized" : "bounds moved")
        }
        if parts.includes(.sizeClass) { changes.append("size class changed") }
        if parts.includes(.direction) { changes.append("direction flipped") }
        if parts.includes(.regions) {
            let (now, before) = (reservedRegions.count, previous.reservedRegions.count)
            changes.append(
                now > before ? "a fold appeared" : now < before ? "a fold vanished" : "a fold moved")
        }
        return changes.isEmpty ? "context unchanged" : changes.joined(separator: ", ")
    }
}

extension DeviceProfile {
    /// The orientation in which the main display's first fold runs from top to bottom (book).
    public var bookOrientation: Orientation { orientation(whereFoldRunsDown: true) ?? .landscape }

    /// The orientation in which the main display's first fold runs across it (tabletop).
    public var tabletopOrientation: Orientation { orientation(whereFoldRunsDown: false) ?? .portrait }

    /// The first orientation in which the main display's first fold runs top to bottom
    /// (or across); `nil` when none does.
    func orientation(whereFoldRunsDown down: Bool) -> Orientation? {
        let screens = displays[mainDisplay].screens
        return Orientation.allCases.first { orientation in
            guard let fold = screens[orientation]?.folds.first?.rect else { return false }
            return down ? fold.height > fold.width : fold.width > fold.height
        }
    }
}

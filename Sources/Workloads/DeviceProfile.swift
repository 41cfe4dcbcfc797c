import ArrangementModel
import Foundation
import SceneFormat

/// Portrait or landscape.
public enum Orientation: String, Sendable, CaseIterable {
    case portrait
    case landscape
}

/// Closed (outer display), half-open (inner display, fold reserved) or flat.
public enum Posture: String, Sendable, CaseIterable {
    case closed
    case halfOpen
    case flat
}

/// A foldable phone as data: two displays, each with sizes,
/// safe areas and size classes per orientation, the inner display's fold, the
/// posture thresholds on the hinge angle and the length of display transitions.
public struct DeviceProfile: Sendable, Equatable {
    /// One display in one orientation.
    public struct Screen: Sendable, Equatable {
        public var width: Double
        public var height: Double
        /// Insets from the display's edges: top, leading (left), bottom, trailing (right).
        public var insets: (top: Double, leading: Double, bottom: Double, trailing: Double)
        public var sizeClass: SizeClass
        /// The fold in display coordinates (inner display only).
        public var fold: Rect?

        /// The safe-area rect: where an arrangement may lay out.
        public var safeArea: Rect {
            Rect(
                uncheckedX: insets.leading, y: insets.top, width: width - insets.leading - insets.trailing,
                height: height - insets.top - insets.bottom)
        }

        public static func == (a: Screen, b: Screen) -> Bool {
            a.width == b.width && a.height == b.height && a.insets == b.insets && a.sizeClass == b.sizeClass
                && a.fold == b.fold
        }
    }

    public var name: String
    public var outer: [Orientation: Screen]
    public var inner: [Orientation: Screen]
    public var closedBelow: Double
    public var flatFrom: Double
    public var transitionFrames: Int

    /// The posture at hinge angle `angle` (degrees, 0 shut, 180 flat).
    public func posture(atAngle angle: Double) -> Posture {
        if angle < closedBelow { return .closed }
        return angle < flatFrom ? .halfOpen : .flat
    }

    /// The display in use in a posture and orientation.
    public func screen(_ posture: Posture, _ orientation: Orientation) -> Screen {
        (posture == .closed ? outer : inner)[orientation]!
    }

    /// The context of a still frame: the safe area, its size classes, and the fold
    /// when half-open.
    public func context(posture: Posture, orientation: Orientation, direction: LayoutDirection = .leftToRight)
        -> LayoutContext
    {
        let screen = screen(posture, orientation)
        return LayoutContext(
            bounds: screen.safeArea, sizeClass: screen.sizeClass, layoutDirection: direction,
            reservedRegions: posture == .halfOpen ? screen.fold.map { [$0] } ?? [] : [])
    }
}

extension DeviceProfile {
    /// The names of the profiles shipped with the harness.
    public static let shippedNames = ["iphone-duo", "hinged-duo"]

    /// A shipped profile by name, from the harness's resources (found wherever the
    /// binary runs from).
    public static func shipped(_ name: String) throws(SceneError) -> DeviceProfile {
        guard shippedNames.contains(name),
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Devices"),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            throw SceneError(
                place: "",
                rule:
                    "unknown device \"\(name)\" (expected one of \(shippedNames.joined(separator: ", ")), or --device-file PATH)"
            )
        }
        return try decode([UInt8](data))
    }

    /// Decodes a profile file strictly; every broken rule names its JSON path.
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(SceneError) -> DeviceProfile {
        let document = try JSONReader.document(bytes, limits: limits)
        let top = try JSONReader(document).object(allowing: [
            "name", "description", "facts", "assumptions", "outerDisplay", "innerDisplay", "posture",
            "transitionFrames",
        ])
        let name = try top.required("name").string()
        guard !name.isEmpty, !name.contains("/") else {
            throw try top.required("name").failure("must be a non-empty name without '/'")
        }
        for key in ["facts", "assumptions"] {
            if let list = top.optional(key) { for item in try list.array() { _ = try item.string() } }
        }
        if let description = top.optional("description") { _ = try description.string() }
        let outer = try decodeDisplay(top.required("outerDisplay"), hasFold: false)
        let inner = try decodeDisplay(top.required("innerDisplay"), hasFold: true)
        let posture = try top.required("posture").object(allowing: ["closedBelow", "flatFrom"])
        let closedReader = try posture.required("closedBelow")
        let flatReader = try posture.required("flatFrom")
        let closedBelow = try closedReader.number()
        let flatFrom = try flatReader.number()
        guard (0...180).contains(closedBelow) else {
            throw closedReader.failure("\(formatNumber(closedBelow)) is outside 0...180 degrees")
        }
        guard (0...180).contains(flatFrom) else {
            throw flatReader.failure("\(formatNumber(flatFrom)) is outside 0...180 degrees")
        }
        guard closedBelow < flatFrom else {
            throw flatReader.failure(
                "flatFrom \(formatNumber(flatFrom)) must be greater than closedBelow \(formatNumber(closedBelow))")
        }
        let framesReader = try top.required("transitionFrames")
        let frames = try framesReader.number()
        guard frames == frames.rounded(), (0...600).contains(frames) else {
            throw framesReader.failure("\(formatNumber(frames)) is not a whole number of frames in 0...600")
        }
        return DeviceProfile(
            name: name, outer: outer, inner: inner, closedBelow: closedBelow, flatFrom: flatFrom,
            transitionFrames: Int(frames))
    }

    static func decodeDisplay(_ reader: JSONReader, hasFold: Bool) throws(SceneError) -> [Orientation: Screen] {
        let object = try reader.object(allowing: ["portrait", "landscape"])
        var screens: [Orientation: Screen] = [:]
        for orientation in Orientation.allCases {
            let screenReader = try object.required(orientation.rawValue)
            let screen = try screenReader.object(
                allowing: hasFold
                    ? ["width", "height", "safeArea", "sizeClass", "fold"]
                    : ["width", "height", "safeArea", "sizeClass"])
            let width = try screen.required("width").size()
            let height = try screen.required("height").size()
            let insetsObject = try screen.required("safeArea").object(allowing: [
                "top", "leading", "bottom", "trailing",
            ])
            let top = try insetsObject.required("top").size()
            let leading = try insetsObject.required("leading").size()
            let bottom = try insetsObject.required("bottom").size()
            let trailing = try insetsObject.required("trailing").size()
            guard leading + trailing <= width, top + bottom <= height else {
                throw insetsObject.failure(
                    "the insets are larger than the \(formatNumber(width)) x \(formatNumber(height)) pt display")
            }
            let sizeClass = try SceneDecoder.decodeSizeClass(screen.required("sizeClass"))
            var fold: Rect?
            if hasFold {
                let foldReader = try screen.required("fold")
                let rect = try SceneDecoder.decodeRect(foldReader)
                guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= width, rect.maxY <= height else {
                    throw foldReader.failure(
                        "the fold lies outside the \(formatNumber(width)) x \(formatNumber(height)) pt display")
                }
                fold = rect
            }
            screens[orientation] = Screen(
                width: width, height: height, insets: (top, leading, bottom, trailing), sizeClass: sizeClass, fold: fold
            )
        }
        return screens
    }
}

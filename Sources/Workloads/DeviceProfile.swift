import ArrangementModel
import Foundation
import SceneFormat
import Support

/// Portrait or landscape.
public enum Orientation: String, Sendable, CaseIterable {
    case portrait
    case landscape
}

/// Where one hinge stands: shut, part open (its fold reserved), flat, or turned past
/// flat (a 360° hinge folded back, one screen facing the user).
public enum Posture: String, Sendable, CaseIterable {
    case closed
    case halfOpen
    case flat
    case foldedBack
}

/// A foldable device as data: its hinges, each with its posture thresholds; its
/// displays, each with sizes, safe areas, size classes and folds per orientation; the
/// modes that say which display is in use for each combination of hinge postures;
/// and the length of the bounds' move when the display in use changes.
public struct DeviceProfile: Sendable, Equatable {
    /// One display in one orientation.
    public struct Screen: Sendable, Equatable {
        public var width: Double
        public var height: Double
        /// Insets from the display's edges: top, leading (left), bottom, trailing (right).
        public var insets: (top: Double, leading: Double, bottom: Double, trailing: Double)
        public var sizeClass: SizeClass
        /// The folds that cross this display, in the order of their hinges.
        public var folds: [Fold]
        /// The device's pixel grid: every length above is a whole number of its pixels.
        public var grid: PixelGrid

        /// The safe-area rect: where an arrangement may lay out, from whole pixels.
        public var safeArea: Rect {
            grid.snap(
                Rect(
                    uncheckedX: insets.leading, y: insets.top, width: width - insets.leading - insets.trailing,
                    height: height - insets.top - insets.bottom))
        }

        public static func == (a: Screen, b: Screen) -> Bool {
            a.width == b.width && a.height == b.height && a.insets == b.insets && a.sizeClass == b.sizeClass
                && a.folds == b.folds && a.grid == b.grid
        }
    }

    /// Where a hinge crosses a display, and in which of the hinge's postures content
    /// must keep clear of it (a seamless fold only when half-open; a gap between two
    /// screens whenever both are in use).
    public struct Fold: Sendable, Equatable {
        public var hinge: Int
        public var rect: Rect
        public var reservedWhen: Set<Posture>
    }

    /// A hinge's postures by angle (degrees, 0 shut, 180 flat). A closed hinge opens at
    /// `opensFrom` and an open one closes below `closedBelow`: equal thresholds but for
    /// a device that keeps its outer display on while it is opened into a tent.
    public struct Hinge: Sendable, Equatable {
        public var name: String
        public var closedBelow: Double
        public var opensFrom: Double
        public var flatFrom: Double
        /// Past this angle a hinge that turns beyond 180° is folded back.
        public var flatUntil: Double
        /// The largest angle the hinge reaches: 180 for a book, 360 for a hinge that folds back.
        public var maximum: Double

        /// The posture at `angle`, for a hinge that was closed (`wasClosed`) or open the frame before.
        public func posture(atAngle angle: Double, wasClosed: Bool = false) -> Posture {
            if angle < closedBelow || (wasClosed && angle < opensFrom) { return .closed }
            if angle < flatFrom { return .halfOpen }
            return angle <= flatUntil ? .flat : .foldedBack
        }

        /// The postures this hinge can take.
        var postures: [Posture] { flatUntil < maximum ? Posture.allCases : [.closed, .halfOpen, .flat] }
    }

    /// Which display is in use (`nil`: none, the device is shut) when every hinge named
    /// in `postures` stands in one of the postures given for it.
    public struct Mode: Sendable, Equatable {
        public var postures: [Int: Set<Posture>]
        public var display: Int?

        func matches(_ hinges: [Posture]) -> Bool {
            postures.allSatisfy { hinge, allowed in allowed.contains(hinges[hinge]) }
        }
    }

    /// A display: its screen in each orientation.
    public struct Display: Sendable, Equatable {
        public var name: String
        public var screens: [Orientation: Screen]
    }

    public var name: String
    public var description: String
    public var hinges: [Hinge]
    public var displays: [Display]
    /// Tried in order; the first that matches the hinges' postures decides.
    public var modes: [Mode]
    public var transitionFrames: Int
    /// Device pixels per point: every length of the device is whole pixels, and every
    /// context its motions give is put on this grid (docs/devices.md, "Pixels").
    public var grid: PixelGrid

    /// The posture of the first hinge at `angle`, without hysteresis.
    public func posture(atAngle angle: Double) -> Posture { hinges[0].posture(atAngle: angle) }

    /// The display in use for these hinge postures, or `nil` when the device shows nothing.
    public func display(for postures: [Posture]) -> Int? {
        modes.first { $0.matches(postures) }?.display
    }

    /// The display with the largest area: the one that is not an "outer" display.
    public var mainDisplay: Int {
        displays.indices.max { area(displays[$0]) < area(displays[$1]) } ?? 0
    }

    func area(_ display: Display) -> Double {
        display.screens[.portrait].map { $0.width * $0.height } ?? 0
    }

    /// The context of a still frame on `display`: its safe area and size classes, and
    /// every fold whose hinge stands in a posture that reserves it.
    public func context(
        display: Int, postures: [Posture], orientation: Orientation, direction: LayoutDirection = .leftToRight
    ) -> LayoutContext {
        let screen = displays[display].screens[orientation]!
        return LayoutContext(
            bounds: screen.safeArea, sizeClass: screen.sizeClass, layoutDirection: direction,
            reservedRegions: screen.folds.filter { $0.reservedWhen.contains(postures[$0.hinge]) }.map(\.rect))
    }

    /// The context with every hinge in `posture`; a shut device that shows nothing
    /// gives the context of its first display in use when flat.
    public func context(posture: Posture, orientation: Orientation, direction: LayoutDirection = .leftToRight)
        -> LayoutContext
    {
        let postures = hinges.map { hinge in
            posture == .foldedBack && !hinge.postures.contains(.foldedBack) ? Posture.flat : posture
        }
        let display = display(for: postures) ?? fallbackDisplay
        return context(display: display, postures: postures, orientation: orientation, direction: direction)
    }

    /// The whole display (origin at its top-left corner) whose safe area in
    /// `orientation` is `bounds`; `nil` while the bounds move between displays.
    public func displayRect(around bounds: Rect, orientation: Orientation) -> Rect? {
        for display in displays {
            guard let screen = display.screens[orientation], screen.safeArea == bounds else { continue }
            return Rect(uncheckedX: 0, y: 0, width: screen.width, height: screen.height)
        }
        return nil
    }

    /// The display a timeline shows before the device has shown anything.
    var fallbackDisplay: Int {
        display(for: hinges.map { _ in .flat }) ?? modes.lazy.compactMap(\.display).first ?? 0
    }
}

extension DeviceProfile {
    /// The names of the profiles shipped with the harness.
    public static let shippedNames = [
        "iphone-duo", "hinged-duo", "galaxy-z-fold7", "pixel-9-pro-fold", "surface-duo-2", "galaxy-z-trifold",
    ]

    /// A shipped profile by name, from the harness's resources (found wherever the
    /// binary runs from).
    public static func shipped(_ name: String) throws(InputError) -> DeviceProfile {
        guard shippedNames.contains(name),
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Devices"),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            throw InputError(
                place: "",
                rule:
                    "unknown device \"\(name)\"\(Suggestion.phrase(for: name, among: shippedNames)) (expected one of \(shippedNames.joined(separator: ", ")), or --device-file PATH)"
            )
        }
        return try decode([UInt8](data))
    }

    static let maximumHinges = 4

    /// Decodes a profile file strictly; every broken rule names its JSON path. Two
    /// shapes: `outerDisplay`, `innerDisplay` and `posture` (one hinge, a closed
    /// phone shows its outer display), or `hinges`, `displays` and `modes`.
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError) -> DeviceProfile {
        let document = try JSONReader.document(bytes, limits: limits)
        let top = try JSONReader(document).object(allowing: [
            "name", "description", "facts", "assumptions", "outerDisplay", "innerDisplay", "posture",
            "hinges", "displays", "modes", "transitionFrames", "scale",
        ])
        let name = try top.required("name").string()
        guard !name.isEmpty, !name.contains("/") else {
            throw try top.required("name").failure("must be a non-empty name without '/'")
        }
        for key in ["facts", "assumptions"] {
            if let list = top.optional(key) { for item in try list.array() { _ = try item.string() } }
        }
        let description = try top.optional("description")?.string() ?? ""
        let grid = try decodeGrid(top.required("scale"))
        let frames = try decodeTransitionFrames(top.required("transitionFrames"))
        let hinges: [Hinge]
        let displays: [Display]
        let modes: [Mode]
        if top.optional("hinges") == nil {
            for key in ["displays", "modes"] where top.optional(key) != nil {
                throw try top.required(key).failure("belongs with \"hinges\", not with \"posture\"")
            }
            let hinge = try decodePosture(top.required("posture"))
            hinges = [hinge]
            let names = ["main": 0]
            displays = [
                Display(
                    name: "outer", screens: try decodeScreens(top.required("outerDisplay"), hinges: [:], grid: grid)),
                Display(
                    name: "inner", screens: try decodeScreens(top.required("innerDisplay"), hinges: names, grid: grid)),
            ]
            modes = [Mode(postures: [0: [.closed]], display: 0), Mode(postures: [:], display: 1)]
        } else {
            for key in ["outerDisplay", "innerDisplay", "posture"] where top.optional(key) != nil {
                throw try top.required(key).failure("belongs with \"posture\", not with \"hinges\"")
            }
            let hingeReaders = try top.required("hinges").array()
            guard (1...maximumHinges).contains(hingeReaders.count) else {
                throw try top.required("hinges").failure("a device has 1 to \(maximumHinges) hinges")
            }
            var names: [String: Int] = [:]
            var decoded: [Hinge] = []
            for reader in hingeReaders {
                let hinge = try decodeHinge(reader)
                guard names[hinge.name] == nil else {
                    throw try reader.object(allowing: hingeKeys).required("name").failure(
                        "a second hinge named \"\(hinge.name)\"")
                }
                names[hinge.name] = decoded.count
                decoded.append(hinge)
            }
            hinges = decoded
            var displayNames: [String: Int] = [:]
            var decodedDisplays: [Display] = []
            let displayReaders = try top.required("displays").array()
            guard !displayReaders.isEmpty else { throw try top.required("displays").failure("no display") }
            for reader in displayReaders {
                let object = try reader.object(allowing: ["name", "portrait", "landscape"])
                let nameReader = try object.required("name")
                let displayName = try nameReader.string()
                guard !displayName.isEmpty, displayNames[displayName] == nil else {
                    throw nameReader.failure(
                        displayName.isEmpty ? "a display needs a name" : "a second display named \"\(displayName)\"")
                }
                displayNames[displayName] = decodedDisplays.count
                decodedDisplays.append(
                    Display(
                        name: displayName,
                        screens: try decodeScreens(reader, hinges: names, grid: grid, allowingName: true)))
            }
            displays = decodedDisplays
            modes = try decodeModes(top.required("modes"), hinges: hinges, hingeNames: names, displays: displayNames)
        }
        return DeviceProfile(
            name: name, description: description, hinges: hinges, displays: displays, modes: modes,
            transitionFrames: frames, grid: grid)
    }

    static func decodePosture(_ reader: JSONReader) throws(InputError) -> Hinge {
        let posture = try reader.object(allowing: ["closedBelow", "flatFrom"])
        let closedBelow = try angle(posture.required("closedBelow"), maximum: 180)
        let flatReader = try posture.required("flatFrom")
        let flatFrom = try angle(flatReader, maximum: 180)
        guard closedBelow < flatFrom else {
            throw flatReader.failure(
                "flatFrom \(formatNumber(flatFrom)) must be greater than closedBelow \(formatNumber(closedBelow))")
        }
        return Hinge(
            name: "main", closedBelow: closedBelow, opensFrom: closedBelow, flatFrom: flatFrom, flatUntil: 180,
            maximum: 180)
    }

    static let hingeKeys: Set<String> = ["name", "closedBelow", "opensFrom", "flatFrom", "flatUntil", "maximum"]

    static func decodeHinge(_ reader: JSONReader) throws(InputError) -> Hinge {
        let object = try reader.object(allowing: hingeKeys)
        let nameReader = try object.required("name")
        let name = try nameReader.string()
        guard !name.isEmpty else { throw nameReader.failure("a hinge needs a name") }
        let maximumReader = object.optional("maximum")
        let maximum = try maximumReader.map { reader throws(InputError) in try angle(reader, maximum: 360) } ?? 180
        guard maximum >= 180 else {
            throw maximumReader!.failure("\(formatNumber(maximum)) is below 180: every hinge reaches flat")
        }
        let closedBelow = try angle(object.required("closedBelow"), maximum: 180)
        let flatReader = try object.required("flatFrom")
        let flatFrom = try angle(flatReader, maximum: 180)
        guard closedBelow < flatFrom else {
            throw flatReader.failure(
                "flatFrom \(formatNumber(flatFrom)) must be greater than closedBelow \(formatNumber(closedBelow))")
        }
        var opensFrom = closedBelow
        if let opensReader = object.optional("opensFrom") {
            opensFrom = try angle(opensReader, maximum: 180)
            guard opensFrom >= closedBelow, opensFrom < flatFrom else {
                throw opensReader.failure(
                    "opensFrom \(formatNumber(opensFrom)) must lie in closedBelow...flatFrom (\(formatNumber(closedBelow))..<\(formatNumber(flatFrom)))"
                )
            }
        }
        var flatUntil = maximum
        if let untilReader = object.optional("flatUntil") {
            flatUntil = try angle(untilReader, maximum: 360)
            guard flatUntil >= 180, flatUntil <= maximum else {
                throw untilReader.failure(
                    "flatUntil \(formatNumber(flatUntil)) must lie in 180...maximum (\(formatNumber(maximum)))")
            }
        }
        return Hinge(
            name: name, closedBelow: closedBelow, opensFrom: opensFrom, flatFrom: flatFrom, flatUntil: flatUntil,
            maximum: maximum)
    }

    static func angle(_ reader: JSONReader, maximum: Double) throws(InputError) -> Double {
        let value = try reader.number()
        guard (0...maximum).contains(value) else {
            throw reader.failure("\(formatNumber(value)) is outside 0...\(formatNumber(maximum)) degrees")
        }
        return value
    }

    /// `transitionFrames`: a whole number of frames in 0...600.
    static func decodeTransitionFrames(_ reader: JSONReader) throws(InputError) -> Int {
        let frames = try reader.number()
        guard frames == frames.rounded(), (0...600).contains(frames) else {
            throw reader.failure("\(formatNumber(frames)) is not a whole number of frames in 0...600")
        }
        return Int(frames)
    }

    /// `scale`: device pixels per point.
    static func decodeGrid(_ reader: JSONReader) throws(InputError) -> PixelGrid {
        let scale = try reader.number()
        guard let grid = PixelGrid(scale: scale) else {
            throw reader.failure("\(formatNumber(scale)) is not a display's pixels per point in 0.5...16")
        }
        return grid
    }

    /// A length in points that must be a whole number of the grid's pixels.
    static func pixelLength(_ reader: JSONReader, _ grid: PixelGrid) throws(InputError) -> Double {
        let points = try reader.size()
        return try onGrid(points, reader, grid)
    }

    /// `points` when it is a whole number of pixels, as `pixels / scale`; refused otherwise.
    static func onGrid(_ points: Double, _ reader: JSONReader, _ grid: PixelGrid, field: String? = nil)
        throws(InputError) -> Double
    {
        guard let pixels = grid.wholePixels(points) else {
            let name = field.map { "\($0) " } ?? ""
            throw reader.failure(
                "\(name)\(formatNumber(points)) pt is \(formatNumber(points * grid.scale)) px at scale \(formatNumber(grid.scale)): not a whole pixel (a device's lengths lie on its pixel grid)"
            )
        }
        return grid.points(pixels)
    }

    static func decodeScreens(
        _ reader: JSONReader, hinges: [String: Int], grid: PixelGrid, allowingName: Bool = false
    ) throws(InputError) -> [Orientation: Screen] {
        let object = try reader.object(
            allowing: allowingName ? ["name", "portrait", "landscape"] : ["portrait", "landscape"])
        var screens: [Orientation: Screen] = [:]
        for orientation in Orientation.allCases {
            let screenReader = try object.required(orientation.rawValue)
            // The old shape's inner display has exactly one `fold`; the new shape's
            // displays have a list of `folds`, possibly empty.
            let oldFold = !allowingName && !hinges.isEmpty
            let screen = try screenReader.object(
                allowing: Set(
                    ["width", "height", "safeArea", "sizeClass"] + (oldFold ? ["fold"] : allowingName ? ["folds"] : []))
            )
            let width = try pixelLength(screen.required("width"), grid)
            let height = try pixelLength(screen.required("height"), grid)
            let insetsObject = try screen.required("safeArea").object(allowing: [
                "top", "leading", "bottom", "trailing",
            ])
            let top = try pixelLength(insetsObject.required("top"), grid)
            let leading = try pixelLength(insetsObject.required("leading"), grid)
            let bottom = try pixelLength(insetsObject.required("bottom"), grid)
            let trailing = try pixelLength(insetsObject.required("trailing"), grid)
            guard leading + trailing <= width, top + bottom <= height else {
                throw insetsObject.failure(
                    "the insets are larger than the \(formatNumber(width)) x \(formatNumber(height)) pt display")
            }
            let sizeClass = try SceneDecoder.decodeSizeClass(screen.required("sizeClass"))
            func inside(_ foldReader: JSONReader) throws(InputError) -> Rect {
                let read = try SceneDecoder.decodeRect(foldReader)
                // Whole pixels are finite and not negative, as `read`'s numbers were.
                let rect = Rect(
                    uncheckedX: try onGrid(read.x, foldReader, grid, field: "x"),
                    y: try onGrid(read.y, foldReader, grid, field: "y"),
                    width: try onGrid(read.width, foldReader, grid, field: "width"),
                    height: try onGrid(read.height, foldReader, grid, field: "height"))
                guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= width, rect.maxY <= height else {
                    throw foldReader.failure(
                        "the fold lies outside the \(formatNumber(width)) x \(formatNumber(height)) pt display")
                }
                return rect
            }
            var folds: [Fold] = []
            if oldFold {
                folds = [Fold(hinge: 0, rect: try inside(screen.required("fold")), reservedWhen: [.halfOpen])]
            } else if let list = screen.optional("folds") {
                for foldReader in try list.array() {
                    let fold = try foldReader.object(allowing: ["hinge", "rect", "reservedWhen"])
                    let hingeReader = try fold.required("hinge")
                    let hingeName = try hingeReader.string()
                    guard let hinge = hinges[hingeName] else {
                        throw hingeReader.failure(
                            "no hinge named \"\(hingeName)\" (expected one of \(hinges.keys.sorted().joined(separator: ", ")))"
                        )
                    }
                    guard !folds.contains(where: { $0.hinge == hinge }) else {
                        throw hingeReader.failure("a second fold of hinge \"\(hingeName)\" on this display")
                    }
                    var reservedWhen: Set<Posture> = [.halfOpen]
                    if let postures = fold.optional("reservedWhen") {
                        reservedWhen = try decodePostures(postures)
                    }
                    folds.append(
                        Fold(hinge: hinge, rect: try inside(fold.required("rect")), reservedWhen: reservedWhen))
                }
                folds.sort { $0.hinge < $1.hinge }
            }
            screens[orientation] = Screen(
                width: width, height: height, insets: (top, leading, bottom, trailing), sizeClass: sizeClass,
                folds: folds, grid: grid)
        }
        return screens
    }

    static func decodePostures(_ reader: JSONReader) throws(InputError) -> Set<Posture> {
        var postures: Set<Posture> = []
        for item in try reader.array() {
            let name = try item.choice(Posture.allCases.map(\.rawValue), what: "posture")
            postures.insert(Posture(rawValue: name)!)
        }
        guard !postures.isEmpty else { throw reader.failure("an empty list of postures matches nothing") }
        return postures
    }

    static func decodeModes(
        _ reader: JSONReader, hinges: [Hinge], hingeNames: [String: Int], displays: [String: Int]
    ) throws(InputError) -> [Mode] {
        var modes: [Mode] = []
        for modeReader in try reader.array() {
            let object = try modeReader.object(allowing: ["hinges", "display"])
            var postures: [Int: Set<Posture>] = [:]
            if let hingesReader = object.optional("hinges") {
                let hingeObject = try hingesReader.object(allowing: Set(hingeNames.keys))
                for (name, index) in hingeNames {
                    if let list = hingeObject.optional(name) { postures[index] = try decodePostures(list) }
                }
            }
            let displayReader = try object.required("display")
            var display: Int?
            if displayReader.value != .null {
                let displayName = try displayReader.string()
                guard let index = displays[displayName] else {
                    throw displayReader.failure(
                        "no display named \"\(displayName)\" (expected one of \(displays.keys.sorted().joined(separator: ", ")), or null for none)"
                    )
                }
                display = index
            }
            modes.append(Mode(postures: postures, display: display))
        }
        guard modes.contains(where: { $0.display != nil }) else {
            throw reader.failure("no mode shows a display")
        }
        // Every combination of postures the hinges can take must have a mode.
        var combination = [Posture](repeating: .closed, count: hinges.count)
        func check(_ hinge: Int) throws(InputError) {
            if hinge == hinges.count {
                guard modes.contains(where: { $0.matches(combination) }) else {
                    let named = zip(hinges, combination).map { "\($0.name) \($1.rawValue)" }.joined(separator: ", ")
                    throw reader.failure("no mode for \(named)")
                }
                return
            }
            for posture in hinges[hinge].postures {
                combination[hinge] = posture
                try check(hinge + 1)
            }
        }
        try check(0)
        return modes
    }
}

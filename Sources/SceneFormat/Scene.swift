import ArrangementModel
import Support

/// A decoded scene file (contract §4): a context and a validated tree.
public struct Scene: Equatable, Sendable {
    public var context: LayoutContext
    public var tree: ArrangementTree
    /// The parts of `context` the file states, rather than leaves to their defaults:
    /// a run on a device keeps what a scene states (see `Workloads`' `Workload`).
    public var stated: StatedContext

    public init(context: LayoutContext, tree: ArrangementTree, stated: StatedContext = .all) {
        self.context = context
        self.tree = tree
        self.stated = stated
    }
}

/// Which of a context's optional fields a scene file gives.
public struct StatedContext: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let sizeClass = StatedContext(rawValue: 1)
    public static let layoutDirection = StatedContext(rawValue: 2)
    public static let reservedRegions = StatedContext(rawValue: 4)
    public static let all: StatedContext = [.sizeClass, .layoutDirection, .reservedRegions]
}

/// Reads scene files strictly: every rule of contract §5 becomes a ``InputError``
/// naming the JSON path and the rule. Never traps.
public enum SceneDecoder {
    /// Decodes a scene from the bytes of a file: first as it is parsed
    /// (``decodeWhileParsing(_:limits:)``, which holds no document), and when that
    /// declines, from the whole document, which names the place and the rule.
    public static func decode(_ bytes: [UInt8], limits: InputLimits = .standard) throws(InputError) -> Scene {
        if let scene = decodeWhileParsing(bytes, limits: limits) { return scene }
        return try decode(JSONReader.document(bytes, limits: limits), limits: limits)
    }

    /// The scene decoded while its bytes are parsed: each arrangement becomes the model
    /// as soon as its object is read, and the document keeps a number in its place, so
    /// a big scene is never held as a document (the peak is about the bytes and the
    /// tree). `nil` on anything but a valid scene, or one this pass cannot take (style
    /// aliases given after the tree that uses them): the caller decodes the document
    /// then, for the same scene or the exact message. Its checks are the document
    /// decoder's own, run on each arrangement's object, so it accepts no scene the
    /// document decoder refuses.
    public static func decodeWhileParsing(_ bytes: [UInt8], limits: InputLimits = .standard) -> Scene? {
        final class Conversion {
            var state: TreeState
            var next = 0
            init(_ limits: InputLimits) {
                state = TreeState(styles: [:], maximumArrangements: limits.maximumArrangements, converted: [:])
            }
        }
        let conversion = Conversion(limits)
        let declined = JSONSyntaxError(line: 0, column: 0, message: "declined")
        let document: JSONValue
        do {
            document = try JSONParser.parse(
                bytes, maximumValues: limits.maximumJSONValues, watching: ["root", "arrangement", "styles"]
            ) { (key, nesting, value) throws(JSONSyntaxError) -> JSONValue in
                // A valid scene has the root in the document (nesting 1), each nested
                // arrangement in a pane of an arrangement: 2 levels of JSON a level.
                if key == "styles" {
                    guard nesting == 1, let aliases = try? decodeStyleAliases(JSONReader(value)) else { throw declined }
                    conversion.state.styles = aliases
                    return value
                }
                guard case .object = value, nesting % 2 == 1, (key == "root") == (nesting == 1) else { throw declined }
                do {
                    let arrangement = try decodeArrangement(
                        JSONReader(value), depth: (nesting + 1) / 2, state: &conversion.state)
                    conversion.next += 1
                    conversion.state.converted![conversion.next] = arrangement
                    return .number(Double(conversion.next))
                } catch {
                    throw declined
                }
            }
        } catch {
            return nil
        }
        // Every arrangement decoded while parsing is in the tree, once (each is taken once).
        guard let scene = try? decode(consume document, limits: limits, state: conversion.state),
            scene.tree.arrangementCount == conversion.next
        else { return nil }
        return scene
    }

    /// Decodes a scene from text.
    public static func decode(_ text: String) throws(InputError) -> Scene { try decode(Array(text.utf8)) }

    /// Decodes a scene from a parsed document.
    /// The document is let go before the tree's index of ids is built, so a big
    /// scene's peak holds the document or that index, never both.
    public static func decode(_ document: consuming JSONValue, limits: InputLimits = .standard) throws(InputError)
        -> Scene
    {
        try decode(consume document, limits: limits, state: nil)
    }

    /// The document's scene; `state` holds the arrangements already decoded while it
    /// was parsed, which the document names by number.
    static func decode(_ document: consuming JSONValue, limits: InputLimits, state: TreeState?) throws(InputError)
        -> Scene
    {
        let (context, stated, root) = try decodeParts(consume document, limits: limits, state: state)
        do {
            return Scene(context: context, tree: try ArrangementTree(root: root), stated: stated)
        } catch {
            // The tree finds a duplicate id (the decoder checked depth with its path, and
            // keeps no table of ids beside the tree's); the paths follow the tree.
            let uses = idPaths(of: error.duplicateID ?? "", in: root)
            guard uses.count > 1 else { throw InputError(place: "root", rule: error.rule) }
            throw InputError(
                place: uses[1], rule: "duplicate id \"\(error.duplicateID ?? "")\" (first used at \(uses[0]))")
        }
    }

    /// The context, what it states, and the tree. The document's JSON is let go as the
    /// tree is built: the top object once its members are read, then each arrangement's
    /// and each pane's object before what it holds is decoded, so a part decoded is
    /// never held twice (as JSON and as the model) and the peak is about the larger of
    /// the two, not their sum. Nothing else may hold the document (``decode(_:limits:)``
    /// takes it consumed).
    static func decodeParts(_ document: consuming JSONValue, limits: InputLimits, state decoded: TreeState? = nil)
        throws(InputError) -> (LayoutContext, StatedContext, Arrangement)
    {
        let context: LayoutContext
        let stated: StatedContext
        var state: TreeState
        let root: JSONReader
        do {
            let top = try JSONReader(consume document).object(allowing: documentKeys)
            let contextReader = try top.required("context")
            context = try decodeContext(contextReader)
            stated = try statedFields(contextReader)
            let styles = try decodeStyleAliases(top.optional("styles"))
            state = decoded ?? TreeState(styles: styles, maximumArrangements: limits.maximumArrangements)
            // The aliases the tree was decoded with are the ones given (checked above).
            if decoded != nil, styles != state.styles { throw top.failure("the style aliases changed") }
            root = try top.required("root")
        }
        return (context, stated, try decodeArrangement(consume root, depth: 1, state: &state))
    }

    /// Which optional fields a context object gives (after ``decodeContext(_:)`` read it).
    static func statedFields(_ reader: JSONReader) throws(InputError) -> StatedContext {
        let object = try reader.object(allowing: contextKeys)
        var stated: StatedContext = []
        if object.optional("sizeClass") != nil { stated.insert(.sizeClass) }
        if object.optional("layoutDirection") != nil { stated.insert(.layoutDirection) }
        if object.optional("reservedRegions") != nil { stated.insert(.reservedRegions) }
        return stated
    }

    /// The paths of the first two panes with `id`, in the order the decoder reads (a
    /// pane, then the arrangement it holds, then its sibling): the scene's paths
    /// follow the tree, `root.primary.arrangement.secondary.id`.
    static func idPaths(of id: String, in root: Arrangement) -> [String] {
        var paths: [String] = []
        func find(_ arrangement: Arrangement, _ path: String) {
            for (side, pane) in [("primary", arrangement.primary), ("secondary", arrangement.secondary)]
            where paths.count < 2 {
                if pane.id == id { paths.append("\(path).\(side).id") }
                if let nested = pane.arrangement { find(nested, "\(path).\(side).arrangement") }
            }
        }
        find(root, "root")
        return paths
    }

    // The keys each object allows, built once: a big scene checks millions of objects.
    static let documentKeys: Set<String> = ["context", "styles", "root"]
    static let contextKeys: Set<String> = ["bounds", "sizeClass", "layoutDirection", "reservedRegions"]
    static let rectKeys: Set<String> = ["x", "y", "width", "height"]
    static let axisKeys: Set<String> = ["horizontal", "vertical"]
    static let styleKeys: Set<String> = ["split", "overlay"]
    static let styleBodyKeys: Set<String> = ["axes"]
    static let arrangementKeys: Set<String> = ["style", "primary", "secondary"]
    static let preferenceKeys: Set<String> = ["ratio", "length"]
    static let rangeKeys: Set<String> = ["min", "ideal", "max"]

    // MARK: Context

    /// A context object (`bounds`, `sizeClass`, `layoutDirection`, `reservedRegions`).
    public static func decodeContext(_ reader: JSONReader) throws(InputError) -> LayoutContext {
        let object = try reader.object(allowing: contextKeys)
        let bounds = try decodeRect(object.required("bounds"))
        let sizeClass =
            try object.optional("sizeClass").map { (reader) throws(InputError) in try decodeSizeClass(reader) }
            ?? .regular
        var direction = LayoutDirection.leftToRight
        if let reader = object.optional("layoutDirection") {
            direction = LayoutDirection(
                name: try reader.choice(LayoutDirection.all.map(\.name), what: "layout direction"))!
        }
        var regions: [Rect] = []
        if let reader = object.optional("reservedRegions") {
            for element in try reader.array() { regions.append(try decodeRect(element)) }
        }
        return LayoutContext(bounds: bounds, sizeClass: sizeClass, layoutDirection: direction, reservedRegions: regions)
    }

    /// A rect object with all four of `x`, `y`, `width`, `height`.
    public static func decodeRect(_ reader: JSONReader) throws(InputError) -> Rect {
        let object = try reader.object(allowing: rectKeys)
        let x = try object.required("x").number()
        let y = try object.required("y").number()
        let width = try object.required("width").size()
        let height = try object.required("height").size()
        do {
            return try Rect(x: x, y: y, width: width, height: height)
        } catch {
            throw object.failure(error.rule)
        }
    }

    /// `{"horizontal": "compact"|"regular", "vertical": …}`.
    public static func decodeSizeClass(_ reader: JSONReader) throws(InputError) -> SizeClass {
        let object = try reader.object(allowing: axisKeys)
        func value(_ key: String) throws(InputError) -> SizeClassValue {
            try object.required(key).choice(["compact", "regular"], what: "size class") == "compact"
                ? .compact : .regular
        }
        return SizeClass(horizontal: try value("horizontal"), vertical: try value("vertical"))
    }

    // MARK: Styles

    static let builtInStyles: [String: ArrangementStyle] = [
        "automatic": .automatic, "split": .split(.both), "overlay": .overlay(.both),
    ]

    static func decodeStyleAliases(_ reader: JSONReader?) throws(InputError) -> [String: ArrangementStyle] {
        guard let reader else { return [:] }
        guard case .object(let entries) = reader.value else {
            throw reader.failure("expected an object, found \(reader.value.kindDescription)")
        }
        let names = Set(entries.map(\.key))
        var aliases: [String: ArrangementStyle] = [:]
        for entry in entries {
            let member = JSONReader(entry.value, path: reader.childPath(entry.key))
            guard builtInStyles[entry.key] == nil else {
                throw member.failure("a style alias may not redefine the built-in style \"\(entry.key)\"")
            }
            if case .string(let target) = entry.value, names.contains(target) {
                throw member.failure("style alias \"\(entry.key)\" names another alias \"\(target)\"")
            }
            aliases[entry.key] = try decodeStyle(member, aliases: [:])
        }
        return aliases
    }

    /// A style: a name (built-in or alias) or `{"split"|"overlay": {"axes": [...]}}`.
    static func decodeStyle(_ reader: JSONReader, aliases: [String: ArrangementStyle]) throws(InputError)
        -> ArrangementStyle
    {
        if case .string(let name) = reader.value {
            guard let style = builtInStyles[name] ?? aliases[name] else {
                let known = (builtInStyles.keys.sorted() + aliases.keys.sorted()).joined(separator: ", ")
                throw reader.failure("unknown style \"\(name)\" (expected one of \(known))")
            }
            return style
        }
        let object = try reader.object(allowing: styleKeys)
        guard object.keys.count == 1 else { throw reader.failure("a style names exactly one of split, overlay") }
        let kind = object.keys[0]
        let body = try object.required(kind).object(allowing: styleBodyKeys)
        var axes = AxisSet.both
        if let axesReader = body.optional("axes") {
            var list: [Axis] = []
            for element in try axesReader.array() {
                list.append(
                    try element.choice(["horizontal", "vertical"], what: "axis") == "horizontal"
                        ? .horizontal : .vertical)
            }
            do {
                axes = try AxisSet(list)
            } catch {
                throw axesReader.failure(error.rule)
            }
        }
        return kind == "split" ? .split(axes) : .overlay(axes)
    }

    // MARK: Tree

    struct TreeState {
        var styles: [String: ArrangementStyle]
        let maximumArrangements: Int
        var arrangements = 0
        /// Arrangements decoded while parsing (``decodeWhileParsing(_:limits:)``), by the
        /// number the document holds in their place; each is taken once. `nil` when the
        /// whole document is decoded.
        var converted: [Int: Arrangement]? = nil

        init(
            styles: [String: ArrangementStyle], maximumArrangements: Int, converted: [Int: Arrangement]? = nil
        ) {
            self.styles = styles
            self.maximumArrangements = maximumArrangements
            self.converted = converted
        }
    }

    /// An arrangement, its object let go before its panes are decoded (``decodeParts``).
    static func decodeArrangement(_ reader: consuming JSONReader, depth: Int, state: inout TreeState)
        throws(InputError) -> Arrangement
    {
        if state.converted != nil, case .number(let number) = reader.value {
            // Decoded while parsing, and counted then.
            guard let arrangement = state.converted?.removeValue(forKey: Int(number)) else {
                throw reader.failure("expected an object, found a number")
            }
            return arrangement
        }
        guard depth <= ArrangementTree.maximumDepth else {
            throw reader.failure("nesting is deeper than \(ArrangementTree.maximumDepth) arrangements")
        }
        state.arrangements += 1
        guard state.arrangements <= state.maximumArrangements else {
            throw reader.failure(
                "more than \(state.maximumArrangements) arrangements, the limit (raise it with \(InputLimits.arrangementsFlag) N)"
            )
        }
        let style: ArrangementStyle
        let primaryReader: JSONReader
        let secondaryReader: JSONReader?
        do {
            let object = try reader.object(allowing: arrangementKeys)
            style =
                try object.optional("style").map { (reader) throws(InputError) in
                    try decodeStyle(reader, aliases: state.styles)
                } ?? .automatic
            primaryReader = try object.required("primary")
            secondaryReader = object.optional("secondary")
        }
        let here = reader.withoutValue()
        _ = consume reader
        let primary = try decodePane(consume primaryReader, depth: depth, state: &state)
        guard let secondaryReader = consume secondaryReader else {
            throw InputError(place: here.childPath("secondary"), rule: "missing")
        }
        let secondary = try decodePane(consume secondaryReader, depth: depth, state: &state)
        return Arrangement(style: style, primary: primary, secondary: secondary)
    }

    static let paneKeys: Set<String> = [
        "id", "layoutPriority", "minWidth", "minHeight", "idealWidth", "idealHeight", "split", "splitRatio",
        "overlayEdge", "arrangement",
    ]

    /// A pane, its object let go before the arrangement it holds is decoded
    /// (``decodeParts``); its numbers are checked after that arrangement, as before.
    static func decodePane(_ reader: consuming JSONReader, depth: Int, state: inout TreeState) throws(InputError)
        -> Pane
    {
        let id: String
        let split: SplitPreferences
        let overlayEdge: OverlayEdges
        let nested: JSONReader?
        // layoutPriority, minWidth, minHeight, idealWidth, idealHeight: scalars, kept.
        let numbers: [JSONReader?]
        do {
            let object = try reader.object(allowing: paneKeys)
            id = try object.required("id").string()
            split = try decodeSplit(object)
            overlayEdge = try decodeOverlayEdges(object.optional("overlayEdge"))
            nested = object.optional("arrangement")
            numbers = ["layoutPriority", "minWidth", "minHeight", "idealWidth", "idealHeight"].map {
                object.optional($0)
            }
        }
        let here = reader.withoutValue()
        _ = consume reader
        var content = PaneContent.view
        if let nested = consume nested {
            content = .arrangement(try decodeArrangement(consume nested, depth: depth + 1, state: &state))
        }
        func number(_ index: Int) throws(InputError) -> Double? { try numbers[index]?.number() }
        let layoutPriority = try number(0) ?? 0
        let minWidth = try number(1) ?? 0
        let minHeight = try number(2) ?? 0
        let idealWidth = try number(3)
        let idealHeight = try number(4)
        do {
            return try Pane(
                id: id, layoutPriority: layoutPriority, minWidth: minWidth, minHeight: minHeight,
                idealWidth: idealWidth,
                idealHeight: idealHeight, split: split, overlayEdge: overlayEdge, content: content)
        } catch {
            throw here.place(error)
        }
    }

    /// `split` and the `splitRatio` shorthand, which may not both speak for one axis.
    static func decodeSplit(_ pane: JSONObjectReader) throws(InputError) -> SplitPreferences {
        var preferences = SplitPreferences()
        if let reader = pane.optional("split") {
            let object = try reader.object(allowing: axisKeys)
            preferences.horizontal = try object.optional("horizontal").map { (reader) throws(InputError) in
                try decodePreference(reader)
            }
            preferences.vertical = try object.optional("vertical").map { (reader) throws(InputError) in
                try decodePreference(reader)
            }
        }
        if let reader = pane.optional("splitRatio") {
            let ratio = try reader.number()
            for (axis, preference) in [("horizontal", preferences.horizontal), ("vertical", preferences.vertical)]
            where preference != nil {
                throw reader.failure("splitRatio cannot be combined with split.\(axis) (both set the \(axis) axis)")
            }
            do {
                let shorthand = try SizePreference.ratio(ideal: ratio)
                preferences = SplitPreferences(horizontal: shorthand, vertical: shorthand)
            } catch {
                throw reader.failure(error.rule)
            }
        }
        return preferences
    }

    /// `"fixed"`, `{"ratio": {min?, ideal?, max?}}` or `{"length": {…}}`.
    static func decodePreference(_ reader: JSONReader) throws(InputError) -> SizePreference {
        if case .string = reader.value {
            _ = try reader.choice(["fixed"], what: "preference")
            return .fixed
        }
        let object = try reader.object(allowing: preferenceKeys)
        guard object.keys.count == 1 else {
            throw reader.failure("a preference is \"fixed\" or exactly one of ratio, length")
        }
        let kind = object.keys[0]
        let range = try object.required(kind).object(allowing: rangeKeys)
        let min = try range.optional("min")?.number()
        let ideal = try range.optional("ideal")?.number()
        let max = try range.optional("max")?.number()
        do {
            return kind == "ratio"
                ? try .ratio(min: min, ideal: ideal, max: max) : try .length(min: min, ideal: ideal, max: max)
        } catch {
            throw range.place(error)
        }
    }

    static func decodeOverlayEdges(_ reader: JSONReader?) throws(InputError) -> OverlayEdges {
        guard let reader else { return OverlayEdges() }
        let object = try reader.object(allowing: axisKeys)
        var edges = OverlayEdges()
        if let horizontal = object.optional("horizontal") {
            edges.horizontal =
                try horizontal.choice(["leading", "trailing"], what: "edge") == "leading" ? .leading : .trailing
        }
        if let vertical = object.optional("vertical") {
            edges.vertical = try vertical.choice(["top", "bottom"], what: "edge") == "top" ? .top : .bottom
        }
        return edges
    }
}

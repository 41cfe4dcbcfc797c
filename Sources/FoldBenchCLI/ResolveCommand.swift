import ArrangementModel
import Drawings
import Measurement
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workloads

/// `foldbench resolve SCENE.json`: prints a scene's resolution (contract §4).
enum ResolveCommand: Command {
    static let check = CommandSpec.Option(
        "--check", value: "PAGE.html",
        help: "Also resolve with the reference; when --variant differs, write both layouts there and exit 1.")
    static let answer = CommandSpec.Option(
        "--answer", value: "RESOLUTION.json",
        help: "With --check: check this resolution (another engine's, as resolve prints it) instead of a variant's.")
    static let spec = CommandSpec(
        name: "resolve", summary: "Print the resolution of a scene file as JSON.", arguments: "SCENE.json",
        positionals: 1...1,
        options: [.variant, .variantLibraries, .device, .deviceFile, .posture, .orientation, check, answer]
            + CommandSpec.Option.jsonLimits
            + [
                .maxArrangements
            ],
        details: """
            Prints one object per pane, in depth-first order, with its visibility, frame,
            size class, split axis and z-index. A bad scene exits 2 naming the JSON path and the rule.
            With --device the context is the device's safe area, size classes and, when half-open,
            its fold; the scene's layout direction is kept.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = arguments.positionals[0]
        let variant = try Libraries.variant(
            arguments, fallback: VariantList.referenceName, place: path, command: spec)
        var scene = try SceneFiles.load(path)
        if let context = try DeviceContext.context(arguments, direction: scene.context.layoutDirection, command: spec) {
            scene.context = Workload.combine(context, with: scene)
        }
        let (resolution, answerer) = try Self.resolution(arguments, scene: scene, variant: variant, console: console)
        guard let page = arguments.value(check) else { return .success }
        try checkAgainstReference(resolution, of: answerer, scene: scene, path: path, page: page, console: console)
        return .success
    }

    /// The answer to check: the file of `--answer`, or the variant's (printed).
    static func resolution(_ arguments: ParsedArguments, scene: Scene, variant: OneOffVariant, console: Console)
        throws -> (Resolution, answerer: String)
    {
        guard let file = arguments.value(answer) else {
            let resolution = try variant.resolve(scene.tree, scene.context)
            ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs) { chunk in console.outBytes(chunk) }
            return (resolution, variant.name)
        }
        guard arguments.value(check) != nil, arguments.value(.variant) == nil else {
            throw UsageError("\(answer.name) goes with \(check.name), instead of --variant", command: spec)
        }
        do {
            return (
                try ResolutionDecoder.decode(
                    SceneFiles.parse(readFile(file), file: file, limits: Limits.current), ids: scene.tree.paneIDs),
                file
            )
        } catch let error as InputError {
            throw RunFailure.badInput(file: file, error)
        }
    }

    /// Nothing when `resolution` is the reference's; else the two layouts written to
    /// `page` and a failure (exit 1) naming the first difference.
    static func checkAgainstReference(
        _ resolution: Resolution, of answerer: String, scene: Scene, path: String, page: String, console: Console
    ) throws {
        let expected = VariantList.reference.variant.resolve(scene.tree, in: scene.context)
        guard
            let difference = ResolutionComparison.firstDifference(
                resolution, expected, ids: scene.tree.paneIDs, names: (answerer, "reference"))
        else {
            console.err("\(answerer) agrees with the reference on \(path)\n")
            return
        }
        let html = DisagreementPage.html(
            heading: path,
            notes: ["context: \(ResolutionComparison.describe(scene.context))", "first difference: \(difference)"],
            variant: answerer, tree: scene.tree, context: scene.context, expected: expected, got: resolution)
        let target = absolutePath(page)
        do {
            try ResultFiles.writeAtomically(html, to: target)
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        throw RunFailure(
            .failed,
            "\(path): \(answerer) differs from the reference: \(difference); the two layouts side by side: \(target)"
        )
    }

    /// Reads and decodes a scene file, naming the file in any failure. A valid scene is
    /// decoded as it is parsed, so it is never held as a document; anything else is
    /// decoded again from the document, its bytes let go once parsed, for the message.
}

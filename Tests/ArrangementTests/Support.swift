import ArrangementModel
import FastResolver
import Foundation
import ReferenceResolver
import SceneFormat
import Support
import Testing
import VariantLibraries
import Variants

/// One pane as a test expects it, worked out by hand from the contract.
struct ExpectedPane: CustomStringConvertible {
    let id: String
    /// `nil` when hidden.
    let frame: (x: Double, y: Double, width: Double, height: Double)?
    let axis: Axis?
    let zIndex: Int
    /// Two letters, horizontal then vertical: `C` compact, `R` regular.
    let sizeClass: String

    var description: String {
        guard let frame else { return "\(id) hidden" }
        return "\(id) \(frame) axis \(axis.map(ResolutionEncoder.axisName) ?? "nil") z\(zIndex) \(sizeClass)"
    }
}

/// A visible pane.
func pane(
    _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, axis: Axis? = nil, z: Int = 0,
    sc: String = "RR"
) -> ExpectedPane {
    ExpectedPane(id: id, frame: (x, y, width, height), axis: axis, zIndex: z, sizeClass: sc)
}

/// A hidden pane.
func hidden(_ id: String) -> ExpectedPane {
    ExpectedPane(id: id, frame: nil, axis: nil, zIndex: 0, sizeClass: "")
}

/// A scene in the file format: the root arrangement as JSON text, with a context.
func sceneJSON(
    bounds: String = "0 0 1000 700", regions: [String] = [], direction: String = "leftToRight",
    sizeClass: String = "RR", styles: String? = nil, root: String
) -> String {
    func rect(_ text: String) -> String {
        let v = text.split(separator: " ")
        return "{\"x\": \(v[0]), \"y\": \(v[1]), \"width\": \(v[2]), \"height\": \(v[3])}"
    }
    func sizeClassName(_ c: Character) -> String { c == "C" ? "compact" : "regular" }
    let classes = Array(sizeClass)
    return """
        {"context": {"bounds": \(rect(bounds)),
          "sizeClass": {"horizontal": "\(sizeClassName(classes[0]))", "vertical": "\(sizeClassName(classes[1]))"},
          "layoutDirection": "\(direction)",
          "reservedRegions": [\(regions.map(rect).joined(separator: ", "))]},
         \(styles.map { "\"styles\": \($0)," } ?? "")
         "root": \(root)}
        """
}

/// Decodes a scene that must be valid.
func decodeScene(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
    do {
        return try SceneDecoder.decode(text)
    } catch {
        Issue.record("scene rejected: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Checks that every variant gives `expected`.
func expectResolution(
    _ sceneText: String, _ expected: [ExpectedPane], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let scene = try decodeScene(sceneText, sourceLocation: sourceLocation)
    for variant in VariantList.all.map(\.variant) {
        let resolution = variant.resolve(scene.tree, in: scene.context)
        #expect(scene.tree.paneIDs == expected.map(\.id), sourceLocation: sourceLocation)
        // A variant that reports too few or too many panes fails here, not by omission below.
        guard resolution.panes.count == expected.count else {
            Issue.record(
                "\(variant.name): \(resolution.panes.count) panes, want \(expected.count)",
                sourceLocation: sourceLocation)
            continue
        }
        for (want, got) in zip(expected, resolution.panes) {
            let context = "\(variant.name): pane \(want.id): got \(got), want \(want)"
            guard let frame = want.frame else {
                #expect(!got.visible, "\(context)", sourceLocation: sourceLocation)
                continue
            }
            #expect(got.visible, "\(context)", sourceLocation: sourceLocation)
            let close =
                abs(got.frame.x - frame.x) <= 1e-9 && abs(got.frame.y - frame.y) <= 1e-9
                && abs(got.frame.width - frame.width) <= 1e-9 && abs(got.frame.height - frame.height) <= 1e-9
            #expect(close, "\(context)", sourceLocation: sourceLocation)
            #expect(got.splitAxis == want.axis, "\(context)", sourceLocation: sourceLocation)
            #expect(got.zIndex == want.zIndex, "\(context)", sourceLocation: sourceLocation)
            let letters =
                (got.sizeClass.horizontal == .compact ? "C" : "R") + (got.sizeClass.vertical == .compact ? "C" : "R")
            #expect(letters == want.sizeClass, "\(context)", sourceLocation: sourceLocation)
        }
    }
}

/// A root arrangement with two leaf panes `a` and `b` and optional modifiers.
func pair(style: String = "\"automatic\"", a: String = "", b: String = "") -> String {
    "{\"style\": \(style), \"primary\": {\"id\": \"a\"\(a.isEmpty ? "" : ", " + a)}, \"secondary\": {\"id\": \"b\"\(b.isEmpty ? "" : ", " + b)}}"
}

/// The variants of the project's C libraries, loaded through the C interface as
/// `foldbench run --variant-library` loads them: c-fast, built by scripts/libraries.sh
/// on first use. The differential tests hold them to the reference with the built-in
/// candidates. Building fails loudly: a test that skipped them would prove nothing.
let libraryCandidates: [VariantEntry] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent("scripts/libraries.sh").path]
    do { try process.run() } catch { fatalError("cannot run scripts/libraries.sh: \(error)") }
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "scripts/libraries.sh failed")
    do {
        let library = try VariantLibrary(
            path: root.appendingPathComponent(".build/libraries/libc-fast.so").path)
        return [library.entry()]
    } catch {
        fatalError("\(error)")
    }
}()

/// Every variant the differential tests hold to the reference: the built-in
/// candidates and the C libraries' variants.
var allCandidates: [VariantEntry] { VariantList.candidates + libraryCandidates }

/// The candidate named `name`, built-in or from a C library.
func candidate(named name: String) -> VariantEntry? { allCandidates.first { $0.name.rawValue == name } }

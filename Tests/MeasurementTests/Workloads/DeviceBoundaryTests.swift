import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import TestSupport
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

/// Each rule of a device profile at its boundary: the last value accepted and the
/// first refused, in both orientations.
@Suite("Device profile rules at their boundaries")
struct DeviceBoundaryTests {
    static let trifold = try! String(
        contentsOf: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/galaxy-z-trifold.json"),
        encoding: .utf8)
    static let duo = try! String(
        contentsOf: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/surface-duo-2.json"),
        encoding: .utf8)

    func decodes(_ text: String, replacing old: String, with new: String) throws -> Bool {
        let changed = text.replacingOccurrences(of: old, with: new)
        #expect(changed != text, "\(old) is in the profile")
        do {
            _ = try DeviceProfile.decode(Array(changed.utf8))
            return true
        } catch {
            return false
        }
    }

    @Test(
        "a fold may touch the display's far edge, not cross it, in each orientation",
        arguments: [
            (#""rect": {"x": 860, "y": 0, "width": 0, "height": 946}"#, "x\": 1290", "x\": 1290.001"),
            (#""rect": {"x": 0, "y": 860, "width": 946, "height": 0}"#, "y\": 1290", "y\": 1290.001"),
        ])
    func foldAtEdge(_ rect: String, _ edge: String, _ beyond: String) throws {
        let key = edge.hasPrefix("x") ? "\"x\": 860" : "\"y\": 860"
        let atEdge = rect.replacingOccurrences(of: key, with: "\"" + edge)
        let past = rect.replacingOccurrences(of: key, with: "\"" + beyond)
        #expect(try decodes(Self.trifold, replacing: rect, with: atEdge))
        #expect(try !decodes(Self.trifold, replacing: rect, with: past))
    }

    @Test(
        "insets may fill the display, not exceed it, in each orientation",
        arguments: [
            // landscape, 1290 wide: leading 0 + trailing 0 → leading 1290 fills it
            (
                #""width": 1290, "height": 946, "safeArea": {"top": 24, "leading": 0,"#, #""leading": 0,"#,
                #""leading": 1290,"#, #""leading": 1290.5,"#
            ),
            // portrait, 1290 high: top 24 + bottom 16 → top 1274 fills it
            (
                #""width": 946, "height": 1290, "safeArea": {"top": 24,"#, #""top": 24,"#, #""top": 1274,"#,
                #""top": 1274.5,"#
            ),
        ])
    func insets(_ screen: String, _ current: String, _ fill: String, _ over: String) throws {
        #expect(
            try decodes(Self.trifold, replacing: screen, with: screen.replacingOccurrences(of: current, with: fill)))
        #expect(
            try !decodes(Self.trifold, replacing: screen, with: screen.replacingOccurrences(of: current, with: over)))
    }

    @Test("hinge thresholds at their boundaries")
    func thresholds() throws {
        let hinge = #"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
        func with(_ text: String) throws -> Bool { try decodes(Self.duo, replacing: hinge, with: text) }
        #expect(
            try with(#"{"name": "hinge", "closedBelow": 164.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#))
        #expect(try !with(#"{"name": "hinge", "closedBelow": 165, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#))
        #expect(
            try with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 164.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try !with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 165, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try !with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 9.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(try with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 360, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 360.001, "maximum": 360}"#))
        #expect(try with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 180, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 179.999, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 179.999}"#))
        // Without a folded-back mode (and no catch-all), a 360-degree hinge lacks one; a
        // 180-degree hinge cannot fold back and needs none.
        let modes = #"{"hinges": {"hinge": ["foldedBack"]}, "display": "single"},"#
        let catchAll = #"{"display": "spanned"}"#
        let spanned = #"{"hinges": {"hinge": ["halfOpen", "flat"]}, "display": "spanned"}"#
        let narrowed = Self.duo.replacingOccurrences(of: modes, with: "").replacingOccurrences(
            of: catchAll, with: spanned)
        #expect(try !decodes(narrowed, replacing: #""maximum": 360"#, with: #""maximum": 359"#))
        #expect(
            try decodes(
                narrowed, replacing: #""flatUntil": 195, "maximum": 360"#, with: #""flatUntil": 180, "maximum": 180"#))
    }
}

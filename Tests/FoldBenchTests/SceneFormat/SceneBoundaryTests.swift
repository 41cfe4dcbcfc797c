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

/// The other side of the scene rules `BadSceneTests` refuses: the boundary values
/// themselves are accepted, on both axes.
@Suite("Scene rules at their boundaries")
struct SceneBoundaryTests {
    static func scene(_ primary: String, regions: String = "") -> String {
        """
        {"context": {"bounds": {"x": 0, "y": 0, "width": 1000, "height": 700}\(regions)},
         "root": {"primary": {"id": "a"\(primary)}, "secondary": {"id": "b"}}}
        """
    }

    @Test(
        "accepted: ratios of 0 and 1, min = ideal = max, a zero size, a zero-width region",
        arguments: ["horizontal", "vertical"])
    func accepted(_ axis: String) throws {
        let size = axis == "horizontal" ? "Width" : "Height"
        for primary in [
            #", "split": {"\#(axis)": {"ratio": {"min": 0, "ideal": 0, "max": 1}}}"#,
            #", "split": {"\#(axis)": {"ratio": {"ideal": 1}}}"#,
            #", "split": {"\#(axis)": {"length": {"min": 40, "ideal": 40, "max": 40}}}"#,
            #", "min\#(size)": 40, "ideal\#(size)": 40"#, #", "min\#(size)": 0"#, #", "splitRatio": 0"#,
            #", "splitRatio": 1"#,
        ] {
            #expect(throws: Never.self, "\(primary)") { _ = try SceneDecoder.decode(Array(Self.scene(primary).utf8)) }
        }
        let region =
            axis == "horizontal"
            ? #", "reservedRegions": [{"x": 500, "y": 0, "width": 0, "height": 700}]"#
            : #", "reservedRegions": [{"x": 0, "y": 350, "width": 1000, "height": 0}]"#
        #expect(throws: Never.self) { _ = try SceneDecoder.decode(Array(Self.scene("", regions: region).utf8)) }
    }

    @Test("refused just past each boundary, naming the place", arguments: ["horizontal", "vertical"])
    func refused(_ axis: String) {
        for (primary, place) in [
            (#", "split": {"\#(axis)": {"ratio": {"ideal": 1.000001}}}"#, "root.primary.split.\(axis).ratio.ideal"),
            (#", "split": {"\#(axis)": {"ratio": {"min": -0.000001}}}"#, "root.primary.split.\(axis).ratio.min"),
            (
                #", "split": {"\#(axis)": {"length": {"min": 40.000001, "ideal": 40}}}"#,
                "root.primary.split.\(axis).length.ideal"
            ),
        ] {
            #expect("\(primary)") {
                _ = try SceneDecoder.decode(Array(Self.scene(primary).utf8))
            } throws: { error in
                "\(error)".hasPrefix(place)
            }
        }
    }
}

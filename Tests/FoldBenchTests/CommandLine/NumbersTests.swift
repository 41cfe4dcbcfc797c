import ArrangementModel
import Foundation
import ReferenceResolver
import Support
import TestSupport
import Testing
import Workloads

@testable import Fixtures
@testable import FoldBenchCLI
@testable import Runs

/// The contract's arithmetic ("Numbers" in docs/contract.md) on the default fixture set:
/// contexts from whole pixels, every pane inside its parent, no sliver.
@Suite("Numbers on the default set")
struct NumbersTests {
    /// Every distinct context of the default set with its scenario's tree and the grid it
    /// must lie on (the device's, or the generated scenarios' 3×).
    func defaultSet() throws -> [(name: String, tree: ArrangementTree, grid: PixelGrid, contexts: Set<LayoutContext>)] {
        let catalog = try CatalogFiles.load(deviceFiles: [], motionFiles: [])
        var sets: [(String, ArrangementTree, PixelGrid, Set<LayoutContext>)] = []
        for (scenario, direction) in FixtureFiles.defaultScenarios(catalog: catalog) {
            let workload = try Workload(
                scenario, catalog: catalog, frames: FixtureFiles.defaultFrames, direction: direction)
            sets.append(
                (
                    FixtureFiles.name(scenario, direction: direction), workload.tree, workload.device.grid,
                    Set(workload.contexts)
                ))
        }
        for seed in FixtureFiles.generatedSeeds {
            let generated = try FixtureFiles.generated(seed: seed)
            sets.append((generated.name, generated.tree, FixtureFiles.generatedGrid, Set(generated.contexts)))
        }
        return sets
    }

    @Test("every context of the default set comes from whole pixels: each number pixels / scale, one division")
    func wholePixels() throws {
        var (contexts, off) = (0, [String]())
        for scenario in try defaultSet() {
            for context in scenario.contexts {
                contexts += 1
                if !scenario.grid.holds(context) {
                    off.append("\(scenario.name): \(ResolutionComparison.describe(context)) (\(scenario.grid.scale)x)")
                }
            }
        }
        #expect(contexts > 15_000)
        #expect(off.isEmpty, "\(off.count) contexts off the pixel grid, the first: \(off.prefix(3))")
    }

    @Test("no pane of the default set lies outside its parent, not by a float step, and none is a sliver")
    func panesInsideParents() throws {
        var (panes, outside, thin) = (0, [String](), [String]())
        for scenario in try defaultSet() {
            // Each pane's holder in depth-first order (-1: the root's panes, in the context's bounds).
            let holders = Conformance.holders(scenario.tree)
            for context in scenario.contexts {
                let resolution = ReferenceResolver().resolve(scenario.tree, in: context)
                for (index, layout) in resolution.panes.enumerated() where layout.visible {
                    let holder = holders[index]
                    let parent = holder < 0 ? context.bounds : resolution.panes[holder].frame
                    let frame = layout.frame
                    let place = "\(scenario.name): \(scenario.tree.paneIDs[index]) \(frame) in \(parent)"
                    panes += 1
                    if frame.minX < parent.minX || frame.minY < parent.minY || frame.maxX > parent.maxX
                        || frame.maxY > parent.maxY
                    {
                        outside.append(place)
                    }
                    let tolerance = ArrangementTolerance.of(parent)
                    if [frame.width, frame.height].contains(where: { $0 > 0 && $0 <= tolerance }) {
                        thin.append(place)
                    }
                }
            }
        }
        #expect(panes > 100_000)
        #expect(outside.isEmpty, "\(outside.count) panes outside their parent, the first: \(outside.prefix(3))")
        #expect(thin.isEmpty, "\(thin.count) panes thinner than the tolerance, the first: \(thin.prefix(3))")
    }
}

import ArrangementModel
import ReferenceResolver
import SceneGenerator
import Testing

/// The rule `ContractRule.deciding` names for each pane follows its own decisions, apart
/// from the reference's: each is held here to what its section says the panes look like
/// in the reference's answer, over random scenes.
@Suite("contract rules")
struct ContractRuleTests {
    @Test("each rule named for an arrangement's panes matches what the reference gave them, and every rule occurs")
    func rulesMatchTheAnswers() throws {
        var seen: Set<ContractRule> = []
        for seed in UInt64(1)...1500 {
            var generator = SceneGenerator(seed: seed)
            let (tree, context) = try generator.scene(arrangements: 1...24, maximumDepth: 6)
            let resolution = ReferenceResolver().resolve(tree, in: context)
            let rules = ContractRule.deciding(tree, in: context, resolution: resolution)
            #expect(rules.count == tree.paneCount)
            var index = 0
            func visit(_ arrangement: Arrangement, bounds: Rect?) {
                let first = index
                let second = subtreeEnd(arrangement.primary, from: first + 1)
                let rule = rules[first]
                seen.insert(rule)
                #expect(rules[second] == rule, "seed \(seed): the two panes of one arrangement, one rule")
                var problem = mismatch(
                    rule, bounds: bounds, primary: resolution.panes[first], secondary: resolution.panes[second])
                if problem == nil, let bounds, [.share, .minimum, .maximum].contains(rule) {
                    problem = boundsMismatch(
                        rule, arrangement, in: context, bounds: bounds,
                        answer: (resolution.panes[first], resolution.panes[second]))
                }
                #expect(problem == nil, "seed \(seed), pane \(tree.paneIDs[first]): \(rule.rawValue): \(problem ?? "")")
                for (offset, pane) in [(first, arrangement.primary), (second, arrangement.secondary)] {
                    index = offset + 1
                    guard let nested = pane.arrangement else { continue }
                    let layout = resolution.panes[offset]
                    visit(nested, bounds: layout.visible && bounds != nil ? layout.frame : nil)
                }
            }
            visit(tree.root, bounds: context.bounds)
        }
        let branches = ContractRule.allCases.filter { ![.splitAxis, .order, .sizeClass].contains($0) }
        #expect(Set(branches).isSubset(of: seen), "never seen: \(Set(branches).subtracting(seen))")
    }

    /// For a split solved by §2.2.7: the same two views without their minimums and
    /// maximums (ideals kept) get the same lengths when no bound bound (`share`), and
    /// other lengths when one did. Nil when that holds, or when a fixed preference (its
    /// minimum is its length) makes the test meaningless.
    func boundsMismatch(
        _ rule: ContractRule, _ arrangement: Arrangement, in context: LayoutContext, bounds: Rect,
        answer: (PaneLayout, PaneLayout)
    ) -> String? {
        guard let axis = answer.0.splitAxis else { return "no axis" }
        /// The pane without its minimums, and without its maximum too when `maximum` is false.
        func loosened(_ pane: Pane, keepingMaximum: Bool) -> Pane? {
            var split = pane.split
            var preference = pane.split[axis]
            switch preference {
            case .fixed: return nil
            case .ratio(let range):
                preference = try? .ratio(ideal: range.ideal, max: keepingMaximum ? range.max : nil)
            case .length(let range):
                preference = try? .length(ideal: range.ideal, max: keepingMaximum ? range.max : nil)
            case nil: break
            }
            if axis == .horizontal { split.horizontal = preference } else { split.vertical = preference }
            return try? Pane(
                id: pane.id, layoutPriority: pane.layoutPriority, idealWidth: pane.idealWidth,
                idealHeight: pane.idealHeight, split: split)
        }
        /// Whether the views, loosened, get the lengths of the answer.
        func sameLengths(keepingMaximum: Bool) -> Bool? {
            guard let primary = loosened(arrangement.primary, keepingMaximum: keepingMaximum),
                let secondary = loosened(arrangement.secondary, keepingMaximum: keepingMaximum),
                let tree = try? ArrangementTree(
                    root: Arrangement(style: arrangement.style, primary: primary, secondary: secondary))
            else { return nil }
            var local = context
            local.bounds = bounds
            let free = ReferenceResolver().resolve(tree, in: local)
            return ResolutionComparison.framesAgree(free.panes[0].frame, answer.0.frame)
                && ResolutionComparison.framesAgree(free.panes[1].frame, answer.1.frame)
        }
        guard let free = sameLengths(keepingMaximum: false), let withMaximums = sameLengths(keepingMaximum: true)
        else { return nil }
        switch rule {
        case .share: return free ? nil : "without their bounds the views get other lengths: a bound decided"
        case .minimum: return withMaximums ? "without their minimums the views get the same lengths" : nil
        default:
            return free
                ? "without their bounds the views get the same lengths" : withMaximums ? nil : "a minimum decided"
        }
    }

    /// The index just past `pane` and everything it holds, in depth-first order.
    func subtreeEnd(_ pane: Pane, from start: Int) -> Int {
        guard let nested = pane.arrangement else { return start }
        let afterPrimary = subtreeEnd(nested.primary, from: start + 1)
        return subtreeEnd(nested.secondary, from: afterPrimary + 1)
    }

    /// What is wrong with `rule` for an arrangement in `bounds` (nil: below a hidden
    /// pane) whose panes the reference laid out as given; nil when it fits.
    func mismatch(_ rule: ContractRule, bounds: Rect?, primary: PaneLayout, secondary: PaneLayout) -> String? {
        guard let bounds else {
            return rule == .hiddenBelow && !primary.visible && !secondary.visible ? nil : "below a hidden pane"
        }
        func length(_ pane: PaneLayout) -> Double {
            pane.splitAxis == .horizontal ? pane.frame.width : pane.frame.height
        }
        let both = primary.visible && secondary.visible
        switch rule {
        case .hiddenBelow:
            return "an arrangement in visible bounds"
        case .axisNotAllowed:
            return primary.visible && !secondary.visible && primary.frame == bounds && primary.splitAxis == nil
                ? nil : "not the primary alone"
        case .priority:
            let alone = primary.visible != secondary.visible
            let shown = primary.visible ? primary : secondary
            return alone && shown.frame == bounds && shown.splitAxis == nil ? nil : "not one view alone"
        case .fold:
            guard both, let axis = primary.splitAxis, secondary.splitAxis == axis else { return "not side by side" }
            // The divider's band, a line for a fold, lies between them and belongs to neither.
            let total = length(primary) + length(secondary)
            return total <= bounds.length(along: axis) * (1 + 1e-12) && primary.frame != secondary.frame
                ? nil : "they overlap"
        case .share, .minimum, .maximum:
            guard both, let axis = primary.splitAxis, secondary.splitAxis == axis else { return "not side by side" }
            let total = length(primary) + length(secondary)
            return abs(total - bounds.length(along: axis)) <= 1e-9 * max(1, total) ? nil : "the panes do not tile"
        case .layered:
            return both && primary.frame == bounds && secondary.frame == bounds && primary.zIndex == 1
                && secondary.zIndex == 0 ? nil : "not layered with the primary in front"
        case .overlayEdges:
            return both && primary.splitAxis == nil && primary.zIndex == 0 && secondary.zIndex == 0
                && primary.frame != bounds && secondary.frame != bounds ? nil : "not separated"
        case .splitAxis, .order, .sizeClass:
            return "a rule of a field, never an arrangement's branch"
        }
    }
}

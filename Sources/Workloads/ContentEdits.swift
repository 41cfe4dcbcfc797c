import ArrangementModel

/// What the motions with content edit, and when. The panes they touch are picked from the
/// tree the same way every time (depth-first order), so that a scenario's edits are a
/// function of its name: the lists are the first and last leaf panes, the text field and
/// the detail are the shallowest leaf panes (a subtree there stays within the nesting
/// limit, and a minimum there has room to matter), the sheet
/// is the arrangement the root's second pane holds (the root when it holds none).
extension Motion {
    /// Whether the motion edits the tree as well as moving the device.
    public var editsContent: Bool {
        switch self {
        case .listLoading, .keyboard, .sheet, .detail: true
        default: false
        }
    }

    /// A list's page, in points of ideal height.
    static let listPage = 240.0
    /// How much the text pane's minimum height grows while the keyboard is up.
    static let keyboardGrowth = 400.0

    /// The edits of a timeline of `frames` frames at `refreshRate` on `tree`, by frame
    /// (frame 0 is the tree as the scene has it, so nothing lands there); empty for a
    /// motion without content.
    public func editSchedule(for tree: ArrangementTree, frames: Int, refreshRate: Double) -> [(
        frame: Int, edits: [TreeEdit]
    )] {
        let leaves = Self.leafPanes(tree)
        var schedule: [(frame: Int, edits: [TreeEdit])] = []
        func at(_ frame: Int, _ edits: [TreeEdit]) {
            if frame > 0, frame < frames, !edits.isEmpty { schedule.append((frame, edits)) }
        }
        switch self {
        case .listLoading:
            for (frame, edits) in Self.listLoads(leaves, frames: frames, refreshRate: refreshRate) { at(frame, edits) }
        case .keyboard:
            // The text field with its accessory bar is the shallowest leaf pane (the last of
            // them): with the keyboard its minimum height rises by ``keyboardGrowth`` (its
            // ideal with it, so that the minimum stays under it) and its priority above
            // every other pane's, so that it is the view kept when room runs out; all three
            // fall back as they were.
            guard let shallowest = leaves.map(\.depth).min(),
                let text = leaves.last(where: { $0.depth == shallowest })?.pane
            else { break }
            let raised = text.minHeight + Self.keyboardGrowth
            let priority = (leaves.map(\.pane.layoutPriority).max() ?? 0) + 1
            let up: [TreeEdit] = [
                .setPane(text.id, .idealHeight(max(text.idealHeight, raised))), .setPane(text.id, .minHeight(raised)),
                .setPane(text.id, .layoutPriority(priority)),
            ]
            let down: [TreeEdit] = [
                .setPane(text.id, .minHeight(text.minHeight)), .setPane(text.id, .idealHeight(text.idealHeight)),
                .setPane(text.id, .layoutPriority(text.layoutPriority)),
            ]
            for frame in crossings(at: 0.2, period: 2, frames: frames, refreshRate: refreshRate) { at(frame, up) }
            for frame in crossings(at: 1.2, period: 2, frames: frames, refreshRate: refreshRate) { at(frame, down) }
        case .sheet:
            let (name, target) = Self.sheetTarget(tree)
            let presented: ArrangementStyle =
                switch target.style {
                case .split(let axes): .overlay(axes)
                case .overlay(let axes): .split(axes)
                }
            // fold-cycle's hinge passes 90° closing at 0.125 s and opening at 0.375 s.
            for frame in crossings(at: 0.125, period: 0.5, frames: frames, refreshRate: refreshRate) {
                at(frame, [.setStyle(name, presented)])
            }
            for frame in crossings(at: 0.375, period: 0.5, frames: frames, refreshRate: refreshRate) {
                at(frame, [.setStyle(name, target.style)])
            }
        case .detail:
            guard let host = leaves.min(by: { $0.depth < $1.depth })?.pane,
                let subtree = Self.detailSubtree(avoiding: Set(tree.paneIDs))
            else { break }
            for frame in crossings(at: 0.1, period: 0.5, frames: frames, refreshRate: refreshRate) {
                at(frame, [.insert(host.id, subtree)])
            }
            for frame in crossings(at: 0.35, period: 0.5, frames: frames, refreshRate: refreshRate) {
                at(frame, [.remove(host.id)])
            }
        default:
            break
        }
        return schedule.sorted { $0.frame < $1.frame }
    }

    /// `list-loading`'s edits by frame. The first and the last leaf pane are the lists.
    /// While the phone opens, each sizes itself to its content (a `fixed` height
    /// preference, the ideal height) and loads a page every 6 frames; when the period
    /// starts again (the phone shut) they reload: their ideal and their preference as the
    /// scene has them.
    static func listLoads(_ leaves: [(pane: Pane, depth: Int)], frames: Int, refreshRate: Double) -> [(
        Int, [TreeEdit]
    )] {
        let lists = leaves.count > 1 ? [leaves[0].pane, leaves[leaves.count - 1].pane] : leaves.map(\.pane)
        let period = max(Int((2 * refreshRate).rounded()), 1)
        let opening = Int((0.4 * refreshRate).rounded())
        return (1..<max(frames, 1)).compactMap { frame in
            let step = frame % period
            guard step < opening, step % 6 == 0 else { return nil }
            let pages = Double(step / 6)
            return (
                frame,
                lists.flatMap { list -> [TreeEdit] in
                    let height = TreeEdit.setPane(list.id, .idealHeight(list.idealHeight + pages * Self.listPage))
                    switch step {
                    case 0: return [height, .setPane(list.id, .split(.vertical, list.split.vertical))]
                    case 6: return [.setPane(list.id, .split(.vertical, .fixed)), height]
                    default: return [height]
                    }
                }
            )
        }
    }

    /// The frames at which `at` seconds into a period of `period` seconds is reached
    /// (the first frame at or after it), within `frames` frames.
    func crossings(at: Double, period: Double, frames: Int, refreshRate: Double) -> [Int] {
        let framesPerPeriod = max(Int((period * refreshRate).rounded()), 1)
        let offset = Int((at * refreshRate).rounded(.up))
        return stride(from: offset, to: frames, by: framesPerPeriod).map { $0 }
    }

    /// The leaf panes in depth-first order, with the number of arrangements above each.
    public static func leafPanes(_ tree: ArrangementTree) -> [(pane: Pane, depth: Int)] {
        var leaves: [(pane: Pane, depth: Int)] = []
        var stack: [(pane: Pane, depth: Int)] = [(tree.root.secondary, 1), (tree.root.primary, 1)]
        while let (pane, depth) = stack.popLast() {
            if let nested = pane.arrangement {
                stack.append((nested.secondary, depth + 1))
                stack.append((nested.primary, depth + 1))
            } else {
                leaves.append((pane, depth))
            }
        }
        return leaves
    }

    /// The arrangement a sheet switches, as an edit names it, and the arrangement.
    public static func sheetTarget(_ tree: ArrangementTree) -> (name: String, arrangement: Arrangement) {
        if let nested = tree.root.secondary.arrangement { return (tree.root.secondary.id, nested) }
        return (TreeEdit.rootPane, tree.root)
    }

    /// A detail: a list over a body, with ids the tree does not use.
    public static func detailSubtree(avoiding ids: Set<String>) -> Arrangement? {
        var suffix = ""
        var attempt = 0
        while ids.contains("detail-list\(suffix)") || ids.contains("detail-body\(suffix)") {
            attempt += 1
            suffix = "-\(attempt)"
        }
        guard let list = try? Pane(id: "detail-list\(suffix)", minHeight: 120),
            let body = try? Pane(id: "detail-body\(suffix)", minHeight: 200)
        else { return nil }
        return Arrangement(style: .split(.vertical), primary: list, secondary: body)
    }
}

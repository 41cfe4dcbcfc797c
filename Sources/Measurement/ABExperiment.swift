import Foundation
import Support

/// How `foldbench ab` measures: trials, each a fresh process holding both builds,
/// whose turns alternate batch by batch in a random order.
public struct ABOptions: Sendable {
    /// Frames in each scenario's timeline.
    public var frames = 600
    /// The shortest turn: a batch lasts at least this long.
    public var minimumBatchNanoseconds = 1_000_000.0
    /// Turns of each build per trial: 60, for about 0.15 s a trial more than 20 cut the
    /// spread of trials on one pair of layouts by a quarter (docs/measurements.md).
    public var rounds = 64
    /// Placements of each build inside one trial: copies of its library, each loaded at
    /// an address of its own with its variant prepared at a heap offset of its own. The
    /// rounds go round every pair of placements and the trial's ratio is the mean over the
    /// pairs, so that where one process happened to put the code and the data — which
    /// could make one build 13 % faster than the other for a whole process, either side —
    /// is averaged inside each trial instead of splitting the trials into two camps.
    public var placements = 4
    /// Trials before a verdict may be given: the unit of the statistics.
    public var minimumTrials = 5
    /// Trials at most, and wall time at most, per comparison.
    public var maximumTrials = 160
    public var maximumSeconds = 180.0
    /// A change within ±threshold counts as the same.
    public var threshold = 0.02
    /// Confidence of the intervals, shared out over the comparisons of a run (Bonferroni).
    public var confidence = 0.95
    /// Seeds the order of loading, preparing and the turns.
    public var seed: UInt64 = 0
    /// Code layouts per build at most (see `CodeLayouts` in the command line): trials
    /// take them in turn, `trialsPerLayout` trials on each pair of layouts; 1 when
    /// both builds are single libraries, and each trial is then its own unit.
    public var layouts = 80
    /// Trials on each pair of layouts: two, so that the spread between pairs can be
    /// told from the spread between processes.
    public var trialsPerLayout = 2
    /// The device profiles and traces the scenarios may name, read by each build.
    public var deviceFiles: [String] = []
    public var motionFiles: [String] = []

    public init() {}

    /// Trials measured on one pair of layouts: `trialsPerLayout`, or 1 with one layout.
    public var trialsPerCell: Int { layouts > 1 ? max(trialsPerLayout, 1) : 1 }

    /// The pair of layouts trial `trial` (from 0) runs on.
    public func layout(ofTrial trial: Int) -> Int { (trial / trialsPerCell) % max(layouts, 1) }

    /// The trial counts at which a verdict is looked for: the minimum, doubling, and the
    /// maximum, each at the end of a pair of layouts.
    public var looks: [Int] {
        let cell = trialsPerCell
        func whole(_ count: Int) -> Int { min((count + cell - 1) / cell * cell, maximumTrials) }
        var looks: [Int] = []
        var count = minimumTrials
        while count < maximumTrials {
            if looks.last != whole(count) { looks.append(whole(count)) }
            count *= 2
        }
        return looks.last == maximumTrials ? looks : looks + [maximumTrials]
    }
}

/// One side of a comparison: a build's plugin library and the variant it measures.
public struct ABSide: Sendable {
    public var label: String
    public var plugin: String
    public var variant: VariantName
    /// The shared library holding the variant (the C interface), when it is not built in.
    public var library: String?

    public init(label: String, plugin: String, variant: VariantName, library: String? = nil) {
        self.label = label
        self.plugin = plugin
        self.variant = variant
        self.library = library
    }
}

/// The verdict on the candidate's time against the baseline's.
public enum ABVerdict: String, Sendable {
    /// The whole interval lies above 1 + threshold.
    case slower
    /// The whole interval lies below 1 / (1 + threshold).
    case faster
    /// The whole interval lies within ±threshold.
    case same
    /// None of these: more trials needed, or a change about the size of the threshold.
    case inconclusive
    /// The builds give different answers on the scenario; their times were not compared.
    case differentAnswers = "different answers"
}

/// The candidate/baseline time ratio over trials, with its interval and verdict.
public struct ABEstimate: Sendable, Equatable {
    public var ratio: Double
    public var interval: Interval
    public var verdict: ABVerdict
    /// The smallest change these trials could tell from none: the interval's half-width.
    public var smallestDetectable: Double

    /// From per-trial log ratios and the pair of layouts each ran on: the trials of a
    /// pair are averaged first, so that the unit is a pair of layouts and the interval
    /// covers what code placement does (with one trial per pair, the trials themselves).
    public static func from(
        trialLogRatios logs: [Double], layouts: [Int], threshold: Double, confidence: Double, comparisons: Int
    ) -> ABEstimate {
        from(
            trialLogRatios: LayoutCells(logs: logs, layouts: layouts).means, threshold: threshold,
            confidence: confidence, comparisons: comparisons)
    }

    /// From per-trial log ratios (candidate over baseline): a t interval on their mean
    /// at `confidence` shared over `comparisons` (Bonferroni), judged against `threshold`.
    public static func from(trialLogRatios logs: [Double], threshold: Double, confidence: Double, comparisons: Int)
        -> ABEstimate
    {
        let centre = logs.isEmpty ? 0 : Statistics.mean(logs)
        guard logs.count >= 2 else {
            return ABEstimate(
                ratio: exp(centre), interval: Interval(0, .infinity), verdict: .inconclusive,
                smallestDetectable: .infinity)
        }
        let alpha = (1 - confidence) / Double(max(comparisons, 1))
        let half =
            Statistics.tQuantile(1 - alpha / 2, degrees: logs.count - 1) * Statistics.standardDeviation(logs)
            / Double(logs.count).squareRoot()
        let (lower, upper) = (exp(centre - half), exp(centre + half))
        let verdict: ABVerdict
        if lower > 1 + threshold {
            verdict = .slower
        } else if upper < 1 / (1 + threshold) {
            verdict = .faster
        } else if lower >= 1 / (1 + threshold), upper <= 1 + threshold {
            verdict = .same
        } else {
            verdict = .inconclusive
        }
        return ABEstimate(
            ratio: exp(centre), interval: Interval(lower, upper), verdict: verdict, smallestDetectable: exp(half) - 1)
    }
}

/// Trials grouped by the pair of layouts they ran on, in order of first use.
public struct LayoutCells: Sendable, Equatable {
    public var cells: [[Double]]

    public init(logs: [Double], layouts: [Int]) {
        var order: [Int: Int] = [:]
        cells = []
        for (log, layout) in zip(logs, layouts) {
            if let index = order[layout] {
                cells[index].append(log)
            } else {
                order[layout] = cells.count
                cells.append([log])
            }
        }
    }

    public var means: [Double] { cells.map(Statistics.mean) }

    /// The standard deviation of the log ratio between pairs of layouts, beyond what
    /// the trials inside a pair vary: the one-way random-effects (ANOVA) estimate,
    /// `nil` before two pairs have trials and some pair has two.
    public var layoutDeviation: Double? {
        let counts = cells.map(\.count)
        let total = counts.reduce(0, +)
        guard cells.count >= 2, total > cells.count else { return nil }
        let grand = cells.joined().reduce(0, +) / Double(total)
        let means = self.means
        let between =
            zip(counts, means).map { Double($0) * ($1 - grand) * ($1 - grand) }.reduce(0, +)
            / Double(cells.count - 1)
        let within =
            zip(cells, means).map { cell, mean in cell.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) }.reduce(0, +)
            / Double(total - cells.count)
        // The average pair size, corrected for unequal pairs.
        let size =
            (Double(total) - Double(counts.map { $0 * $0 }.reduce(0, +)) / Double(total)) / Double(cells.count - 1)
        return (max(between - within, 0) / size).squareRoot()
    }

    /// How far one pair of layouts' ratio lies from the mean over layouts, 95 % of the
    /// time: what a comparison on a single pair could be off by from placement alone.
    public var layoutSpread: Double? { layoutDeviation.map { exp(1.96 * $0) - 1 } }
}

/// What one trial found.
public struct ABTrial: Sendable, Equatable {
    /// The median over the trial's rounds of log(candidate time / baseline time).
    public var logRatio: Double
    public var checksumsAgree: Bool
    public var arrangements: Int
    public var batchFrames: Int

    /// What a trial process prints, and the parent reads back: one line of JSON,
    /// `{"logRatio": -0.0123, "checksumsAgree": true, "arrangements": 255, "batchFrames": 64}`.
    public var json: String {
        JSONWriter.write(
            .object([
                ("logRatio", .number(logRatio)), ("checksumsAgree", .bool(checksumsAgree)),
                ("arrangements", .number(Double(arrangements))), ("batchFrames", .number(Double(batchFrames))),
            ]))
    }

    public init(logRatio: Double, checksumsAgree: Bool, arrangements: Int, batchFrames: Int) {
        self.logRatio = logRatio
        self.checksumsAgree = checksumsAgree
        self.arrangements = arrangements
        self.batchFrames = batchFrames
    }

    /// A trial's answer read back; `nil` for anything else.
    public init?(json text: String) {
        guard let value = try? JSONParser.parse(text), case .number(let logRatio)? = value["logRatio"],
            case .bool(let agree)? = value["checksumsAgree"], case .number(let arrangements)? = value["arrangements"],
            case .number(let batch)? = value["batchFrames"], let arrangements = Int(exactly: arrangements),
            let batch = Int(exactly: batch)
        else { return nil }
        self.init(logRatio: logRatio, checksumsAgree: agree, arrangements: arrangements, batchFrames: batch)
    }

    /// One trial, in this process: `placements` copies of each build's library loaded
    /// and each copy's variant prepared, all in a random order at heap offsets of their
    /// own; their checksums compared, one untimed turn each; then `rounds` rounds, round r
    /// on both builds' placement r mod `placements`, one batch each in a random order.
    /// The trial's ratio is the mean over placements of each placement's median (pairing
    /// placement i with i rather than every pair keeps 16 rounds behind each median).
    public static func run(
        scenario: ScenarioName, baseline: ABSide, candidate: ABSide, options: ABOptions, timeDifferentAnswers: Bool
    ) throws(ABFailure) -> ABTrial {
        var generator = SplitMix64(seed: options.seed)
        let count = max(1, options.placements)
        let copies = try PlacementCopies(baseline: baseline.plugin, candidate: candidate.plugin, count: count)
        defer { copies.remove() }
        // Blocks of random sizes allocated ahead of each side's data, kept to the end, so
        // that the data does not lie at the same heap offsets in every placement.
        var padding: [UnsafeMutableRawPointer] = []
        defer { for block in padding { free(block) } }
        var bases: [PluginLibrary.Side?] = Array(repeating: nil, count: count)
        var candidates: [PluginLibrary.Side?] = Array(repeating: nil, count: count)
        // Every copy of both builds, loaded and prepared in a random order.
        var order = (0..<(2 * count)).map { $0 }
        for index in order.indices.reversed() where index > 0 {
            order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
        for slot in order {
            for _ in 0..<generator.next() % 32 {
                if let block = malloc(16 << Int(generator.next() % 8)) { padding.append(block) }
            }
            let isBase = slot < count
            let side = isBase ? baseline : candidate
            let path = isBase ? copies.baseline[slot] : copies.candidate[slot - count]
            let prepared: PluginLibrary.Side
            do {
                prepared = try PluginLibrary(path: path).prepare(
                    scenario: scenario.rawValue, variant: side.variant.rawValue, frames: options.frames,
                    minimumBatchNanoseconds: options.minimumBatchNanoseconds, deviceFiles: options.deviceFiles,
                    motionFiles: options.motionFiles, variantLibrary: side.library)
            } catch {
                // Named by the file the user gave, not by the trial's copy of it.
                throw ABFailure("\(side.label): \(error)".replacingOccurrences(of: path, with: side.plugin))
            }
            if isBase { bases[slot] = prepared } else { candidates[slot - count] = prepared }
        }
        let base = bases.compactMap { $0 }
        let cand = candidates.compactMap { $0 }
        let agree = Set((base + cand).map(\.checksum)).count == 1
        let batch = base[0].batch
        guard agree || timeDifferentAnswers else {
            return ABTrial(logRatio: 0, checksumsAgree: false, arrangements: base[0].arrangements, batchFrames: batch)
        }
        for side in base + cand { _ = side.time(frames: batch) }
        var logs: [[Double]] = Array(repeating: [], count: count)
        for round in 0..<options.rounds {
            let pair = round % count
            let (b, c) = (base[pair], cand[pair])
            let (baseTime, candidateTime): (Double, Double)
            if generator.next() & 1 == 0 {
                baseTime = b.time(frames: batch)
                candidateTime = c.time(frames: batch)
            } else {
                candidateTime = c.time(frames: batch)
                baseTime = b.time(frames: batch)
            }
            logs[pair].append(log(candidateTime / baseTime))
        }
        let medians = logs.filter { !$0.isEmpty }.map(Statistics.median)
        return ABTrial(
            logRatio: medians.reduce(0, +) / Double(medians.count), checksumsAgree: agree,
            arrangements: base[0].arrangements, batchFrames: batch)
    }
}

/// The copies of both builds' libraries one trial loads: copy 0 is the file itself, the
/// others copies in a folder of the trial's own (the dynamic loader opens a file it has
/// open once, so each placement needs a file of its own), removed when the trial ends.
struct PlacementCopies {
    let baseline: [String]
    let candidate: [String]
    private let folder: String?

    init(baseline: String, candidate: String, count: Int) throws(ABFailure) {
        guard count > 1 else {
            (self.baseline, self.candidate, folder) = ([baseline], [candidate], nil)
            return
        }
        let folder = NSTemporaryDirectory() + "foldbench-trial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ABFailure("cannot make \(folder) for the trial's copies: \(error)")
        }
        func copies(_ path: String, _ side: String) throws(ABFailure) -> [String] {
            var paths = [path]
            for index in 1..<count {
                let copy = "\(folder)/\(side)-\(index).so"
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                } catch {
                    throw ABFailure("\(path): cannot copy it for a placement: \(error)")
                }
                paths.append(copy)
            }
            return paths
        }
        self.folder = folder
        self.baseline = try copies(baseline, "baseline")
        self.candidate = try copies(candidate, "candidate")
    }

    /// The copies removed (the libraries stay mapped; the files are no longer needed).
    func remove() {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}

/// One scenario's comparison of two builds.
public struct ABResult: Sendable {
    public var scenario: ScenarioName
    public var baseline: ABSide
    public var candidate: ABSide
    public var arrangements: Int
    public var batchFrames: Int
    public var checksumsAgree: Bool
    public var trialLogRatios: [Double]
    /// The pair of layouts each trial ran on.
    public var trialLayouts: [Int]
    /// How many code layouts each build had to offer: 1 for a library given by path.
    public var layouts: (baseline: Int, candidate: Int)
    public var estimate: ABEstimate
    public var seconds: Double

    /// What code placement alone moves this ratio by (``LayoutCells/layoutSpread``).
    public var layoutSpread: Double? {
        LayoutCells(logs: trialLogRatios, layouts: trialLayouts).layoutSpread
    }

    /// Whether placement alone moves the ratio by more than `threshold`: a verdict of a
    /// single layout at that threshold would be about where the code lies.
    public func layoutBound(threshold: Double) -> Bool { (layoutSpread ?? 0) > threshold }

    /// Whether the trials could resolve the threshold at all: an interval half as wide
    /// as the band of `same` (±threshold) or narrower. When not, `same` was out of reach
    /// and an inconclusive verdict says only that (more trials, or a wider threshold).
    public func resolves(threshold: Double) -> Bool { estimate.smallestDetectable <= threshold }
}

/// Runs the trials of one comparison, each in a fresh process, adding trials while the
/// verdict is inconclusive.
public struct ABExperiment {
    public var options: ABOptions
    /// How many comparisons the run makes (for the Bonferroni share of the confidence).
    public var comparisons: Int
    /// Whether builds whose answers differ are timed anyway.
    public var timeDifferentAnswers = false
    /// Runs one trial in a fresh process, on the pair of code layouts given, and
    /// returns the line it printed.
    public var runTrial:
        (_ scenario: ScenarioName, _ baseline: ABSide, _ candidate: ABSide, _ layout: Int, _ seed: UInt64) throws ->
            String
    /// Layouts each build has (1 for a library given by path), for the report.
    public var layouts = (baseline: 1, candidate: 1)

    public init(
        options: ABOptions, comparisons: Int,
        runTrial: @escaping (ScenarioName, ABSide, ABSide, Int, UInt64) throws -> String
    ) {
        self.options = options
        self.comparisons = comparisons
        self.runTrial = runTrial
    }

    public func run(scenario: ScenarioName, baseline: ABSide, candidate: ABSide, progress: (String) -> Void = { _ in })
        throws -> ABResult
    {
        let started = Clock.now()
        // Each trial's seed: the run's seed mixed with the scenario's name (FNV-1a) and the trial's number.
        var seeds = SplitMix64(
            seed: FNV1a.hash(scenario.rawValue.utf8, from: options.seed ^ FNV1a.offsetBasis))
        var result = ABResult(
            scenario: scenario, baseline: baseline, candidate: candidate, arrangements: 0, batchFrames: 0,
            checksumsAgree: true, trialLogRatios: [], trialLayouts: [], layouts: layouts,
            estimate: ABEstimate.from(
                trialLogRatios: [], threshold: options.threshold, confidence: 0.95, comparisons: 1),
            seconds: 0)
        while true {
            let layout = options.layout(ofTrial: result.trialLogRatios.count)
            let line = try runTrial(scenario, baseline, candidate, layout, seeds.next())
            guard let trial = ABTrial(json: line) else { throw ABFailure("\(scenario): a trial printed '\(line)'") }
            result.arrangements = trial.arrangements
            result.batchFrames = trial.batchFrames
            if !trial.checksumsAgree {
                result.checksumsAgree = false
                guard timeDifferentAnswers else {
                    result.estimate.verdict = .differentAnswers
                    break
                }
            }
            result.trialLogRatios.append(trial.logRatio)
            result.trialLayouts.append(layout)
            let trials = result.trialLogRatios.count
            let seconds = Double(Clock.now() - started) / 1e9
            // A verdict is looked for only at the planned looks (5, 10, 20, … trials, and
            // the last), the error shared over them as over the comparisons: looking after
            // every trial would let noise reach a verdict by chance.
            let looks = options.looks
            let last = trials >= options.maximumTrials || seconds >= options.maximumSeconds
            // With one layout there is no placement to average over: each trial is a unit.
            result.estimate = ABEstimate.from(
                trialLogRatios: result.trialLogRatios,
                layouts: options.layouts > 1 ? result.trialLayouts : Array(result.trialLogRatios.indices),
                threshold: options.threshold, confidence: options.confidence, comparisons: comparisons * looks.count)
            if !(looks.contains(trials) || last) || trials < options.minimumTrials {
                result.estimate.verdict = .inconclusive
            }
            progress(
                "\(scenario): trial \(trials), ratio \(String(format: "%.4f", result.estimate.ratio)) "
                    + result.estimate.interval.text(decimals: 4)
                    + " \(result.estimate.verdict.rawValue) (\(String(format: "%.1f", seconds)) s)")
            if result.estimate.verdict != .inconclusive || last { break }
        }
        result.seconds = Double(Clock.now() - started) / 1e9
        return result
    }
}

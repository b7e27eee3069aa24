/// The exact beat of the half steps of a clip converted to a lower frame rate by keeping whole
/// pictures (see ``CaptureCadence``).
///
/// Each frame of such a clip shows the camera's picture one or two after the last. With the
/// camera at `q` times the clip's rate (1 < q < 2), frame n shows picture ⌊n·q + a⌋, and the
/// frames that moved one picture (half a step) are the k-th at ⌈c + k·P⌉ for a period
/// P = 1 / (2 − q) and some phase c: gaps of ⌊P⌋ and ⌈P⌉ in a fixed pattern (3, 3, 4 for
/// P = 3⅓), not a rhythm that wanders. Judged frame by frame, a frame's change says which
/// frames dipped, but a camera that speeds up or slows down makes the change wander too, and
/// a frame due one early can dip as far as the real one. Fitted over a dozen dips, the pattern
/// says which of the two is due, whatever one frame's change says.
struct ConversionBeat: Equatable {
    /// New pictures from one half step to the next, on average.
    var period: Double
    /// The phases c that fit: the dips lie at ⌈c + k·period⌉ for any c in
    /// `phase.lowerBound < c ≤ phase.upperBound`.
    var phase: ClosedRange<Double>

    /// The periods tried: a conversion keeps between one and two of the camera's pictures a
    /// frame, and a half step every 1.75 to 6 frames is what ``CaptureCadence`` looks for.
    static let periods = stride(from: 1.75, through: 6.0, by: 0.005).map { $0 }

    /// The beat that explains the dips at `positions` (new-picture counts, ascending): all but
    /// at most `outliers` of them on it, and at most `unseen` (`outliers` unless given) of its
    /// own half steps around the dips without one, or, with `unseenShare`, at most that share
    /// of them. Its half steps are counted from a frame before the first dip to a frame after
    /// the last: a dip at either end a frame off the beat leaves its half step unseen, as one
    /// inside does (counted from the first dip, a beat that put the first dip a frame off had
    /// its unseen half step just outside, and came out better than the true beat for it). Nil
    /// when no beat does (no conversion, or a swing's uneven lulls), or when the dips are too
    /// few to tell.
    static func fit(_ positions: [Double], outliers: Int = 2, unseen: Int? = nil, unseenShare: Double? = nil,
                    fewest: Int = 8) -> ConversionBeat? {
        fit(positions, outliers: outliers, unseen: unseen, unseenShare: unseenShare, fewest: fewest, periods: periods)
    }

    /// The periods tried near this beat's (within 0.025): a conversion's beat does not change,
    /// and once found it is looked for there first.
    var nearbyPeriods: some Sequence<Double> { Self.periods.lazy.filter { abs($0 - period) <= 0.025 } }

    /// The phase in the middle of those that fit: the period found is a little off, and the
    /// middle strays least over the frames after the dips.
    private var middlePhase: Double { (phase.lowerBound + phase.upperBound) / 2 }

    /// The same, trying only `periods`.
    static func fit(_ positions: [Double], outliers: Int, unseen: Int? = nil, unseenShare: Double? = nil, fewest: Int,
                    periods: some Sequence<Double>) -> ConversionBeat? {
        let unseen = unseen ?? outliers
        // Which dips an explanation puts on the beat is a mask of 64 bits.
        guard positions.count >= fewest, let first = positions.first, let last = positions.last,
              positions.count <= 64 else { return nil }
        // Each way of saying which dips are on the beat (and which are not) is one explanation;
        // each period and phase that gives it adds to its weight by the range of phases that
        // does. The best explains the most dips with the fewest half steps unseen, and among
        // those, the one that the widest range of periods and phases gives: a period a little
        // off can take in a dip that came a frame early instead of one on time, but only in a
        // sliver of phases.
        var explanations: [(matched: UInt64, score: Int, weight: Double, widest: ConversionBeat, width: Double)] = []
        var order = Array(positions.indices)
        var starts = [Double](repeating: 0, count: positions.count)
        for period in periods {
            for window in windows(positions, period: period, order: &order, starts: &starts) {
                let beat = ConversionBeat(period: period, phase: window.phase)
                let predicted = beat.halfSteps(from: first - 1, through: last + 1)
                let allowed = unseenShare.map { Int(($0 * Double(predicted)).rounded(.down)) } ?? unseen
                guard window.count >= positions.count - outliers, predicted - window.count <= allowed else { continue }
                // A beat twice as fast explains every dip too, but predicts twice as many.
                let score = 2 * window.count - predicted, width = window.phase.upperBound - window.phase.lowerBound
                if let i = explanations.firstIndex(where: { $0.matched == window.matched && $0.score == score }) {
                    explanations[i].weight += width
                    if width > explanations[i].width { (explanations[i].widest, explanations[i].width) = (beat, width) }
                } else {
                    explanations.append((window.matched, score, width, beat, width))
                }
            }
        }
        return explanations.max { ($0.score, $0.weight) < ($1.score, $1.weight) }?.widest
    }

    /// Whether the frame at `position` (a new-picture count) is a half step, for the middle
    /// phase.
    func isHalfStep(at position: Double) -> Bool {
        let c = middlePhase
        // position − 1 < c + k·period ≤ position
        let k = ((position - c) / period).rounded(.down)
        return c + k * period > position - 1
    }

    /// How many of the beat's half steps fall from `first` through `last`.
    private func halfSteps(from first: Double, through last: Double) -> Int {
        let c = middlePhase
        var count = 0
        var k = ((first - 1 - c) / period).rounded(.down)
        while true {
            let step = (c + k * period).rounded(.up)
            if step > last { break }
            if step >= first { count += 1 }
            k += 1
        }
        return count
    }

    /// The ranges of phases (modulo `period`) that put the most of `positions` on the beat:
    /// a dip at s needs s − 1 < c + k·period ≤ s for some k, an arc (start, start + 1] on a
    /// circle of circumference `period`; the best phases are where the most arcs overlap.
    /// `order` and `starts` are room for as many as `positions`.
    private static func windows(_ positions: [Double], period: Double, order: inout [Int], starts: inout [Double])
        -> [(phase: ClosedRange<Double>, count: Int, matched: UInt64)] {
        let n = positions.count
        for (i, s) in positions.enumerated() { starts[i] = s - 1 - ((s - 1) / period).rounded(.down) * period }
        for i in 0..<n { order[i] = i }
        order.sort { starts[$0] < starts[$1] }
        // Sorted, then once more a period on: just past the start of arc j (of the second
        // round) lie the arcs that start in (start_j − 1, start_j].
        func start(_ k: Int) -> Double { k < n ? starts[order[k]] : starts[order[k - n]] + period }
        var best: [(phase: ClosedRange<Double>, count: Int, matched: UInt64)] = []
        var earliest = 0
        for j in n..<(2 * n) {
            // An arc that ends where arc j starts leaves no phase between them (to rounding).
            while start(earliest) <= start(j) - 1 + 1e-9 { earliest += 1 }
            let count = j - earliest + 1
            guard count >= (best.first?.count ?? 0) else { continue }
            var matched: UInt64 = 0
            for k in earliest...j { matched |= 1 << UInt64(order[k % n]) }
            let window = (phase: start(j)...(start(earliest) + 1), count: count, matched: matched)
            if count > (best.first?.count ?? 0) { best = [window] } else { best.append(window) }
        }
        return best
    }
}

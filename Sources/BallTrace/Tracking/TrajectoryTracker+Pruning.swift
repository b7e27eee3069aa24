// Which chains are kept: one of each set of duplicates, and, in clutter, the most promising.
extension TrajectoryTracker {
    /// Which of `tracks` to keep, by index. Chains that end on the same two detections follow
    /// the same object from here on; only one is worth keeping: a reported flight if there is
    /// one, else the longest whose recent points it explains well (a chain that began on a hand
    /// and jumped to the ball explains them badly, and gives way to the ball's own), else the
    /// longest; of two as long, neither explained, the one whose recent points lie nearer a
    /// parabola. A chain of three points or fewer explains any; it takes the place of a longer
    /// one only when that one jumped (see ``jumped(_:)``): a small fast ball's detections
    /// scatter by more than a pixel, and the chain that followed it from its launch is kept.
    /// - Parameter replaced: told of each chain dropped for another (its index, the other's).
    func distinctChains(_ tracks: [Track], replaced: (_ dropped: Int, _ by: Int) -> Void = { _, _ in }) -> [Bool] {
        // A detection is named by its frame and its centre. Tracks are grouped by their last two
        // in an open-addressing table, in index order (a thousand chains a frame in clutter: a
        // probe or two each, where sorting their endings cost more than the rest of this).
        struct Ending: Equatable {
            var step, previousStep: Int
            var x, y, previousX, previousY: Double
            init(_ track: Track) {
                let last = track.last, previous = track.points[track.points.count - 2]
                (step, previousStep) = (last.step, previous.step)
                (x, y, previousX, previousY) = (last.position.x, last.position.y, previous.position.x, previous.position.y)
            }
            var hash: UInt64 {
                // + 0 makes −0 and 0, which are equal, hash alike.
                var h = UInt64(truncatingIfNeeded: step) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: previousStep)
                func mix(_ v: Double) {
                    h = (h ^ (v + 0).bitPattern) &* 0xBF58_476D_1CE4_E5B9
                    h ^= h >> 31
                }
                mix(x); mix(y); mix(previousX); mix(previousY)
                return h
            }
        }
        // Whether each track explains its recent points, whether it jumped, and how far its
        // recent points lie from a parabola, worked out once and only for tracks that meet
        // another on the same two detections (a track is compared with each of its group's best).
        var explains = [Bool?](repeating: nil, count: tracks.count), jumps = explains
        var misfits = [Double?](repeating: nil, count: tracks.count)
        func remembered<Answer>(_ known: inout [Answer?], _ i: Int, _ test: (Track) -> Answer) -> Answer {
            if let answer = known[i] { return answer }
            let answer = test(tracks[i])
            known[i] = answer
            return answer
        }
        // Both tests may fit the same recent points in depth, with two tolerances: once is enough.
        var depthMisfits = [Double?](repeating: nil, count: tracks.count)
        func depthMisfit(_ i: Int) -> Double { remembered(&depthMisfits, i) { Self.depthMisfit(ofRecentPointsOf: $0) } }
        func fits(_ i: Int) -> Bool { remembered(&explains, i) { explainsRecentPoints($0, depthMisfit: { depthMisfit(i) }) } }
        func hasJumped(_ i: Int) -> Bool { remembered(&jumps, i) { jumped($0, depthMisfit: { depthMisfit(i) }) } }
        func misfit(_ i: Int) -> Double {
            remembered(&misfits, i) { MotionFit($0.points.suffix(Self.recentPointsJudged))?.rms ?? .infinity }
        }
        // A reported flight first, then one that explains its recent points, then the longer;
        // each test worked out only when it can still change the answer. A chain too short to
        // be judged explains nothing: a longer one gives way to it only when that one jumped.
        func preferred(_ a: Int, over b: Int) -> Bool {
            if tracks[a].isReported != tracks[b].isReported { return tracks[a].isReported }
            let (na, nb) = (tracks[a].points.count, tracks[b].points.count)
            if na > nb { return nb < Self.judgedPoints ? !hasJumped(a) : !fits(b) || fits(a) }
            if na < nb, na < Self.judgedPoints { return hasJumped(b) }
            // Where either explains its points (a chain too short to be judged always does), the
            // one followed first stays unless only the other explains them. As long as each
            // other and neither explained: the one whose points miss a parabola by less (a chain
            // that took a resting ball or a speck for its first point and a receding flight's
            // next detections misses it by more than the flight's own does).
            let (fitsA, fitsB) = (fits(a), fits(b))
            if na < nb || fitsA || fitsB { return fitsA && !fitsB }
            return misfit(a) < misfit(b)
        }
        var capacity = 16
        while capacity < 2 * tracks.count { capacity *= 2 }
        var kept = [Bool](repeating: false, count: tracks.count)
        withUnsafeTemporaryAllocation(of: (best: Int, ending: Ending?).self, capacity: capacity) { table in
            // Each slot: a group's ending and its best track so far (-1: an empty slot).
            table.initialize(repeating: (best: -1, ending: nil))
            for i in tracks.indices {
                guard tracks[i].points.count >= 2 else { kept[i] = true; continue }
                let ending = Ending(tracks[i])
                var slot = Int(truncatingIfNeeded: ending.hash & UInt64(capacity - 1))
                while table[slot].best >= 0 && table[slot].ending != ending { slot = (slot + 1) & (capacity - 1) }
                if table[slot].best < 0 {
                    table[slot] = (i, ending)
                    kept[i] = true
                } else if preferred(i, over: table[slot].best) {
                    // Within a group, in the order the tracks come: each that is preferred to
                    // the best so far takes its place.
                    kept[table[slot].best] = false
                    replaced(table[slot].best, i)
                    table[slot].best = i
                    kept[i] = true
                } else {
                    replaced(i, table[slot].best)
                }
            }
        }
        return kept
    }

    /// Points a chain needs before its fit says anything about it.
    static let judgedPoints = 4

    /// A chain's recent points, the ones its fit is judged on: its last six.
    static let recentPointsJudged = 6

    /// Whether a parabola (or a path in depth) through a track's last six points lies within
    /// max(1 px, half the ball's radius) of them. Fewer than four points always do.
    /// - Parameter depthMisfit: that fit in depth's misfit when it is already known (see
    ///   ``depthMisfit(ofRecentPointsOf:)``); nil: it is worked out here, if needed.
    func explainsRecentPoints(_ track: Track, depthMisfit: (() -> Double)? = nil) -> Bool {
        explainsRecentPoints(track, allowingForSpeed: false, depthMisfit: depthMisfit)
    }

    /// Whether a track's recent points show it jumped from one object to another: they do not
    /// lie along one path (a parabola, or a path in depth for a chain that travels), each
    /// allowed a tenth of the track's step from frame to frame (see
    /// ``TrackerSettings/timingUncertainty``: a fast ball's blob is a streak whose centre is only
    /// as certain as when the picture was taken, and where along its smear the threshold cut
    /// it; a drive's first streaks, 60 px a frame, miss their path by 5–13 px, and the chain
    /// that followed the ball from them must not give way to one begun on its fourth frame).
    func jumped(_ track: Track, depthMisfit: (() -> Double)? = nil) -> Bool {
        !explainsRecentPoints(track, allowingForSpeed: true, depthMisfit: depthMisfit)
    }

    private func explainsRecentPoints(_ track: Track, allowingForSpeed: Bool, depthMisfit: (() -> Double)?) -> Bool {
        let recent = track.points.suffix(Self.recentPointsJudged)
        guard recent.count >= Self.judgedPoints, let fit = MotionFit(recent) else { return true }
        let radius = track.recentRadius()
        var tolerance = max(1, 0.5 * radius)
        if fit.rms <= tolerance { return true }
        if allowingForSpeed {
            var travelled = 0.0
            for (a, b) in zip(recent, recent.dropFirst()) { travelled += a.position.distance(to: b.position) }
            let perFrame = travelled / Double(max(1, recent.last!.step - recent.first!.step))
            tolerance = max(tolerance, settings.timingUncertainty * perFrame)
            if fit.rms <= tolerance { return true }
        }
        // A ball flying away or coming closer is explained by a path in depth (tried only for
        // a chain that travels: clutter that stays put is most of what is followed), within
        // the noise of a detection: a path in depth bends enough to pass near a chain that
        // jumped from a club to the ball it struck.
        guard recent.first!.position.distance(to: recent.last!.position) > settings.travellingShare * settings.shorterSide else { return false }
        return (depthMisfit?() ?? Self.depthMisfit(ofRecentPointsOf: track)) <= tolerance
    }

    /// How far a track's recent points lie from the path in depth that fits them best, pixels
    /// (rms); infinite when too few are fitted.
    static func depthMisfit(ofRecentPointsOf track: Track) -> Double {
        PerspectiveFit(Array(track.points.suffix(recentPointsJudged)))?.rms ?? .infinity
    }


    /// How likely a track is to be, or become, a reported flight: the cap on live tracks drops
    /// the least likely first, never by arrival order (which, in a cluttered frame, dropped
    /// every new chain, the ball's among them). In order: reported flights; chains that travel
    /// smoothly (within twice the smoothness a flight is held to, over their last six points),
    /// longest first, as the more points, the more evidence; chains of one or two points (a
    /// ball's first detections are among them); chains that hop about (clutter picked from
    /// frame to frame); last, chains that stay put (flickering edges, foliage, a ball at rest,
    /// which a flight leaves at once).
    ///
    /// A chain whose last four points travel smoothly, with no more than two before them, ranks
    /// as a chain of those four would: it began on the hand that let the ball go (the
    /// duplicates' pruning keeps it over the ball's own younger chain, see
    /// ``distinctChains(_:replaced:)``), and ranked with the chains that hop about it was
    /// dropped in the frames a shot rose through a panning camera's clutter, the flight then
    /// found ten frames after its release. A chain with a longer past that its last points do
    /// not continue (a shuttle's, across the stroke that turned it) follows something else's
    /// past: kept with the smooth ones, it was kept over the shuttle's own chain after the
    /// stroke, and never reported.
    func promise(of track: Track) -> (tier: Int, points: Int) {
        let n = track.points.count
        if track.isReported { return (0, n) }
        if n == 1 { return (2, 1) }
        let recent = track.points.suffix(Self.recentPointsJudged), radius = track.recentRadius()
        guard Self.travels(recent, radius: radius, settings: settings) else { return (n == 2 ? 2 : 4, n) }
        guard n >= 4 else { return (n == 2 ? 2 : 1, n) }
        let tolerance = 2 * BallisticTest.smoothnessTolerance(radius: radius)
        if (MotionFit(recent)?.rms ?? .infinity) <= tolerance { return (1, n) }
        let latest = track.points.suffix(Self.latestPointsJudged)
        if n > latest.count, n <= latest.count + Self.pointsBeforeRelease, Self.travels(latest, radius: radius, settings: settings),
           (MotionFit(latest)?.rms ?? .infinity) <= tolerance {
            return (1, latest.count)
        }
        return (3, n)
    }

    /// The newest points a chain whose older ones are not smooth is ranked on (see ``promise(of:)``).
    static let latestPointsJudged = 4

    /// The most points a chain ranked on its newest ones may have before them: the hand's last
    /// frames before it let the ball go.
    static let pointsBeforeRelease = 2

    /// Whether `points` move farther from the first of them than a chain's detections of
    /// something at rest scatter: the least gate, or the ball's width.
    static func travels(_ points: ArraySlice<TrackPoint>, radius: Double, settings: TrackerSettings) -> Bool {
        let first = points.first!.position
        let extent = points.reduce(0.0) { max($0, $1.position.distance(to: first)) }
        return extent >= max(settings.minimumGate, 2 * radius)
    }

    /// Keeps the ``TrackerSettings/maximumLiveChains`` most promising chains: by tier, then the
    /// most points, then the oldest (the lowest index). Each chain's rank is one integer, sorted
    /// without a comparison closure (a thousand chains and more, every frame in clutter).
    mutating func keepMostPromising() {
        let field = 1 << 24
        precondition(active.count < field, "more live chains than a rank can tell apart")
        let ranks = active.indices.map { t -> Int in
            let promise = promise(of: active[t])
            return (promise.tier * field + (field - 1 - min(promise.points, field - 1))) * field + t
        }.sorted()
        var kept = [Bool](repeating: false, count: active.count)
        for rank in ranks.prefix(settings.maximumLiveChains) { kept[rank % field] = true }
        active.keepOnly(kept)
    }
}

extension Array {
    /// Keeps the elements whose flag is set, in their order, moving them into place rather than
    /// copying them (each copy of a track retains its points and its fits): swapped through the
    /// buffer, whose `swapAt` moves bytes, where `Array.swapAt` copies each element out and back.
    mutating func keepOnly(_ flags: [Bool]) {
        let count = withUnsafeMutableBufferPointer { elements in
            var count = 0
            for i in elements.indices where flags[i] {
                if count != i { elements.swapAt(count, i) }
                count += 1
            }
            return count
        }
        removeSubrange(count...)
    }
}

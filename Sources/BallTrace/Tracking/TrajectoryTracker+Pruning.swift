// Which chains are kept: one of each set of duplicates, and, in clutter, the most promising.
extension TrajectoryTracker {
    /// Which of `tracks` to keep, by index. Chains that end on the same two detections follow
    /// the same object from here on; only one is worth keeping: a reported flight if there is
    /// one, else the longest whose recent points it explains well (a chain that began on a hand
    /// and jumped to the ball explains them badly, and gives way to the ball's own), else the
    /// longest.
    func distinctChains(_ tracks: [Track]) -> [Bool] {
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
        // Whether each track explains its recent points, worked out once and only for tracks
        // that meet another on the same two detections.
        var explains = [Bool?](repeating: nil, count: tracks.count)
        func fits(_ i: Int) -> Bool {
            if let known = explains[i] { return known }
            let result = explainsRecentPoints(tracks[i])
            explains[i] = result
            return result
        }
        // A reported flight first, then one that explains its recent points, then the longer;
        // each test worked out only when it can still change the answer.
        func preferred(_ a: Int, over b: Int) -> Bool {
            if tracks[a].isReported != tracks[b].isReported { return tracks[a].isReported }
            if tracks[a].points.count > tracks[b].points.count { return !fits(b) || fits(a) }
            return fits(a) && !fits(b)
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
                    table[slot].best = i
                    kept[i] = true
                }
            }
        }
        return kept
    }

    func explainsRecentPoints(_ track: Track) -> Bool {
        let recent = track.points.suffix(6)
        guard recent.count >= 4, let fit = MotionFit(recent) else { return true }
        let tolerance = max(1, 0.5 * track.recentRadius())
        if fit.rms <= tolerance { return true }
        // A ball flying away or coming closer is explained by a path in depth (tried only for
        // a chain that travels: clutter that stays put is most of what is followed).
        guard recent.first!.position.distance(to: recent.last!.position) > settings.travellingShare * settings.shorterSide else { return false }
        return (PerspectiveFit(Array(recent))?.rms ?? .infinity) <= tolerance
    }


    /// How likely a track is to be, or become, a reported flight: the cap on live tracks drops
    /// the least likely first, never by arrival order (which, in a cluttered frame, dropped
    /// every new chain, the ball's among them). In order: reported flights; chains that travel
    /// smoothly (within twice the smoothness a flight is held to, over their last six points),
    /// longest first, as the more points, the more evidence; chains of one or two points (a
    /// ball's first detections are among them); chains that hop about (clutter picked from
    /// frame to frame); last, chains that stay put (flickering edges, foliage, a ball at rest,
    /// which a flight leaves at once).
    func promise(of track: Track) -> (tier: Int, points: Int) {
        let n = track.points.count
        if track.isReported { return (0, n) }
        if n == 1 { return (2, 1) }
        let recent = track.points.suffix(6)
        let first = recent.first!.position
        let extent = recent.reduce(0.0) { max($0, $1.position.distance(to: first)) }
        guard extent >= max(settings.minimumGate, 2 * track.recentRadius()) else { return (n == 2 ? 2 : 4, n) }
        guard n >= 4 else { return (n == 2 ? 2 : 1, n) }
        let smooth = (MotionFit(recent)?.rms ?? .infinity) <= 2 * BallisticTest.smoothnessTolerance(radius: track.recentRadius())
        return (smooth ? 1 : 3, n)
    }

    mutating func keepMostPromising() {
        let ranked = active.indices.map { (index: $0, promise: promise(of: active[$0])) }
            .sorted { ($0.promise.tier, -$0.promise.points, $0.index) < ($1.promise.tier, -$1.promise.points, $1.index) }
        var kept = [Bool](repeating: false, count: active.count)
        for chain in ranked.prefix(settings.maximumLiveChains) { kept[chain.index] = true }
        active.keepOnly(kept)
    }
}

extension Array {
    /// Keeps the elements whose flag is set, in their order, moving them into place rather than
    /// copying them (each copy of a track retains its points and its fits).
    mutating func keepOnly(_ flags: [Bool]) {
        var count = 0
        for i in indices where flags[i] {
            if count != i { swapAt(count, i) }
            count += 1
        }
        removeSubrange(count...)
    }
}

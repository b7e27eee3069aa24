/// Where blobs become tracks, and tracks become trajectories.
///
/// Fed the filtered blobs of each analysed frame in order, it extends every reported flight by
/// prediction and gating (one blob each, exclusively), lets every other chain take its nearest
/// blob without exclusivity until its motion is known (a chain of clutter cannot take a ball's
/// detection away from the ball's own chain), starts a chain at every blob no flight took, drops
/// chains that duplicate one another, ends chains missed too long, and reports a chain — under
/// the UUID it was born with — once its last `trajectoryLength` points pass the
/// ``BallisticTest``. Memory is bounded by what is in view, plus the reported trajectories.
public struct TrajectoryTracker: Sendable {
    public let settings: TrackerSettings
    private let test: BallisticTest
    private var active: [Track] = []
    /// Reported trajectories that have ended, in the order they ended.
    public private(set) var completed: [Track] = []
    /// Cap on live tracks: noise must not make association quadratic in the clip's length.
    private let maximumActiveTracks = 1000
    /// Analysed frames so far.
    private var step = 0

    public init(settings: TrackerSettings) {
        self.settings = settings
        test = BallisticTest(shorterSide: settings.shorterSide)
    }

    /// Reported trajectories still in flight.
    public var inFlight: [Track] { active.filter(\.isReported) }

    /// Every reported trajectory so far, ended ones first, by first detection.
    public var reported: [Track] {
        (completed + inFlight).sorted { ($0.points[0].time, $0.id.uuidString) < ($1.points[0].time, $1.id.uuidString) }
    }

    /// Tracks being followed, reported or not (diagnostics).
    public var activeTrackCount: Int { active.count }

    public mutating func update(frame: Int, time: Double, blobs: [Blob]) {
        step += 1
        let expectations = active.map { track -> Expectation in
            let p = track.prediction(at: time, settings: settings)
            return Expectation(center: p.center, gate: p.gate, radius: track.recentRadius())
        }
        let flights = active.indices.filter { active[$0].isReported }
        let chains = active.indices.filter { !active[$0].isReported }
        var extended = Set<Int>()
        var takenByFlights = Set<Int>()

        // Reported flights first, one blob each: a flight keeps its ball.
        for (e, b) in associateExclusively(flights.map { expectations[$0] }, blobs) {
            active[flights[e]].append(point(blobs[b], frame: frame, time: time))
            extended.insert(flights[e])
            takenByFlights.insert(b)
        }
        // Every other chain takes its nearest remaining blob, shared: until a chain is known to
        // be a ball, a chain of clutter must not be able to take the ball's detection from the
        // ball's own chain. A chain of one point has no direction yet, so it branches to its few
        // nearest blobs (a ball just released is nearer the hand than where it will be next).
        var branches: [Track] = []
        let free = Set(blobs.indices).subtracting(takenByFlights)
        for (e, chosen) in associateNearest(chains.map { expectations[$0] }, blobs, available: free, limit: 3) {
            let t = chains[e]
            if active[t].points.count == 1 {
                for b in chosen.dropFirst() {
                    var branch = Track(first: active[t].points[0])
                    branch.append(point(blobs[b], frame: frame, time: time))
                    branches.append(branch)
                }
            }
            active[t].append(point(blobs[chosen[0]], frame: frame, time: time))
            extended.insert(t)
        }
        for t in active.indices where !extended.contains(t) { active[t].missedFrames += 1 }

        var ended = Set<Int>()
        // A reported track that turns back was not a ball after all (a club at the top of its
        // backswing decelerates like one): it is withdrawn.
        for t in extended where active[t].isReported {
            let recent = Array(active[t].points.suffix(3 * settings.trajectoryLength))
            if test.reversesHorizontally(recent, tolerance: max(1, 0.35 * active[t].recentRadius())) {
                active[t].reportedAtFrame = nil
                ended.insert(t)
            }
        }
        // Longest chains first: when several follow the same ball, the one that has followed it
        // longest is reported and the others, which end on the same detection, are dropped.
        let ready = extended.filter { !active[$0].isReported && active[$0].points.count >= settings.trajectoryLength }
            .sorted { (active[$0].points.count, $1) > (active[$1].points.count, $0) }
        for t in ready where !ended.contains(t) {
            let recent = Array(active[t].points.suffix(settings.trajectoryLength))
            guard case .ballistic(let fit) = test.evaluate(recent) else { continue }
            active[t].reportedAtFrame = frame
            active[t].dropFirst(unrelatedLeadingPoints(of: active[t], fit: fit))
            let last = active[t].last
            for other in extended where other != t && !active[other].isReported && active[other].last == last {
                ended.insert(other)
            }
        }

        var kept: [Track] = []
        for (t, track) in active.enumerated() {
            // Occlusion is bridged for chains long enough to predict well; short ones are
            // mostly clutter and go sooner.
            let limit = track.points.count < 3 ? 1 : track.points.count < 6 ? 2 : settings.maximumMissedFrames
            if ended.contains(t) { continue }
            if track.missedFrames > limit {
                if track.isReported { completed.append(track) }
            } else {
                kept.append(track)
            }
        }
        active = withoutDuplicates(kept + branches)
        active.removeLast(max(0, active.count - maximumActiveTracks))
        // Every blob no reported flight took starts a new chain, even one another chain took:
        // that chain may have taken it wrongly (a ball leaving a hand is first seen on the
        // hand's chain). Duplicates following the same ball are dropped when one is reported.
        for b in blobs.indices where !takenByFlights.contains(b) && active.count < maximumActiveTracks {
            active.append(Track(first: point(blobs[b], frame: frame, time: time)))
        }
    }

    /// Ends every track, as at the end of the clip.
    public mutating func finish() {
        completed.append(contentsOf: active.filter(\.isReported))
        active.removeAll()
    }

    /// Chains that end on the same two detections follow the same object from here on; only
    /// one is worth keeping: a reported flight if there is one, else the longest whose recent
    /// points it explains well (a chain that began on a hand and jumped to the ball explains
    /// them badly, and gives way to the ball's own), else the longest.
    private func withoutDuplicates(_ tracks: [Track]) -> [Track] {
        struct Ending: Hashable { var last: TrackPoint; var previous: TrackPoint }
        var best: [Ending: Int] = [:]
        var single: [Int] = []
        for (i, track) in tracks.enumerated() {
            guard track.points.count >= 2 else { single.append(i); continue }
            let key = Ending(last: track.last, previous: track.points[track.points.count - 2])
            if let j = best[key] {
                if preferred(track, over: tracks[j]) { best[key] = i }
            } else {
                best[key] = i
            }
        }
        return (single + best.values).sorted().map { tracks[$0] }
    }

    private func preferred(_ a: Track, over b: Track) -> Bool {
        if a.isReported != b.isReported { return a.isReported }
        let aFits = explainsRecentPoints(a), bFits = explainsRecentPoints(b)
        if aFits != bFits { return aFits }
        return a.points.count > b.points.count
    }

    private func explainsRecentPoints(_ track: Track) -> Bool {
        let recent = track.points.suffix(6)
        guard recent.count >= 4, let fit = MotionFit(recent) else { return true }
        return fit.rms <= max(1, 0.5 * track.recentRadius())
    }

    /// How many of a track's first points, before its ballistic window, the flight does not
    /// explain: a chain may start on a club head or a hand and only then find the ball.
    private func unrelatedLeadingPoints(of track: Track, fit: MotionFit) -> Int {
        var first = track.points.count - settings.trajectoryLength
        let tolerance = max(2, 1.5 * track.recentRadius(), 3 * fit.rms)
        while first > 0 {
            let p = track.points[first - 1]
            guard fit.position(at: p.time).distance(to: p.position) <= tolerance else { break }
            first -= 1
        }
        return first
    }

    private func point(_ blob: Blob, frame: Int, time: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: time, position: blob.center, radius: blob.radius, step: step,
                   elongation: blob.elongation, orientation: blob.orientation)
    }
}

extension TrajectoryTracker {
    /// A chain that lost its ball takes back the chain that carried on from its last detection.
    ///
    /// A small ball's detection is a few pixels wide: one centre pulled a few pixels off (by a
    /// hand it leaves, by compression) bends a young chain's parabola, whose prediction then
    /// misses the ball's next detections by more than the gate, one frame after another. The
    /// ball is not lost: the chain spawned at that last detection follows it on. Once that chain
    /// has two detections past the shared one, and the two chains' points lie on one smooth path
    /// (a parabola in the picture, or one in depth, within the scatter a ball of that size may
    /// have), they are one object's: the older chain takes the newer one's points and goes on,
    /// so that the flight is judged, and reported, whole under one UUID instead of as two
    /// short pieces. Only what moves as fast as a flight worth reporting, without turning back
    /// (clutter standing still or jittering lies on a smooth path as well: its chains are
    /// better left to end). Reported flights keep their ball by other means (gating first,
    /// faint spots, bridging), and a chain of fewer than five points has no path to agree with.
    mutating func adoptContinuations(extended: inout [Bool], ended: inout [Bool]) {
        // Lost for two frames or more (the continuation has two detections past the shared
        // one), and moving as a flight does: most chains in clutter stand nearly still.
        let lost = active.indices.filter { t in
            guard !extended[t], !ended[t], !active[t].isReported, active[t].points.count >= Self.leastPointsToAdopt,
                  active[t].missedFrames >= 2, active[t].last.step + active[t].missedFrames == step else { return false }
            let recent = active[t].points.suffix(settings.trajectoryLength)
            let motion = test.motionPerFrame(recent, radius: recent.reduce(0) { $0 + $1.radius } / Double(recent.count))
            return motion.median >= motion.least
        }
        guard !lost.isEmpty else { return }
        let young = active.indices.filter { s in
            extended[s] && !ended[s] && !active[s].isReported && active[s].points.count == 3
        }
        guard !young.isEmpty else { return }
        // The young chains by the detection they began on (hundreds of each in clutter).
        var youngByStart: [TrackPoint.Detection: [Int]] = [:]
        for s in young { youngByStart[active[s].points[0].detection, default: []].append(s) }
        for t in lost {
            let last = active[t].last
            var best: (index: Int, rms: Double)?
            for s in youngByStart[last.detection] ?? [] where !ended[s] {
                let joined = Array((active[t].points + active[s].points.dropFirst()).suffix(settings.trajectoryLength))
                let radius = joined.reduce(0) { $0 + $1.radius } / Double(joined.count)
                let motion = test.motionPerFrame(joined, radius: radius)
                // The continuation itself moves on at a flight's pace, frame after frame.
                let carriesOn = zip(active[s].points, active[s].points.dropFirst()).allSatisfy { a, b in
                    a.position.distance(to: b.position) >= motion.least * Double(b.step - a.step)
                }
                guard carriesOn, motion.median >= motion.least, let rms = misfitOfOneSmoothPath(joined) else { continue }
                if rms < best?.rms ?? .infinity { best = (s, rms) }
            }
            guard let best else { continue }
            for point in active[best.index].points.dropFirst() { active[t].append(point) }
            extended[t] = true
            ended[best.index] = true
        }
    }

    /// Fewest points a chain needs before it may take back its continuation: enough for its
    /// path to be more than any three points' parabola.
    static let leastPointsToAdopt = 5

    /// How far the points, joined from two chains or flights, lie from one smooth path that
    /// never turns back sideways (see `smoothMisfit`, `BallisticTest.reversesHorizontally`),
    /// pixels (rms); nil when they do not lie on one.
    func misfitOfOneSmoothPath(_ joined: [TrackPoint]) -> Double? {
        let radius = joined.reduce(0) { $0 + $1.radius } / Double(joined.count)
        let picture = MotionFit(joined)
        guard let rms = Self.smoothMisfit(joined, picture: picture),
              !test.reversesHorizontally(joined, fit: picture, tolerance: BallisticTest.smoothnessTolerance(radius: radius))
        else { return nil }
        return rms
    }

    /// How far the points lie from one smooth path, pixels (rms): `picture`, their parabola in
    /// the picture, or one in depth for a ball flying toward or away from the camera (judged
    /// only when their size changes as such a ball's does); nil when neither is within the
    /// scatter a ball of their size may have (``BallisticTest/smoothnessTolerance(radius:)``).
    static func smoothMisfit(_ points: [TrackPoint], picture: MotionFit?) -> Double? {
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        let tolerance = BallisticTest.smoothnessTolerance(radius: radius)
        if let picture, picture.rms <= tolerance { return picture.rms }
        if PerspectiveFit.sizeSuggestsDepth(points), let depth = PerspectiveFit(points), depth.rms <= tolerance { return depth.rms }
        return nil
    }
}

extension TrajectoryTracker {
    /// Where a just-confirmed flight carries on a reported flight that lost its ball: the
    /// flight (in `active`, bridging its gap, or among those `completed` as lost) and how many
    /// of its points to keep.
    struct LostFlight {
        enum Place { case active(Int), completed(Int) }
        var place: Place
        var kept: Int
    }

    /// The reported flight that `flight` is the same ball of, picked up again after the older
    /// one lost it.
    ///
    /// A small ball's detection may fail for a frame or two (compression, a faint patch of
    /// sky), and a flight that then takes something near its guess (a speck, the ball's ghost
    /// where it just was) bends its path away from the ball and loses it, while a chain begun
    /// on the ball's next detection follows it on and is confirmed as a flight of its own: one
    /// ball under two UUIDs, the second without its launch. The older flight takes the newer
    /// one's points back when the two are one object's motion: the older flight's points
    /// before the newer one's first detection, less up to ``mostPointsTakenWhileLosing`` of its
    /// last (what it took as it lost the ball), and the newer flight's first points lie on one
    /// smooth path (a parabola in the picture, or one in depth; see `smoothMisfit`) within the
    /// scatter a ball of their size may have, never turning back sideways or pulled upward,
    /// across a gap the tracker would have bridged (`settings.maximumGap`). A flight that left
    /// the picture, ran to the end of the clip or landed (its ball seen lying where it came down)
    /// is not taken up again; one that ended as
    /// struck or bounced is, when the ball is found again on the path it flew before (what it
    /// took was something it passed: a true strike or bounce sends the ball off that path).
    /// Nil when none qualifies; of several, the one whose joined path fits closest.
    func lostFlight(continuedBy flight: Track, extended: [Bool]) -> LostFlight? {
        let first = flight.points[0], length = settings.trajectoryLength
        let later = Array(flight.points.prefix(length))
        var best: (flight: LostFlight, rms: Double)?
        func consider(_ older: Track, at place: LostFlight.Place) {
            guard older.isReported, older.id != flight.id, older.ending == nil || older.ending == .bounced else { return }
            let before = older.points.prefix { $0.step < first.step }.count
            // Kept: at least `length` points (the stride is empty when fewer come before).
            for kept in stride(from: before, through: max(length, before - Self.mostPointsTakenWhileLosing), by: -1) {
                guard first.time - older.points[kept - 1].time <= settings.maximumGap else { break }
                let joined = Array(older.points[..<kept].suffix(length)) + later
                guard let rms = misfitOfOneSmoothPath(joined), !isPulledUpwardSomewhere(joined, inDepth: older.isSeenInDepth) else { continue }
                if rms < best?.rms ?? .infinity { best = (LostFlight(place: place, kept: kept), rms) }
                break
            }
        }
        for f in active.indices where !extended[f] && active[f].missedFrames > 0 { consider(active[f], at: .active(f)) }
        for c in completed.indices.reversed() {
            guard let last = completed[c].points.last, first.time - last.time <= 2 * settings.maximumGap else { continue }
            consider(completed[c], at: .completed(c))
        }
        return best?.flight
    }

    /// The reported flight, confirmed after `ended` lost its ball, that is the same ball picked
    /// up again: its first points and the last of `ended` lie on one smooth path, across a gap
    /// the tracker would have bridged, nowhere pulled upward (as ``lostFlight(continuedBy:extended:)``
    /// asks of a flight confirmed after the older one lost its ball; here the older one went on
    /// with something else until that showed). Of several, the one whose joined path fits
    /// closest; nil when none does.
    func flightContinuing(_ ended: Track, besides index: Int) -> Int? {
        let length = settings.trajectoryLength, last = ended.last
        var best: (index: Int, rms: Double)?
        for f in active.indices where f != index && active[f].isReported && active[f].points[0].step > last.step
            && active[f].points[0].time - last.time <= settings.maximumGap {
            let joined = Array(ended.points.suffix(length)) + active[f].points.prefix(length)
            guard let rms = misfitOfOneSmoothPath(joined), !isPulledUpwardSomewhere(joined, inDepth: ended.isSeenInDepth),
                  rms < best?.rms ?? .infinity else { continue }
            best = (f, rms)
        }
        return best?.index
    }

    /// The most points a flight that loses its ball may take before it misses a frame: what
    /// lay near its guess in the frames it lost the ball in.
    static let mostPointsTakenWhileLosing = 2
}

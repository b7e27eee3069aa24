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
                guard carriesOn, motion.median >= motion.least else { continue }
                let picture = MotionFit(joined)
                guard let rms = Self.smoothMisfit(joined, picture: picture),
                      !test.reversesHorizontally(joined, fit: picture, tolerance: BallisticTest.smoothnessTolerance(radius: radius))
                else { continue }
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

extension TrajectoryTracker {
    /// A long chain that was no flight in the clip's time but is one in a slower time: what a
    /// clip filmed in slow motion and played at its normal rate shows of a ball (see
    /// ``AnalysisSettings/slowMotion``).
    struct SlowedFlight: Sendable, Hashable {
        /// How many times slower than life the clip would play for the chain to be a flight.
        var slowing: Double
        /// Points of the chain: the longest such chain is the one kept.
        var points: Int
    }

    /// The slowings tried, the usual factors of a phone's or a broadcast's slow motion (60, 120,
    /// 240 and 480 frames a second played at 30), least first: a path that is a flight at one
    /// slowing is one at the larger ones too (its speed and its fall only grow).
    static let slowingsTried: [Double] = [2, 4, 8, 16]

    /// The least slowing (of ``slowingsTried``) under which the ballistic test passes some
    /// stretch of `3 × trajectoryLength` to `6 × trajectoryLength` points of a chain it could
    /// not report (each ending `trajectoryLength` points before the next: a toss slowed down
    /// creeps over its apex, a ball that landed stays where it came to rest), nil when none.
    /// The least, not the true one: a path that falls as a ball at one slowing falls faster at a
    /// larger one, so the clip is at least that slow (a golf ball's fall passes at half the
    /// slowing it was filmed with).
    ///
    /// A window of `trajectoryLength` points is too short for this: at 8 times slower a tenth of
    /// a second of clip holds an eightieth of life, over which gravity bends no path
    /// measurably; a chain followed for a second or more of a slowed clip holds an eighth of a
    /// second of flight, enough to see it fall. Each slowing scales the chain's times alone:
    /// its speed across the picture grows by the slowing, its fall by the square, and the
    /// test's other rules (smooth, alone, of steady size, falling) stand as they are.
    func slowingThatMakesAFlight(_ chain: Track) -> Double? {
        guard !chain.isReported, chain.points.count >= 3 * settings.trajectoryLength else { return nil }
        let length = settings.trajectoryLength
        var least: Double?
        var end = chain.points.count
        while end >= 3 * length {
            let points = Array(chain.points[max(0, end - 6 * length)..<end])
            end -= length
            // Only a stretch turned away for moving too slowly or not falling: a slower time
            // changes nothing else the test looks at.
            switch test.evaluate(points) {
            case .tooSlow, .weightless: break
            default: continue
            }
            let found = Self.slowingsTried.first { slowing in
                test.evaluate(points.map { point in
                    var slowed = point
                    slowed.time = point.time / slowing
                    return slowed
                }).path != nil
            }
            if let found { least = min(least ?? found, found) }
        }
        return least
    }

    /// Keeps the longest chain a slowing makes a flight of (see ``slowedFlight``), while nothing
    /// has been reported: only a clip without a flight is analysed again in a slower time.
    mutating func noteSlowedFlight(_ chain: Track) {
        guard completed.isEmpty, !active.contains(where: \.isReported),
              chain.points.count > slowedFlight?.points ?? 0, let slowing = slowingThatMakesAFlight(chain) else { return }
        slowedFlight = SlowedFlight(slowing: slowing, points: chain.points.count)
    }
}

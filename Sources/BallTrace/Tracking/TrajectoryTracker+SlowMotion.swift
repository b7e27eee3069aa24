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

    /// The least slowing (of ``slowingsTried``) under which the ballistic test passes the last
    /// `6 × trajectoryLength` points of a chain it could not report, when the chain has at least
    /// `3 × trajectoryLength`: nil otherwise.
    ///
    /// A window of `trajectoryLength` points is too short for this: at 8 times slower a tenth of
    /// a second of clip holds an eightieth of life, over which gravity bends no path
    /// measurably; a chain followed for a second or more of a slowed clip holds an eighth of a
    /// second of flight, enough to see it fall. Each slowing scales the chain's times alone:
    /// its speed across the picture grows by the slowing, its fall by the square, and the
    /// test's other rules (smooth, alone, of steady size, falling) stand as they are.
    func slowingThatMakesAFlight(_ chain: Track) -> Double? {
        guard !chain.isReported, chain.points.count >= 3 * settings.trajectoryLength else { return nil }
        let points = chain.points.suffix(6 * settings.trajectoryLength)
        // Only a chain turned away for moving too slowly or not falling: a slower time changes
        // nothing else the test looks at.
        switch test.evaluate(Array(points)) {
        case .tooSlow, .weightless: break
        default: return nil
        }
        return Self.slowingsTried.first { slowing in
            let slowed = points.map { point in
                var moved = point
                moved.time = point.time / slowing
                return moved
            }
            return test.evaluate(slowed).path != nil
        }
    }

    /// Keeps the longest chain a slowing makes a flight of (see ``slowedFlight``).
    mutating func noteSlowedFlight(_ chain: Track) {
        guard chain.points.count > slowedFlight?.points ?? 0, let slowing = slowingThatMakesAFlight(chain) else { return }
        slowedFlight = SlowedFlight(slowing: slowing, points: chain.points.count)
    }
}

import FoundationEssentials

// What a strike throws up with the ball: turf, sand or dust leaves the club face at the same
// moment and from the same place as the ball, slower, and flies a ballistic path of its own.

extension TrajectoryTracker {
    /// Whether a chain about to be reported is debris of a strike rather than a ball: its path,
    /// carried back to the launch of a flight already reported, passes where that flight began,
    /// and there it moved at less than ``debrisSpeedShare`` of that flight's speed. One strike
    /// launches one ball; a divot's clods and a bunker's sand follow it out of the same spot,
    /// slower (a clod of turf weighs a few grams and leaves the face at a fraction of the ball's
    /// speed), and can stay in view for a second. A ball launched elsewhere, or at another time (a
    /// bounce, a rebound off a rim, a serve struck at the top of its toss, a neighbour's drive on a
    /// range), does not pass through that spot at that moment.
    ///
    /// The launch is the flight's first point, or up to ``launchFramesLost`` analysed frames
    /// before it along its path (a flight found late lost its first frames to the club and the
    /// spray). The chain is carried back no further than ``debrisTraceBack`` times its own span,
    /// and the spot is as large as ``debrisSpotShare`` of the picture's shorter side, three of
    /// the flight's ball's radii, or the ball's first step (the strike falls between pictures).
    func isDebrisOfAStrike(_ chain: Track, path: FlightPath) -> Bool {
        let first = chain.points[0]
        let span = chain.last.time - first.time
        let early = Array(chain.points.prefix(settings.trajectoryLength))
        guard let own = path.refitted(to: early) else { return false }
        func speed(_ v: (x: Double, y: Double)) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
        let flights = completed + inFlight
        return flights.contains { flight in
            // A flight launched longer before the chain than it may be carried back is passed
            // over before anything is fitted (a range session reports hundreds of flights).
            guard flight.id != chain.id, flight.points.count >= settings.trajectoryLength,
                  first.time - flight.points[0].time <= Self.debrisTraceBack * span,
                  let ball = StreakPlacement.path(through: Array(flight.points.prefix(settings.trajectoryLength)),
                                                  inDepth: flight.isSeenInDepth) else { return false }
            let start = flight.points[0], next = flight.points[1]
            let steps = Double(max(1, next.step - start.step))
            let step = (next.time - start.time) / steps
            // The strike falls between two pictures: where the ball was then is known to within
            // what it covers in one.
            let stride = start.position.distance(to: next.position) / steps
            let spot = max(Self.debrisSpotShare * settings.shorterSide, 3 * start.radius, stride)
            return (0...Self.launchFramesLost).contains { k in
                let strike = start.time - Double(k) * step
                guard strike < first.time, first.time - strike <= Self.debrisTraceBack * span,
                      own.reachesBack(to: strike, from: first.time), ball.reachesBack(to: strike, from: start.time) else { return false }
                return own.position(at: strike).distance(to: ball.position(at: strike)) <= spot
                    && speed(own.velocity(at: strike)) < Self.debrisSpeedShare * speed(ball.velocity(at: strike))
            }
        }
    }

    /// How far back a chain is carried to the launch, in multiples of its own span: three. A
    /// clod comes out of the dust cloud and the club's shadow a few tenths of a second after the
    /// strike, and may be seen for only a few more; a parabola carried back three times its
    /// span strays by about nine times its scatter, which at a pixel or two is still inside the
    /// spot. A ball launched elsewhere would also have to pass through that spot at that moment,
    /// slower than the flight launched there, to be taken for debris.
    static let debrisTraceBack = 3.0

    /// The most a strike's debris moves, as a share of the ball's speed at the launch: half.
    static let debrisSpeedShare = 0.5

    /// How near the launch a strike's debris must pass, as a share of the picture's shorter
    /// side: a twentieth (a divot spreads over a hand's width; a path carried back a few tenths
    /// of a second lands within a few of the ball's widths).
    static let debrisSpotShare = 0.05
}

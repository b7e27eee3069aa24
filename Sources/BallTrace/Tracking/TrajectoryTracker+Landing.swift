import FoundationEssentials

// A ball that came down and stayed where it came down has landed: on the ground, a green, a
// court, a mat. Nothing else in a flight's end looks like that: a ball lost against a player or
// too faint to see is gone from where it was last seen; one caught is carried off in the hand
// that caught it; one that bounced flies on (see `markingBounces`).
//
// Whether a ball lies where it came down is seen only in the frames after its flight ended: a
// flight that ends as it comes down (its last window turning as it stops) is judged again as
// those frames arrive, and completed meanwhile as it ended.
extension TrajectoryTracker {
    /// What the frames after a flight's end say of its ball lying where it came down.
    enum Rest {
        /// Seen lying there for ``restDuration`` (or until the clip ended, ``framesAtRest``
        /// frames at least).
        case lying
        /// Not a landing: the flight did not come down so, or a frame after it shows no ball
        /// there.
        case notLying
        /// So far so good, but fewer frames have been analysed since than the judgement needs.
        case tooSoon
    }

    /// A reported flight ends: kept among the completed ones, as landed when its ball came down
    /// and lay there, and to be judged again as frames arrive when that cannot be told yet.
    mutating func complete(_ flight: Track) {
        var ended = flight
        if ended.ending == nil || ended.stoppedWhereItCameDown {
            switch rest(after: ended) {
            case .lying: ended.ending = .landed
            case .notLying: break
            case .tooSoon: landingsToJudge.append(ended.id)
            }
        }
        completed.append(ended)
    }

    /// The completed flights whose landing could not be told when they ended, judged with the
    /// frames analysed since (all of them with what there is, when the clip `ended`).
    mutating func judgeLandings(clipEnded: Bool = false) {
        var waiting: [UUID] = []
        for id in landingsToJudge {
            // A flight taken up again by a later chain is no longer completed (and carried on).
            guard let c = completed.lastIndex(where: { $0.id == id }) else { continue }
            let flight = completed[c]
            switch rest(after: flight, clipEnded: clipEnded) {
            case .lying: completed[c].ending = .landed
            case .notLying: break
            case .tooSoon: waiting.append(id)
            }
        }
        landingsToJudge = waiting
    }

    /// Whether a flight's ball came down and lay where it came down: its last detection is of
    /// the ball's size (the median of its last few), its last step went down the picture at
    /// least 30° below level (``leastLandingSlope``), and it arrived there faster than a
    /// detection scatters (the longer of its last two steps: it did not creep), away from the
    /// picture's edges; and every analysed frame after it, for ``restDuration`` (up to
    /// ``mostFramesAtRest``: the tracker keeps a few frames only, and a clip filmed fast shows
    /// many in that time), holds a blob of the ball's size at one spot, within that scatter:
    /// where the ball came to rest, no higher than its last detection and no further from it
    /// than that step (it lands between two frames) and the scatter. When the clip ends sooner,
    /// ``framesAtRest`` such frames are enough. A flight that stopped dead and stood there is
    /// judged where it arrived (see `endedAtStandstill`).
    ///
    /// A ball lands coming down: a pitch reaching the catcher's glove flies nearly level, and
    /// is not taken for landed however still the glove is held. A ball at rest stays a blob
    /// until the background takes it in, seconds later; a ball lost against something is not
    /// seen where it was, and a flight that ended on a speck beside its ball (an edge of the net
    /// a shuttle passed) ended on something smaller than the ball.
    func rest(after flight: Track, clipEnded: Bool = false) -> Rest {
        let points = (endedAtStandstill(flight) ?? flight).points
        guard points.count >= 2 else { return .notLying }
        let last = points[points.count - 1], before = points[points.count - 2]
        let ball = BallisticTest.medianRadius(points.suffix(Self.landingRadiusPoints))
        let down = last.position.y - before.position.y, across = abs(last.position.x - before.position.x)
        // Arriving: the longer of its last two steps (a ball meeting the ground early in a frame
        // makes only part of its last one).
        let step = points.suffix(3).indices.dropFirst().map { points[$0].position.distance(to: points[$0 - 1].position) }.max()!
        let scatter = BallisticTest.smoothnessTolerance(radius: ball)
        guard isSimilarSize(last.radius, ball), down > 0, down >= Self.leastLandingSlope * across, step > scatter,
              !isCutByTheEdge(last) else { return .notLying }
        // Where it came to rest: no further from its last detection than a step and the scatter
        // (it lands between frames), and no higher (it came down); and there it stays.
        var spot: PixelPoint?
        var seen = 0
        for kept in recentFrames where kept.step > last.step && kept.time <= last.time + Self.restDuration + 1e-9 {
            if seen == Self.mostFramesAtRest { break }
            // A frame the detector did not keep (the tracker keeps the last few): nothing to go on.
            guard kept.step == last.step + seen + 1 else { return .notLying }
            let ballSized = kept.blobs.lazy.filter { isSimilarSize($0.radius, ball) }
            if let spot {
                guard ballSized.contains(where: { $0.center.distance(to: spot) <= scatter }) else { return .notLying }
            } else {
                guard let lying = ballSized.filter({ $0.center.y >= last.position.y - scatter })
                    .min(by: { $0.center.distance(to: last.position) < $1.center.distance(to: last.position) }),
                      lying.center.distance(to: last.position) <= step + scatter else { return .notLying }
                spot = lying.center
            }
            seen += 1
        }
        let covered = (recentFrames.last?.time ?? last.time) >= last.time + Self.restDuration - 1e-9
        if covered || seen >= Self.mostFramesAtRest || clipEnded { return seen >= Self.framesAtRest ? .lying : .notLying }
        return .tooSoon
    }

    /// The least slope of a landing's last step, down over across: tan 30°. A ball dropped,
    /// tossed, lobbed or driven comes down steeper than that where it lands; a pitch or a line
    /// drive reaching a glove does not.
    static let leastLandingSlope = 1 / 3.0.squareRoot()

    /// How long after its last detection a landed ball is looked for lying there, seconds: a
    /// ball on the ground stays a blob for longer; a hand that caught a toss and held it still
    /// for a moment seldom holds it that long.
    static let restDuration = 0.2

    /// The fewest analysed frames after its last detection a landed ball must be seen lying in,
    /// when the clip ends sooner than ``restDuration``.
    static let framesAtRest = 3

    /// The most analysed frames after its last detection a landed ball is looked for in: 0.2 s
    /// at 60 frames a second, fewer than the tracker keeps.
    static let mostFramesAtRest = 12

    /// The last detections whose median radius is the ball's.
    static let landingRadiusPoints = 5
}

/// A track's motion as quadratics in time: x(t) and y(t), t in seconds from `origin`.
///
/// Fitting in time rather than y against x keeps a nearly vertical toss well posed, and gives
/// velocities and accelerations in pixels per second for the ballistic test.
struct MotionFit: Sendable, Hashable {
    var origin: Double
    var x: Quadratic
    var y: Quadratic
    /// Root-mean-square distance of the points from the fitted path, pixels.
    var rms: Double

    init?(_ points: some Collection<TrackPoint>) {
        guard let first = points.first else { return nil }
        let origin = first.time
        guard let (fx, fy) = QuadraticPair.fit(points, u: { $0.time - origin }, x: \.position.x, y: \.position.y,
                                               weight: { _ in 1 }) else { return nil }
        self.origin = origin
        x = fx
        y = fy
        var sum = 0.0
        for p in points {
            let t = p.time - origin, dx = p.position.x - fx(t), dy = p.position.y - fy(t)
            sum += dx * dx + dy * dy
        }
        rms = (sum / Double(points.count)).squareRoot()
    }

    /// The fit without the newest point, when the others place that point far off their path:
    /// a ball passing over a hand or a body merges with it for a frame, and that detection bends
    /// a fit (at the end of the window it has the most leverage). Nil when the newest point is
    /// where the others expect it.
    static func withoutOutlyingNewest(_ points: [TrackPoint]) -> MotionFit? {
        guard points.count >= 6, let earlier = MotionFit(points.dropLast()) else { return nil }
        return earlier.placesFarOff(points[points.count - 1]) ? earlier : nil
    }

    /// Whether the others place the oldest of `points` far off their path, as
    /// ``withoutOutlyingNewest(_:)`` judges the newest. False for fewer than five points.
    static func isOutlyingOldest(_ points: [TrackPoint]) -> Bool {
        guard points.count >= 5, let later = MotionFit(points.dropFirst()) else { return false }
        return later.placesFarOff(points[0])
    }

    /// Whether `point` lies off this path by more than max(2 px, four times the path's misfit,
    /// half the point's radius): not where the points fitted expect it.
    func placesFarOff(_ point: TrackPoint) -> Bool {
        position(at: point.time).distance(to: point.position) > max(2, 4 * rms, 0.5 * point.radius)
    }

    /// Whether the last step of `points` (three, `interval` seconds between the last two; a
    /// frame may be missed in either span, the steps then compared a frame at a time, see
    /// ``Track/stepRatio(spanRatio:first:second:)``) changed from the one before in the way
    /// this path's own speed changes there: shorter where the path slows along itself, longer
    /// where it speeds up, or either where it keeps its speed (within ``steadySpeedShare`` a
    /// frame). A falling ball speeds up in the picture; one step of it measured short (its
    /// centre taken from a blob it merged with, or from a faint spot partly hidden) is a
    /// measurement, not a ball starting to recede, and a prediction built on that ratio
    /// (``Track/recedingContinuation(at:acrossAMissedFrame:)``) would lag behind the ball onto
    /// whatever it passes.
    func agreesWithStepRatio(of points: some Collection<TrackPoint>, interval: Double) -> Bool {
        guard points.count == 3 else { return true }
        let a = points[points.startIndex], b = points[points.index(after: points.startIndex)], c = points[points.index(points.startIndex, offsetBy: 2)]
        let previousStep = a.position.distance(to: b.position), lastStep = b.position.distance(to: c.position)
        guard previousStep > 0.5,
              let ratio = Track.stepRatio(spanRatio: lastStep / previousStep, first: b.step - a.step, second: c.step - b.step)
        else { return true }
        let velocity = self.velocity(at: b.time)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > 1e-9 else { return true }
        let acceleration = self.acceleration
        // How the path's speed changes over one frame, as a share of it.
        let frame = interval / Double(max(1, c.step - b.step))
        let change = (acceleration.x * velocity.x + acceleration.y * velocity.y) / speed * frame / speed
        if ratio < 1 { return change < Self.steadySpeedShare }
        if ratio > 1 { return change > -Self.steadySpeedShare }
        return true
    }

    /// A change of speed along the path this small a frame (a share of the speed) counts as none.
    static let steadySpeedShare = 0.03

    func position(at time: Double) -> PixelPoint {
        PixelPoint(x: x(time - origin), y: y(time - origin))
    }

    func velocity(at time: Double) -> (x: Double, y: Double) {
        (x.slope(at: time - origin), y.slope(at: time - origin))
    }

    /// Acceleration in pixels per second squared (constant for a quadratic).
    var acceleration: (x: Double, y: Double) { (2 * x.a, 2 * y.a) }
}

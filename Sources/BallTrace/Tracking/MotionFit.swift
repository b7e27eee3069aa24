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
        let newest = points[points.count - 1]
        let error = earlier.position(at: newest.time).distance(to: newest.position)
        return error > max(2, 4 * earlier.rms, 0.5 * newest.radius) ? earlier : nil
    }

    func position(at time: Double) -> PixelPoint {
        PixelPoint(x: x(time - origin), y: y(time - origin))
    }

    func velocity(at time: Double) -> (x: Double, y: Double) {
        (x.slope(at: time - origin), y.slope(at: time - origin))
    }

    /// Acceleration in pixels per second squared (constant for a quadratic).
    var acceleration: (x: Double, y: Double) { (2 * x.a, 2 * y.a) }
}

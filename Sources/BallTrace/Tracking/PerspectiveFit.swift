import Foundation

/// A ball's path as a pinhole camera sees it when the ball also moves toward or away from the
/// camera: p(t) = N(t) / (1 + k·t), with N a quadratic for x and one for y, and k shared.
///
/// Why this form: in 3-D a ball in flight is a parabola, P(t) = P₀ + V·t + ½·G·t², and its
/// depth along the camera's axis changes linearly, Z(t) = Z₀·(1 + k·t) (gravity pulls across
/// the line of sight, not along it). The pinhole camera divides by depth, so the picture's
/// x and y are quadratics over the same linear denominator. With k = 0 it is the picture-plane
/// parabola; k > 0 is a ball flying away (a down-the-line golf shot: fast, then creeping and
/// shrinking), k < 0 one coming at the camera (fast, growing). The apparent radius follows
/// the same denominator: r(t) = r₀ / (1 + k·t).
public struct PerspectiveFit: Sendable, Hashable {
    public var origin: Double
    /// Numerators, in pixels, over t in seconds from `origin`.
    public var x: Quadratic
    public var y: Quadratic
    /// Relative rate of change of depth, per second.
    public var k: Double
    /// Root-mean-square distance of the points from the fitted path, pixels.
    public var rms: Double

    /// Fits by searching k (for a fixed k the numerators are linear least squares); nil for
    /// fewer than five points.
    public init?(_ points: [TrackPoint]) {
        guard points.count >= 5, let first = points.first, let last = points.last else { return nil }
        origin = first.time
        let t = points.map { $0.time - first.time }
        let span = max(last.time - first.time, 1e-6)
        let xs = points.map(\.position.x), ys = points.map(\.position.y)
        func fit(_ k: Double) -> (x: Quadratic, y: Quadratic, rms: Double)? {
            let scale = t.map { 1 + k * $0 }
            guard scale.allSatisfy({ $0 > 0.05 }) else { return nil }
            guard let fx = Quadratic.fit(u: t, v: zip(xs, scale).map { $0 * $1 }, weights: scale.map { 1 / ($0 * $0) }),
                  let fy = Quadratic.fit(u: t, v: zip(ys, scale).map { $0 * $1 }, weights: scale.map { 1 / ($0 * $0) })
            else { return nil }
            var sum = 0.0
            for i in t.indices {
                let dx = fx(t[i]) / scale[i] - xs[i], dy = fy(t[i]) / scale[i] - ys[i]
                sum += dx * dx + dy * dy
            }
            return (fx, fy, (sum / Double(t.count)).squareRoot())
        }
        // k·span from −0.9 (depth shrinking to a tenth) to 20 (growing twentyfold), searched
        // on a logarithmic grid of 1 + k·span, then refined around the best.
        var best: (k: Double, x: Quadratic, y: Quadratic, rms: Double)?
        func consider(_ k: Double) {
            if let f = fit(k), f.rms < best?.rms ?? .infinity { best = (k, f.x, f.y, f.rms) }
        }
        let lowest = log(0.1), highest = log(21.0)
        let grid = (0...40).map { (i: Int) -> Double in exp(lowest + (highest - lowest) * Double(i) / 40) }
        for g in grid { consider((g - 1) / span) }
        guard let coarse = best else { return nil }
        var low = (1 + coarse.k * span) / 1.3, high = (1 + coarse.k * span) * 1.3
        for _ in 0..<12 {
            let a = low + (high - low) / 3, b = high - (high - low) / 3
            let fa = fit((a - 1) / span)?.rms ?? .infinity, fb = fit((b - 1) / span)?.rms ?? .infinity
            if fa < fb { high = b } else { low = a }
        }
        consider(((low + high) / 2 - 1) / span)
        guard let found = best else { return nil }
        x = found.x
        y = found.y
        k = found.k
        rms = found.rms
    }

    public func position(at time: Double) -> PixelPoint {
        let t = time - origin
        let scale = max(1 + k * t, 0.05)
        return PixelPoint(x: x(t) / scale, y: y(t) / scale)
    }

    /// Pixels per second at `time` (numerically: the quotient's derivative is long-winded).
    public func velocity(at time: Double) -> (x: Double, y: Double) {
        let h = 1e-3
        let a = position(at: time - h), b = position(at: time + h)
        return ((b.x - a.x) / (2 * h), (b.y - a.y) / (2 * h))
    }

    /// Whether these points' sizes change enough for depth to matter: the radius at one end
    /// is at least a quarter larger than at the other. Fitting in depth costs far more than a
    /// parabola, so it is tried only then.
    public static func sizeSuggestsDepth(_ points: some Collection<TrackPoint>) -> Bool {
        guard points.count >= 5 else { return false }
        let (head, tail) = endRadii(points)
        return max(head, tail) >= 1.25 * min(head, tail)
    }

    /// The median radius of the first three points and of the last three: sizes at either end,
    /// with one rough blob at each end outvoted.
    static func endRadii(_ points: some Collection<TrackPoint>) -> (head: Double, tail: Double) {
        (points.prefix(3).map(\.radius).sorted()[min(1, points.count - 1)],
         points.suffix(3).map(\.radius).sorted()[min(1, points.count - 1)])
    }
}

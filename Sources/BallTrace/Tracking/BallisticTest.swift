/// Whether a track's motion is that of a ball in free flight: it moves, it follows a smooth
/// path that a quadratic in time explains to within detection noise, and nothing pulls it
/// upward. A club head's arc, a swinging arm or a walking person fail one of these, and a ball
/// at rest fails the first.
public struct BallisticTest: Sendable, Hashable {
    public var shorterSide: Double

    public init(shorterSide: Double) {
        self.shorterSide = shorterSide
    }

    public enum Verdict: Sendable, Hashable {
        case ballistic(fit: MotionFit)
        case tooFewPoints
        case notMoving(extent: Double)
        case notSmooth(rms: Double, tolerance: Double)
        case pulledUpward(acceleration: Double)
        case reverses
        case sparse(steps: Int)
    }

    public func evaluate(_ points: [TrackPoint]) -> Verdict {
        guard points.count >= 5, let fit = MotionFit(points) else { return .tooFewPoints }
        // A ball in view is seen in most frames; a chain of noise specks picked from many
        // frames' clutter is not.
        let steps = points[points.count - 1].step - points[0].step + 1
        guard Double(steps) <= 1.5 * Double(points.count) else { return .sparse(steps: steps) }
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        let first = points[0].position, last = points[points.count - 1].position
        let extent = points.map { $0.position.distance(to: first) }.max() ?? 0
        guard extent >= max(3 * radius, 8, 0.01 * shorterSide) else { return .notMoving(extent: extent) }
        // Detection noise grows with the blob: a blurred or large ball has a less certain centre.
        let tolerance = max(1.0, 0.35 * radius)
        guard fit.rms <= tolerance else { return .notSmooth(rms: fit.rms, tolerance: tolerance) }
        // How well the acceleration is known from these points (least-squares error of the
        // curvature of n evenly spaced samples over a span T is about σ·√(180/n)/T²).
        let span = max(points[points.count - 1].time - points[0].time, 1e-3)
        let accelerationNoise = 2 * max(fit.rms, 0.5) * (180 / Double(points.count)).squareRoot() / (span * span)
        let ay = fit.acceleration.y
        guard ay >= -3 * accelerationNoise else { return .pulledUpward(acceleration: ay) }
        // A ball does not turn back horizontally in flight; an arm or a club does.
        let vStart = fit.velocity(at: points[0].time).x, vEnd = fit.velocity(at: points[points.count - 1].time).x
        let netX = abs(last.x - first.x)
        if vStart * vEnd < 0 && netX > 2 * tolerance && min(abs(vStart), abs(vEnd)) * span > 2 * tolerance {
            return .reverses
        }
        return .ballistic(fit: fit)
    }
}

import Foundation

/// Whether a window of a track's points is a ball in free flight. In order: it was seen in most
/// of the frames it spans; it moves, and fast enough for its size and the frame; a quadratic in
/// time explains its path to within detection noise; nothing pulls it upward; it does not turn
/// back horizontally; and its elongated blobs are smeared along the motion, not across it.
/// A ball at rest, a hand or shoulder drifting, a club head's arc, a swinging arm, a walking
/// person or a chain of clutter fails one of these.
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
        case misshapen(misaligned: Int)
        case tooSlow(medianStep: Double)
    }

    /// Elongation above which a blob's axis must follow the motion.
    static let elongated = 1.6
    /// Slowest reported motion, in shorter sides of the frame per second.
    static let minimumSpeed = 0.25
    /// Largest angle between an elongated blob's axis and the motion, radians (35°).
    static let alignment = 35.0 * .pi / 180

    public func evaluate(_ points: [TrackPoint]) -> Verdict {
        guard points.count >= 5, let fit = MotionFit(points) else { return .tooFewPoints }
        // A ball in view is seen in most frames; a chain of noise specks picked from many
        // frames' clutter is not.
        let steps = points[points.count - 1].step - points[0].step + 1
        guard Double(steps) <= 1.25 * Double(points.count) else { return .sparse(steps: steps) }
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        let first = points[0].position
        let extent = points.map { $0.position.distance(to: first) }.max() ?? 0
        guard extent >= max(3 * radius, 8, 0.04 * shorterSide) else { return .notMoving(extent: extent) }
        // A ball in flight covers a good part of its own size between frames, even near the
        // apex over a window this long; a hand or shoulder drifting to a stop does not.
        let stepLengths = zip(points, points.dropFirst()).map { a, b in
            a.position.distance(to: b.position) / Double(max(1, b.step - a.step))
        }.sorted()
        let medianStep = stepLengths[stepLengths.count / 2]
        // In time as well: a flight worth reporting crosses a quarter of the frame’s shorter side
        // per second or more while it is being followed.
        let stepInterval = (points[points.count - 1].time - points[0].time)
            / Double(max(1, points[points.count - 1].step - points[0].step))
        guard medianStep >= max(1, 0.5 * radius, Self.minimumSpeed * shorterSide * stepInterval) else {
            return .tooSlow(medianStep: medianStep)
        }
        // Detection noise grows with the blob: a blurred or large ball has a less certain centre.
        let tolerance = max(1.0, 0.35 * radius)
        guard fit.rms <= tolerance else { return .notSmooth(rms: fit.rms, tolerance: tolerance) }
        // How well the acceleration is known from these points (least-squares error of the
        // curvature of n evenly spaced samples over a span T is about σ·√(180/n)/T²).
        let span = max(points[points.count - 1].time - points[0].time, 1e-3)
        let accelerationNoise = 2 * max(fit.rms, 0.5) * (180 / Double(points.count)).squareRoot() / (span * span)
        let ay = fit.acceleration.y
        guard ay >= -3 * accelerationNoise else { return .pulledUpward(acceleration: ay) }
        if reversesHorizontally(points, fit: fit, tolerance: tolerance) { return .reverses }
        // A ball is round, or smeared along its motion by the shutter; a club head with its
        // shaft, or a limb, is elongated across it.
        let misaligned = points.filter { p in
            guard p.elongation > Self.elongated else { return false }
            let v = fit.velocity(at: p.time)
            guard v.x * v.x + v.y * v.y > 1 else { return false }
            var difference = abs(atan2(v.y, v.x) - p.orientation).truncatingRemainder(dividingBy: .pi)
            if difference > .pi / 2 { difference = .pi - difference }
            return difference > Self.alignment
        }.count
        if 2 * misaligned > points.count { return .misshapen(misaligned: misaligned) }
        return .ballistic(fit: fit)
    }

    /// A ball does not turn back horizontally in flight; an arm or a club does. The turn must
    /// be clear on both sides: a nearly vertical toss wobbling by a pixel does not count.
    public func reversesHorizontally(_ points: [TrackPoint], fit: MotionFit? = nil, tolerance: Double = 1) -> Bool {
        guard points.count >= 3, let fit = fit ?? MotionFit(points), fit.x.a != 0 else { return false }
        let start = points[0].time - fit.origin, end = points[points.count - 1].time - fit.origin
        let turn = -fit.x.b / (2 * fit.x.a)
        guard turn > start && turn < end else { return false }
        let extent = points.map { $0.position.distance(to: points[0].position) }.max() ?? 0
        let needed = max(2 * tolerance, 0.1 * extent)
        return abs(fit.x(turn) - fit.x(start)) > needed && abs(fit.x(end) - fit.x(turn)) > needed
    }
}

import Foundation

/// A chain of detections the tracker believes belong to one moving object. It becomes a
/// reported trajectory once it is long enough and its motion is ballistic; its UUID is given
/// at birth and never changes, so a trajectory keeps its identity as it grows.
public struct Track: Sendable, Hashable, Identifiable {
    public let id: UUID
    public private(set) var points: [TrackPoint]
    /// Analysed frames since the last detection was added.
    public internal(set) var missedFrames = 0
    /// The frame at which the track was first reported as a trajectory, nil while it is not.
    public internal(set) var reportedAtFrame: Int?

    public init(id: UUID = UUID(), first: TrackPoint) {
        self.id = id
        points = [first]
    }

    public var last: TrackPoint { points[points.count - 1] }
    public var isReported: Bool { reportedAtFrame != nil }

    /// Drops points from the start (detections of something else the chain began on).
    mutating func dropFirst(_ count: Int) {
        points.removeFirst(min(count, points.count - 1))
    }

    mutating func append(_ point: TrackPoint) {
        points.append(point)
        missedFrames = 0
    }

    /// Mean radius of the most recent points, pixels.
    public func recentRadius(count: Int = 5) -> Double {
        let recent = points.suffix(count)
        return recent.reduce(0) { $0 + $1.radius } / Double(recent.count)
    }

    /// Where the object should be at `time`, and how far from there a detection may lie and
    /// still be taken as the same object.
    func prediction(at time: Double, settings: TrackerSettings) -> (center: PixelPoint, gate: Double) {
        let radius = recentRadius()
        let dt = max(time - last.time, 1e-6)
        let slack = 1 + 0.5 * Double(missedFrames)
        switch points.count {
        case 1:
            return (last.position, settings.maximumSpeed * dt + 2 * radius + settings.minimumGate)
        case 2:
            let previous = points[0]
            let span = max(last.time - previous.time, 1e-6)
            let vx = (last.position.x - previous.position.x) / span
            let vy = (last.position.y - previous.position.y) / span
            let step = (vx * vx + vy * vy).squareRoot() * dt
            let center = PixelPoint(x: last.position.x + vx * dt, y: last.position.y + vy * dt)
            return (center, max(settings.minimumGate, 2 * radius, 0.6 * step) * slack)
        default:
            let window = points.suffix(settings.predictionWindow)
            guard let fit = MotionFit(window) else { return (last.position, settings.minimumGate) }
            let center = fit.position(at: time)
            // The gate scales with the distance moved in one frame interval, not with the
            // whole gap: missed frames widen it once, through `slack`.
            let interval = last.time - points[points.count - 2].time
            let velocity = fit.velocity(at: last.time)
            let stepPerFrame = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() * interval
            return (center, max(settings.minimumGate, 2 * radius, 0.35 * stepPerFrame, 3 * fit.rms) * slack)
        }
    }
}

import BallTrace
import Foundation

/// Vision's `VNObservation`: what a request found, with its identity, confidence and time.
open class VNObservation: @unchecked Sendable {
    public let uuid: UUID
    /// 0…1.
    public let confidence: VNConfidence
    /// When the observed thing was seen.
    public let timeRange: CMTimeRange

    init(uuid: UUID, confidence: VNConfidence, timeRange: CMTimeRange) {
        self.uuid = uuid
        self.confidence = confidence
        self.timeRange = timeRange
    }
}

/// Vision's `VNPoint`: a normalized point.
public final class VNPoint: @unchecked Sendable, CustomStringConvertible {
    public let location: CGPoint
    public var x: Double { Double(location.x) }
    public var y: Double { Double(location.y) }

    public static let zero = VNPoint(x: 0, y: 0)

    public init(location: CGPoint) { self.location = location }
    public convenience init(x: Double, y: Double) { self.init(location: CGPoint(x: x, y: y)) }

    public static func distanceBetween(_ a: VNPoint, _ b: VNPoint) -> Double { a.distance(b) }
    public func distance(_ other: VNPoint) -> Double { hypot(x - other.x, y - other.y) }

    public var description: String { "(\(x), \(y))" }
}

/// Vision's `VNTrajectoryObservation`: one ball flight as a Vision app sees it.
///
/// As Vision states it: points normalized to the request's region of interest, origin
/// lower-left, in the picture as seen; at most `trajectoryLength` detected points (the latest),
/// five projected points on the fitted parabola at the latest detections, and that parabola's
/// coefficients in the same space. ``flight`` keeps balltrace's whole-flight observation
/// (every point, the motion in time, events, physics) for code that wants more than Vision
/// gives.
public final class VNTrajectoryObservation: VNObservation, @unchecked Sendable {
    public let detectedPoints: [VNPoint]
    public let projectedPoints: [VNPoint]
    /// y = a·x² + b·x + c, (a, b, c), in the region's normalized space.
    public let equationCoefficients: simd_float3
    /// The ball's recent radius, normalized to the width of the picture as seen (the unit of
    /// the request's radius bounds).
    public let movingAverageRadius: CGFloat
    /// balltrace's observation of the whole flight, normalized to the whole analysed picture
    /// (origin lower-left, not mirrored). An addition to Vision.
    public let flight: TrajectoryObservation

    init(_ flight: TrajectoryObservation, space: RegionSpace, trajectoryLength: Int, radiusScale: Double) {
        self.flight = flight
        detectedPoints = flight.detectedPoints.suffix(trajectoryLength).map { VNPoint(location: space.point(x: $0.x, y: $0.y)) }
        projectedPoints = flight.projectedPoints.map { VNPoint(location: space.point(x: $0.x, y: $0.y)) }
        let e = space.equation(SIMD3(flight.equation.a, flight.equation.b, flight.equation.c))
        equationCoefficients = simd_float3(Float(e.x), Float(e.y), Float(e.z))
        movingAverageRadius = CGFloat(flight.movingAverageRadius * radiusScale)
        let start = CMTime(seconds: flight.timeRange.start, preferredTimescale: frameTimescale)
        let end = CMTime(seconds: flight.timeRange.start + flight.timeRange.duration, preferredTimescale: frameTimescale)
        super.init(uuid: flight.uuid, confidence: flight.confidence, timeRange: CMTimeRange(start: start, end: end))
    }
}

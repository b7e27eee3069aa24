/// The path a flight was recognised on: a parabola in the picture, or one in depth that the
/// picture shows bent by perspective.
enum FlightPath: Sendable, Hashable {
    case picture(MotionFit)
    case depth(PerspectiveFit)

    func position(at time: Double) -> PixelPoint {
        switch self {
        case let .picture(fit): return fit.position(at: time)
        case let .depth(fit): return fit.position(at: time)
        }
    }

    /// Velocity at `time`, pixels per second.
    func velocity(at time: Double) -> (x: Double, y: Double) {
        switch self {
        case let .picture(fit): return fit.velocity(at: time)
        case let .depth(fit): return fit.velocity(at: time)
        }
    }

    /// A path in depth: the ball flies toward or away from the camera.
    var isInDepth: Bool {
        if case .depth = self { return true }
        return false
    }

    var rms: Double {
        switch self {
        case let .picture(fit): return fit.rms
        case let .depth(fit): return fit.rms
        }
    }

    /// The same kind of path fitted to other points.
    func refitted(to points: [TrackPoint]) -> FlightPath? {
        switch self {
        case .picture: return MotionFit(points).map(FlightPath.picture)
        case .depth: return PerspectiveFit(points).map(FlightPath.depth)
        }
    }
}

extension BallisticTest.Verdict {
    /// The path of a window that passed; nil when it did not.
    var path: FlightPath? {
        switch self {
        case let .ballistic(fit): return .picture(fit)
        case let .ballisticInDepth(fit): return .depth(fit)
        default: return nil
        }
    }
}

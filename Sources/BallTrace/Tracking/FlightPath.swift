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

    /// Whether the path can be carried back from `start` to the earlier `time`: always for a
    /// parabola in the picture; for a path in depth, while its depth stays at least
    /// ``depthShareCarriedBack`` of its depth at `start`. Back toward its launch a ball flying
    /// away was nearer the camera, but a fit's depth, carried further, runs into the camera, and
    /// where it then puts the ball (thousands of pixels off, with a timing tolerance to match)
    /// means nothing.
    func reachesBack(to time: Double, from start: Double) -> Bool {
        switch self {
        case .picture: return true
        case let .depth(fit):
            let from = fit.depth(at: start)
            return from > 0 && fit.depth(at: time) >= Self.depthShareCarriedBack * from
        }
    }

    /// The least share of its depth a path in depth is carried back to: a drive launched 3 m from
    /// the camera at 40 m/s is 5.7 m away two frames later (at 30 fps) and 8.3 m away four frames
    /// later, so its launch lies at a half or a third of the depth a look back starts from; a
    /// fitted depth grows faster than the ball's early on (a streak's centre lags behind the
    /// ball), so a quarter.
    static let depthShareCarriedBack = 0.25

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
        case let .ballistic(fit), let .fallingAtTerminalSpeed(fit): return .picture(fit)
        case let .ballisticInDepth(fit): return .depth(fit)
        default: return nil
        }
    }
}

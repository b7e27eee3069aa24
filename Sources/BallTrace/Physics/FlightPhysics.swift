import FoundationEssentials
import Glibc

/// A flight in metres and seconds, from the fitted path and a scale.
///
/// These are image-plane figures: they are right when the camera looks square onto the plane
/// the ball flies in. A ball flying toward or away from the camera changes size on the way, and
/// its figures are then withheld rather than reported wrong.
public struct FlightPhysics: Sendable, Hashable, Codable {
    /// Downward acceleration of the fitted path, m/s²: close to 9.8 when scale and assumptions hold.
    public var gravity: Double?
    /// Speed and angle above the horizontal at launch, m/s and degrees.
    public var launchSpeed: Double?
    public var launchAngle: Double?
    /// Height gained from launch to apex, metres (from the path, so also when the apex is predicted).
    public var apexHeight: Double?
    /// Seconds from launch until the path is back at its launch height; nil for a ball that does not rise.
    public var flightTime: Double?
    /// Horizontal speed, m/s (constant along a parabola).
    public var horizontalSpeed: Double?
    /// Metres across the picture from launch to where the ball came down: to where it landed,
    /// when it was seen to land (the flight's exit reason is `landed`), else to where its path
    /// is back at its launch height (`horizontalSpeed × flightTime`); nil when neither is known
    /// (a ball that does not rise and was not seen to land). ``carryTo`` says which.
    public var carry: Double?
    public var carryTo: CarryEnd?
    public var scale: PhysicalScale
    /// Whether the figures above could be measured; when not, they are absent and `notMeasurableBecause` says why.
    public var measurable: Bool
    public var notMeasurableBecause: String?
    public var assumptions: [String]

    /// Where a ``carry`` is measured to.
    public enum CarryEnd: String, Sendable, Hashable, Codable {
        /// The ball's last detection, where it was seen to come down and stay.
        case landing
        /// Where the fitted path comes back down to the height it was launched from: the carry of
        /// a ball landing on level ground, when it is not seen to land.
        case launchHeight = "launch height"
    }

    public static let assumptions = [
        "the camera looks roughly perpendicular to the plane of the flight",
        "the ball stays at about one distance from the camera, so one scale holds for the whole flight",
        "figures are measured in the image plane: any part of the motion toward or away from the camera is not seen",
    ]

    /// Largest change of apparent size, first detections to last, for a flight still measured
    /// in the image plane: 25 % is a ball about a fifth nearer or farther at the end.
    public static let largestSizeChange = 1.25

    /// - Parameters:
    ///   - points: the detections, in pixels of the displayed frame (y down).
    ///   - fit: the path fitted to them in the picture; nil when it was recognised in depth.
    ///   - landed: whether the ball was seen to come down and stay at its last detection.
    ///   - continuing: the flight these points continue, when they are its ball coming back
    ///     into the picture: their path is a descent far from the launch, slowed by drag, from
    ///     which no launch figure can be read (a speed of a metre a second "launched" 70° down);
    ///     they are measured on that flight, and withheld here.
    init?(points: [TrackPoint], fit: MotionFit?, setting: ScaleSetting, landed: Bool = false, continuing: UUID? = nil) {
        let early = points.prefix(5).map(\.radius).sorted(), late = points.suffix(5).map(\.radius).sorted()
        let launchRadius = early[early.count / 2], finalRadius = late[late.count / 2]
        guard let scale = PhysicalScale.resolve(setting, launchRadius: launchRadius) else { return nil }
        self.scale = scale
        assumptions = Self.assumptions
        if let continuing {
            measurable = false
            notMeasurableBecause = "the ball of trajectory \(continuing.uuidString) coming back into the picture: "
                + "its launch figures are that trajectory's, where it was launched"
            return
        }
        let sizeChange = max(finalRadius / launchRadius, launchRadius / finalRadius)
        guard let fit, sizeChange <= Self.largestSizeChange else {
            measurable = false
            let percent = Int(((finalRadius / launchRadius - 1) * 100).rounded())
            notMeasurableBecause = "the ball's apparent size changes by \(percent > 0 ? "+" : "")\(percent) % over the flight: "
                + "it moves mostly toward or away from the camera, which image-plane figures cannot measure"
            return
        }
        measurable = true
        let ppm = scale.pixelsPerMetre
        // Pixel y points down: a rising ball has negative vy, gravity a positive ay.
        let vx = fit.x.b, vy = fit.y.b, ay = 2 * fit.y.a
        gravity = ay / ppm
        launchSpeed = (vx * vx + vy * vy).squareRoot() / ppm
        launchAngle = atan2(-vy, abs(vx)) * 180 / .pi
        horizontalSpeed = abs(vx) / ppm
        if vy < 0 && ay > 0 {
            apexHeight = vy * vy / (2 * ay) / ppm
            flightTime = -2 * vy / ay
        }
        if landed, let first = points.first, let last = points.last {
            carry = abs(last.position.x - first.position.x) / ppm
            carryTo = .landing
        } else if let flightTime, let horizontalSpeed {
            carry = horizontalSpeed * flightTime
            carryTo = .launchHeight
        }
    }
}

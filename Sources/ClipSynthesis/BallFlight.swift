import BallTrace

/// A ball's known flight in the displayed picture: at rest (or not yet in view) until
/// `launchTime`, then ballistic with constant gravity.
public struct BallFlight: Sendable, Hashable, Codable {
    /// Position at launch, pixels.
    public var start: PixelPoint
    /// Velocity at launch, pixels per second (y down).
    public var velocityX: Double
    public var velocityY: Double
    /// Downward acceleration, pixels per second squared.
    public var gravity: Double
    public var radius: Double
    public var launchTime: Double
    /// Whether the ball sits visible at `start` before launch (a ball on a tee).
    public var restsBeforeLaunch: Bool

    public init(start: PixelPoint, velocityX: Double, velocityY: Double, gravity: Double, radius: Double,
                launchTime: Double, restsBeforeLaunch: Bool) {
        self.start = start
        self.velocityX = velocityX
        self.velocityY = velocityY
        self.gravity = gravity
        self.radius = radius
        self.launchTime = launchTime
        self.restsBeforeLaunch = restsBeforeLaunch
    }

    /// Where the ball is at `time`; nil before launch when it is not resting in view.
    public func position(at time: Double) -> PixelPoint? {
        let t = time - launchTime
        if t < 0 { return restsBeforeLaunch ? start : nil }
        return PixelPoint(x: start.x + velocityX * t, y: start.y + velocityY * t + 0.5 * gravity * t * t)
    }
}

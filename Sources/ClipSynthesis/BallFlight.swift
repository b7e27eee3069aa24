import BallTrace

/// A ball's known flight in the displayed picture: at rest (or not yet in view) until
/// `launchTime`, then ballistic with constant gravity.
///
/// Optional parts extend the plain parabola for other scenes: a hand that carries the ball up to
/// its launch (a toss, a shot), an end (the ball lands, or leaves the picture), a 3-D flight seen
/// through a camera (down the line), and a colour of its own.
package struct BallFlight: Sendable, Hashable, Codable {
    /// Position at launch, pixels.
    package var start: PixelPoint
    /// Velocity at launch, pixels per second (y down).
    package var velocityX: Double
    package var velocityY: Double
    /// Downward acceleration, pixels per second squared.
    package var gravity: Double
    /// Radius at launch, pixels (with `perspective`, the radius changes: see ``radius(at:)``).
    package var radius: Double
    package var launchTime: Double
    /// Whether the ball sits visible before launch (a ball on a tee, or held): at `start`, or at
    /// the beginning of the carry when there is one.
    package var restsBeforeLaunch: Bool
    /// A hand carrying the ball from where it was held to `start`, reaching the launch velocity
    /// there; nil: no carry. The ball is then moving but not yet in flight.
    package var carry: BallCarry?
    /// When the flight stops; nil: it goes on for ever.
    package var end: FlightEnd?
    /// When set, the ball flies in 3-D and this gives its position, radius and contrast; the 2-D
    /// fields above then describe its launch only.
    package var perspective: PerspectiveFlight?
    /// This ball's colour; nil: the scene's `ballColour`.
    package var colour: RGBColour?
    /// When a resting ball is put down where it rests (a ball teed up between shots); nil: it
    /// has been there from the start. Only read when `restsBeforeLaunch`.
    package var placedTime: Double?

    package init(start: PixelPoint, velocityX: Double, velocityY: Double, gravity: Double, radius: Double,
                launchTime: Double, restsBeforeLaunch: Bool, carry: BallCarry? = nil, end: FlightEnd? = nil,
                colour: RGBColour? = nil) {
        self.start = start
        self.velocityX = velocityX
        self.velocityY = velocityY
        self.gravity = gravity
        self.radius = radius
        self.launchTime = launchTime
        self.restsBeforeLaunch = restsBeforeLaunch
        self.carry = carry
        self.end = end
        self.colour = colour
    }

    /// A ball on the ground or a tee, struck at `launchTime` into a 3-D flight; it comes to rest
    /// where it lands.
    package init(perspective flight: PerspectiveFlight, launchTime: Double, colour: RGBColour? = nil) {
        let start = flight.imagePosition(after: 0)
        // The picture velocity at launch, for information only (the 3-D model moves the ball).
        let step = 1e-3
        let next = flight.imagePosition(after: step)
        self.init(start: start, velocityX: (next.x - start.x) / step, velocityY: (next.y - start.y) / step, gravity: 0,
                  radius: flight.apparentRadius(after: 0), launchTime: launchTime, restsBeforeLaunch: true,
                  end: flight.landingTime().map { FlightEnd(time: launchTime + $0, staysInView: true) }, colour: colour)
        perspective = flight
    }

    /// When the ball first appears: never before launch unless it rests or is carried in view.
    package var appearanceTime: Double {
        if restsBeforeLaunch { return placedTime ?? -.infinity }
        return launchTime - (carry?.duration ?? 0)
    }

    /// When the ball leaves the picture for good (an end it does not stay in view after).
    package var disappearanceTime: Double {
        guard let end, !end.staysInView else { return .infinity }
        return end.time
    }

    /// Where the ball is at `time`; nil when it is not in view (before a launch it was not resting
    /// or carried for, or after an end it leaves the picture at).
    package func position(at time: Double) -> PixelPoint? {
        var time = time
        if let end, time > end.time {
            guard end.staysInView else { return nil }
            time = end.time
        }
        let t = time - launchTime
        if t < 0 {
            if let carry, carry.duration > 0 {
                if t < -carry.duration && !restsBeforeLaunch { return nil }
                return carry.position(at: max(0, 1 + t / carry.duration), to: start,
                                      arriving: PixelPoint(x: velocityX, y: velocityY))
            }
            return restsBeforeLaunch ? start : nil
        }
        if let perspective { return perspective.imagePosition(after: t) }
        return PixelPoint(x: start.x + velocityX * t, y: start.y + velocityY * t + 0.5 * gravity * t * t)
    }

    /// The ball's apparent radius at `time`, pixels.
    package func radius(at time: Double) -> Double {
        guard let perspective else { return radius }
        return perspective.apparentRadius(after: flightTime(at: time))
    }

    /// The ball's contrast at `time`, 0…1: 1 unless it is a distant ball fading into the lens's blur.
    package func contrast(at time: Double) -> Double {
        guard let perspective else { return 1 }
        return perspective.contrast(after: flightTime(at: time))
    }

    /// Seconds since launch, held at 0 before it and at the end after it.
    private func flightTime(at time: Double) -> Double {
        max(0, min(time, end?.time ?? .infinity) - launchTime)
    }

    /// The launch velocity that takes a ball from `start` through `target` after `duration`
    /// seconds under `gravity` (pixels, y down).
    package static func velocity(from start: PixelPoint, through target: PixelPoint, after duration: Double,
                                gravity: Double) -> (x: Double, y: Double) {
        ((target.x - start.x) / duration, (target.y - start.y - 0.5 * gravity * duration * duration) / duration)
    }
}

/// How a flight stops.
package struct FlightEnd: Sendable, Hashable, Codable {
    package var time: Double
    /// True: the ball stays in view where it stopped (it landed, or was caught), no longer in
    /// flight. False: it is gone from the picture from then on.
    package var staysInView: Bool

    package init(time: Double, staysInView: Bool) {
        self.time = time
        self.staysInView = staysInView
    }
}

/// A hand carrying a ball from where it was held to its launch: it starts from rest at `from`
/// and arrives at the launch point with the launch velocity `duration` seconds later, along the
/// smooth (cubic Hermite) curve those ends define. When `from` lies behind the launch point along
/// the launch direction, half a carry's travel back, the curve is the straight line of an even
/// push (a toss).
package struct BallCarry: Sendable, Hashable, Codable {
    package var from: PixelPoint
    package var duration: Double

    package init(from: PixelPoint, duration: Double) {
        self.from = from
        self.duration = duration
    }

    /// The hold point for an even straight push of `duration` seconds reaching `velocity` at `launch`.
    package static func push(to launch: PixelPoint, velocity: (x: Double, y: Double), duration: Double) -> BallCarry {
        BallCarry(from: PixelPoint(x: launch.x - 0.5 * velocity.x * duration, y: launch.y - 0.5 * velocity.y * duration),
                  duration: duration)
    }

    /// Where the ball is a fraction `s` (0…1) of the way through the carry.
    func position(at s: Double, to launch: PixelPoint, arriving velocity: PixelPoint) -> PixelPoint {
        let s2 = s * s, s3 = s2 * s
        let fromWeight = 2 * s3 - 3 * s2 + 1, toWeight = -2 * s3 + 3 * s2, slopeWeight = (s3 - s2) * duration
        return from * fromWeight + launch * toWeight + velocity * slopeWeight
    }
}

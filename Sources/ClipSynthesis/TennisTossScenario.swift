import BallTrace
import Foundation

extension SyntheticScene {
    /// A serve toss on a hard court, side-on. The player (0.45 of the frame high) holds the ball
    /// at the waist, carries it up in 0.32 s and lets go at 0.85 s just above the head; it rises
    /// a third of the frame height, falls back past the hand and lands on the court at about
    /// 2.2 s (where it then lies). It drifts sideways by only 0.2–0.4 % of the frame width per
    /// second: a few pixels over the whole flight. Yellow-green, radius h/110.
    package static func tennisToss(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 2.3,
                                  seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0x7E_0055)
        let w = Double(width), h = Double(height)
        let figure = 0.45 * h, facing = 1.0
        let feet = PixelPoint(x: (0.38 + 0.08 * random.unit()) * w, y: 0.92 * h)
        let radius = h / 110
        // Gravity for a 1.8 m player this tall.
        let gravity = 9.81 * figure / 1.8
        let rise = random.uniform(0.32...0.35) * h
        let velocity = (x: random.sign() * random.uniform(0.002...0.004) * w, y: -(2 * gravity * rise).squareRoot())
        // Let go with the arm raised from the (leaning, dipped) shoulder, a little in front of the
        // head so the ball falls past the face, not across it.
        let release = feet + PixelPoint(x: 0.087 * facing * figure, y: -1.018 * figure - radius)
        let launch = 0.85, carry = 0.32
        // Down to the court in front of the feet: y(t) = release.y + vy·t + g·t²/2.
        let drop = feet.y - radius - release.y
        let landing = (-velocity.y + (velocity.y * velocity.y + 2 * gravity * drop).squareRoot()) / gravity
        let toss = BallFlight(
            start: release, velocityX: velocity.x, velocityY: velocity.y, gravity: gravity, radius: radius,
            launchTime: launch, restsBeforeLaunch: true,
            carry: .push(to: release, velocity: velocity, duration: carry),
            end: FlightEnd(time: launch + landing, staysInView: true))
        let server = TennisServer(feet: feet, height: figure, toss: toss, colours: .random(&random), facing: facing)
        return SyntheticScene(
            name: "tennis-toss", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [toss], seed: seed,
            ballColour: RGBColour(red: 212, green: 236, blue: 70), backdrop: .tennisCourt(baseline: feet.y + 0.005 * h),
            figures: [.tennisServer(server)])
    }
}

import BallTrace
import Foundation

extension SyntheticScene {
    /// Two balls thrown in from opposite edges of a park, 0.1–0.3 s apart, whose paths cross in
    /// mid-air: they reach the same point within a fifth of a frame interval of each other, on a
    /// frame, so their images merge there (for a frame or two at 30 fps, more at higher rates).
    /// The first is at the top of its arc there, the second still rising, so the crossing is not
    /// symmetric. White and navy (brighter and darker than sky and grass alike: detection sees
    /// luma only, and an orange ball has the sky's luma, a red one the grass's), radius h/80.
    package static func crossingBalls(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 2.2,
                                     seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0xC2_0551)
        let w = Double(width), h = Double(height)
        let radius = h / 80, gravity = 1.6 * h
        let first = PixelPoint(x: -0.03 * w, y: (0.72 + 0.08 * random.unit()) * h)
        let second = PixelPoint(x: 1.03 * w, y: (0.66 + 0.1 * random.unit()) * h)
        let firstLaunch = random.uniform(0.2...0.3), secondLaunch = firstLaunch + random.uniform(0.1...0.3)
        let crossing = PixelPoint(x: random.uniform(0.44...0.56) * w, y: random.uniform(0.28...0.38) * h)
        // The crossing falls on a frame (of the regular grid).
        let meet = ((secondLaunch + random.uniform(0.7...0.8)) * frameRate).rounded() / frameRate
        let lag = random.sign() * 0.2 / frameRate
        let a = BallFlight.velocity(from: first, through: crossing, after: meet - firstLaunch, gravity: gravity)
        let b = BallFlight.velocity(from: second, through: crossing, after: meet + lag - secondLaunch, gravity: gravity)
        let flights = [
            BallFlight(start: first, velocityX: a.x, velocityY: a.y, gravity: gravity, radius: radius,
                       launchTime: firstLaunch, restsBeforeLaunch: false),
            BallFlight(start: second, velocityX: b.x, velocityY: b.y, gravity: gravity, radius: radius,
                       launchTime: secondLaunch, restsBeforeLaunch: false, colour: RGBColour(red: 20, green: 30, blue: 90)),
        ]
        return SyntheticScene(
            name: "crossing-balls", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: flights, seed: seed)
    }
}

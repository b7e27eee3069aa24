import BallTrace
import Foundation

extension SyntheticScene {
    /// A drive filmed from behind the golfer, down the target line. The camera stands about a
    /// metre high, the tee 5.4 m in front of it; the ball leaves at about 60 m/s, 12.5–15.5° up
    /// and up to a few degrees to either side, under gravity and drag. In the picture it starts
    /// 3–4 px in radius at 640×360 (in proportion at other sizes), rises steeply, slows as it
    /// recedes, and ends as a faint spot about the lens's blur (≈1 px at 640×360) in size; near
    /// the end of a 3 s clip it fades below what can be seen (`visible` false).
    /// The golfer stands beside the ball and swings at 1.3 s; before that the ball sits on the tee.
    package static func golfDownTheLine(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
                                       seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0xD0_7711)
        let w = Double(width), h = Double(height)
        // A normal lens (about 24° vertical field), horizon a little above the middle; blur as a
        // 640×360 picture has, in proportion.
        let camera = PinholeCamera(focalLength: 2.37 * h, principalPoint: PixelPoint(x: 0.5 * w, y: 0.38 * h), height: 1.0,
                                   blurRadius: 0.9 * h / 360)
        let ballRadius = 0.02135, teeDepth = 5.4
        let tee = SpacePoint(x: 0.05, y: ballRadius + 0.02, z: teeDepth)
        let speed = random.uniform(57...63)
        let elevation = random.uniform(12.5...15.5) * .pi / 180, side = random.uniform(-1...3) * .pi / 180
        let velocity = SpacePoint(x: speed * cos(elevation) * sin(side), y: speed * sin(elevation),
                                  z: speed * cos(elevation) * cos(side))
        let impact = 1.3
        let flight = BallFlight(
            perspective: PerspectiveFlight(camera: camera, launch: tee, velocity: velocity, ballRadius: ballRadius,
                                           drag: 0.25, brightness: 4),
            launchTime: impact)
        let golfer = DownTheLineGolfer(ballPosition: flight.start, height: camera.pixels(1.8, atDepth: teeDepth),
                                       impactTime: impact, colours: .random(&random))
        return SyntheticScene(
            name: "golf-down-the-line", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [flight], seed: seed,
            backdrop: .fairway(camera), figures: [.downTheLineGolfer(golfer)])
    }
}

import BallTrace
import Foundation

extension SyntheticScene {
    /// The end of a high clear in a badminton hall, filmed side-on from 15 m as a broadcast
    /// does, the court's 13.4 m filling nine tenths of the picture's width and little of the
    /// hall above the players in view. The clip begins a moment after a player at one end hit
    /// the shuttlecock up at 50–60 m/s, 62–68° above level, from 2.2–2.6 m: it is already above
    /// the picture. Drag slows it far more than any ball (quadratic, 0.21/m, which holds it to
    /// 6.8 m/s falling, its real terminal speed: thirty times gravity's deceleration at the
    /// start), so it climbs to 10–11.5 m, turns over well short of where a ball would, and comes
    /// back into the picture through the top a second later nearly straight down, at its
    /// terminal speed, onto the floor near the other player, who waits under it. White, 3.3 cm
    /// in radius (its skirt): about 2.8 px at 1280×720, 20 px a frame at 30 fps.
    package static func badmintonClear(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
                                      seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0xBAD_C1EA)
        let w = Double(width), h = Double(height)
        let depth = 15.0, cameraHeight = 3.5
        // Sizes follow the picture's height, as in every scenario: at 16:9, nine tenths of the width.
        let focal = 1.6 * h * depth / 13.4
        let camera = PinholeCamera(focalLength: focal, principalPoint: PixelPoint(x: 0.5 * w, y: 0.25 * h), height: cameraHeight,
                                   blurRadius: 0.35 * h / 360)
        let direction = random.sign()
        let hitter = -direction * random.uniform(5.0...5.8)
        let speed = random.uniform(50...60), angle = random.uniform(62...68) * .pi / 180
        let launch = SpacePoint(x: hitter + direction * 0.3, y: random.uniform(2.2...2.6), z: depth)
        let velocity = SpacePoint(x: direction * speed * cos(angle), y: speed * sin(angle), z: 0)
        let flight = PerspectiveFlight(camera: camera, launch: launch, velocity: velocity, ballRadius: 0.033,
                                       gravity: 9.81, drag: 0, quadraticDrag: 9.81 / (6.8 * 6.8), brightness: 1.5)
        // Hit a moment before the clip begins, the shuttle already above the picture.
        let launchTime = -random.uniform(0.25...0.35)
        var clear = BallFlight(perspective: flight, launchTime: launchTime)
        clear.restsBeforeLaunch = false
        let landing = flight.landingTime()
        if let landing { clear.end = FlightEnd(time: launchTime + landing, staysInView: true) }

        let figure = camera.pixels(1.8, atDepth: depth)
        let hitterFeet = camera.groundPoint(x: hitter, z: depth)
        let landingX = flight.point(after: landing ?? 2).x
        let receiverFeet = camera.groundPoint(x: landingX + direction * 0.9, z: depth)
        let players = [
            WalkingFigure(start: hitterFeet, speed: 0, height: figure, colours: .random(&random), phase: 0.3),
            WalkingFigure(start: receiverFeet, speed: 0, height: figure, colours: .random(&random), phase: 1.1),
        ]
        return SyntheticScene(
            name: "badminton-clear", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [clear], seed: seed,
            backdrop: .gym(floor: camera.groundPoint(x: 0, z: depth + 3).y),
            figures: players.map(SceneFigure.walker))
    }
}

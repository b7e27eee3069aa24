import BallTrace
import Foundation

extension SyntheticScene {
    /// A pitch as a broadcast's centre-field camera shows it: a long lens (about 9° vertical
    /// field) 6 m up, 106 m behind the rubber and a little to one side, so the 18 m from the
    /// mound to the plate cross about a sixth of the picture's width in 0.42–0.5 s. The ball,
    /// 7.4 cm across, is about 2.3 px in radius at 1920×1080 (in proportion at other sizes); it
    /// leaves the pitcher's hand at 36–42 m/s and falls as a fastball's backspin or a
    /// curveball's topspin makes it fall (6–12 m/s²), under drag, into the catcher's glove,
    /// where it is gone from the picture. Before the release it is hidden in the glove and
    /// hand: the flight's first frame is its first airborne frame. The pitcher winds up, strides
    /// and whips his arm through beside the ball's first frames; a batter waits at the plate,
    /// the catcher and umpire crouch behind it, in front of a backstop and the stands.
    package static func baseballPitch(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 2,
                                     seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0xBA5E_BA11)
        let w = Double(width), h = Double(height)
        let camera = PinholeCamera(focalLength: 6.15 * h, principalPoint: PixelPoint(x: 0.5 * w, y: 0.3 * h), height: 6,
                                   blurRadius: 0.35 * h / 360)
        let ballRadius = 0.0366, plateDepth = 125.0
        // The camera sits off the line from the mound to the plate by 13–16°.
        let offAxis = random.uniform(13...16) * .pi / 180
        let plateX = random.uniform(2.2...2.8)
        let rubber = SpacePoint(x: plateX - 18.44 * sin(offAxis), y: 0, z: plateDepth - 18.44 * cos(offAxis))
        let release = SpacePoint(x: rubber.x + 1.7 * sin(offAxis) + 0.35, y: random.uniform(1.75...1.9),
                                 z: rubber.z + 1.7 * cos(offAxis))
        let target = SpacePoint(x: plateX + random.uniform(-0.2...0.2), y: random.uniform(0.5...1.1), z: plateDepth - 0.3)
        let speed = random.uniform(36...42), fall = random.uniform(6...12), drag = 0.2
        let dx = target.x - release.x, dy = target.y - release.y, dz = target.z - release.z
        let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
        // Flight time with linear drag: the distance at unit launch speed, (1 − e^{−cT}) / c, is distance / speed.
        let reach = distance / speed
        let duration = -log(1 - drag * reach) / drag
        let velocity = SpacePoint(x: dx / reach, y: (dy + fall * (duration - reach) / drag) / reach, z: dz / reach)
        let launch = random.uniform(1.0...1.15)
        var pitch = BallFlight(
            perspective: PerspectiveFlight(camera: camera, launch: release, velocity: velocity, ballRadius: ballRadius,
                                           gravity: fall, drag: drag, brightness: 1.5),
            launchTime: launch)
        pitch.restsBeforeLaunch = false
        pitch.end = FlightEnd(time: launch + duration, staysInView: false)

        let figure = camera.pixels(1.9, atDepth: release.z), facing = 1.0
        // Set so that the hand reaches the release point at the launch (see `Pitcher`).
        let feet = pitch.start + PixelPoint(x: -0.33 * facing * figure, y: 0.97 * figure)
        let pitcher = Pitcher(feet: feet, height: figure, pitch: pitch, colours: .random(&random), facing: facing)
        let batterFeet = camera.groundPoint(x: plateX - 1.0, z: plateDepth)
        let batter = WalkingFigure(start: batterFeet, speed: 0, height: camera.pixels(1.88, atDepth: plateDepth),
                                   colours: .random(&random), phase: 0.4)
        return SyntheticScene(
            name: "baseball-pitch", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [pitch], seed: seed,
            backdrop: .ballpark(camera, plate: SpacePoint(x: plateX, y: 0, z: plateDepth), rubber: rubber),
            scenery: catcherAndUmpire(camera: camera, plate: SpacePoint(x: plateX, y: 0, z: plateDepth)),
            figures: [.walker(batter), .pitcher(pitcher)])
    }

    /// The catcher crouched just behind the plate and the umpire standing over him: still for the
    /// length of a pitch, so scenery of the background.
    private static func catcherAndUmpire(camera: PinholeCamera, plate: SpacePoint) -> [SceneryItem] {
        func at(_ x: Double, _ y: Double, _ z: Double) -> PixelPoint { camera.project(SpacePoint(x: x, y: y, z: z)) }
        let catcher = plate.z + 1.0, umpire = plate.z + 2.0
        let navy = RGBColour(red: 30, green: 36, blue: 60), grey = RGBColour(red: 120, green: 120, blue: 125)
        return [
            SceneryItem(.polygon([at(plate.x - 0.35, 1.6, umpire), at(plate.x + 0.35, 1.6, umpire),
                                  at(plate.x + 0.3, 0, umpire), at(plate.x - 0.3, 0, umpire)]), colour: navy),
            SceneryItem(.disc(at(plate.x, 1.75, umpire), radius: camera.pixels(0.13, atDepth: umpire)), colour: navy),
            SceneryItem(.polygon([at(plate.x - 0.4, 0.95, catcher), at(plate.x + 0.4, 0.95, catcher),
                                  at(plate.x + 0.45, 0, catcher), at(plate.x - 0.45, 0, catcher)]), colour: grey),
            SceneryItem(.disc(at(plate.x, 1.05, catcher), radius: camera.pixels(0.14, atDepth: catcher)), colour: navy),
        ]
    }
}

import BallTrace
import Foundation

extension SyntheticScene {
    /// A jump shot in a sports hall, side-on. A large orange ball (radius h/40) is held at the
    /// chest (resting, not in flight), lifted through the jump and released at its top at
    /// 0.9 s, arcs high across the hall and drops through the hoop on the right (passing behind
    /// the front of the rim and the net: clipped there), and falls on toward the floor. The
    /// player dips, jumps, follows through, lands and runs after the shot, beside the launch
    /// point. The hoop and backboard are static scenery, on the floor's scale
    /// (1 m = h/4.8: a 2 m player, a 3.05 m rim).
    package static func basketballShot(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 2.5,
                                      seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0xBA5_4E7)
        let w = Double(width), h = Double(height)
        let metre = h / 4.8, radius = 0.12 * metre, gravity = 9.81 * metre
        let floor = 0.93 * h
        let figure = 2.0 * metre, facing = 1.0
        let feet = PixelPoint(x: (0.14 + 0.04 * random.unit()) * w, y: floor)
        let rim = PixelPoint(x: (0.79 + 0.02 * random.unit()) * w, y: floor - 3.05 * metre)

        // Released at the top of a 0.45 m jump, above and in front of the shoulder.
        let jump = 0.45 * metre, airtime = 2 * (2 * 0.45 / 9.81).squareRoot()
        let launch = 0.9
        let shoulder = feet + BasketballPlayer.shoulderOffset(height: figure, facing: facing)
        let release = shoulder + PixelPoint(x: 0.12 * facing * figure, y: -0.3 * figure - jump)
        // A high arc: apex near the top of the frame, then down through the rim's centre.
        let apex = random.uniform(0.06...0.11) * h
        let up = (2 * gravity * (release.y - apex)).squareRoot()
        let duration = up / gravity + (2 * (rim.y - apex) / gravity).squareRoot()
        let velocity = (x: (rim.x - release.x) / duration, y: -up)
        let chest = shoulder + PixelPoint(x: 0.14 * facing * figure, y: 0.12 * figure)
        // After the rim it falls on to the floor (or out of the picture first).
        let drop = floor - radius - release.y
        let landing = (up + (up * up + 2 * gravity * drop).squareRoot()) / gravity
        let shot = BallFlight(
            start: release, velocityX: velocity.x, velocityY: velocity.y, gravity: gravity, radius: radius,
            launchTime: launch, restsBeforeLaunch: true, carry: BallCarry(from: chest, duration: 0.35),
            end: FlightEnd(time: launch + landing, staysInView: true))
        let player = BasketballPlayer(feet: feet, height: figure, shot: shot, takeoff: launch - airtime / 2, airtime: airtime,
                                      jumpHeight: jump, runSpeed: 0.3 * w, colours: .random(&random), facing: facing)
        return SyntheticScene(
            name: "basketball-shot", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [shot], seed: seed,
            ballColour: RGBColour(red: 226, green: 112, blue: 36), backdrop: .gym(floor: floor - 0.12 * h),
            scenery: hoop(rim: rim, metre: metre, width: w), figures: [.basketballPlayer(player)])
    }

    /// A hoop seen side-on: the backboard edge-on, hung from a bracket on the wall; the rim a flat
    /// ellipse whose far half is behind the ball and whose near half, with the net, is in front.
    static func hoop(rim: PixelPoint, metre: Double, width: Double) -> [SceneryItem] {
        let rx = 0.23 * metre, ry = 0.06 * metre
        let board = PixelRect(x: rim.x + rx + 0.15 * metre, y: rim.y - 0.9 * metre, width: max(2, 0.05 * metre),
                              height: 1.05 * metre)
        let steel = RGBColour(red: 110, green: 110, blue: 118), white = RGBColour(red: 240, green: 240, blue: 236)
        let orange = RGBColour(red: 215, green: 75, blue: 25)
        let rimThickness = max(1.5, 0.035 * metre), string = max(1, 0.012 * metre)
        var items: [SceneryItem] = [
            SceneryItem(.segment(PixelPoint(x: board.x + board.width, y: board.y + 0.3 * metre),
                                 PixelPoint(x: width + 10, y: board.y - 0.6 * metre), thickness: max(2, 0.08 * metre)), colour: steel),
            SceneryItem(.segment(PixelPoint(x: board.x + board.width, y: board.y + 0.8 * metre),
                                 PixelPoint(x: width + 10, y: board.y + 0.2 * metre), thickness: max(2, 0.06 * metre)), colour: steel),
            SceneryItem(.rect(board), colour: white),
            SceneryItem(.segment(PixelPoint(x: rim.x + rx, y: rim.y), PixelPoint(x: board.x, y: rim.y),
                                 thickness: rimThickness), colour: orange),
        ]
        func onRim(_ angle: Double, scale: Double = 1, drop: Double = 0) -> PixelPoint {
            PixelPoint(x: rim.x + scale * rx * cos(angle), y: rim.y + drop + scale * ry * sin(angle))
        }
        let steps = 8
        for i in 0..<steps {
            // Angles increase clockwise on screen: π…2π is the far (upper) half.
            let far = (Double.pi + Double(i) * .pi / Double(steps), Double.pi + Double(i + 1) * .pi / Double(steps))
            items.append(SceneryItem(.segment(onRim(far.0), onRim(far.1), thickness: rimThickness), colour: orange))
        }
        // The net, then the near half of the rim over it.
        let depth = 0.42 * metre
        for i in 0...6 {
            let a = Double(i) * .pi / 6
            items.append(SceneryItem(.segment(onRim(a), onRim(a + 0.5, scale: 0.6, drop: depth), thickness: string), colour: white, inFront: true))
            items.append(SceneryItem(.segment(onRim(a), onRim(a - 0.5, scale: 0.6, drop: depth), thickness: string), colour: white, inFront: true))
        }
        for i in 0..<steps {
            let near = (Double(i) * .pi / Double(steps), Double(i + 1) * .pi / Double(steps))
            items.append(SceneryItem(.segment(onRim(near.0, scale: 0.6, drop: depth), onRim(near.1, scale: 0.6, drop: depth),
                                              thickness: string), colour: white, inFront: true))
            items.append(SceneryItem(.segment(onRim(near.0), onRim(near.1), thickness: rimThickness), colour: orange, inFront: true))
        }
        return items
    }
}

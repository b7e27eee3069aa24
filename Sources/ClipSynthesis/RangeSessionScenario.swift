import BallTrace

extension SyntheticScene {
    /// The swing times of ``rangeSession(width:height:frameRate:seconds:seed:)``: a practice
    /// swing with no ball on the tee, then two struck drives, 3 s apart.
    package static let rangeSessionSwings = (practice: 1.3, struck: [4.3, 7.3])

    /// A range session filmed face-on: one golfer, one tee, several swings. The first swing is a
    /// practice swing over an empty tee; before each struck swing a ball is teed up (it appears
    /// on the tee 1.5 s before impact, once the previous flight has left the picture) and flies
    /// up and to the left as in ``golfFaceOn(width:height:frameRate:seconds:seed:)``, each
    /// launch varied a little by `seed`. Its flights are the shots a session tool must find, in
    /// order, and nothing for the practice swing.
    package static func rangeSession(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 9,
                                    seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0x5E55_1011)
        let w = Double(width), h = Double(height)
        let tee = PixelPoint(x: 0.68 * w, y: 0.82 * h)
        let swings = rangeSessionSwings
        let flights = swings.struck.map { impact in
            var flight = BallFlight(
                start: tee, velocityX: -(0.55 + 0.1 * random.unit()) * w, velocityY: -(1.25 + 0.1 * random.unit()) * h,
                gravity: 1.35 * h, radius: max(1.5, h / 150), launchTime: impact, restsBeforeLaunch: true,
                // Gone from the picture for good once it has left it (it never comes back down into view).
                end: FlightEnd(time: impact + 1.4, staysInView: false))
            flight.placedTime = impact - RangeGolfer.finishHeld
            return flight
        }
        return SyntheticScene(
            name: "range-session", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: flights, seed: seed,
            figures: [.rangeGolfer(RangeGolfer(ballPosition: tee, height: 0.55 * h,
                                               swingTimes: [swings.practice] + swings.struck))])
    }
}

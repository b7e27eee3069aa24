@testable import BallTrace
import Foundation
import Testing

@Test(arguments: [("42.67mm", 0.04267), ("1.68in", 0.042672), ("6.7cm", 0.067), ("0.24m", 0.24), (" 22 CM ", 0.22)])
func lengthsAreReadWithTheirUnit(text: String, metres: Double) throws {
    let length = try #require(Length(parsing: text))
    #expect(abs(length.metres - metres) < 1e-9)
}

@Test(arguments: ["42.67", "mm", "-3cm", "0mm", "3 feet", "nanmm"])
func lengthsWithoutAUnitOrNotPositiveAreRefused(text: String) {
    #expect(Length(parsing: text) == nil)
}

@Test func everyBallHasItsRegulationDiameter() {
    #expect(Ball.golf.diameter == 0.04267)
    #expect(Ball.allCases.allSatisfy { $0.diameter > 0.04 && $0.diameter < 0.25 })
    #expect(Ball.basketball.maximumRadius.value > Ball.golf.maximumRadius.value)
}

/// A parabola sampled at 30 fps: x = 100 + 300t, y = 400 − 600t + 500t² (pixels, y down).
private func parabola(frames: Range<Int>, radius: Double = 5) -> [TrackPoint] {
    frames.map { f in
        let t = Double(f) / 30
        return TrackPoint(frame: f, time: t, position: PixelPoint(x: 100 + 300 * t, y: 400 - 600 * t + 500 * t * t), radius: radius)
    }
}

@Test func physicsReadsSpeedAngleApexAndGravityOffTheFit() throws {
    let points = parabola(frames: 0..<20)
    let fit = try #require(MotionFit(points))
    let physics = try #require(FlightPhysics(points: points, fit: fit, setting: .pixelsPerMetre(100)))
    #expect(physics.measurable)
    let speed: Double = (300.0 * 300.0 + 600.0 * 600.0).squareRoot() / 100
    let angle: Double = atan2(600.0, 300.0) * 180 / Double.pi
    let apex: Double = 600.0 * 600.0 / 1000.0 / 2 / 100
    let g = try #require(physics.gravity), s = try #require(physics.launchSpeed), a = try #require(physics.launchAngle)
    let h = try #require(physics.apexHeight), t = try #require(physics.flightTime), v = try #require(physics.horizontalSpeed)
    #expect(abs(g - 10) < 1e-6)
    #expect(abs(s - speed) < 1e-6)
    #expect(abs(a - angle) < 1e-6)
    #expect(abs(h - apex) < 1e-6)
    #expect(abs(t - 1.2) < 1e-6)
    #expect(abs(v - 3) < 1e-6)
}

/// The carry a coach reads off a shot: to where the ball was seen to land when it was, else to
/// where the path comes back to its launch height. The parabola above is back at y = 400 at
/// t = 1.2 s, 360 px (3.6 m) on; followed to frame 30 (t = 1, x = 400, y = 300) and seen to lie
/// there, it landed 3 m on, higher up the picture (a ball landing on a bank).
@Test(arguments: [false, true])
func theCarryIsToTheLandingWhenOneWasSeenElseToTheLaunchHeight(landed: Bool) throws {
    let points = parabola(frames: 0..<31)
    let physics = try #require(FlightPhysics(points: points, fit: MotionFit(points), setting: .pixelsPerMetre(100), landed: landed))
    let carry = try #require(physics.carry)
    #expect(abs(carry - (landed ? 3 : 3.6)) < 1e-6)
    #expect(physics.carryTo == (landed ? .landing : .launchHeight))
}

/// A ball that only falls (thrown down from a height) and is lost before it lands has no carry.
@Test func aBallThatOnlyFallsAndIsNotSeenToLandHasNoCarry() throws {
    let points = (0..<15).map { f in
        let t = Double(f) / 30
        return TrackPoint(frame: f, time: t, position: PixelPoint(x: 100 + 200 * t, y: 100 + 100 * t + 500 * t * t), radius: 5)
    }
    let physics = try #require(FlightPhysics(points: points, fit: MotionFit(points), setting: .pixelsPerMetre(100)))
    #expect(physics.measurable && physics.carry == nil && physics.carryTo == nil)
}

@Test func aBallThatGrowsAlongTheFlightIsNotMeasured() throws {
    var points = parabola(frames: 0..<20)
    for i in points.indices { points[i].radius = 5 * (1 + 0.05 * Double(i)) }
    let physics = try #require(FlightPhysics(points: points, fit: MotionFit(points), setting: .pixelsPerMetre(100)))
    #expect(!physics.measurable && physics.gravity == nil && physics.launchSpeed == nil)
    #expect(physics.notMeasurableBecause?.contains("+") == true)
}

@Test func theScaleFromADiameterIsTheBallsWidthInPixelsPerItsWidthInMetres() throws {
    let points = parabola(frames: 0..<20, radius: 8)
    let physics = try #require(FlightPhysics(points: points, fit: MotionFit(points), setting: .ballDiameter(Length(metres: 0.04))))
    #expect(abs(physics.scale.pixelsPerMetre - 400) < 1e-9)
}

@Test func predictionStopsWhenThePathFallsBackToLaunchHeight() throws {
    let points = parabola(frames: 0..<15)
    let path = FlightPath.picture(try #require(MotionFit(points)))
    let ahead = PathPrediction.extend(path, from: points.last!, launchHeight: 400, interval: 1.0 / 30,
                                      frameWidth: 2000, frameHeight: 2000)
    // Back at y = 400 at t = 1.2 s: frames 15 … 35 are predicted, no further.
    #expect(ahead.count == 21)
    #expect(ahead.allSatisfy { $0.position.y < 400 })
}

@Test func predictionStopsAtTheEdgeOfTheFrame() throws {
    let points = parabola(frames: 0..<10)
    let path = FlightPath.picture(try #require(MotionFit(points)))
    let ahead = PathPrediction.extend(path, from: points.last!, launchHeight: 400, interval: 1.0 / 30,
                                      frameWidth: 260, frameHeight: 2000)
    #expect(!ahead.isEmpty && ahead.allSatisfy { $0.position.x <= 260 })
    #expect(ahead.last!.position.x > 250)
}

@Test func theApexIsTheHighestPointBetweenLaunchAndThePredictedEnd() throws {
    let points = parabola(frames: 0..<12)  // lost at t = 0.37 s, before the apex at 0.6 s
    let path = FlightPath.picture(try #require(MotionFit(points)))
    let ahead = PathPrediction.extend(path, from: points.last!, launchHeight: 400, interval: 1.0 / 30,
                                      frameWidth: 2000, frameHeight: 2000)
    let events = FlightEvents(points: points, path: path, predicted: ahead, interval: 1.0 / 30,
                              frameWidth: 2000, frameHeight: 2000, coordinates: .topLeft)
    let apex = try #require(events.apex)
    #expect(abs(apex.time - 0.6) < 0.01 && !apex.observed && apex.frame == 18)
    #expect(abs(apex.y * 2000 - 220) < 0.1)
    #expect(events.launch.frame == 0 && events.exit.frame == 11 && events.exit.reason == .lost)
}

@Test func aBallThatOnlyFallsHasNoApex() throws {
    let points = (0..<10).map { f in
        let t = Double(f) / 30
        return TrackPoint(frame: f, time: t, position: PixelPoint(x: 100 + 200 * t, y: 100 + 50 * t + 500 * t * t), radius: 5)
    }
    let path = FlightPath.picture(try #require(MotionFit(points)))
    let events = FlightEvents(points: points, path: path, predicted: [], interval: 1.0 / 30,
                              frameWidth: 2000, frameHeight: 2000, coordinates: .topLeft)
    #expect(events.apex == nil)
}

@Test func aPredictedPathIsCutIntoDashesAndGaps() {
    let line = [PixelPoint(x: 0, y: 0), PixelPoint(x: 25, y: 0), PixelPoint(x: 50, y: 0)]
    let dashes = OverlayPaths.dashes(line, dash: 10)
    // 0–10, 20–30 (across the corner at 25), 40–50.
    #expect(dashes.count == 3)
    #expect(dashes.map { $0.first!.x } == [0, 20, 40])
    #expect(dashes.map { $0.last!.x } == [10, 30, 50])
    #expect(dashes[1].count == 3)
}

@Test func aBallWhoseLastStepCarriesItOutOfThePictureLeftIt() throws {
    // Climbing toward the top edge, slowing as a ball receding from the camera seems to: a fit
    // over the flight bends before the edge, but the last step of 38 px from y = 22 leaves it.
    let ys = [300.0, 200, 120, 60, 22]
    let points = ys.enumerated().map { f, y in
        TrackPoint(frame: f, time: Double(f) / 30, position: PixelPoint(x: 100 + 4 * Double(f), y: y), radius: 3)
    }
    let path = FlightPath.picture(try #require(MotionFit(points)))
    #expect(path.position(at: 5.0 / 30).y > 0)
    let events = FlightEvents(points: points, path: path, predicted: [], interval: 1.0 / 30,
                              frameWidth: 640, frameHeight: 480, coordinates: .topLeft)
    #expect(events.exit.reason == .leftFrame)
}

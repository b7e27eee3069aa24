import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The generated drive's flight is known exactly: launch velocity and gravity in pixels. At an
/// assumed 100 px per metre, its figures in metres are the truth the physics must give back.
@Suite("What a coach reads off a flight")
struct FlightPhysicsPipelineTests {
    static let pixelsPerMetre = 100.0
    let clip = GeneratedClips.golfDrive
    var flight: BallFlight { clip.truth.scene.flights[0] }

    func analyse(_ path: String, coordinates: CoordinateSystem = .topLeft,
                 scale: ScaleSetting? = .pixelsPerMetre(pixelsPerMetre)) throws -> TrajectoryObservation {
        let result = try VideoAnalysis.run(path: path, settings: AnalysisSettings(coordinates: coordinates, scale: scale))
        try #require(result.trajectories.count == 1)
        return result.trajectories[0]
    }

    /// The true velocity (px/s, y down) at `time`, after launch.
    func trueVelocity(at time: Double) -> (x: Double, y: Double) {
        (flight.velocityX, flight.velocityY + flight.gravity * (time - flight.launchTime))
    }

    @Test func launchSpeedAngleApexGravityAndFlightTimeMatchTheTrueFlight() throws {
        let observation = try analyse(clip.path)
        let physics = try #require(observation.physics)
        #expect(physics.measurable && physics.scale.pixelsPerMetre == Self.pixelsPerMetre)
        // Figures are at the first detection: the frame after the strike.
        let v = trueVelocity(at: observation.events.launch.time)
        let ppm = Self.pixelsPerMetre
        let trueSpeed = (v.x * v.x + v.y * v.y).squareRoot() / ppm
        let trueAngle = atan2(-v.y, abs(v.x)) * 180 / .pi
        let trueApexHeight = v.y * v.y / (2 * flight.gravity) / ppm
        let g = try #require(physics.gravity), speed = try #require(physics.launchSpeed)
        let angle = try #require(physics.launchAngle), apex = try #require(physics.apexHeight)
        let time = try #require(physics.flightTime), horizontal = try #require(physics.horizontalSpeed)
        #expect(abs(g / (flight.gravity / ppm) - 1) < 0.05, "gravity \(g) m/s², truth \(flight.gravity / ppm)")
        #expect(abs(speed / trueSpeed - 1) < 0.04, "launch speed \(speed), truth \(trueSpeed)")
        #expect(abs(angle - trueAngle) < 1.5, "launch angle \(angle)°, truth \(trueAngle)°")
        #expect(abs(apex / trueApexHeight - 1) < 0.05, "apex height \(apex) m, truth \(trueApexHeight)")
        #expect(abs(time / (-2 * v.y / flight.gravity) - 1) < 0.05, "flight time \(time) s")
        #expect(abs(horizontal / (abs(v.x) / ppm) - 1) < 0.04, "horizontal speed \(horizontal)")
    }

    @Test func launchApexAndExitFallOnTheTrueFrames() throws {
        let observation = try analyse(clip.path)
        let interval = 1 / clip.truth.scene.frameRate
        let inFlight = clip.truth.positions.filter { $0.flight == 0 && $0.inFlight && $0.visible }
        let events = observation.events
        #expect(abs(events.launch.frame - inFlight[0].frame) <= 1, "launch frame \(events.launch.frame)")
        let apex = try #require(events.apex)
        let trueApexTime = flight.launchTime - flight.velocityY / flight.gravity
        #expect(abs(apex.time - trueApexTime) < interval, "apex at \(apex.time) s, truth \(trueApexTime) s")
        let trueApex = try #require(flight.position(at: trueApexTime))
        #expect(abs(apex.y * 360 - trueApex.y) < 2, "apex height \(apex.y * 360) px, truth \(trueApex.y) px")
        let there = try #require(flight.position(at: apex.time))
        #expect(abs(apex.x * 640 - there.x) < 2)
        #expect(events.exit.reason == .leftFrame)
        #expect(abs(events.exit.frame - inFlight.last!.frame) <= 1)
    }

    @Test func motionIsTheFlightInTheDocumentsCoordinates() throws {
        let topLeft = try analyse(clip.path).motion
        let vision = try analyse(clip.path, coordinates: .vision).motion
        // Gravity pulls down: +y in top-left coordinates, −y in Vision's.
        #expect(abs(topLeft.y[2] - flight.gravity / 360) < 0.05 * flight.gravity / 360)
        #expect(abs(vision.y[2] + topLeft.y[2]) < 1e-6 && abs(vision.y[0] - (1 - topLeft.y[0])) < 1e-6)
        #expect(abs(topLeft.x[1] - flight.velocityX / 640) < 0.04 * abs(flight.velocityX / 640))
        #expect(topLeft.rms < 0.005)
    }

    @Test func aBallLostInTheFrameIsPredictedWhereItReallyWent() throws {
        // The clip ends 0.5 s after the strike, the ball still climbing in the picture.
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 1.8, seed: 7)
        scene.name = "golf-face-on-cut"
        let cut = GeneratedClips.render(scene)
        let observation = try analyse(cut.path)
        let predicted = observation.predictedPoints
        // Still followed in the last frame: the clip, not the tracker, ended it.
        #expect(observation.events.exit.reason == .clipEnded)
        #expect(predicted.count >= 10, "\(predicted.count) predicted points")
        let truth = cut.truth.scene.flights[0]
        var errors: [Double] = []
        for p in predicted.prefix(15) {
            guard let real = truth.position(at: p.time) else { continue }
            errors.append(((p.x * 640 - real.x) * (p.x * 640 - real.x) + (p.y * 360 - real.y) * (p.y * 360 - real.y)).squareRoot())
        }
        #expect(!errors.isEmpty && errors.max()! < 12, "prediction errors \(errors) px")
        // It ends where the ball leaves the frame or falls back to the tee's height.
        let end = try #require(predicted.last)
        let nearEdge = end.x < 0.05 || end.x > 0.95 || end.y < 0.05
        let backAtTee = end.y * 360 > truth.start.y - 15
        #expect(nearEdge || backAtTee, "prediction ends at \(end)")
    }

    @Test func aBallDiameterGivesTheScaleFromTheBallsDetectedRadiusAtLaunch() throws {
        let diameter = Length(metres: 0.04267)
        let observation = try analyse(clip.path, scale: .ballDiameter(diameter))
        let physics = try #require(observation.physics)
        let launchRadii = observation.detectedPoints.prefix(5).map { $0.radius * 360 }.sorted()
        let expected = 2 * launchRadii[launchRadii.count / 2] / diameter.metres
        #expect(abs(physics.scale.pixelsPerMetre / expected - 1) < 1e-9, "\(physics.scale.pixelsPerMetre) px/m, expected \(expected)")
        #expect(physics.scale.source.contains("42.67 mm") && physics.scale.source.contains("radius at launch"))
        // The detected radius includes the blurred rim of a 2.4 px ball: the scale is within a
        // factor of two of the truth, and the calibration flag is the precise one.
        let truth = 2 * flight.radius / diameter.metres
        #expect(physics.scale.pixelsPerMetre > 0.5 * truth && physics.scale.pixelsPerMetre < 2 * truth)
    }

    @Test func withoutAScaleThereIsNoPhysics() throws {
        #expect(try analyse(clip.path, scale: nil).physics == nil)
    }

    @Test func aBallFlyingAwayFromTheCameraIsNotMeasuredInTheImagePlane() throws {
        let scene = try #require(SyntheticScene.scenario(named: "golf-down-the-line", width: 640, height: 480, seed: 1))
        let clip = GeneratedClips.render(scene)
        let physics = try #require(try analyse(clip.path).physics)
        #expect(!physics.measurable)
        #expect(physics.launchSpeed == nil && physics.gravity == nil)
        #expect(physics.notMeasurableBecause?.contains("toward or away from the camera") == true)
    }

    @Test func csvHasOneRowPerDetectedPointInBothUnits() throws {
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(coordinates: .vision))
        let rows = PointsCSV.text(for: result).split(separator: "\n")
        #expect(rows.first == "uuid,frame,time,x,y,x_px,y_px,radius_px")
        let points = result.trajectories[0].detectedPoints
        #expect(rows.count == 1 + points.count)
        let fields = rows[1].split(separator: ",").map(String.init)
        #expect(fields[0] == result.trajectories[0].uuid.uuidString && Int(fields[1]) == points[0].frame)
        // Vision's y is up; the pixel column is top-left, y down.
        let y = try #require(Double(fields[4])), yPixels = try #require(Double(fields[6]))
        #expect(abs((1 - y) * 360 - yPixels) < 0.01)
        #expect(abs(try #require(Double(fields[7])) - points[0].radius * 360) < 0.01)
    }
    /// A tennis ball tossed and let fall to the court, where it lies to the end of the clip:
    /// the flight says it landed, on the frame the ball came down, and its carry is measured
    /// to where it lies (at a scale of 100 px a metre: the truth's distance across the picture
    /// from its first airborne frame to its first frame at rest).
    @Test func aTossThatFallsToTheCourtLandedAndCarriesToWhereItLies() throws {
        let clip = GeneratedClips.render(SyntheticScene.scenario(named: "tennis-toss", width: 640, height: 480, frameRate: 30, seed: 32)!)
        let airborne = try #require(clip.truth.positions.first { $0.flight == 0 && $0.inFlight })
        let lying = try #require(clip.truth.positions.first { $0.flight == 0 && !$0.inFlight && $0.frame > airborne.frame })
        let observation = try analyse(clip.path)
        #expect(observation.events.exit.reason == .landed)
        #expect(abs(observation.events.exit.frame - lying.frame) <= 1, "exit at frame \(observation.events.exit.frame), at rest from \(lying.frame)")
        let physics = try #require(observation.physics)
        #expect(physics.carryTo == .landing)
        let carry = try #require(physics.carry), trueCarry = abs(lying.x - airborne.x) / Self.pixelsPerMetre
        #expect(abs(carry - trueCarry) < 0.05, "carry \(carry) m, truth \(trueCarry) m")
    }
}

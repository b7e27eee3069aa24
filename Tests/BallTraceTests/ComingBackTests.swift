import Testing
@testable import BallTrace

/// A ball struck high climbs out through the top of the picture and comes back down far away,
/// small and slow: the descent is reported, and says which flight it continues.
@Suite struct ComingBackTests {
    static let width = 640, height = 360, fps = 30.0

    /// One stretch of a ball's path: where it is `s` seconds after the stretch begins, from
    /// `from` until `until` (seconds into the clip), seen where `seen` says.
    struct Stretch {
        var from: Double
        var until = Double.infinity
        var radius: Double
        var seen: (PixelPoint) -> Bool = { _ in true }
        var at: (Double) -> PixelPoint
    }

    /// The ball's position and radius in each of `frames` frames, nil where it is not seen.
    static func positions(frames: Int, fps: Double, _ stretches: [Stretch]) -> [(PixelPoint, Double)?] {
        (0..<frames).map { frame -> (PixelPoint, Double)? in
            let t = Double(frame) / fps
            guard let stretch = stretches.first(where: { t >= $0.from && t < $0.until }) else { return nil }
            let p = stretch.at(t - stretch.from)
            return stretch.seen(p) ? (p, stretch.radius) : nil
        }
    }

    /// From 1.2 s, a slow descent of a 1 px ball from the top edge near where the climbs below
    /// left, slower than a quarter of the frame per second.
    static var slowDescent: Stretch {
        Stretch(from: 1.2, radius: 1) { s in PixelPoint(x: 330 + 10 * s, y: 2 + 20 * s + 70 * s * s) }
    }

    /// A climb out through the top (frames 0–15), then ``slowDescent``.
    static func positions(climb: Bool) -> [(PixelPoint, Double)?] {
        let out = Stretch(from: 0, until: 0.5, radius: 4, seen: { $0.y > 0 }) { t in
            PixelPoint(x: 300 + 40 * t, y: 300 - 900 * t + 600 * t * t)
        }
        return positions(frames: 52, fps: fps, climb ? [out, slowDescent] : [slowDescent])
    }

    /// The flights reported from one ball's positions (nil: not seen), earliest first.
    static func track(_ positions: [(PixelPoint, Double)?], width: Int = width, height: Int = height,
                      fps: Double = fps) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for (frame, seen) in positions.enumerated() {
            let blobs = seen.map { [Blob(center: $0.0, radius: $0.1, area: .pi * $0.1 * $0.1)] } ?? []
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported.sorted { $0.points[0].frame < $1.points[0].frame }
    }

    @Test func aBallComingBackDownWhereItLeftIsReportedAsContinuingItsFlight() throws {
        let flights = Self.track(Self.positions(climb: true))
        try #require(flights.count == 2, "\(flights.count) flights")
        #expect(flights[0].continues == nil)
        #expect(flights[1].continues == flights[0].id)
        #expect(flights[1].points.count >= 12)
        let observation = TrajectoryObservation(track: flights[1], frameWidth: Self.width, frameHeight: Self.height,
                                                coordinates: .topLeft, trajectoryLength: 10, frameInterval: 1 / Self.fps)
        #expect(observation.continues == flights[0].id)
    }

    /// The descent is the ball of the flight it continues: launched where that flight began, at
    /// its first detection, not at the top edge where it is seen again; and its own path, a far
    /// ball slowed by drag, gives no launch speed or angle (they are the flight's).
    @Test func aBallComingBackWasLaunchedWhereItsFlightBeganAndHasNoLaunchFiguresOfItsOwn() throws {
        let flights = Self.track(Self.positions(climb: true))
        try #require(flights.count == 2, "\(flights.count) flights")
        let observations = flights.map {
            TrajectoryObservation(track: $0, frameWidth: Self.width, frameHeight: Self.height, coordinates: .topLeft,
                                  trajectoryLength: 10, frameInterval: 1 / Self.fps, scale: .pixelsPerMetre(100))
        }
        let struck = flights[0].points[0]
        #expect(observations[0].events.launch == FlightMoment(frame: struck.frame, time: struck.time))
        #expect(observations[1].events.launch == observations[0].events.launch)
        #expect(observations[1].detectedPoints[0].frame > struck.frame + 20, "the descent is seen far later")
        #expect(observations[0].physics?.measurable == true)
        let descent = try #require(observations[1].physics)
        #expect(!descent.measurable && descent.launchSpeed == nil && descent.launchAngle == nil)
        #expect(descent.notMeasurableBecause?.contains(flights[0].id.uuidString) == true)
        // Played at a quarter of life's speed, the launch is a quarter as fast too.
        let slowed = flights[1].timesStretched(by: 4)
        #expect(slowed.continuedLaunch == FlightMoment(frame: struck.frame, time: 4 * struck.time))
    }

    /// The same, filmed by a camera tilting up after the ball: the rows it brings into view at
    /// the top are new to the background model, and a ball there is not found (it would be
    /// taken for background). The climb, a 2.5 px ball, is last seen 10–17 px below the edge,
    /// still climbing at 7 px a frame: its last step does not carry it out, but it leaves
    /// within the frames a flight may miss, and the descent continues it.
    @Test func aClimbLostJustBelowTheTopEdgeIsContinuedByTheDescent() throws {
        let out = Stretch(from: 0, until: 0.7, radius: 2.5, seen: { $0.y >= 10 }) { t in
            PixelPoint(x: 300 + 40 * t, y: 300 - 957 * t + 750 * t * t)
        }
        let positions = Self.positions(frames: 52, fps: Self.fps, [out, Self.slowDescent])
        let flights = Self.track(positions)
        try #require(flights.count == 2, "\(flights.count) flights")
        let exit = flights[0].last.position.y, climb = exit - flights[0].points[flights[0].points.count - 2].position.y
        #expect(exit > 10 && 2 * exit - (exit - climb) > 0, "last seen at \(exit), climbing \(climb) a frame")
        #expect(flights[1].continues == flights[0].id)
    }

    /// A drive filmed down the line at 1920×1080 and 60 fps climbs out through the top, and
    /// comes back down 1.3 s later far away: a 2.8 px ball falling steadily at 2 px a frame,
    /// drag having taken gravity's pull. Ten frames of it cover 18 px, less than a twentieth of
    /// the picture, and it hardly speeds up: it continues the flight all the same.
    static func drive(climb: Bool) -> [(PixelPoint, Double)?] {
        let out = Stretch(from: 0, until: 0.4, radius: 6, seen: { $0.y > 0 }) { t in
            PixelPoint(x: 985 + 120 * t, y: 860 - 5000 * t + 3000 * t * t)
        }
        let back = Stretch(from: 1.6, radius: 2.8) { s in PixelPoint(x: 1030 + 6 * s, y: 2 + 120 * s + 8 * s * s) }
        return positions(frames: 150, fps: 60, climb ? [out, back] : [back])
    }

    @Test func aFarBallComingBackDownAtItsTerminalSpeedContinuesTheDrive() throws {
        let flights = Self.track(Self.drive(climb: true), width: 1920, height: 1080, fps: 60)
        try #require(flights.count == 2, "\(flights.count) flights")
        #expect(flights[1].continues == flights[0].id)
        #expect(flights[1].points.first!.frame <= 97)
        #expect(flights[1].points.count >= 50, "\(flights[1].points.count) points of the descent's 54")
    }

    /// A drive filmed on a portrait phone (576×1024, 30 fps) that zooms in as the ball climbs:
    /// the ball leaves through the top 14 frames after the strike and falls back in 0.75 s
    /// later, fast and clean, a flight by itself. It is still the drive's ball coming back, and
    /// says so (one ball, one flight), not a second flight from the top edge.
    @Test func aDescentThatPassesAsAFlightOfItsOwnStillContinuesTheDriveThatLeft() throws {
        let out = Stretch(from: 0, until: 0.5, radius: 6, seen: { $0.y > 0 }) { t in
            PixelPoint(x: 316 + 150 * t, y: 900 - 2700 * t + 1500 * t * t)
        }
        let back = Stretch(from: 1.2, radius: 3.5) { s in PixelPoint(x: 390 + 4 * s, y: 2 + 150 * s + 300 * s * s) }
        let flights = Self.track(Self.positions(frames: 60, fps: 30, [out, back]), width: 576, height: 1024, fps: 30)
        try #require(flights.count == 2, "\(flights.count) flights")
        #expect(flights[1].points.first!.frame <= 38)
        #expect(flights[1].continues == flights[0].id)
    }

    /// The same fall with no flight that left before it is a flight of its own.
    @Test func aFastDescentFromTheTopWithNoFlightBeforeItIsAFlightOfItsOwn() throws {
        let back = Stretch(from: 1.2, radius: 3.5) { s in PixelPoint(x: 390 + 4 * s, y: 2 + 150 * s + 300 * s * s) }
        let flights = Self.track(Self.positions(frames: 60, fps: 30, [back]), width: 576, height: 1024, fps: 30)
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].continues == nil)
    }

    @Test func aSteadySlowDescentWithNoDriveBeforeItIsNotReported() {
        #expect(Self.track(Self.drive(climb: false), width: 1920, height: 1080, fps: 60).isEmpty)
    }

    @Test func theSameSlowDescentWithNoFlightBeforeItIsNotReported() {
        #expect(Self.track(Self.positions(climb: false)).isEmpty)
    }
}

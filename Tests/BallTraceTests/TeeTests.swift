import Testing
@testable import BallTrace

/// A tee hint: a flight whose first frames were lost to the club is timed from when its path
/// leaves the tee, and a flight that passes nowhere near the tee is not given a strike.
@Suite struct TeeTests {
    static let width = 640, height = 360, fps = 30.0
    /// Struck at 0.51 s, between frames 15 and 16, from (300, 300).
    static let strike = 0.51
    static let tee = PixelPoint(x: 300, y: 300)

    static func ball(at time: Double) -> PixelPoint {
        let t = time - strike
        return PixelPoint(x: tee.x + 250 * t, y: tee.y - 600 * t + 500 * t * t)
    }

    /// The flight seen from frame `firstSeen` to frame 40, with `tee` as the hint, filmed by a
    /// camera panning `pan` pixels a frame (the scene slides left in the picture).
    static func flights(tee: PixelPoint?, firstSeen: Int = 18, pan: Double = 0) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height)
        settings.tee = tee
        var tracker = TrajectoryTracker(settings: settings)
        for frame in 0..<41 {
            let time = Double(frame) / fps
            let blobs = frame >= firstSeen ? [Blob(center: ball(at: time), radius: 3, area: .pi * 9)] : []
            tracker.update(frame: frame, time: time, blobs: blobs, sceneToPicture: SimilarityTransform(tx: -pan * Double(frame)))
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aFlightWhoseFirstFramesWereLostIsTimedFromTheTee() throws {
        let flights = Self.flights(tee: Self.tee)
        try #require(flights.count == 1)
        #expect(flights[0].points[0].frame == 18, "the first frames are not seen: nothing to find")
        let impact = try #require(flights[0].impact)
        #expect(abs(impact.time - Self.strike) < 0.005, "impact at \(impact.time) s for \(Self.strike) s")
        #expect(impact.frame == 15, "the last frame at rest is 15 (0.50 s); got \(impact.frame)")
    }

    @Test func withACameraThatPansTheTeeIsWhereTheBallIsSeenResting() throws {
        // 2 px a frame: by the strike (frame 15) the tee is 30 px left of where the first frame
        // showed it, and that is where the user sees it.
        let seen = PixelPoint(x: Self.tee.x - 30, y: Self.tee.y)
        let flights = Self.flights(tee: seen, pan: 2)
        try #require(flights.count == 1)
        let impact = try #require(flights[0].impact)
        #expect(abs(impact.time - Self.strike) < 0.005, "impact at \(impact.time) s for \(Self.strike) s")
        #expect(Self.flights(tee: Self.tee, pan: 2).first?.impact == nil, "the first frame's tee is 30 px off by then")
    }

    @Test func aFlightThatDoesNotComeFromTheTeeHasNoStrike() throws {
        // The same flight, the hint a fifth of the picture away from its path.
        let flights = Self.flights(tee: PixelPoint(x: 300, y: 230))
        try #require(flights.count == 1)
        #expect(flights[0].impact == nil)
    }

    @Test func withoutAHintNoFlightHasAStrike() throws {
        let flights = Self.flights(tee: nil)
        try #require(flights.count == 1)
        #expect(flights[0].impact == nil)
    }
}

import Testing
@testable import BallTrace

/// A walker's head bobs along an arc that passes for a ball's (the no-ball scenes' false
/// trajectories were heads); what gives it away is the body that carries it, keeping its place
/// below it frame after frame. A ball leaves whatever threw it within a few frames.
@Suite struct CarriedAlongTests {
    static let width = 1280, height = 720, fps = 30.0, radius = 8.0

    /// A falling arc, 8 px a frame across: what a ball of 8 px would fly, and a head's crest.
    static func arc(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / fps
        return PixelPoint(x: 200 + 240 * t, y: 300 - 150 * t + 300 * t * t)
    }

    /// A body under the arc: its legs' blob 100 px (12.5 radii) below, wider and narrower with each stride
    /// (so it is no smooth flight of its own).
    static func body(under point: PixelPoint, frame: Int) -> Blob {
        let r = frame % 2 == 0 ? 14.0 : 20.0
        return Blob(center: PixelPoint(x: point.x + 3, y: point.y + 100), radius: r, area: 6 * r * r, elongation: 3)
    }

    /// The flights reported from 30 frames of the arc, with whatever `beside` adds each frame.
    static func reported(beside: (Int, PixelPoint) -> [Blob] = { _, _ in [] }) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<30 {
            let p = arc(frame)
            let blobs = [Blob(center: p, radius: radius, area: .pi * radius * radius)] + beside(frame, p)
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func theArcWithNothingBesideItIsAFlight() throws {
        let flights = Self.reported()
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.count == 30)
    }

    @Test func theArcCarriedAlongByABodyBelowItIsNotReported() {
        let flights = Self.reported { frame, p in [Self.body(under: p, frame: frame)] }
        #expect(flights.count == 0, "frames reported: \(flights.map { $0.points.map(\.frame) })")
    }

    @Test func aHeadReportedWhileItsBodyWasHiddenIsWithdrawnOnceTheBodyShows() {
        // Legs hidden behind something for the first eight frames: the first ten points carry
        // nothing, so the arc is reported; the body then keeps its place under it.
        let flights = Self.reported { frame, p in frame < 8 ? [] : [Self.body(under: p, frame: frame)] }
        #expect(flights.count == 0, "frames reported: \(flights.map { $0.points.map(\.frame) })")
    }

    @Test func aBallThatLeavesTheBodyThatThrewItIsAFlight() throws {
        // The thrower's body beside the ball for its first three frames, then walking on
        // slowly while the ball flies away.
        let flights = Self.reported { frame, p in
            let release = Self.arc(2)
            let at = frame <= 2 ? p : PixelPoint(x: release.x + 2 * Double(frame - 2), y: release.y)
            return [Self.body(under: at, frame: frame)]
        }
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.count == 30)
    }

    @Test func aLargeFastBallRisingPastTheShootersBodyIsAFlightFromItsRelease() throws {
        // A basketball of 24 px filmed upright at 60 fps, 15 px a frame upward; below it, the
        // shooter's body as the detector sees it, parts one above another (an arm, the hips,
        // the legs) sinking slowly as the shooter lands. Each part crosses the band where a
        // carrier 8–15 radii below would be in turn, for a few frames; none moves with the ball.
        let width = 1080, height = 1920, fps = 60.0, radius = 24.0
        func ball(_ frame: Int) -> PixelPoint {
            let f = Double(frame)
            return PixelPoint(x: 300 + 5 * f, y: 1000 - 14 * f + 0.5 * 1960 / (fps * fps) * f * f)
        }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<30 {
            var blobs = [Blob(center: ball(frame), radius: radius, area: .pi * radius * radius)]
            for part in 0..<5 {
                let center = PixelPoint(x: 240, y: 1150 + 2.5 * radius * Double(part) + 3 * Double(frame))
                blobs.append(Blob(center: center, radius: 30, area: 6 * 30 * 30, elongation: 2))
            }
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        let flights = tracker.reported.filter { $0.points.contains { $0.position.distance(to: ball($0.frame)) < 1 } }
        try #require(flights.count == 1, "flights: \(tracker.reported.map { $0.points.map(\.frame) })")
        #expect(flights[0].points.first?.frame ?? 99 <= 1)
        #expect(flights[0].points.count >= 28)
    }

    /// Whether what was found beside the ball moved with it, judged from the first half of the
    /// finds to the last: the ball rises 15 px a frame for six frames.
    @Test func aCarrierMovesAsTheBallDoesAndWhatTheBallPassesDoesNot() {
        let ball = (0..<6).map { PixelPoint(x: 300 + 5 * Double($0), y: 1000 - 15 * Double($0)) }
        func found(_ carrier: (Int) -> PixelPoint) -> [(carrier: PixelPoint, ball: PixelPoint)] {
            ball.indices.map { (carrier($0), ball[$0]) }
        }
        // A body under a head: the same offset, give or take a stride's sway.
        #expect(TrajectoryTracker.movesAlong(found { PixelPoint(x: ball[$0].x + ($0 % 2 == 0 ? 3 : -3), y: ball[$0].y + 200) }))
        // Something standing where the ball passes, and something sinking while the ball rises.
        #expect(!TrajectoryTracker.movesAlong(found { _ in PixelPoint(x: 260, y: 1150) }))
        #expect(!TrajectoryTracker.movesAlong(found { PixelPoint(x: 260, y: 1150 + 3 * Double($0)) }))
        // Parts of one body found in turn, each where the band happened to reach it.
        #expect(!TrajectoryTracker.movesAlong(found { PixelPoint(x: 260, y: [1150, 1150, 1210, 1210, 1150, 1150][$0]) }))
    }
}

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
}

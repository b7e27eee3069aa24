import Testing
@testable import BallTrace

/// A fast ball that climbs out of the top of the picture within `trajectoryLength` frames of
/// its launch, its first frame lost in the clutter at the tee: the chain that follows it has
/// one point too few when it leaves, and the detection before it completes the flight.
@Suite struct LeavingThePictureTests {
    static let width = 640, height = 360, fps = 30.0

    /// The ball's place in frame `frame` (in view in frames 0–9: 345 px up in a third of a
    /// second, slowed by gravity), radius 4 px.
    static func ball(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / fps
        return PixelPoint(x: 300 + 60 * t, y: 345 - 1400 * t + 900 * t * t)
    }

    /// Frames 0–9 with the ball from frame `firstSeen`; in frame 1, three specks around the tee
    /// (a club head, a divot), nearer the launch point than the ball is by then.
    static func track(firstSeen: Int) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        func blob(_ p: PixelPoint, _ radius: Double) -> Blob { Blob(center: p, radius: radius, area: .pi * radius * radius) }
        for frame in 0..<14 {
            var blobs: [Blob] = []
            if frame >= firstSeen, ball(frame).y > 0 { blobs.append(blob(ball(frame), 4)) }
            if frame == 1 {
                blobs += [PixelPoint(x: 292, y: 341), PixelPoint(x: 309, y: 349), PixelPoint(x: 301, y: 352)].map { blob($0, 3.5) }
            }
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aBallLeavingBeforeItsChainIsLongEnoughIsReportedFromItsLaunch() throws {
        #expect(Self.ball(9).y > 0 && Self.ball(10).y < 0, "the ball is in view for ten frames")
        let flights = Self.track(firstSeen: 0)
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(0...9))
    }

    @Test func aBallSeenForFewerFramesThanTheTrajectoryLengthIsNotReported() {
        // The same flight seen only from frame 4: six detections, nothing before them.
        #expect(Self.track(firstSeen: 4).isEmpty)
    }
}

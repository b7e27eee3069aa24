import Testing
@testable import BallTrace

/// A tossed ball falling past the server merges for a few frames with the player's body into one
/// large blob well off its path, and the flight may take instead something small that stands
/// beside the path. Those points alone read as a ball that stopped; a flight is judged without
/// them (the zoomed toss of the moving-camera suite shows it whole:
/// `MovingCameraPipelineTests.aTossFallingPastTheServerIsOneFlight`).
@Suite struct BallPassingAPlayerTests {
    static let fps = 60.0, radius = 8.0

    /// The ball: tossed up, at its top at frame 18, falling 20 px a frame by frame 48.
    static func ball(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / fps
        return PixelPoint(x: 560 + 3 * t, y: 300 - 700 * t + 1200 * t * t)
    }

    static func point(_ frame: Int, at position: PixelPoint, radius: Double = radius) -> TrackPoint {
        TrackPoint(frame: frame, time: Double(frame) / fps, position: position, radius: radius)
    }

    @Test func smallPointsBesideThePathAreLeftOutAndThoseOnItKept() {
        let before = (30..<42).map { Self.point($0, at: Self.ball($0)) }
        // Three small points standing still just past where the ball was at frame 41, while the
        // ball falls on 17–20 px a frame.
        let still = PixelPoint(x: 561, y: Self.ball(41).y + 8)
        let beside = (42..<45).map { Self.point($0, at: still, radius: 3.5) }
        #expect(Track.withoutStrayPartialDetections(before + beside) == before)
        // The ball's near edge going behind something: small, but where the ball is.
        let onPath = (42..<45).map { Self.point($0, at: Self.ball($0), radius: 3.5) }
        #expect(Track.withoutStrayPartialDetections(before + onPath) == before + onPath)
        // Nothing small: nothing left out.
        #expect(Track.withoutStrayPartialDetections(before) == before)
    }
}

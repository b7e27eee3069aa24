import Foundation
import Testing
@testable import BallTrace

/// Chains that end on the same two detections follow the same object from there on, and the
/// tracker keeps one: which one decides where a flight is found to start.
@Suite struct DuplicateChainTests {
    private let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 860, frameHeight: 480))

    /// A chain through these detections, one frame apart from `firstFrame` at 30 fps.
    private func chain(from firstFrame: Int, _ positions: [PixelPoint], radius: Double = 2) -> Track {
        let points = positions.enumerated().map { i, p in
            TrackPoint(frame: firstFrame + i, time: Double(firstFrame + i) / 30, position: p, radius: radius, step: firstFrame + i)
        }
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        return track
    }

    /// A small ball struck upward at 27 px a frame and slowing, as a golf ball flying away does,
    /// its detections scattered by up to `scatter` px along its path (the centre of a blurred
    /// streak in a compressed picture).
    private func fastBall(frames: Range<Int>, scatter amplitude: Double = 1.6) -> [PixelPoint] {
        frames.map { i in
            let t = Double(i)
            let scatter = (i % 2 == 0 ? amplitude : -amplitude) * (i % 3 == 0 ? 0.5 : 1)
            return PixelPoint(x: 520 - 1.5 * t, y: 430 - 27 * t + 0.8 * t * t + scatter)
        }
    }

    @Test func aFastBallsChainKeepsItsStartWhenAShortChainJoinsItsLastTwoDetections() throws {
        let ball = fastBall(frames: 0..<9)
        let followed = chain(from: 100, ball)
        // The stretch this chain follows misses a parabola by more than a pixel: the scatter is
        // the streak's, not a jump.
        let fit = try #require(MotionFit(followed.points.suffix(6)))
        #expect(fit.rms > 1)
        // A chain of three points that began on a speck elsewhere and took the same two detections.
        let joined = chain(from: 106, [PixelPoint(x: 300, y: 120)] + ball.suffix(2))
        let kept = tracker.distinctChains([joined, followed])
        #expect(kept == [false, true])
    }

    @Test func aChainThatJumpedFromAClubToTheBallGivesWayToTheBallsOwn() {
        // A club head sweeping along the ground, then the ball it struck rising fast: the club's
        // chain took the ball's first detections.
        let club = (0..<5).map { PixelPoint(x: 360 + 30 * Double($0), y: 440 - 2 * Double($0)) }
        let ball = (0..<3).map { PixelPoint(x: 500 + Double($0), y: 400 - 45 * Double($0)) }
        let clubThenBall = chain(from: 100, club + ball.suffix(2))
        let ballsOwn = chain(from: 104, ball)
        let kept = tracker.distinctChains([clubThenBall, ballsOwn])
        #expect(kept == [false, true])
    }

    @Test func theLongerOfTwoChainsThatBothFollowedTheBallIsKept() {
        let ball = fastBall(frames: 0..<9, scatter: 0.2)
        let longer = chain(from: 100, ball)
        let shorter = chain(from: 103, Array(ball.suffix(6)))
        #expect(tracker.distinctChains([shorter, longer]) == [false, true])
    }

    @Test func ofTwoChainsOfFourPointsNeitherExplainsTheSmootherIsKept() {
        // A far ball flying away, a pixel across, slowing sharply as it recedes (more than a
        // parabola in the picture follows to a pixel over four points); another chain took a
        // resting ball for its first point and the flight's next three detections.
        let ball = [PixelPoint(x: 103, y: 396), PixelPoint(x: 135, y: 343), PixelPoint(x: 152, y: 314), PixelPoint(x: 164, y: 295)]
        let ballsOwn = chain(from: 100, ball, radius: 1)
        let restingBallThenFlight = chain(from: 100, [PixelPoint(x: 169, y: 495)] + ball.suffix(3), radius: 1)
        #expect(!tracker.explainsRecentPoints(ballsOwn))
        #expect(!tracker.explainsRecentPoints(restingBallThenFlight))
        #expect(tracker.distinctChains([restingBallThenFlight, ballsOwn]) == [false, true])
        #expect(tracker.distinctChains([ballsOwn, restingBallThenFlight]) == [true, false])
    }
}

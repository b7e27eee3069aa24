import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// A drive filmed from behind the golfer at 1080p60: the ball rises, slows toward the vanishing
/// point and falls away at the far end, a few pixels a frame and shrinking no more. Seen in depth,
/// the flight was predicted at the camera itself once its fitted depth ran out just past its
/// points, and taken for one that had left the picture; or, followed on, withdrawn whole when its
/// last window, slowing in the picture as it recedes, read as a pull upward.
@Suite("A down-the-line drive followed to its far end")
struct DownTheLineFarEndPipelineTests {
    @Test(arguments: [6021 as UInt64, 12021])
    func theFlightIsFollowedUntilItsLastFrameInView(seed: UInt64) throws {
        let clip = GeneratedClips.render(.golfDownTheLine(width: 1920, height: 1080, frameRate: 60, seconds: 3, seed: seed))
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        #expect(result.trajectories.count == 1, "\(result.trajectories.count) trajectories")
        let trajectory = try #require(result.trajectories.first)
        let truth = clip.truth.flightPositions(0).filter(\.counts)
        let lastTruth = try #require(truth.map(\.frame).max())
        let lastFollowed = try #require(trajectory.detectedPoints.map(\.frame).max())
        #expect(lastFollowed >= lastTruth - 2, "followed to frame \(lastFollowed), the ball in view until \(lastTruth)")
        // Nearly every position of the ball in flight has a point on it (the evaluation's rule).
        let positions = clip.positions(matchedBy: trajectory, width: 1920, height: 1080)
        #expect(Double(positions.matched) >= 0.95 * Double(positions.counted), "\(positions.matched) of \(positions.counted) positions matched")
    }
}

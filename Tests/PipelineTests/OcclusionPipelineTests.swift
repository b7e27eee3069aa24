import BallTrace
import Evaluation
import Foundation
import Testing

/// A ball passing behind a pole in a 120 fps clip: it shrinks as the pole's edge cuts it, is
/// hidden for a few frames, and comes out on the other side. With the seeds below the flight was
/// split in two: the prediction across the pole followed the lagging centres of the ball's last
/// slivers and turned away from where it came out.
@Suite struct OcclusionPipelineTests {
    @Test(arguments: [5000, 8000, 11000] as [UInt64])
    func aBallBehindAPoleAtAHighFrameRateKeepsOneUUID(seedOffset: UInt64) throws {
        EvaluatedCases.expectTargetsMet(try EvaluatedCases.generated("pole-occlusion 640×480@120", reseededBy: seedOffset))
    }
}

import BallTrace
import Evaluation
import Foundation
import Testing

/// A ball seen only in part is reported where the ball was, not where the part was.
@Suite struct HiddenBallPipelineTests {
    /// A pitch passing in front of a figure in a white shirt: for a frame only the edge of the
    /// ball against the darker picture beside the shirt differs from the background, a sliver
    /// whose centre lies 5 px off the ball's, and it was reported there, beyond the scoring
    /// tolerance (recall and precision both fell short with these seeds).
    @Test(arguments: [5000, 9000] as [UInt64])
    func aPitchSeenInPartForAFrameIsReportedOnTheBall(seedOffset: UInt64) throws {
        EvaluatedCases.expectTargetsMet(try EvaluatedCases.generated("baseball-pitch 1920×1080@30", reseededBy: seedOffset))
    }
}

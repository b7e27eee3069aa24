import BallTrace
import Evaluation
import Foundation
import Testing

/// A ball seen only in part is reported where the ball was, not where the part was.
@Suite struct HiddenBallPipelineTests {
    static let runner = EvaluationRunner(clipFolder: GeneratedClips.folder, realClipFolder: "../shared/clips") { clip in
        AnalysisDocument(result: try VideoAnalysis.run(path: clip, settings: AnalysisSettings()))
    }

    /// A pitch passing in front of a figure in a white shirt: for a frame only the edge of the
    /// ball against the darker picture beside the shirt differs from the background, a sliver
    /// whose centre lies 5 px off the ball's, and it was reported there, beyond the scoring
    /// tolerance (recall and precision both fell short with these seeds).
    @Test(arguments: [5000, 9000] as [UInt64])
    func aPitchPartlyHiddenForAFrameIsReportedOnTheBall(seedOffset: UInt64) throws {
        let base = try #require(EvaluationSuite.generated.first { $0.name == "baseball-pitch 1920×1080@30" })
        let evaluationCase = try #require(base.reseeded(by: seedOffset))
        let result = Self.runner.run(evaluationCase)
        #expect(result.failure == nil, "\(result.failure ?? "")")
        #expect(result.shortfalls.isEmpty, "\(evaluationCase.name): \(result.shortfalls.joined(separator: "; "))")
    }
}

import BallTrace
import Evaluation
import Foundation
import Testing

/// The quick subset of the evaluation suite (a few generated scenarios at 640×480), scored by
/// the same definitions and held to the same targets as `scripts/evaluate.sh`: recall ≥ 0.90,
/// precision ≥ 0.95, every flight found under exactly one UUID, no false trajectory.
@Suite struct AccuracyRegressionTests {
    static let runner = EvaluationRunner(clipFolder: GeneratedClips.folder, realClipFolder: "../shared/clips") { clip in
        AnalysisDocument(result: try VideoAnalysis.run(path: clip, settings: AnalysisSettings()))
    }

    @Test(arguments: EvaluationSuite.quick.map(\.name))
    func scenarioMeetsTheAccuracyTargets(_ name: String) throws {
        let evaluationCase = try #require(EvaluationSuite.quick.first { $0.name == name })
        let result = Self.runner.run(evaluationCase)
        #expect(result.failure == nil, "\(result.failure ?? "")")
        #expect(result.shortfalls.isEmpty, "\(name): \(result.shortfalls.joined(separator: "; "))")
    }
}

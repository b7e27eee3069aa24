import BallTrace
import Evaluation
import Foundation
import Testing

/// The quick subset of the evaluation suite (a few generated scenarios at 640×480), scored by
/// the same definitions and held to the same targets as `scripts/evaluate.sh`: recall ≥ 0.90,
/// precision ≥ 0.95, every flight found under exactly one UUID, no false trajectory.
@Suite struct AccuracyRegressionTests {
    @Test(arguments: EvaluationSuite.quick.map(\.name))
    func scenarioMeetsTheAccuracyTargets(_ name: String) throws {
        EvaluatedCases.expectTargetsMet(try #require(EvaluationSuite.quick.first { $0.name == name }))
    }
}

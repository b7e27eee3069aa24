import BallTrace
import Evaluation
import Testing

/// Cases of the evaluation suite analysed by the library and scored as `scripts/evaluate.sh`
/// scores them, held to the same targets.
enum EvaluatedCases {
    static let runner = EvaluationRunner(clipFolder: GeneratedClips.folder, realClipFolder: "../shared/clips") { clip in
        AnalysisDocument(result: try VideoAnalysis.run(path: clip, settings: AnalysisSettings()))
    }

    /// Expects the case to meet the targets: recall ≥ 0.90, precision ≥ 0.95, every flight found
    /// under exactly one UUID, no false trajectory.
    static func expectTargetsMet(_ evaluationCase: EvaluationCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = runner.run(evaluationCase)
        #expect(result.failure == nil, "\(result.failure ?? "")", sourceLocation: sourceLocation)
        #expect(result.shortfalls.isEmpty, "\(evaluationCase.name): \(result.shortfalls.joined(separator: "; "))",
                sourceLocation: sourceLocation)
    }

    /// The generated case named `name`, its seed moved by `offset` (as `--extra-seeds` moves it).
    static func generated(_ name: String, reseededBy offset: UInt64) throws -> EvaluationCase {
        let base = try #require(EvaluationSuite.generated.first { $0.name == name })
        return try #require(base.reseeded(by: offset))
    }
}

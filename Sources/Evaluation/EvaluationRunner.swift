import BallTrace
import ClipSynthesis
import Foundation

/// Runs cases: renders (or reuses) a generated clip, has it analysed, and scores the result.
///
/// How a clip is analysed is the caller's: the evaluation command runs the real `balltrace`
/// executable, tests call the library in process. Both score the same JSON document.
package struct EvaluationRunner: Sendable {
    /// Rendered clips are kept here and reused while their scene is unchanged.
    package var clipFolder: String
    /// Where the real clips live (`../shared/clips`).
    package var realClipFolder: String
    package var analyse: @Sendable (_ clip: String) throws -> AnalysisDocument
    /// Labelled real clips are analysed re-encoded this way, when set (generated ones as they are).
    package var reencoding: Reencoding?
    /// Labelled real clips are analysed as if filmed by a camera moving this way (see
    /// ``HandheldFilming``), after any re-encoding.
    package var filming: HandheldFilming.Motion?

    package init(clipFolder: String, realClipFolder: String, analyse: @escaping @Sendable (String) throws -> AnalysisDocument) {
        self.clipFolder = clipFolder
        self.realClipFolder = realClipFolder
        self.analyse = analyse
    }

    package func run(_ evaluationCase: EvaluationCase) -> CaseResult {
        do {
            let clip: String
            let truth: GroundTruth?
            var filmedWith: (poses: [HandheldFilming.Pose], originalCamera: [SimilarityTransform])?
            switch evaluationCase.source {
            case let .generated(scene):
                let rendered = try renderedClip(scene)
                clip = rendered.path
                truth = GroundTruth(rendered.truth)
            case let .labelled(path, labels):
                let original = "\(realClipFolder)/\(path)"
                let labelPath = "\(realClipFolder)/\(labels)"
                guard FileManager.default.fileExists(atPath: original), FileManager.default.fileExists(atPath: labelPath) else {
                    throw MissingRealClip(path: FileManager.default.fileExists(atPath: original) ? labelPath : original)
                }
                // flights.csv beside the labels gives each flight's first airborne frame.
                let flightsPath = URL(fileURLWithPath: labelPath).deletingLastPathComponent().appendingPathComponent("flights.csv").path
                let flights = FileManager.default.fileExists(atPath: flightsPath)
                    ? try LabelFile.flights(csv: String(contentsOfFile: flightsPath, encoding: .utf8)) : []
                let labelled = try LabelFile.groundTruth(csv: String(contentsOfFile: labelPath, encoding: .utf8), flights: flights)
                var source = original, labels = labelled
                if let reencoding {
                    let variant = try reencoding.clip(original, into: "\(clipFolder)/../reencoded")
                    source = variant.path
                    labels = labelled.scaled(by: variant.factor)
                    if reencoding.mirrored { labels = labels.mirrored(width: variant.width) }
                }
                if let filming {
                    let filmed = try HandheldFilming.clip(source, named: path, motion: filming, into: "\(clipFolder)/../handheld")
                    source = filmed.path
                    labels = labels.filmed(through: filmed.poses)
                    filmedWith = (filmed.poses, filmed.originalCamera)
                }
                clip = source
                truth = labels
            case let .unlabelled(path, _):
                clip = "\(realClipFolder)/\(path)"
                truth = nil
            }
            let started = Date()
            let document = try analyse(clip)
            let seconds = Date().timeIntervalSince(started)
            let trajectories = ScoredTrajectory.from(document)
            var result = CaseResult(
                evaluationCase: evaluationCase, frames: document.source.frameCount, trajectories: trajectories.count,
                score: truth.map { ClipScore(truth: $0, trajectories: trajectories) }, seconds: seconds)
            result.filming = filmedWith
            return result
        } catch {
            return CaseResult(evaluationCase: evaluationCase, frames: 0, trajectories: 0, score: nil, seconds: 0,
                              failure: "\(error)")
        }
    }

    /// The clip for `scene`, rendered once: its file name carries a digest of the scene, so a
    /// changed scene is rendered afresh.
    package func renderedClip(_ scene: SyntheticScene) throws -> (path: String, truth: ClipTruth) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let digest = fnv1a(try encoder.encode(scene))
        let base = "\(clipFolder)/\(scene.name)-\(scene.width)x\(scene.height)-\(String(digest, radix: 16))"
        let video = base + ".mp4", truthPath = base + ".truth.json"
        if FileManager.default.fileExists(atPath: video), let data = FileManager.default.contents(atPath: truthPath),
           let truth = try? JSONDecoder().decode(ClipTruth.self, from: data), truth.scene == scene {
            return (video, truth)
        }
        try FileManager.default.createDirectory(atPath: clipFolder, withIntermediateDirectories: true)
        let truth = try ClipSynthesizer.render(scene, to: video)
        try AtomicFile.write(try encoder.encode(truth), to: truthPath)
        return (video, truth)
    }
}

/// A real clip that is not where the suite expects it (`../shared/clips` beside the checkout).
struct MissingRealClip: Error, CustomStringConvertible {
    var path: String
    var description: String { "no such file: \(path) (the real clips live in ../shared/clips beside the checkout; --clips names another folder)" }
}

/// A digest that is the same in every run (Swift's `Hasher` is seeded per process).
func fnv1a(_ data: Data) -> UInt64 {
    data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// A pitch from a broadcast's centre-field camera: a 2–3 px ball crosses a sixth of the picture
/// in 13 or 14 frames at 30 fps, out of the pitcher's hand and into the catcher's glove, where it
/// is gone. In a compressed clip the ball leaves a trace where it vanished, which the flight took
/// a few frames later and seemed to stop dead: the whole pitch was withdrawn. Or, at 60 fps with
/// no frame missed, the flight took the trace for seven frames and ended there, not in the glove.
@Suite("A baseball pitch, short and fast")
struct BaseballPitchPipelineTests {
    @Test(arguments: [(1920, 1080, 30.0, 1 as UInt64, 18, 2.0), (1280, 720, 30, 6, 32, 4), (1280, 720, 60, 1092, 18, 2)])
    func thePitchIsReportedFromTheHandToTheGlove(width: Int, height: Int, fps: Double, seed: UInt64, crf: Int, noise: Double) throws {
        var scene = SyntheticScene.baseballPitch(width: width, height: height, frameRate: fps, seed: seed)
        scene.encodingCRF = crf
        scene.noise = noise
        let clip = GeneratedClips.render(scene)
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        #expect(result.trajectories.count == 1, "\(result.trajectories.count) trajectories")
        let trajectory = try #require(result.trajectories.first)
        let truth = clip.truth.flightPositions(0).filter(\.counts)
        let release = try #require(truth.map(\.frame).min()), caught = try #require(truth.map(\.frame).max())
        let frames = trajectory.detectedPoints.map(\.frame)
        let first = try #require(frames.min()), last = try #require(frames.max())
        #expect(first <= release + 2, "first point at frame \(first), the ball let go at \(release)")
        #expect(last >= caught - 2 && last <= caught, "last point at frame \(last), the ball caught at \(caught)")
        let positions = clip.positions(matchedBy: trajectory, width: width, height: height)
        #expect(Double(positions.matched) >= 0.85 * Double(positions.counted), "\(positions.matched) of \(positions.counted) positions matched")
    }
}

import BallTrace
import ClipSynthesis
import Foundation
import Testing

@Suite("A portrait phone clip stored sideways is analysed upright")
struct RotatedClipPipelineTests {
    let clip = GeneratedClips.portraitDrive

    @Test func sizeAndPointsAreThoseOfTheDisplayedPicture() throws {
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let document = AnalysisDocument(result: result)
        #expect(document.source.width == 360 && document.source.height == 640)
        #expect(document.source.rotation == 90)
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        try expectOnTheTruth(trajectory, clip, width: 360, height: 640)
    }

    @Test func theOverlayVideoKeepsTheRotation() throws {
        let output = GeneratedClips.temporaryPath("portrait-traced.mp4")
        _ = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        let rendered = try FrameTimes(path: output)
        #expect(rendered.width == 360 && rendered.height == 640)
        #expect(rendered.times.count == clip.truth.scene.frameCount)
    }
}

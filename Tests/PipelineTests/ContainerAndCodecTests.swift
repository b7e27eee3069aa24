import BallTrace
import Foundation
import Testing

@Suite("Any container and codec FFmpeg reads")
struct ContainerAndCodecTests {
    /// The generated drive re-encoded by the ffmpeg tool into other containers and codecs.
    @Test(arguments: [("mkv", "libx265"), ("avi", "mpeg4"), ("mov", "libx264"), ("webm", "libvpx-vp9")])
    func theFlightIsFoundWhateverTheContainerAndCodec(container: String, codec: String) throws {
        let clip = GeneratedClips.golfDrive
        let path = GeneratedClips.temporaryPath("drive.\(container)")
        try ffmpeg(["-i", clip.path, "-c:v", codec, "-b:v", "2M", "-x265-params", "log-level=error", path])
        let result = try VideoAnalysis.run(path: path, settings: AnalysisSettings())
        #expect(result.decodedFrameCount == clip.truth.scene.frameCount)
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        let errors = try pixelErrors(trajectory, truth: clip.truth, width: 640, height: 360)
        #expect(errors.count >= clip.truth.flightPositions(0).count * 8 / 10)
        #expect(median(errors) < 1.5, "median error \(median(errors)) px")
    }
}

@Suite("Pictures of odd size")
struct OddSizeTests {
    @Test func anOddSizedClipIsAnalysedWholeAndItsOverlayDropsTheOddColumnAndRowWithAWarning() throws {
        let clip = GeneratedClips.golfDrive
        let odd = GeneratedClips.temporaryPath("odd.mkv")
        try ffmpeg(["-i", clip.path, "-vf", "format=yuv444p,crop=639:359:0:0", "-c:v", "ffv1", odd])
        let output = GeneratedClips.temporaryPath("odd-traced.mp4")
        let result = try VideoAnalysis.run(path: odd, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        #expect(AnalysisDocument(result: result).source.width == 639)
        #expect(result.trajectories.count == 1)
        #expect(result.warnings.contains { $0.contains("638×358") })
        let rendered = try FrameTimes(path: output)
        #expect(rendered.width == 638 && rendered.height == 358)
        #expect(rendered.times.count == clip.truth.scene.frameCount)
    }
}

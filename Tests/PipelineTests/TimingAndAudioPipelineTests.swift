import BallTrace
import ClipSynthesis
import Foundation
import Testing

@Suite("Times come from timestamps, and audio goes along")
struct TimingAndAudioPipelineTests {
    @Test func pointsOfAVariableFrameRateClipCarryTheirFramesOwnTimes() throws {
        let clip = GeneratedClips.irregularDrive
        let truth = Dictionary(uniqueKeysWithValues: clip.truth.flightPositions(0).map { ($0.frame, $0) })
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        var strayed = 0
        for point in trajectory.detectedPoints {
            let expected = try #require(truth[point.frame], "frame \(point.frame) at \(point.x * 640), \(point.y * 360); last truth \(truth.keys.max() ?? -1)")
            #expect(abs(point.time - expected.time) < 1e-4, "frame \(point.frame): \(point.time) s, truth \(expected.time) s")
            // The clip really is irregular: a frame counter would be off here.
            if abs(Double(point.frame) / 30 - expected.time) > 0.003 { strayed += 1 }
        }
        #expect(strayed > trajectory.detectedPoints.count / 2)
        let errors = try pixelErrors(trajectory, truth: clip.truth, width: 640, height: 360)
        #expect(errors.allSatisfy { $0 <= 3 }, "errors \(errors)")
    }

    @Test func theOverlayOfAVariableFrameRateClipKeepsEveryTimestamp() throws {
        let clip = GeneratedClips.irregularDrive
        let output = GeneratedClips.temporaryPath("vfr-traced.mp4")
        _ = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        let input = try FrameTimes(path: clip.path), rendered = try FrameTimes(path: output)
        #expect(rendered.times.count == input.times.count)
        #expect(zip(input.times, rendered.times).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    @Test func theInputsAudioIsCopiedIntoTheOverlayVideo() throws {
        let withAudio = GeneratedClips.temporaryPath("with-audio.mp4")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
                    "-c:v", "copy", "-c:a", "aac", "-shortest", withAudio])
        #expect(try FrameTimes(path: withAudio).hasAudio)
        let output = GeneratedClips.temporaryPath("with-audio-traced.mp4")
        let result = try VideoAnalysis.run(path: withAudio, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        #expect(result.warnings.isEmpty)
        #expect(try FrameTimes(path: output).hasAudio)
    }

    @Test func audioMP4CannotHoldIsLeftOutWithAWarning() throws {
        let withAudio = GeneratedClips.temporaryPath("with-pcm.mov")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
                    "-c:v", "copy", "-c:a", "pcm_s24be", "-shortest", withAudio])
        let output = GeneratedClips.temporaryPath("with-pcm-traced.mp4")
        let result = try VideoAnalysis.run(path: withAudio, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        #expect(result.warnings.contains { $0.contains("audio") })
        #expect(try FrameTimes(path: output).hasAudio == false)
        #expect(result.trajectories.count == 1)
    }

    @Test func theRegionOfInterestIsDrawnInBlueOnlyWhenGiven() throws {
        let clip = GeneratedClips.golfDrive
        let plain = GeneratedClips.temporaryPath("plain.mp4"), framed = GeneratedClips.temporaryPath("framed.mp4")
        _ = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: plain))
        let region = NormalizedRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9)
        _ = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(regionOfInterest: region),
                                  overlay: OverlayVideoRequest(path: framed))
        #expect(try OverlayColours(original: clip.path, rendered: plain).bluePixels(frame: 0) == 0)
        // The rectangle's perimeter at 640×360 with 2 px lines: well over 1000 chroma samples.
        #expect(try OverlayColours(original: clip.path, rendered: framed).bluePixels(frame: 0) > 500)
    }
}

/// Runs the ffmpeg command-line tool (installed for tests) to prepare an input.
func ffmpeg(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw MediaError.cannotWrite(path: arguments.last ?? "", reason: "ffmpeg exited with \(process.terminationStatus)")
    }
}

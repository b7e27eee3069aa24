import BallTrace
import Foundation
import Testing

/// `balltrace probe`, run as a user runs it.
@Suite("balltrace probe shows what balltrace sees in a file")
struct ProbeTests {
    /// `balltrace probe INPUT --json`, decoded; fails the test unless it succeeded quietly.
    private func probe(_ input: String, standardInput: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> MediaProbe {
        let run = try BalltraceRun(["probe", input, "--json"], standardInput: standardInput)
        try #require(run.status == 0, "status \(run.status), stderr: \(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.standardError.isEmpty, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(MediaProbe.self, from: run.standardOutput)
    }

    @Test func aLandscapeClipShowsItsCodecSizeAndASteadyThirtyFramesPerSecond() throws {
        let probe = try probe(GeneratedClips.golfDrive.path)
        #expect(probe.container.name.contains("mp4"))
        #expect(probe.video.codec == "h264")
        #expect(probe.video.width == 640 && probe.video.height == 360)
        #expect(probe.video.storedWidth == 640 && probe.video.storedHeight == 360)
        #expect(probe.video.rotation == 0)
        #expect(probe.video.frameRate == 30)
        #expect(probe.video.variableFrameRate == false)
        #expect(probe.video.frameCount == 90)
        #expect(abs(probe.video.duration - 3) < 1e-6)
        #expect(probe.audio == nil)
    }

    @Test func aPortraitPhoneClipIsTallerThanWideAsItIsShownThoughStoredSideways() throws {
        let probe = try probe(GeneratedClips.portraitDrive.path)
        #expect(probe.video.width == 360 && probe.video.height == 640)
        #expect(probe.video.storedWidth == 640 && probe.video.storedHeight == 360)
        #expect(probe.video.rotation == 90)
    }

    @Test func aVariableFrameRateClipIsCalledVariableAndEveryDecodedFrameIsCounted() throws {
        let clip = GeneratedClips.irregularDrive
        let probe = try probe(clip.path)
        #expect(probe.video.variableFrameRate)
        #expect(probe.video.frameCount == (try FrameTimes(path: clip.path)).times.count)
        let shortest = try #require(probe.video.minimumFrameInterval), longest = try #require(probe.video.maximumFrameInterval)
        #expect(shortest < 1.0 / 30 && longest > 1.0 / 30)
    }

    @Test func theAudioTrackIsNamedWithItsSampleRateAndChannels() throws {
        let withAudio = GeneratedClips.temporaryPath("probe-with-audio.mp4")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=3:sample_rate=48000",
                    "-c:v", "copy", "-c:a", "aac", "-ac", "2", "-shortest", withAudio])
        let audio = try #require(try probe(withAudio).audio)
        #expect(audio.codec == "aac")
        #expect(audio.sampleRate == 48000)
        #expect(audio.channels == 2)
    }

    @Test func withoutJSONAFewLinesGiveTheSizeFrameRateAndFrameCount() throws {
        let run = try BalltraceRun(["probe", GeneratedClips.golfDrive.path])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "stderr: \(run.standardError)")
        let text = String(decoding: run.standardOutput, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect((4...8).contains(lines.count), "\(text)")
        #expect(text.contains("640×360"))
        #expect(text.contains("90 at 30 fps, constant"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("audio") && $0.hasSuffix("none") }, "\(text)")
    }

    @Test func aClipPipedToStandardInputIsProbedLikeAFile() throws {
        let matroska = GeneratedClips.temporaryPath("probe-piped.mkv")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c", "copy", "-f", "matroska", matroska])
        let probe = try probe("-", standardInput: matroska)
        #expect(probe.path == "-")
        #expect(probe.container.name.contains("matroska"))
        #expect(probe.video.codec == "h264")
        #expect(probe.video.frameCount == 90)
        #expect(probe.video.frameRate == 30)
        #expect(probe.video.variableFrameRate == false)
    }

    @Test func anMP4WithItsIndexLastPipedToStandardInputIsRefusedWithTheRemedy() throws {
        // Megabytes of media before the index: more than FFmpeg keeps to go back to in a pipe
        // (a clip of a few kilobytes stays in its buffer, and is read).
        let indexLast = GeneratedClips.temporaryPath("probe-index-last.mp4")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-frames:v", "60", "-c:v", "mjpeg", "-q:v", "2", indexLast])
        let run = try BalltraceRun(["probe", "-"], standardInput: indexLast)
        expectRefusedInput(run, mentioning: ["index", "faststart"])
    }

    @Test func aMissingFileIsRefusedInOneLine() throws {
        let run = try BalltraceRun(["probe", "/nonexistent/swing.mp4"])
        expectRefusedInput(run, mentioning: ["/nonexistent/swing.mp4", "no such file"])
    }

    @Test func textNamedMP4IsRefusedInOneLineAsNotAVideo() throws {
        let run = try BalltraceRun(["probe", try DamagedClips.text(), "--json"])
        expectRefusedInput(run, mentioning: ["notes.mp4", "not a video file"])
    }

    /// An input error: status 66, one line on standard error naming the problem, nothing on
    /// standard output.
    private func expectRefusedInput(_ run: BalltraceRun, mentioning words: [String],
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 66, "status \(run.status), stderr: \(run.standardError)", sourceLocation: sourceLocation)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("Error:") == true, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.standardError.contains(word), "'\(word)' not in: \(run.standardError)", sourceLocation: sourceLocation)
        }
        #expect(run.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }
}

import BallTrace
import Foundation
import Testing

/// A clip long enough to be stopped in the middle: 20 s of FFmpeg's test pattern at 1280×720.
private let longClip: String = {
    let path = GeneratedClips.temporaryPath("long-test-pattern.mp4")
    try? ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-t", "20",
                 "-c:v", "libx264", "-preset", "ultrafast", path])
    return path
}()

@Suite("Interrupted, it leaves nothing half-written", .serialized)
struct InterruptionTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func stoppedMidRunItExitsPromptlyAndRemovesWhatItWasWriting(signal: Int32) throws {
        let folder = GeneratedClips.temporaryPath("interrupted-\(signal)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("balltrace")
        process.arguments = ["analyze", longClip, "--json", "\(folder)/out.json", "--video", "\(folder)/out.mp4"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        // Long enough to be writing the video, far from the end of the clip.
        Thread.sleep(forTimeInterval: 2)
        try #require(process.isRunning, "the analysis ended before it could be stopped")
        kill(process.processIdentifier, signal)
        let stopped = Date()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(stopped) < 2, "took \(Date().timeIntervalSince(stopped)) s to stop")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(message.contains("interrupted") && message.contains("nothing was written"), "stderr: \(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func cancelledAnalysisThrowsAndLeavesNoVideoBehind() throws {
        // A server stopping an analysis (a timeout, a client gone): the same clean stop.
        let folder = GeneratedClips.temporaryPath("cancelled")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: AnalysisCancelled.self) {
            try VideoAnalysis.run(path: GeneratedClips.golfDrive.path, settings: AnalysisSettings(),
                                  overlay: OverlayVideoRequest(path: "\(folder)/out.mp4"), cancellation: cancellation)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

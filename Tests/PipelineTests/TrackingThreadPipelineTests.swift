import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// Tracking runs on a thread of its own, a few frames behind detection, unless something reads
/// the trajectories every frame (the `--stream` lines, the overlay). Either way a clip must give
/// the same trajectories, point for point.
@Suite("Tracking a few frames behind detection changes nothing")
struct TrackingThreadPipelineTests {
    @Test func trajectoriesAreTheSameReadEveryFrameOrOnlyAtTheEnd() throws {
        let clip = GeneratedClips.longDrive
        let atTheEnd = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        var framesSeen = 0
        var reportedWhileRunning = 0
        let everyFrame = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), frameAnalysed: { frame in
            framesSeen += 1
            reportedWhileRunning = max(reportedWhileRunning, frame.trajectories.count)
        })
        #expect(framesSeen > 200)
        #expect(reportedWhileRunning >= 1)
        #expect(atTheEnd.trajectories.count == everyFrame.trajectories.count)
        #expect(!atTheEnd.trajectories.isEmpty)
        for (a, b) in zip(atTheEnd.trajectories, everyFrame.trajectories) {
            #expect(a.detectedPoints == b.detectedPoints)
            #expect(a.timeRange == b.timeRange)
        }
    }
}

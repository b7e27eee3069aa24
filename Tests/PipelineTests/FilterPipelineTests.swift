import BallTrace
import Foundation
import Testing

@Suite("Radius and region filters remove what they exclude")
struct FilterPipelineTests {
    let clip = GeneratedClips.golfDrive

    @Test func aMaximumRadiusBelowTheBallRemovesTheFlight() throws {
        let radius = clip.truth.scene.flights[0].radius
        let settings = AnalysisSettings(maximumRadius: .pixels(radius * 0.4))
        #expect(try VideoAnalysis.run(path: clip.path, settings: settings).trajectories.isEmpty)
    }

    @Test func aMinimumRadiusAboveTheBallRemovesTheFlight() throws {
        let radius = clip.truth.scene.flights[0].radius
        let normalized = radius * 3 / 360
        let settings = AnalysisSettings(minimumRadius: .normalized(normalized))
        #expect(try VideoAnalysis.run(path: clip.path, settings: settings).trajectories.isEmpty)
    }

    @Test func radiusBoundsAroundTheBallKeepTheFlight() throws {
        let radius = clip.truth.scene.flights[0].radius
        let settings = AnalysisSettings(minimumRadius: .pixels(radius / 3), maximumRadius: .pixels(radius * 3))
        #expect(try VideoAnalysis.run(path: clip.path, settings: settings).trajectories.count == 1)
    }

    @Test func aRegionAwayFromTheFlightRemovesIt() throws {
        // The ball starts at x ≈ 0.68 of the width and flies left: the right fifth never sees it.
        let settings = AnalysisSettings(regionOfInterest: NormalizedRect(x: 0.8, y: 0, width: 0.2, height: 1))
        #expect(try VideoAnalysis.run(path: clip.path, settings: settings).trajectories.isEmpty)
    }

    @Test func pointsInsideARegionAreStillRelativeToTheWholeFrame() throws {
        let region = NormalizedRect(x: 0.1, y: 0.0, width: 0.7, height: 0.9)
        let whole = try #require(try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings()).trajectories.first)
        let inRegion = try #require(
            try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(regionOfInterest: region)).trajectories.first)
        let byFrame = Dictionary(uniqueKeysWithValues: whole.detectedPoints.map { ($0.frame, $0) })
        for point in inRegion.detectedPoints {
            let same = try #require(byFrame[point.frame])
            #expect(abs(point.x - same.x) < 1e-9 && abs(point.y - same.y) < 1e-9)
        }
    }

    @Test func frameSpacingAnalysesFewerFramesAndStillReportsTimesFromTimestamps() throws {
        let spaced = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(trajectoryLength: 5, frameSpacing: 0.06))
        #expect(spaced.analysedFrameCount <= spaced.decodedFrameCount / 2 + 1)
        let trajectory = try #require(spaced.trajectories.first)
        for point in trajectory.detectedPoints {
            #expect(abs(point.time - Double(point.frame) / 30) < 1e-3)
        }
    }
}

import BallTrace
import ClipSynthesis
import Foundation
import Testing

@Suite("A generated face-on golf drive, end to end")
struct GolfDrivePipelineTests {
    let clip = GeneratedClips.golfDrive

    /// Truth positions in flight, by frame.
    var flightTruth: [Int: ClipTruth.Position] {
        Dictionary(uniqueKeysWithValues: clip.truth.flightPositions(0).map { ($0.frame, $0) })
    }

    @Test func theFlightIsFoundUnderOneUUIDWithPointsOnTheTruth() throws {
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        try expectOnTheTruth(trajectory, clip, width: 640, height: 360)
    }

    @Test func theBallRestingOnTheTeeIsNotATrajectory() throws {
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let launchFrame = try #require(flightTruth.keys.min())
        for trajectory in result.trajectories {
            #expect(trajectory.detectedPoints.allSatisfy { $0.frame >= launchFrame })
        }
    }

    @Test func projectedPointsLieOnTheReportedEquation() throws {
        for coordinates in CoordinateSystem.allCases {
            let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(coordinates: coordinates))
            let trajectory = try #require(result.trajectories.first)
            let c = trajectory.equation
            #expect(trajectory.projectedPoints.count == 5)
            for (projected, detected) in zip(trajectory.projectedPoints, trajectory.detectedPoints.suffix(5)) {
                #expect(abs(projected.x - detected.x) < 1e-12)
                #expect(abs(projected.y - (c.a * projected.x * projected.x + c.b * projected.x + c.c)) < 1e-9)
                // And the parabola passes close to the detections themselves (1 px at 360 lines).
                #expect(abs(projected.y - detected.y) < 1.0 / 360)
            }
        }
    }

    @Test func visionCoordinatesPutTheOriginBottomLeft() throws {
        let topLeft = try #require(try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings()).trajectories.first)
        let vision = try #require(
            try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(coordinates: .vision)).trajectories.first)
        #expect(topLeft.detectedPoints.count == vision.detectedPoints.count)
        for (a, b) in zip(topLeft.detectedPoints, vision.detectedPoints) {
            #expect(a.frame == b.frame && a.x == b.x)
            #expect(abs(a.y - (1 - b.y)) < 1e-12)
        }
    }

    @Test func theOverlayVideoKeepsTheInputsSizeFrameCountAndTimestamps() throws {
        let output = GeneratedClips.temporaryPath("traced.mp4")
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        let input = try FrameTimes(path: clip.path), rendered = try FrameTimes(path: output)
        #expect(rendered.width == 640 && rendered.height == 360)
        #expect(rendered.times.count == clip.truth.scene.frameCount)
        #expect(rendered.times.count == result.decodedFrameCount)
        #expect(zip(input.times, rendered.times).allSatisfy { abs($0 - $1) < 1e-3 })
        // Nothing is left behind under a temporary name.
        let name = URL(fileURLWithPath: output).lastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: GeneratedClips.folder)
            .filter { $0.hasPrefix(".\(name).") }
        #expect(leftovers.isEmpty)
    }

    @Test func theOverlayShowsTheFlightInRedAndGreenOnlyAfterItIsReported() throws {
        let output = GeneratedClips.temporaryPath("traced.mp4")
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: output))
        let trajectory = try #require(result.trajectories.first)
        let colours = try OverlayColours(original: clip.path, rendered: output)
        // Before the trajectory is reported, the overlay adds nothing; afterwards, red and green.
        #expect(colours.redPixels(frame: trajectory.firstReportedFrame - 2) == 0)
        #expect(colours.redPixels(frame: trajectory.firstReportedFrame + 3) > 40)
        #expect(colours.greenPixels(frame: trajectory.firstReportedFrame + 3) > 10)
    }
}

/// Distance in pixels from each detected point to the truth of its frame, for the frames where
/// the whole ball is in view (a ball cut by the frame's edge is seen off-centre); fails when a
/// point lies in a frame where the ball is not in flight.
func pixelErrors(_ trajectory: TrajectoryObservation, truth: ClipTruth, width: Int, height: Int, flight: Int = 0) throws -> [Double] {
    let positions = Dictionary(uniqueKeysWithValues: truth.flightPositions(flight).map { ($0.frame, $0) })
    return try trajectory.detectedPoints.compactMap { point in
        let expected = try #require(positions[point.frame], "frame \(point.frame) has no ball in flight")
        guard !expected.clipped else { return nil }
        let dx = point.x * Double(width) - expected.x, dy = point.y * Double(height) - expected.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Every point of the trajectory within a few pixels of the truth (the ball's radius, at least
/// 3 px), most within one, and most of the flight covered under this one UUID.
func expectOnTheTruth(_ trajectory: TrajectoryObservation, _ clip: GeneratedClips.Clip, width: Int, height: Int) throws {
    let errors = try pixelErrors(trajectory, truth: clip.truth, width: width, height: height)
    let radius = clip.truth.scene.flights[0].radius
    #expect(errors.allSatisfy { $0 <= max(3, radius) }, "errors \(errors)")
    #expect(median(errors) < 1, "median error \(median(errors)) px")
    let truthCount = clip.truth.flightPositions(0).count
    #expect(Double(errors.count) >= 0.8 * Double(truthCount), "\(errors.count) of \(truthCount) flight frames")
}

/// The middle value; infinity for none, so that an empty list fails a bound.
func median(_ values: [Double]) -> Double {
    values.isEmpty ? .infinity : values.sorted()[values.count / 2]
}

@Suite("Outputs that cannot be written")
struct UnwritableOutputTests {
    @Test func anOverlayIntoAMissingFolderFailsWithTheFolderNamedAndLeavesNothing() throws {
        let folder = GeneratedClips.temporaryPath("missing")
        do {
            _ = try VideoAnalysis.run(path: GeneratedClips.golfDrive.path, settings: AnalysisSettings(),
                                      overlay: OverlayVideoRequest(path: "\(folder)/traced.mp4"))
            Issue.record("writing into a missing folder succeeded")
        } catch let error as MediaError {
            #expect("\(error)".contains("does not exist"))
            #expect("\(error)".contains(folder))
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}

@testable import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// Points along a polyline one pixel apart, leaving out the first `skipping` pixels.
private func along(_ points: [PixelPoint], skipping: Double = 0) -> [PixelPoint] {
    var result: [PixelPoint] = []
    var travelled = 0.0
    for (a, b) in zip(points, points.dropFirst()) {
        let length = a.distance(to: b)
        var s = 0.0
        while s < length {
            if travelled + s >= skipping {
                result.append(PixelPoint(x: a.x + (b.x - a.x) * s / length, y: a.y + (b.y - a.y) * s / length))
            }
            s += 1
        }
        travelled += length
    }
    return result
}

private func fraction(_ points: [PixelPoint], _ test: (PixelPoint) -> Bool) -> Double {
    points.isEmpty ? 0 : Double(points.count(where: test)) / Double(points.count)
}

/// The pixel positions of an observation's points in the displayed picture.
private func pixels(_ points: [(x: Double, y: Double)], _ o: TrajectoryObservation, width: Int, height: Int) -> [PixelPoint] {
    points.map { o.coordinateSystem.pixel(NormalizedPoint(x: $0.x, y: $0.y), frameWidth: width, frameHeight: height) }
}

@Suite("What is drawn: the tracer picture, and the predicted path in the overlay video")
struct TracerPictureTests {
    let clip = GeneratedClips.golfDrive

    func analyse(_ path: String, tracer: String, time: Double? = nil,
                 scale: ScaleSetting? = .pixelsPerMetre(100)) throws -> AnalysisResult {
        try VideoAnalysis.run(path: path, settings: AnalysisSettings(scale: scale),
                              tracer: try TracerRequest(path: tracer, time: time))
    }

    /// The frame of the clip the picture is drawn over: the one it differs least from.
    func backdropTime(of picture: StillPicture, in clip: String) throws -> Double {
        try StillPicture.frames(of: clip).min { picture.meanDifference(from: $0.picture) < picture.meanDifference(from: $1.picture) }!.time
    }

    @Test func theFlightIsDrawnRedOverTheFrameOfItsLastDetection() throws {
        let path = GeneratedClips.temporaryPath("tracer.png")
        let result = try analyse(clip.path, tracer: path)
        let picture = try StillPicture(path: path)
        #expect(picture.width == 640 && picture.height == 360)
        let flight = try #require(result.trajectories.first)
        let last = try #require(flight.detectedPoints.last)
        #expect(result.tracerFrameTime == last.time)
        #expect(abs(try backdropTime(of: picture, in: clip.path) - last.time) < 1e-6)
        // Along the detected path, past the launch marker: red.
        let detected = pixels(flight.detectedPoints.map { ($0.x, $0.y) }, flight, width: 640, height: 360)
        let red = fraction(along(detected, skipping: 15), picture.isRed)
        #expect(red > 0.85, "\(Int(red * 100)) % of the detected path is red")
    }

    @Test func aPathCutShortIsCarriedOnAsADashedGreenLine() throws {
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 1.8, seed: 7)
        scene.name = "golf-face-on-cut"
        let cut = GeneratedClips.render(scene)
        let path = GeneratedClips.temporaryPath("tracer-cut.png")
        let flight = try #require(try analyse(cut.path, tracer: path).trajectories.first)
        let predicted = pixels([(flight.detectedPoints.last!.x, flight.detectedPoints.last!.y)]
                               + flight.predictedPoints.map { ($0.x, $0.y) }, flight, width: 640, height: 360)
        let samples = along(predicted, skipping: 15)
        #expect(samples.count > 100, "a predicted path of \(samples.count) px")
        // Dashes as long as the gaps between them: about half the path is green, in pieces.
        let green = fraction(samples, try StillPicture(path: path).isGreen)
        #expect(green > 0.3 && green < 0.85, "\(Int(green * 100)) % of the predicted path is green")
    }

    @Test func theOverlayVideoDrawsThePredictedPathDashedToo() throws {
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 1.8, seed: 7)
        scene.name = "golf-face-on-cut"
        let cut = GeneratedClips.render(scene)
        let video = GeneratedClips.temporaryPath("cut.traced.mp4")
        let result = try VideoAnalysis.run(path: cut.path, settings: AnalysisSettings(), overlay: OverlayVideoRequest(path: video))
        let flight = try #require(result.trajectories.first)
        // The clip ends with the ball in flight: its last frame shows the whole track's prediction.
        #expect(flight.detectedPoints.last!.frame == result.decodedFrameCount - 1)
        let lastFrame = try #require(try StillPicture.frames(of: video).last).picture
        let predicted = pixels([(flight.detectedPoints.last!.x, flight.detectedPoints.last!.y)]
                               + flight.predictedPoints.map { ($0.x, $0.y) }, flight, width: 640, height: 360)
        let green = fraction(along(predicted, skipping: 15), lastFrame.isGreen)
        #expect(green > 0.3 && green < 0.85, "\(Int(green * 100)) % of the predicted path is green")
    }

    @Test func launchSpeedAndAngleAreWrittenOnlyWhenAScaleIsKnown() throws {
        let measured = GeneratedClips.temporaryPath("tracer-measured.png")
        let plain = GeneratedClips.temporaryPath("tracer-plain.png")
        let flight = try #require(try analyse(clip.path, tracer: measured).trajectories.first)
        _ = try analyse(clip.path, tracer: plain, scale: nil)
        let launch = pixels([(flight.detectedPoints[0].x, flight.detectedPoints[0].y)], flight, width: 640, height: 360)[0]
        // White pixels within 200 px of the launch: the marker's ring in both, text in one.
        func whiteNearLaunch(_ path: String) throws -> Int {
            let picture = try StillPicture(path: path)
            var count = 0
            for y in stride(from: launch.y - 200, to: launch.y + 200, by: 1) {
                for x in stride(from: launch.x - 200, to: launch.x + 200, by: 1) where y >= 0 && x >= 0 && y < 360 && x < 640 {
                    if picture.isWhite(at: PixelPoint(x: x + 0.5, y: y + 0.5)) { count += 1 }
                }
            }
            return count
        }
        let withText = try whiteNearLaunch(measured), without = try whiteNearLaunch(plain)
        #expect(withText > without + 150, "\(withText) white pixels with a scale, \(without) without")
    }

    @Test func aPortraitClipGivesAnUprightPicture() throws {
        let portrait = GeneratedClips.portraitDrive
        let path = GeneratedClips.temporaryPath("tracer-portrait.png")
        let result = try analyse(portrait.path, tracer: path)
        let picture = try StillPicture(path: path)
        let (width, height) = (result.source.geometry.displayedWidth, result.source.geometry.displayedHeight)
        #expect(picture.width == width && picture.height == height && height > width)
        let flight = try #require(result.trajectories.first)
        let detected = pixels(flight.detectedPoints.map { ($0.x, $0.y) }, flight, width: width, height: height)
        let red = fraction(along(detected, skipping: 15), picture.isRed)
        #expect(red > 0.85, "\(Int(red * 100)) % of the detected path is red")
    }

    @Test func aTimeChoosesTheFrameDrawnOver() throws {
        let path = GeneratedClips.temporaryPath("tracer-at.png")
        let result = try analyse(clip.path, tracer: path, time: 0.5)
        let time = try #require(result.tracerFrameTime)
        #expect(abs(time - 0.5) <= 1.0 / 60)
        #expect(abs(try backdropTime(of: try StillPicture(path: path), in: clip.path) - time) < 1e-6)
    }

    @Test func aJPEGIsWrittenWhenTheNameSaysSo() throws {
        let path = GeneratedClips.temporaryPath("tracer.jpg")
        let flight = try #require(try analyse(clip.path, tracer: path).trajectories.first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let picture = try StillPicture(path: path)
        #expect(picture.width == 640 && picture.height == 360)
        let detected = pixels(flight.detectedPoints.map { ($0.x, $0.y) }, flight, width: 640, height: 360)
        #expect(fraction(along(detected, skipping: 15), picture.isRed) > 0.8)
    }

    @Test func theCommandLineWritesThePictureAndSaysWhichFrameItShows() throws {
        let folder = GeneratedClips.temporaryPath("tracer-cli")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try BalltraceRun(["analyze", clip.path, "--ball", "golf", "--tracer", "\(folder)/swing.png"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("tracer picture drawn over the frame at"))
        #expect(run.standardError.contains("m/s") && run.standardError.contains("apex"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["swing.png"])
        #expect(try StillPicture(path: "\(folder)/swing.png").width == 640)
    }
}

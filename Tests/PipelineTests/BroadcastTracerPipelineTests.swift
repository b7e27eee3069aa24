@testable import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// How far a rendered pixel moved from the original toward `colour`: 1 where the colour covers
/// it, 0 where it is untouched; the most of the 3×3 pixels around `point`.
private func tint(_ rendered: StillPicture, _ original: StillPicture, at point: PixelPoint, toward colour: RGBColour) -> Double {
    var most = -Double.infinity
    for dy in -1...1 {
        for dx in -1...1 {
            let p = PixelPoint(x: point.x + Double(dx), y: point.y + Double(dy))
            let r = rendered.colour(at: p), o = original.colour(at: p)
            let c = (Double(colour.red) - Double(o.red), Double(colour.green) - Double(o.green), Double(colour.blue) - Double(o.blue))
            let d = (Double(r.red - o.red), Double(r.green - o.green), Double(r.blue - o.blue))
            let length = c.0 * c.0 + c.1 * c.1 + c.2 * c.2
            guard length > 2000 else { continue }  // the original already has about the tracer's colour
            most = max(most, (d.0 * c.0 + d.1 * c.1 + d.2 * c.2) / length)
        }
    }
    return most
}

/// The frames at these indexes, as RGB, of a video.
private func frames(of path: String, at wanted: Set<Int>) throws -> [Int: StillPicture] {
    let reader = try MediaDecoder(path: path)
    var pictures: [Int: StillPicture] = [:]
    var index = 0
    while let frame = try reader.nextFrame() {
        if wanted.contains(index) { pictures[index] = try StillPicture(converting: frame.frame.pointer) }
        index += 1
    }
    return pictures
}

/// The 8 s face-on drive drawn with the broadcast tracer at full opacity, analysed once.
private enum Broadcast {
    static let style = BroadcastTracerStyle(opacity: 1)
    static let clip = GeneratedClips.longDrive
    static let rendered: (path: String, result: AnalysisResult) = {
        let path = GeneratedClips.temporaryPath("broadcast.mp4")
        do {
            let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings(),
                                               overlay: OverlayVideoRequest(path: path, drawing: .broadcast(style)))
            return (path, result)
        } catch {
            fatalError("could not draw the broadcast tracer: \(error)")
        }
    }()
}

@Suite("The broadcast tracer on a generated drive")
struct BroadcastTracerPipelineTests {
    let truth = Broadcast.clip.truth.flightPositions(0).filter(\.counts)

    @Test func theTracerLiesAlongTheTruePathUpToTheBallAndNotAheadOfIt() throws {
        let (path, result) = Broadcast.rendered
        let flight = try #require(result.trajectories.first)
        let first = flight.detectedPoints[0].frame, last = flight.detectedPoints.last!.frame
        let checked = Array(stride(from: flight.firstReportedFrame + 1, to: last - 3, by: 3))
        try #require(checked.count >= 3, "frames \(first)…\(last), reported at \(flight.firstReportedFrame)")
        let rendered = try frames(of: path, at: Set(checked)), original = try frames(of: Broadcast.clip.path, at: Set(checked))
        for k in checked {
            let (r, o) = (try #require(rendered[k]), try #require(original[k]))
            let behind = truth.filter { $0.frame > first && $0.frame < k }
            let on = behind.filter { tint(r, o, at: PixelPoint(x: $0.x, y: $0.y), toward: Broadcast.style.colour) > 0.5 }
            #expect(Double(on.count) >= 0.9 * Double(behind.count), "frame \(k): \(on.count) of \(behind.count) positions behind the ball drawn")
            for ahead in truth where ahead.frame >= k + 3 {
                let t = tint(r, o, at: PixelPoint(x: ahead.x, y: ahead.y), toward: Broadcast.style.colour)
                #expect(t < 0.2, "frame \(k): the tracer reaches the ball's position of frame \(ahead.frame) (\(t))")
            }
        }
    }

    @Test func afterTheFlightTheTracerStaysAMomentThenFadesOut() throws {
        let (path, result) = Broadcast.rendered
        let flight = try #require(result.trajectories.first)
        let first = flight.detectedPoints[0].frame, end = flight.detectedPoints.last!.frame
        let style = Broadcast.style
        // Held, half faded, gone: in frames after the last detection, at 30 fps.
        let held = end + Int(style.hold * 15), half = end + Int((style.hold + style.fade / 2) * 30), gone = end + Int((style.hold + style.fade) * 30) + 3
        try #require(gone < Broadcast.clip.truth.scene.frameCount, "the flight ends at frame \(end)")
        let rendered = try frames(of: path, at: [held, half, gone]), original = try frames(of: Broadcast.clip.path, at: [held, half, gone])
        let along = truth.filter { $0.frame > first && $0.frame < end }
        func strength(_ k: Int) throws -> Double {
            let (r, o) = (try #require(rendered[k]), try #require(original[k]))
            return along.map { tint(r, o, at: PixelPoint(x: $0.x, y: $0.y), toward: style.colour) }.reduce(0, +) / Double(along.count)
        }
        let (s0, s1, s2) = (try strength(held), try strength(half), try strength(gone))
        #expect(s0 > 0.7, "held: \(s0)")
        #expect(s1 < 0.75 * s0 && s1 > 0.2 * s0, "half way through the fade: \(s1), held \(s0)")
        #expect(s2 < 0.05, "after the fade: \(s2)")
    }

    /// The flight drawn by the library on a black picture, so that each pixel's coverage is read
    /// without a video codec's blur: white line, full opacity, wide enough to have a core.
    private func drawnOnBlack(glow: Double) throws -> PlanarYUVImage {
        let flight = try #require(Broadcast.rendered.result.trajectories.first)
        var style = BroadcastTracerStyle(colour: RGBColour(red: 255, green: 255, blue: 255), width: 18, opacity: 1)
        style.glow = glow
        let overlay = try TrajectoryOverlay(width: 640, height: 360, coordinates: .topLeft, drawing: .broadcast(style))
        var image = try PlanarYUVImage(width: 640, height: 360)
        try overlay.draw([flight], on: &image, at: flight.detectedPoints.last!.time)
        return image
    }

    @Test func theLinesEdgesAreAntiAliased() throws {
        let image = try drawnOnBlack(glow: 0)
        let full = image.y.count { $0 >= 234 }, partial = image.y.count { $0 > 16 && $0 < 234 }
        #expect(full > 500, "\(full) pixels fully covered")
        // Two edge pixels a row (or column) against a core of about six: a third or more.
        #expect(Double(partial) > 0.25 * Double(full), "\(partial) partly covered, \(full) fully")
    }

    @Test func aSoftGlowLiesBesideTheLineFainterThanIt() throws {
        let bare = try drawnOnBlack(glow: 0), glowing = try drawnOnBlack(glow: 0.5)
        let beside = bare.y.indices.filter { bare.y[$0] == 16 && glowing.y[$0] > 16 }
        let line = bare.y.count { $0 > 16 }
        #expect(beside.count > line, "glow on \(beside.count) pixels beside a line of \(line)")
        let brightest = beside.map { glowing.y[$0] }.max() ?? 0
        #expect(brightest < 16 + (235 - 16) * 6 / 10, "the glow beside the line reaches \(brightest)")
        // Soft: it fades with distance, so it has many levels, not one.
        #expect(Set(beside.map { glowing.y[$0] }).count > 20)
    }

    @Test func theVisionStyleIsTheDefaultAndDrawsWhatItDrew() throws {
        let folder = GeneratedClips.temporaryPath("vision")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let clip = GeneratedClips.golfDrive.path
        let plain = try BalltraceRun(["analyze", clip, "--video", "\(folder)/plain.mp4"])
        let vision = try BalltraceRun(["analyze", clip, "--video", "\(folder)/vision.mp4", "--style", "vision"])
        #expect(plain.status == 0 && vision.status == 0, "\(plain.standardError) \(vision.standardError)")
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/plain.mp4"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/vision.mp4"))
        #expect(a == b)
    }

    @Test func theShippedFixtureIsDrawnInTheVisionStyleAsBeforeTheBroadcastStyleCame() async throws {
        // FNV-1a of every frame of fixtures/golf-face-on.mp4 with the library's overlay drawn on
        // it, recorded from the build before the broadcast style (9a786e9) and this one; decoding
        // and drawing are exact, so any change to Vision's drawing changes it.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fixtures/golf-face-on.mp4").path
        let request = DetectTrajectoriesRequest(frameAnalysisSpacing: 0, trajectoryLength: 10)
        let handler = SequenceRequestHandler()
        let reader = try MediaDecoder(path: fixture)
        let overlay = try TrajectoryOverlay(width: 640, height: 360, regionOfInterest: NormalizedRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while let decoded = try reader.nextFrame() {
            let f = decoded.frame.pointer.pointee
            func plane(_ data: UnsafeMutablePointer<UInt8>, _ stride: Int32, _ w: Int, _ h: Int) -> [UInt8] {
                (0..<h).flatMap { row in Array(UnsafeBufferPointer(start: data + row * Int(stride), count: w)) }
            }
            var image = try PlanarYUVImage(width: 640, height: 360, y: plane(f.data.0!, f.linesize.0, 640, 360),
                                           u: plane(f.data.1!, f.linesize.1, 320, 180), v: plane(f.data.2!, f.linesize.2, 320, 180))
            try handler.perform([request], on: try VideoFrame(width: 640, height: 360, bytesPerRow: 640, luma: image.y, time: decoded.time))
            try overlay.draw(request.results ?? [], on: &image)
            for byte in image.y + image.u + image.v { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        #expect(hash == 0x3f89_f683_601d_8269, "frames drawn: \(String(hash, radix: 16))")
    }

    @Test func aShotClipsTracerGrowsFromTheLaunchBeforeTheFlightIsReported() throws {
        let session = GeneratedClips.render(.rangeSession(width: 640, height: 360, frameRate: 30, seconds: 9, seed: 3))
        let folder = GeneratedClips.temporaryPath("broadcast-shots")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try SessionShots.run(SessionShotsRequest(path: session.path, folder: folder, settings: AnalysisSettings(),
                                                              drawing: .broadcast(Broadcast.style)))
        let entry = try #require(result.log.shots.first)
        let index = try #require(session.truth.scene.flights.indices.min {
            abs(session.truth.scene.flights[$0].launchTime - entry.impactTime) < abs(session.truth.scene.flights[$1].launchTime - entry.impactTime)
        })
        let positions = session.truth.flightPositions(index).filter(\.counts)
        let launch = try #require(positions.first).frame
        // Six frames into the flight: four short of the ten points a flight is reported after.
        let now = launch + 6
        let clipFrame = Int(((Double(now) / 30 - entry.clipStart) * 30).rounded())
        let rendered = try #require(try frames(of: "\(folder)/\(entry.clip)", at: [clipFrame])[clipFrame])
        let original = try #require(try frames(of: session.path, at: [now])[now])
        for p in positions where p.frame > launch && p.frame < now {
            let t = tint(rendered, original, at: PixelPoint(x: p.x, y: p.y), toward: Broadcast.style.colour)
            #expect(t > 0.5, "frame \(now): the ball's position of frame \(p.frame) not drawn (\(t))")
        }
        for p in positions where p.frame >= now + 3 {
            #expect(tint(rendered, original, at: PixelPoint(x: p.x, y: p.y), toward: Broadcast.style.colour) < 0.2)
        }
    }

    @Test func shotsRefusesABadTracerValueAsAUsageError() throws {
        let run = try BalltraceRun(["shots", GeneratedClips.golfDrive.path, "--out-dir", GeneratedClips.temporaryPath("bad"),
                                    "--style", "broadcast", "--tracer-opacity", "-1"])
        #expect(run.status == 64)
        #expect(run.standardError.split(separator: "\n").count == 1 && run.standardError.contains("--tracer-opacity"), "\(run.standardError)")
    }
}

import BallTrace
import Foundation
import Testing

/// Every result a handler reported, frame after frame, and each flight's last state.
private struct Observed {
    var perFrame: [[TrajectoryObservation]] = []
    var latest: [UUID: TrajectoryObservation] = [:]

    /// Each flight's final detections, in order of start.
    var flights: [[DetectedPoint]] {
        latest.values.sorted { $0.timeRange.start < $1.timeRange.start }.map(\.detectedPoints)
    }

    mutating func record(_ request: DetectTrajectoriesRequest) {
        let results = request.results ?? []
        perFrame.append(results)
        for o in results { latest[o.uuid] = o }
    }
}

private func request(length: Int = 10, coordinates: CoordinateSystem = .vision) -> DetectTrajectoriesRequest {
    let r = DetectTrajectoriesRequest(frameAnalysisSpacing: 0, trajectoryLength: length)
    r.coordinateSystem = coordinates
    return r
}

/// The clip through `VideoFileReader`.
private func observeFile(_ path: String, _ r: DetectTrajectoriesRequest = request()) async throws -> Observed {
    var observed = Observed()
    let handler = SequenceRequestHandler()
    for try await frame in try VideoFileReader(path: path) {
        try handler.perform([r], on: frame)
        observed.record(r)
    }
    return observed
}

/// The clip's luma planes as plain byte arrays, as a camera or another decoder would hand them over.
private func rawFrames(_ path: String) async throws -> [(luma: [UInt8], width: Int, height: Int, time: Double)] {
    var frames: [(luma: [UInt8], width: Int, height: Int, time: Double)] = []
    for try await frame in try VideoFileReader(path: path) { frames.append((frame.lumaBytes, frame.width, frame.height, frame.time)) }
    return frames
}

@Suite("The library: Vision's trajectory API")
struct LibraryAPITests {
    let clip = GeneratedClips.golfDrive.path

    @Test func framesFromTheReaderAndFromRawLumaBuffersGiveTheSameTrajectories() async throws {
        let fromFile = try await observeFile(clip)
        let r = request()
        let handler = SequenceRequestHandler()
        var fromBuffers = Observed()
        for raw in try await rawFrames(clip) {
            let frame = try VideoFrame(width: raw.width, height: raw.height, bytesPerRow: raw.width, luma: raw.luma, time: raw.time)
            try handler.perform([r], on: frame)
            fromBuffers.record(r)
        }
        #expect(fromFile.flights.count == 1)
        #expect(fromFile.flights == fromBuffers.flights)
    }

    @Test func iOS18sShapeGivesWhatTheHandlerGives() async throws {
        // A request that keeps its own sequence, performed with `try await request.perform(on:)`.
        let request = DetectTrajectoriesRequest(trajectoryLength: 10)
        var latest: [UUID: TrajectoryObservation] = [:]
        for try await frame in try VideoFileReader(path: clip) {
            for o in try await request.perform(on: frame) { latest[o.uuid] = o }
        }
        let modern = latest.values.sorted { $0.timeRange.start < $1.timeRange.start }.map(\.detectedPoints)
        #expect(modern.count == 1)
        #expect(modern == (try await observeFile(clip)).flights)
    }

    @Test func nothingIsReportedBeforeTrajectoryLengthPointsAndAUUIDStaysWithItsFlight() async throws {
        let observed = try await observeFile(clip, request(length: 12))
        let reportedFrames = observed.perFrame.filter { !$0.isEmpty }
        #expect(!reportedFrames.isEmpty)
        #expect(observed.perFrame.allSatisfy { $0.allSatisfy { $0.detectedPoints.count >= 12 } })
        // One flight, one UUID, growing frame after frame.
        let uuids = Set(reportedFrames.flatMap { $0.map(\.uuid) })
        #expect(uuids.count == 1)
        let counts = reportedFrames.map { $0[0].detectedPoints.count }
        #expect(counts == counts.sorted() && counts.last! > counts.first!)
        #expect(counts.first == 12, "first reported with exactly trajectoryLength points")
    }

    @Test func twoHandlersOnTwoThreadsGiveWhatEachGivesAlone() async throws {
        let other = GeneratedClips.irregularDrive.path
        let alone = (try await observeFile(clip).flights, try await observeFile(other).flights)
        async let a = Task.detached { try await observeFile(clip).flights }.value
        async let b = Task.detached { try await observeFile(other).flights }.value
        let together = try await (a, b)
        #expect(together.0 == alone.0 && together.1 == alone.1)
        #expect(!alone.0.isEmpty && !alone.1.isEmpty)
    }

    @Test func theLibraryAndTheCommandLineAgree() async throws {
        let observed = try await observeFile(clip)
        let run = try BalltraceRun(["analyze", clip, "--coordinates", "vision", "--json", "-"])
        let document = try JSONDecoder().decode(AnalysisDocument.self, from: run.standardOutput)
        let fromLibrary = observed.latest.values.sorted { $0.timeRange.start < $1.timeRange.start }.map { AnalysisDocument.Trajectory($0) }
        #expect(document.trajectories.count == fromLibrary.count)
        for (cli, library) in zip(document.trajectories, fromLibrary) {
            #expect(cli.detectedPoints == library.detectedPoints)
            #expect(cli.equationCoefficients == library.equationCoefficients)
            #expect(cli.events == library.events)
        }
    }

    @Test func aTeeGivenInVisionCoordinatesTimesTheStrikeAsTheCommandLinesTee() async throws {
        // The drive's tee, from its truth (top-left pixels): Vision's y runs up.
        let start = try #require(GeneratedClips.golfDrive.truth.scene.flights.first).start
        let r = request()
        r.tee = NormalizedPoint(x: start.x / 640, y: 1 - start.y / 360)
        let observed = try await observeFile(clip, r)
        let flight = try #require(observed.latest.values.first)
        let impact = try #require(flight.events.impact, "no impact from the library's tee")
        let run = try BalltraceRun(["analyze", clip, "--tee", "\(start.x / 640),\(start.y / 360)", "--json", "-"])
        let document = try JSONDecoder().decode(AnalysisDocument.self, from: run.standardOutput)
        #expect(impact.frame > 0)
        #expect(document.trajectories.first?.events?.impact == AnalysisDocument.Trajectory(flight).events?.impact)
    }

    @Test func theReaderReadsAClipPipedToStandardInput() throws {
        // A program written against the library, fed through a pipe: the reader opens its
        // input once, so standard input (which can be read only once) works like a file.
        let matroska = GeneratedClips.temporaryPath("library-piped.mkv")
        try ffmpeg(["-i", clip, "-c", "copy", "-f", "matroska", matroska])
        let piped = try BalltraceRun(["-"], standardInput: matroska, executable: "trajectory-watch")
        #expect(piped.status == 0, "stderr: \(piped.standardError)")
        let fromFile = try BalltraceRun([clip], executable: "trajectory-watch")
        let text = String(decoding: piped.standardOutput, as: UTF8.self)
        #expect(text.contains("new trajectory"), "\(text)")
        // The same flights, point for point, as from the file (UUIDs aside).
        func withoutIdentities(_ data: Data) -> [String] {
            String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
                line.split(separator: " ").filter { $0.count != 8 || !$0.allSatisfy(\.isHexDigit) }.joined(separator: " ")
            }
        }
        #expect(withoutIdentities(piped.standardOutput) == withoutIdentities(fromFile.standardOutput))
    }

    @Test func aPortraitBufferGivenWithItsOrientationIsReportedUpright() async throws {
        let portrait = GeneratedClips.portraitDrive.path
        let fromFile = try await observeFile(portrait)
        let r = request()
        let handler = SequenceRequestHandler()
        var sideways = Observed()
        for raw in try await rawFrames(portrait) {
            // Stored sideways, as a phone's sensor gives it: Vision's `.right`.
            let frame = try VideoFrame(width: raw.width, height: raw.height, bytesPerRow: raw.width, luma: raw.luma, time: raw.time)
            try handler.perform([r], on: frame, orientation: .right)
            sideways.record(r)
        }
        #expect(!fromFile.flights.isEmpty && fromFile.flights == sideways.flights)
        // Upright, in Vision's convention: the ball rises (y up) as it flies.
        let points = try #require(fromFile.flights.first)
        #expect(points.last!.y > points.first!.y)
    }

    @Test func theRadiusBoundsReallyFilter() async throws {
        let tight = request()
        tight.objectMaximumNormalizedRadius = 0.004  // the ball's radius is about 0.010
        #expect(try await observeFile(clip, tight).flights.isEmpty)
        let loose = request()
        loose.objectMinimumNormalizedRadius = 0.006
        #expect(try await observeFile(clip, loose).flights.count == 1)
    }

    @Test func invalidParametersFailWithTheCommandLinesMessage() throws {
        let frame = try VideoFrame(width: 64, height: 48, bytesPerRow: 64, luma: [UInt8](repeating: 0, count: 64 * 48), time: 0)
        var reported: (any Error)?
        let short = DetectTrajectoriesRequest(frameAnalysisSpacing: 0, trajectoryLength: 3) { _, error in reported = error }
        #expect(throws: AnalysisSettingsError.trajectoryLengthTooShort(3)) { try SequenceRequestHandler().perform([short], on: frame) }
        #expect(reported.map { "\($0)" } == "trajectory length must be at least 5 (got 3)")
        let run = try BalltraceRun(["analyze", clip, "--trajectory-length", "3"])
        #expect(run.standardError.contains("trajectory length must be at least 5 (got 3)"))
    }

    @Test func buffersThatCannotBeFramesAndFramesOutOfOrderAreNamed() throws {
        #expect(throws: VideoFrameError.bufferTooSmall(bytes: 100, needed: 64 * 47 + 64)) {
            try VideoFrame(width: 64, height: 48, bytesPerRow: 64, luma: [UInt8](repeating: 0, count: 100), time: 0)
        }
        #expect(throws: VideoFrameError.rowTooShort(bytesPerRow: 60, needed: 64)) {
            try VideoFrame(width: 64, height: 48, bytesPerRow: 60, luma: [UInt8](repeating: 0, count: 4000), time: 0)
        }
        let handler = SequenceRequestHandler()
        let r = request()
        let luma = [UInt8](repeating: 0, count: 64 * 48)
        try handler.perform([r], on: try VideoFrame(width: 64, height: 48, bytesPerRow: 64, luma: luma, time: 1))
        #expect(throws: VideoFrameError.timeNotIncreasing(previous: 1, time: 0.5)) {
            try handler.perform([r], on: try VideoFrame(width: 64, height: 48, bytesPerRow: 64, luma: luma, time: 0.5))
        }
    }

    @Test func bgraBuffersAreReadAsTheirLuma() throws {
        // Mid grey and white, BGRA: luma 16 + 219·level/255 (BT.601 video range).
        let pixels: [UInt8] = [128, 128, 128, 255, 255, 255, 255, 255]
        let frame = try VideoFrame(width: 2, height: 1, bytesPerRow: 8, bgra: pixels, time: 0)
        #expect(frame.lumaBytes == [126, 235])
    }

    @Test func theOverlayDrawsTheFlightsOnACallersPicture() async throws {
        let r = request()
        let handler = SequenceRequestHandler()
        var shown: (frame: VideoFrame, results: [TrajectoryObservation])?
        for try await frame in try VideoFileReader(path: clip) {
            try handler.perform([r], on: frame)
            if let results = r.results, !results.isEmpty { shown = (frame, results) }
        }
        let (frame, results) = try #require(shown)
        var image = try PlanarYUVImage(width: frame.width, height: frame.height)
        image.y = frame.lumaBytes
        let before = image
        let overlay = try TrajectoryOverlay(width: frame.width, height: frame.height,
                                            regionOfInterest: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        try overlay.draw(results, on: &image)
        // Red chroma along the detected path (Vision coordinates: y up).
        let points = results[0].detectedPoints.map { (x: Int($0.x * Double(frame.width)) / 2, y: Int((1 - $0.y) * Double(frame.height)) / 2) }
        let red = points.filter { image.v[$0.y * image.chromaWidth + $0.x] > 180 }
        #expect(Double(red.count) / Double(points.count) > 0.8, "\(red.count) of \(points.count) detections drawn red")
        // The region's border in blue, at its left edge (x = 0.1), halfway down.
        let left = (y: frame.height / 4, x: frame.width / 20)
        #expect(image.u[left.y * image.chromaWidth + left.x] > 185)
        // Far from every line, the picture is untouched.
        #expect(image.y[5 * frame.width + 5] == before.y[5 * frame.width + 5])
        #expect(throws: VideoFrameError.self) {
            var other = try PlanarYUVImage(width: 32, height: 32)
            try overlay.draw(results, on: &other)
        }
    }

    @Test func aMissingFileIsReportedWhenTheReaderIsMade() {
        #expect(throws: MediaError.cannotOpen(path: "/nonexistent/swing.mp4", reason: "no such file")) {
            try VideoFileReader(path: "/nonexistent/swing.mp4")
        }
    }
}

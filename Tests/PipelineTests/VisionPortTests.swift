// Apple's trajectory flows, written afresh from Vision's documentation and compiled against
// BallTraceVision alone: what a port changes is its imports and where the frames come from.
import BallTraceVision
import Testing

/// The flow of Apple's "Identifying Trajectories in Video": one request kept by the app, a new
/// image request handler for every frame, the region and radii set before each perform, and
/// the results read in the completion handler, keeping trajectories above 0.9 confidence.
private final class TrajectoryWatcher {
    let trajectoryLength: Int
    var region = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Each flight as last reported, by UUID.
    private(set) var flights: [UUID: VNTrajectoryObservation] = [:]
    /// The confidence each flight had when it was first reported.
    private(set) var firstConfidence: [UUID: VNConfidence] = [:]
    private(set) var reports: [[VNTrajectoryObservation]] = []
    private(set) var errors: [any Error] = []

    private lazy var request = VNDetectTrajectoriesRequest(frameAnalysisSpacing: .zero, trajectoryLength: trajectoryLength) {
        [weak self] request, error in
        self?.completed(request, error)
    }

    init(trajectoryLength: Int) { self.trajectoryLength = trajectoryLength }

    func process(_ sampleBuffer: CMSampleBuffer, orientation: CGImagePropertyOrientation = .up) throws {
        request.regionOfInterest = region
        request.objectMinimumNormalizedRadius = 0
        request.objectMaximumNormalizedRadius = 1
        let handler = VNImageRequestHandler(cmSampleBuffer: sampleBuffer, orientation: orientation, options: [:])
        try handler.perform([request])
    }

    func cancel() { request.cancel() }
    var revision: Int { request.revision }

    private func completed(_ request: VNRequest, _ error: (any Error)?) {
        if let error { errors.append(error); return }
        guard let results = request.results as? [VNTrajectoryObservation] else { return }
        reports.append(results)
        for trajectory in results {
            if firstConfidence[trajectory.uuid] == nil { firstConfidence[trajectory.uuid] = trajectory.confidence }
            guard trajectory.confidence > 0.9 else { continue }
            flights[trajectory.uuid] = trajectory
        }
    }
}

/// A point of the region's space (normalized, origin lower-left) in pixels of the picture,
/// origin top-left.
private func pixels(_ p: CGPoint, region: CGRect, width: Int, height: Int) -> (x: Double, y: Double) {
    let x = Double(region.origin.x + p.x * region.width), y = Double(region.origin.y + p.y * region.height)
    return (x * Double(width), (1 - y) * Double(height))
}

@Suite("Vision ports: Apple's flows compiled against BallTraceVision")
struct VisionPortTests {
    let clip = GeneratedClips.golfDrive

    private func watch(_ watcher: TrajectoryWatcher, orientation: CGImagePropertyOrientation = .up) async throws -> [CMSampleBuffer] {
        var frames: [CMSampleBuffer] = []
        for try await frame in try VideoFileReader(path: clip.path) {
            try watcher.process(frame, orientation: orientation)
            frames.append(frame)
        }
        return frames
    }

    @Test func aNewHandlerPerFrameFindsTheFlightAsVisionDescribesIt() async throws {
        let watcher = TrajectoryWatcher(trajectoryLength: 10)
        _ = try await watch(watcher)
        #expect(watcher.revision == 1 && VNDetectTrajectoriesRequest.supportedRevisions == IndexSet(integer: 1))
        #expect(watcher.flights.count == 1)
        let everyReport = watcher.reports.flatMap { $0 }
        #expect(!everyReport.isEmpty)
        #expect(everyReport.allSatisfy { $0.detectedPoints.count == 10 }, "at most trajectoryLength points, and never fewer")
        #expect(everyReport.allSatisfy { $0.projectedPoints.count == 5 })
        let flight = try #require(watcher.flights.values.first)
        #expect(flight.timeRange.duration.seconds > 0.3)
        // Its first report already passes the samples' 0.9.
        #expect(watcher.firstConfidence.values.allSatisfy { $0 > 0.9 }, "\(watcher.firstConfidence)")
    }

    @Test func oneSequenceHandlerGivesWhatANewImageHandlerPerFrameGives() async throws {
        // The flow of a golf app: one VNSequenceRequestHandler for the clip, the parabola and
        // the flight time read off each trusted trajectory.
        let request = VNDetectTrajectoriesRequest(frameAnalysisSpacing: CMTime(value: 0, timescale: 600), trajectoryLength: 10)
        let sequence = VNSequenceRequestHandler()
        var shots: [UUID: (points: [CGPoint], equation: simd_float3, seconds: Double)] = [:]
        for try await frame in try VideoFileReader(path: clip.path) {
            try sequence.perform([request], on: frame, orientation: .up)
            for trajectory in request.results ?? [] where trajectory.confidence > 0.9 {
                shots[trajectory.uuid] = (trajectory.detectedPoints.map(\.location), trajectory.equationCoefficients,
                                          trajectory.timeRange.duration.seconds)
            }
        }
        let watcher = TrajectoryWatcher(trajectoryLength: 10)
        _ = try await watch(watcher)
        #expect(shots.count == 1 && watcher.flights.count == 1)
        let shot = try #require(shots.values.first), flight = try #require(watcher.flights.values.first)
        #expect(shot.points == flight.detectedPoints.map(\.location))
        #expect(shot.equation == flight.equationCoefficients && shot.seconds == flight.timeRange.duration.seconds)
    }

    @Test func pointsAreWhereTheCommandLineFindsThemOnceMappedOutOfTheRegion() async throws {
        let region = CGRect(x: 0.05, y: 0.1, width: 0.9, height: 0.85)
        let watcher = TrajectoryWatcher(trajectoryLength: 10)
        watcher.region = region
        let frames = try await watch(watcher)
        let width = frames[0].width, height = frames[0].height
        // The same analysis through the command line, region given top-left.
        let run = try BalltraceRun(["analyze", clip.path, "--json", "-", "--roi",
                                    "0.05,\(1 - 0.1 - 0.85),0.9,0.85"])
        let document = try JSONSerialization.jsonObject(with: run.standardOutput) as! [String: Any]
        let trajectories = document["trajectories"] as! [[String: Any]]
        #expect(trajectories.count == watcher.flights.count)
        let cli = try #require(trajectories.first)
        let cliPoints = (cli["detectedPoints"] as! [[String: Any]]).map {
            (time: $0["time"] as! Double, x: ($0["x"] as! Double) * Double(width), y: ($0["y"] as! Double) * Double(height))
        }
        let flight = try #require(watcher.flights.values.first)
        // The last trajectoryLength detections: the same positions, within 2 px.
        let last = cliPoints.suffix(10)
        #expect(flight.detectedPoints.count == last.count)
        for (point, expected) in zip(flight.detectedPoints, last) {
            let p = pixels(point.location, region: region, width: width, height: height)
            #expect(abs(p.x - expected.x) <= 2 && abs(p.y - expected.y) <= 2, "\(p) against \(expected)")
        }
        // The equation, in the region's space, passes through the projected points.
        let e = flight.equationCoefficients
        for point in flight.projectedPoints {
            let y = e.x * Float(point.x * point.x) + e.y * Float(point.x) + e.z
            #expect(abs(y - Float(point.y)) < 0.01)
        }
    }

    @Test func aMirroredBufferReportsTheFlightMirrored() async throws {
        let straight = TrajectoryWatcher(trajectoryLength: 10), mirrored = TrajectoryWatcher(trajectoryLength: 10)
        _ = try await watch(straight)
        _ = try await watch(mirrored, orientation: .upMirrored)
        let a = try #require(straight.flights.values.first), b = try #require(mirrored.flights.values.first)
        #expect(a.detectedPoints.count == b.detectedPoints.count)
        for (p, q) in zip(a.detectedPoints, b.detectedPoints) {
            #expect(abs(p.x - (1 - q.x)) < 1e-6 && abs(p.y - q.y) < 1e-6)
        }
        let ea = a.equationCoefficients, eb = b.equationCoefficients
        for x in stride(from: Float(0.1), through: 0.9, by: 0.2) {
            #expect(abs((ea.x * x * x + ea.y * x + ea.z) - (eb.x * (1 - x) * (1 - x) + eb.y * (1 - x) + eb.z)) < 1e-4)
        }
    }

    @Test func theRegionIsReadAtEveryPerform() async throws {
        // Set after the first frame to a strip below the tee, where the ball never flies: a
        // request that kept its first frame's settings would still report the drive.
        let watcher = TrajectoryWatcher(trajectoryLength: 10)
        var first = true
        for try await frame in try VideoFileReader(path: clip.path) {
            try watcher.process(frame)
            if first { watcher.region = CGRect(x: 0, y: 0, width: 1, height: 0.05); first = false }
        }
        #expect(watcher.reports.flatMap { $0 }.isEmpty)
    }

    @Test func aCancelledRequestReportsTheCancellationAndStartsAfresh() async throws {
        let watcher = TrajectoryWatcher(trajectoryLength: 10)
        var frames: [CMSampleBuffer] = []
        for try await frame in try VideoFileReader(path: clip.path) { frames.append(frame) }
        try watcher.process(frames[0])
        watcher.cancel()
        #expect(throws: VNError(.requestCancelled, "the request was cancelled")) { try watcher.process(frames[1]) }
        #expect((watcher.errors.first as? VNError)?.code == .requestCancelled)
        for frame in frames.dropFirst(2) { try watcher.process(frame) }
        #expect(watcher.flights.count == 1)
    }

    @Test func timesAreCoreMediaTimes() {
        let spacing = CMTime(value: 1, timescale: 60)
        #expect(spacing.seconds == 1.0 / 60)
        #expect(CMTime(value: 2, timescale: 120) == spacing)
        #expect(CMTime.zero < spacing && (spacing + spacing).seconds == 2.0 / 60)
        #expect(CMTimeRange(start: spacing, duration: spacing).end == CMTime(value: 1, timescale: 30))
        #expect(CMTime.indefinite.seconds.isNaN && !CMTime.indefinite.isNumeric)
    }
}

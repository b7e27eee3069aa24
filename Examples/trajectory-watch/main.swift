// An example of balltrace as a library, written against its public API only: it prints each
// trajectory the moment it is first reported, as Vision's live callback would, and its final
// shape at the end.
//
//   swift run trajectory-watch swing.mp4
import BallTrace
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: trajectory-watch VIDEO\n".utf8))
    exit(64)
}

var announced = Set<UUID>()
var latest: [UUID: TrajectoryObservation] = [:]
let request = DetectTrajectoriesRequest(frameAnalysisSpacing: 0, trajectoryLength: 10) { request, error in
    guard error == nil else { return }
    for observation in request.results ?? [] {
        latest[observation.uuid] = observation
        if announced.insert(observation.uuid).inserted {
            let first = observation.detectedPoints[0]
            print(String(format: "%.3f s  new trajectory %@ from (%.3f, %.3f), %d points so far",
                         observation.detectedPoints.last!.time, String(observation.uuid.uuidString.prefix(8)),
                         first.x, first.y, observation.detectedPoints.count))
        }
    }
}
request.objectMaximumNormalizedRadius = 0.05

do {
    let handler = SequenceRequestHandler()
    for try await frame in try VideoFileReader(path: CommandLine.arguments[1]) {
        try handler.perform([request], on: frame)
    }
} catch {
    FileHandle.standardError.write(Data("trajectory-watch: \(error)\n".utf8))
    exit(1)
}
for observation in latest.values.sorted(by: { $0.timeRange.start < $1.timeRange.start }) {
    let c = observation.equationCoefficients
    print(String(format: "%@  %.3f–%.3f s  %d points  y = %.4f·x² + %.4f·x + %.4f  confidence %.2f",
                 String(observation.uuid.uuidString.prefix(8)), observation.timeRange.start,
                 observation.timeRange.start + observation.timeRange.duration, observation.detectedPoints.count,
                 c.x, c.y, c.z, observation.confidence))
}

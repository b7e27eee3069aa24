import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The end of a high clear, filmed side-on: the shuttlecock comes back into the picture through
/// the top a second after it was hit, falling nearly straight down at its terminal speed
/// (6.8 m/s: drag has cancelled gravity), onto the floor. Nothing in view pulls it down faster
/// and faster as a ball's fall does; it was reported only on some seeds before a fall at
/// terminal speed counted as a flight.
@Suite("A shuttlecock falling at its terminal speed")
struct ShuttlecockPipelineTests {
    @Test(arguments: [(1280, 720, 1 as UInt64), (1280, 720, 3), (640, 360, 1)])
    func theFallIsReportedFromTheTopOfThePictureToTheFloor(width: Int, height: Int, seed: UInt64) throws {
        let clip = GeneratedClips.render(.badmintonClear(width: width, height: height, frameRate: 30, seed: seed))
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        #expect(result.trajectories.count == 1, "\(result.trajectories.count) trajectories")
        let trajectory = try #require(result.trajectories.first)
        let truth = clip.truth.flightPositions(0).filter(\.counts)
        let points = Dictionary(trajectory.detectedPoints.map { ($0.frame, $0) }, uniquingKeysWith: { first, _ in first })
        let matched = truth.filter { position in
            guard let point = points[position.frame] else { return false }
            let dx = point.x * Double(width) - position.x, dy = point.y * Double(height) - position.y
            return (dx * dx + dy * dy).squareRoot() <= max(4, 2 * position.radius)
        }
        #expect(Double(matched.count) >= 0.9 * Double(truth.count), "\(matched.count) of \(truth.count) positions matched")
    }
}

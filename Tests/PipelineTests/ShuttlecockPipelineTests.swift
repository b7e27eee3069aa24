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
        let positions = clip.positions(matchedBy: trajectory, width: width, height: height)
        #expect(Double(positions.matched) >= 0.9 * Double(positions.counted), "\(positions.matched) of \(positions.counted) positions matched")
    }
}

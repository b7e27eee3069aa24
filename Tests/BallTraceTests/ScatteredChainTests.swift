import Foundation
import Testing
@testable import BallTrace

/// A chain confirmed by its judged window is first reported only when the confidence the
/// document would give it reaches `TrajectoryTracker.leastConfidenceToReport`. On
/// basketball-five-shots filmed by a panning camera, the shooter's hands hopping up and back
/// after a release passed the ballistic test beside the ball and were reported at 0.07: their
/// blob swells and shrinks (2.5–11.6 px where the ball's is 12) and wanders off any one path.
@Suite struct ScatteredChainTests {
    static let fps = 30.0
    static let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 960, frameHeight: 540))

    /// Frame, centre (the scene's pixels, the camera's pan taken out) and radius, as the
    /// detector gave them.
    static func chain(_ detections: [(Int, Double, Double, Double)]) -> Track {
        let points = detections.map {
            TrackPoint(frame: $0.0, time: Double($0.0) / fps, position: PixelPoint(x: $0.1, y: $0.2), radius: $0.3, contrast: 30)
        }
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        return track
    }

    static let hands = chain([
        (243, 118.7, 306.3, 11.67), (244, 114.4, 300.0, 7.17), (245, 115.5, 286.6, 4.94), (246, 116.8, 274.4, 6.48),
        (247, 115.8, 270.5, 6.38), (248, 116.2, 268.8, 6.12), (249, 116.5, 269.8, 5.14), (250, 116.6, 275.2, 6.17),
        (251, 117.5, 290.1, 4.53), (252, 117.5, 290.1, 4.57), (253, 112.6, 312.7, 2.48),
    ])

    static let ball = chain([
        (246, 161.5, 207.7, 9.37), (247, 198.0, 173.8, 12.82), (248, 237.3, 139.1, 12.08), (249, 275.8, 111.5, 12.43),
        (250, 313.5, 89.5, 12.97), (251, 348.9, 73.5, 12.48), (252, 382.6, 62.7, 12.38), (253, 415.1, 56.9, 12.34),
        (254, 446.6, 56.1, 12.08), (255, 476.5, 59.5, 11.87), (256, 505.8, 67.3, 12.01),
    ])

    @Test func handsHoppingAfterAReleaseAreNotBelievableEnoughToReport() {
        #expect(!Self.tracker.isBelievable(Self.hands),
                "confidence \(TrajectoryObservation.confidence(of: Self.hands, trajectoryLength: 10))")
    }

    @Test func theBallTheyThrewIs() {
        #expect(Self.tracker.isBelievable(Self.ball),
                "confidence \(TrajectoryObservation.confidence(of: Self.ball, trajectoryLength: 10))")
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A ball rising past a banner that a panning camera's pose, a pixel off, leaves outlined is
/// one blob with the outline for a few frames: narrower than the ball, longer, centred between
/// them. A chain following the ball looks for it inside such a blob (see `isMerged`).
@Suite struct BallJoinedToSomethingThinTests {
    static let settings = TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720)

    static func point(_ frame: Int, _ x: Double, _ y: Double, radius: Double, elongation: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: Double(frame) / 30, position: PixelPoint(x: x, y: y), radius: radius,
                   elongation: elongation)
    }

    /// A ball of radius 20, its blobs 1.4 times as long as wide, followed for six frames.
    static func chainFollowingALargeBall() -> (Track, BallTrace.Expectation) {
        var chain = Track(first: point(0, 200, 400, radius: 20, elongation: 1.4))
        for frame in 1..<6 {
            let t = Double(frame)
            chain.append(point(frame, 200 + 27 * t, 400 - 30 * t + 1.2 * t * t, radius: 20, elongation: 1.4))
        }
        let expected = BallTrace.Expectation(center: PixelPoint(x: 362, y: 263), gate: 60, radius: 20)
        return (chain, expected)
    }

    @Test func aBlobNarrowerAndLongerThanTheBallIsTheBallJoinedToSomethingThin() {
        let tracker = TrajectoryTracker(settings: Self.settings)
        let (chain, expected) = Self.chainFollowingALargeBall()
        // The ball and the bottom edge of a banner's outline: centred between them, 13 px wide
        // and 84 px long (not half as long again as the ball's 56 px), 3.2 times as long as wide.
        let joined = Blob(center: PixelPoint(x: 406, y: 240), radius: 13, area: 1700, elongation: 3.2, length: 84)
        #expect(tracker.isMerged(joined, with: chain, expected))
    }

    @Test func theBallsOwnBlobIsNotTakenForAMerger() {
        let tracker = TrajectoryTracker(settings: Self.settings)
        let (chain, expected) = Self.chainFollowingALargeBall()
        // Smeared a little more by its speed, as a ball's blob is from one frame to the next.
        let own = Blob(center: PixelPoint(x: 363, y: 262), radius: 19, area: 1300, elongation: 1.7)
        #expect(!tracker.isMerged(own, with: chain, expected))
    }

    @Test func aReportedFlightTakesANarrowerLongerBlobAsItIs() {
        let tracker = TrajectoryTracker(settings: Self.settings)
        var (flight, expected) = Self.chainFollowingALargeBall()
        flight.reportedAtFrame = 5
        let joined = Blob(center: PixelPoint(x: 406, y: 240), radius: 13, area: 1700, elongation: 3.2, length: 84)
        #expect(!tracker.isMerged(joined, with: flight, expected))
    }
}

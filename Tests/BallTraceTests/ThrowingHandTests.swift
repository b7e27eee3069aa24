import Foundation
import Testing
@testable import BallTrace

/// A pitch's chain often begins on the pitcher's hand, which whips through with the ball before
/// the release on a path close enough to the ball's that a fit of the whole window bends to take
/// it in. The flight starts at the ball: the hand lies across the ball's path (it swings around
/// the shoulder, the ball flies on straight). A ball faster at its launch than its later path
/// says lies behind on that path, not across it, and a far ball's detections scatter across it
/// by a pixel or two: both stay.
@Suite struct ThrowingHandTests {
    static let fps = 30.0
    static let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1920, frameHeight: 1080))

    /// A fastball released at frame 2: 17 px a frame to the right, falling slowly.
    static func ball(_ frame: Int, radius: Double = 4.5) -> TrackPoint {
        let t = Double(frame - 2) / fps
        return TrackPoint(frame: frame, time: Double(frame) / fps,
                          position: PixelPoint(x: 890 + 510 * t, y: 575 + 20 * t + 120 * t * t), radius: radius, contrast: 50)
    }

    /// The hand that threw it, `frame` 0 or 1: behind the release and 16–21 px below the ball's
    /// path carried back, half as large again, an arm's length long.
    static func hand(_ frame: Int) -> TrackPoint {
        TrackPoint(frame: frame, time: Double(frame) / fps, position: PixelPoint(x: 833 + 19 * Double(frame), y: 596 - 5 * Double(frame)),
                   radius: 7, elongation: 3, orientation: -0.2, contrast: 55)
    }

    static func chain(_ points: [TrackPoint]) -> Track {
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        return track
    }

    /// The parabola through the ball's own points from frame 2: the path the flight is judged on.
    static let path = FlightPath.picture(MotionFit((2..<12).map { ball($0) })!)

    @Test func aChainBegunOnTheThrowingHandStartsAtTheBall() {
        let track = Self.chain([Self.hand(0), Self.hand(1)] + (2..<10).map { Self.ball($0) })
        #expect(Self.tracker.unrelatedLeadingPoints(of: track, path: Self.path) == 2)
    }

    @Test func aHandNoLargerThanAFastBallsStreakIsLeftOutToo() {
        // A fastball smeared over its 17 px step shows a blob of 6.5 px: the hand that threw
        // it, 7 px, is only a little larger, and still lies across the ball's path.
        let track = Self.chain([Self.hand(0), Self.hand(1)] + (2..<10).map { Self.ball($0, radius: 6.5) })
        #expect(Self.tracker.unrelatedLeadingPoints(of: track, path: Self.path) == 2)
    }

    @Test func theHandAnotherChainFollowedBeforeTheBallIsLeftOut() {
        // Points taken from a chain that followed the hand, before the flight's own.
        let points = [Self.hand(0), Self.hand(1)] + (2..<14).map { Self.ball($0) }
        #expect(Self.tracker.startPastPointsOffThePath(points, from: 0, examining: 2, like: Self.path) == 2)
    }

    @Test func aLaunchFasterThanTheLaterPathSaysIsKept() {
        // The first frame 25 px back along the path and larger, as a hand is (a ball struck
        // away from the camera covers more ground early on than the path of its later frames
        // says, and is nearer the camera there).
        var first = Self.ball(2, radius: 7)
        first.position = PixelPoint(x: first.position.x - 25, y: first.position.y - 1)
        let track = Self.chain([first] + (3..<12).map { Self.ball($0) })
        #expect(Self.tracker.unrelatedLeadingPoints(of: track, path: Self.path) == 0)
    }

    @Test func aFarBallsScatterAcrossItsPathIsNotAHand() {
        // A ball of a pixel, its first detection twice that and 3.5 px below its path.
        var first = Self.ball(2, radius: 2)
        first.position.y += 3.5
        let track = Self.chain([first] + (3..<12).map { Self.ball($0, radius: 1) })
        #expect(Self.tracker.unrelatedLeadingPoints(of: track, path: Self.path) == 0)
    }

    @Test func aStreakAlongTheBallsFirstStepIsTheBall() {
        // The launch frame's streak, as wide as a hand, its centre 12 px below the path carried
        // back, but lying along the ball's way to its next point and no longer than that step.
        let next = Self.ball(3)
        let centre = PixelPoint(x: Self.ball(2).position.x - 10, y: Self.ball(2).position.y + 12)
        let angle = atan2(next.position.y - centre.y, next.position.x - centre.x)
        let streak = TrackPoint(frame: 2, time: 2 / Self.fps, position: centre, radius: 7, elongation: 2, orientation: angle,
                                contrast: 50)
        let track = Self.chain([streak] + (3..<12).map { Self.ball($0) })
        #expect(Self.tracker.unrelatedLeadingPoints(of: track, path: Self.path) == 0)
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A flight reported from a chain begun mid-flight gets back what the chain that followed the
/// ball from its launch saw before: that chain took the same detection, then strayed (to a copy
/// of the ball a compressed picture shows where the ball will be) and was dropped. Without it
/// the flight starts where the second chain began, frames after the launch.
@Suite struct LaunchFromAnotherChainTests {
    static let fps = 30.0

    /// A ball struck at frame 0, rising and slowing: 3 px in radius.
    static func ball(_ frame: Int, radius: Double = 3) -> TrackPoint {
        let t = Double(frame) / fps
        return TrackPoint(frame: frame, time: t, position: PixelPoint(x: 200 + 240 * t, y: 600 - 900 * t + 500 * t * t),
                          radius: radius, contrast: 40)
    }

    static func chain(_ points: [TrackPoint]) -> Track {
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        return track
    }

    /// The tracker after the chain that followed the ball from frame 0 to `shared` (with
    /// `earlier` in place of its points before `shared`, when given) took a copy of the ball
    /// off its path and was dropped, and the flight begun at `shared` that it reports.
    static func trackerAndFlight(shared: Int = 7, earlier: [TrackPoint]? = nil) -> (TrajectoryTracker, Track) {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let before = earlier ?? (0..<shared).map { ball($0) }
        let copy = TrackPoint(frame: shared + 1, time: Double(shared + 1) / fps, position: PixelPoint(x: 260, y: 330), radius: 2,
                              contrast: 20)
        tracker.droppedChains = [chain(before + [ball(shared), copy])]
        tracker.step = shared + 12
        return (tracker, chain((shared..<shared + 12).map { ball($0) }))
    }

    @Test func aFlightBegunMidwayGetsThePointsTheStrayedChainHadBeforeIt() {
        let (tracker, flight) = Self.trackerAndFlight()
        #expect(tracker.pointsFollowedBefore(flight).map(\.frame) == Array(0..<7))
    }

    @Test func aHandThatCarriedTheBallToTheDetectionIsNotTheFlightsPast() {
        // The same path, but blobs three times the ball's size: the hand that threw it.
        let hand = (0..<7).map { Self.ball($0, radius: 9) }
        let (tracker, flight) = Self.trackerAndFlight(earlier: hand)
        #expect(tracker.pointsFollowedBefore(flight).isEmpty)
    }

    @Test func pointsOffTheFlightsPathAreNotItsPast() {
        // Clutter that came to the shared detection from the side, level, at the ball's size.
        let side = (0..<7).map { f in
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: PixelPoint(x: 100 + 15 * Double(f), y: Self.ball(7).position.y),
                       radius: 3, contrast: 40)
        }
        let (tracker, flight) = Self.trackerAndFlight(earlier: side)
        #expect(tracker.pointsFollowedBefore(flight).isEmpty)
    }

    @Test func aClubHeadTheChainBeganOnIsLeftOut() {
        // The chain began two frames on the club head (large) before it found the ball.
        let club = (0..<2).map { f in
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: PixelPoint(x: 150 + 20 * Double(f), y: 640), radius: 12, contrast: 40)
        }
        let (tracker, flight) = Self.trackerAndFlight(earlier: club + (2..<7).map { Self.ball($0) })
        #expect(tracker.pointsFollowedBefore(flight).map(\.frame) == Array(2..<7))
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A chain the tracker could not report, judged whole in a slower time: what a ball filmed in
/// slow motion and played at the usual rate looks like (`TrajectoryTracker+SlowMotion.swift`).
@Suite struct SlowedFlightTests {
    static let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))

    /// `count` frames at 30 fps of a ball of radius 5 that crosses the picture at `speed` px/s
    /// (in the clip's time) and falls at `gravity` px/s².
    static func chain(count: Int, speed: Double, gravity: Double) -> Track {
        let points = (0..<count).map { frame -> TrackPoint in
            let t = Double(frame) / 30
            let position = PixelPoint(x: 100 + speed * t, y: 600 - 0.6 * speed * t + 0.5 * gravity * t * t)
            return TrackPoint(frame: frame, time: t, position: position, radius: 5)
        }
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        return track
    }

    @Test func aDriveFilmedAtFourTimesTheRatePlayedAtThirtyIsAFlightFourTimesSlower() {
        // A drive crossing 160 px/s and falling at 60 px/s² in the clip: 640 px/s and 960 px/s²
        // in life, four times slower.
        let slow = Self.chain(count: 45, speed: 160, gravity: 60)
        #expect(Self.tracker.slowingThatMakesAFlight(slow) == 4)
    }

    @Test func aSlowedFlightIsFoundBeforeTheBallCameToRest() {
        // Forty frames of the drive four times slower, then forty where it lies where it landed
        // and the chain stays on it: the last sixty points are mostly at rest.
        var flight = Self.chain(count: 40, speed: 160, gravity: 60)
        let landing = flight.last
        for frame in 40..<80 {
            flight.append(TrackPoint(frame: frame, time: Double(frame) / 30, position: landing.position, radius: 5))
        }
        #expect(Self.tracker.slowingThatMakesAFlight(flight) == 4)
    }

    @Test func aChainTooShortToShowItsFallInLifeIsNotJudgedSlowed() {
        // Twenty frames: two thirds of a second of clip, a sixth of a second of life.
        #expect(Self.tracker.slowingThatMakesAFlight(Self.chain(count: 20, speed: 160, gravity: 60)) == nil)
    }

    @Test func somethingThatDoesNotFallIsNoFlightAtAnySlowing() {
        // Crossing the picture at a steady pace without falling (a bird, a walker's head):
        // no slower time gives it a fall.
        #expect(Self.tracker.slowingThatMakesAFlight(Self.chain(count: 60, speed: 160, gravity: 0)) == nil)
    }

    @Test func aFlightInTheClipsOwnTimeIsNotASlowedOne() {
        // Reported in real time already: only a chain turned away for its pace or its fall is
        // judged again.
        #expect(Self.tracker.slowingThatMakesAFlight(Self.chain(count: 45, speed: 640, gravity: 960)) == nil)
    }
}

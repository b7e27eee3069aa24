import Foundation
@testable import BallTrace
import Testing

/// A flight that turns upward ends there if it bounced, and is withdrawn if it was only ever a
/// head bobbing along.
@Suite struct BounceTests {
    let test = BallisticTest(shorterSide: 720)

    func points(_ count: Int, fps: Double = 30, _ position: (Double) -> (Double, Double)) -> [TrackPoint] {
        (0..<count).map { i in
            let t = Double(i) / fps
            let (x, y) = position(t)
            return TrackPoint(frame: i, time: t, position: PixelPoint(x: x, y: y), radius: 6)
        }
    }

    @Test func ballHittingTheFloorBounces() {
        // Falls at 600 px/s onto y = 600 at t = 0.2 s, leaves at 400 px/s, moving right at 150 px/s.
        let flight = points(12) { t in
            let y = t < 0.2 ? 600 - 600 * (0.2 - t) : 600 - 400 * (t - 0.2) + 500 * (t - 0.2) * (t - 0.2)
            return (100 + 150 * t, y)
        }
        #expect(test.isPulledUpward(flight))
        #expect(test.bounces(flight, flight: flight))
    }

    @Test func headBobbingAlongDoesNotBounce() {
        // Walks right at 300 px/s; the head rises and falls by 4 px twice a second.
        let walk = points(12) { t in (100 + 300 * t, 300 + 4 * cos(2 * .pi * 2 * t)) }
        #expect(!test.bounces(walk, flight: walk))
    }

    @Test func aFallThatStopsWhereItMeetsSomethingIsNoBounce() {
        // Falls at 700 px/s, then stands still 2 px above its lowest point: what a flight takes
        // when it loses its ball to a rim it passes, or a ball that comes to rest where it lands.
        let stopped = points(12) { t in
            t < 0.2 ? (100 + 150 * t, 600 - 700 * (0.2 - t)) : (130, t < 0.24 ? 600 : 598)
        }
        #expect(test.isPulledUpward(stopped))
        #expect(!test.bounces(stopped, flight: stopped))
        // It ends where it met what stopped it.
        #expect(test.landing(stopped, flight: stopped) == 6)
    }

    @Test func aFlightThatFallsOntoSomethingAndStopsEndsWhereItMetIt() throws {
        // The same fall, followed on by the flight after it stopped (a rim standing beside the
        // path, taken when the ball was lost there): the points after the lowest are not the
        // flight's.
        let stopped = points(12) { t in
            t < 0.2 ? (100 + 150 * t, 600 - 700 * (0.2 - t)) : (130, t < 0.24 ? 600 : 598)
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let ended = try #require(tracker.endedByBounceOrStrike(LaunchFromAnotherChainTests.chain(stopped),
                                                               window: Array(stopped.suffix(10))))
        #expect(ended.points.last?.frame == 6)
        #expect(ended.ending == .bounced)
    }

    @Test func aDeadBounceOnSoftTurfIsStillABounce() {
        // Lands at 600 px/s and leaves at a quarter of that, gravity slowing it again.
        let flight = points(12) { t in
            let y = t < 0.2 ? 600 - 600 * (0.2 - t) : 600 - 150 * (t - 0.2) + 500 * (t - 0.2) * (t - 0.2)
            return (100 + 150 * t, y)
        }
        #expect(test.bounces(flight, flight: flight))
        #expect(test.landing(flight, flight: flight) == nil)
    }

    @Test func ballStillFallingDoesNotBounce() {
        let fall = points(12) { t in (100 + 150 * t, 100 + 200 * t + 490 * t * t) }
        #expect(!test.bounces(fall, flight: fall))
    }
}

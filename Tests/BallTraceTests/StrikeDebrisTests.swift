import Foundation
import Testing
@testable import BallTrace

/// A clod of turf thrown up by the strike flies a ballistic path of its own, out of the spot
/// the ball left from, at the same moment, slower. It is not a second ball.
@Suite struct StrikeDebrisTests {
    static let frameRate = 30.0
    static let width = 960, height = 540

    /// A ball struck from (150, 450) at 971 px/s, up and to the right, under 900 px/s² of gravity.
    static func ball(at t: Double) -> PixelPoint {
        PixelPoint(x: 150 + 520 * t, y: 450 - 820 * t + 450 * t * t)
    }

    /// A clod leaving `origin` at `start` seconds at 408 px/s (0.42 of the ball's speed), up and
    /// to the left; first seen once it is clear of the dust, 0.2 s later.
    static func clod(at t: Double, from origin: PixelPoint, start: Double) -> PixelPoint? {
        let s = t - start
        guard s >= 0.2, s <= 0.8 else { return nil }
        return PixelPoint(x: origin.x - 150 * s, y: origin.y - 380 * s + 450 * s * s)
    }

    static func flights(ball hasBall: Bool, clodFrom origin: PixelPoint, start: Double) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<40 {
            let t = Double(frame) / frameRate
            var blobs: [Blob] = []
            if hasBall, ball(at: t).y < Double(height) { blobs.append(Blob(center: ball(at: t), radius: 4, area: 50, contrast: 60)) }
            if let c = clod(at: t, from: origin, start: start) { blobs.append(Blob(center: c, radius: 3, area: 28, contrast: 40)) }
            tracker.update(frame: frame, time: t, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aClodThrownUpWithTheBallIsNotReported() throws {
        let flights = Self.flights(ball: true, clodFrom: PixelPoint(x: 150, y: 450), start: 0)
        try #require(flights.count == 1, "\(flights.map { $0.points.map(\.position) })")
        #expect(abs(flights[0].points[0].position.x - 150) < 20, "\(flights[0].points.map(\.position))")
    }

    @Test func theSameClodAloneIsAFlight() {
        // Nothing says it is debris without a ball launched where and when it was.
        #expect(Self.flights(ball: false, clodFrom: PixelPoint(x: 150, y: 450), start: 0).count == 1)
    }

    @Test func aSlowBallLaunchedElsewhereAfterTheStrikeIsReportedBesideIt() {
        #expect(Self.flights(ball: true, clodFrom: PixelPoint(x: 800, y: 500), start: 0.1).count == 2)
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A ball in flight leaves the place it was seen. A hand-held camera whose picture is not quite
/// registered with the model leaves pieces of a still white line (or a row of resting balls) in
/// the difference from it, frame after frame in the same places; a chain that takes the next
/// piece each frame moves as smoothly as a flight, falls as one, and is not one: each piece it
/// took is still there a frame later.
@Suite struct ChainOfThingsAtRestTests {
    static let width = 1280, height = 720, fps = 30.0

    /// The `n`th place along a falling flight: 40 px a frame across (the places far enough
    /// apart that none crowds the next), rising and then falling at 2160 px/s².
    static func place(_ n: Int) -> PixelPoint {
        let t = Double(n)
        return PixelPoint(x: 100 + 40 * t, y: 300 - 24 * t + 1.2 * t * t)
    }

    static let places = 14

    /// The flights reported once frames 0–49 have been tracked, each frame's blobs from `blobs`.
    static func reported(_ blobs: (Int) -> [Blob]) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<50 {
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs(frame))
        }
        tracker.finish()
        return tracker.reported
    }

    static func blob(at n: Int) -> Blob {
        Blob(center: place(n), radius: 3, area: .pi * 9)
    }

    @Test func aBallFlyingThroughThePlacesIsReported() throws {
        let flights = Self.reported { frame in
            (10..<10 + Self.places).contains(frame) ? [Self.blob(at: frame - 10)] : []
        }
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(10..<10 + Self.places))
    }

    @Test func aChainSteppingFromOneStillPieceToTheNextIsNotReported() {
        // Every piece shows from frame 10 to 40, where it lies.
        let pieces = (0..<Self.places).map(Self.blob(at:))
        let flights = Self.reported { frame in (10...40).contains(frame) ? pieces : [] }
        #expect(flights.isEmpty, "\(flights.count) flights, frames \(flights.map { $0.points.map(\.frame) })")
    }
}

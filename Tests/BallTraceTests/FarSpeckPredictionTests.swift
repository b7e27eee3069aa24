import Foundation
import Testing
@testable import BallTrace

/// A ball flying away from a camera on the ground shrinks to a speck of a pixel, whose blob's
/// radius is the pixel grid's noise (0.5–1.1 px). Taken for partial detections of a ball going
/// behind something, most of those were left out of the window the flight is predicted from,
/// and a parabola through the three left passed exactly through their noise: a frame on, it
/// put the ball hundreds of pixels away, outside the picture, and the flight ended `lost` two
/// frames before the ball did.
@Suite struct FarSpeckPredictionTests {
    /// golf-range-groundcam filmed by a panning camera (406×720, 29.97 fps): its second
    /// flight's last detections, as the flight took them (frame, centre, radius).
    static let detections: [(frame: Int, x: Double, y: Double, r: Double)] = [
        (178, 125.8, 398.0, 1.13), (179, 158.1, 344.4, 2.07), (180, 176.5, 314.2, 1.58), (181, 188.0, 295.1, 0.94),
        (182, 196.2, 281.8, 0.90), (183, 202.4, 270.9, 0.99), (184, 206.0, 263.0, 0.69), (185, 209.8, 257.0, 0.74),
        (187, 215.5, 247.5, 0.53), (188, 217.7, 244.5, 1.05),
    ]

    @Test func aFarSpecksFlightIsPredictedAlongItsPathNotThroughItsNoise() throws {
        let fps = 30000.0 / 1001
        let points = Self.detections.map {
            TrackPoint(frame: $0.frame, time: Double($0.frame) / fps, position: PixelPoint(x: $0.x, y: $0.y), radius: $0.r, contrast: 18)
        }
        var flight = Track(first: points[0])
        for point in points.dropFirst() { flight.append(point) }
        flight.reportedAtFrame = 188
        let settings = TrackerSettings(trajectoryLength: 10, frameWidth: 406, frameHeight: 720)
        flight.fitMotion(settings: settings)
        let next = flight.prediction(at: 189 / fps, settings: settings).center
        // The ball was next seen at (219.6, 241.9), 3 px on: predicted within a flight's gate
        // of it (a parabola through its slowing path lags, by about 11 px), not 990 px away.
        #expect(next.distance(to: PixelPoint(x: 219.6, y: 241.9)) < 20, "predicted at \(next)")
    }
}

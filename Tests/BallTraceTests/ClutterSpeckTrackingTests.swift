import Testing
@testable import BallTrace

/// A small ball's flight, 24 frames at 30 fps on a 640×360 picture, seen as a blob of a pixel or
/// so (a speck), with `clutter` saying which frames' detections of it are specks where specks
/// crowd (see ``SpeckClutter``).
private func track(clutterFrom firstClutterFrame: Int) -> [Track] {
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
    for frame in 0..<24 {
        let t = Double(frame) / 30
        let ball = Blob(center: PixelPoint(x: 80 + 300 * t, y: 300 - 500 * t + 400 * t * t), radius: 0.6, area: 1.1, contrast: 30)
        tracker.update(frame: frame, time: t, blobs: [ball], clutter: [frame >= firstClutterFrame])
    }
    tracker.finish()
    return tracker.reported
}

@Test func aFlightKeepsItsBallWhenItsDetectionsBecomeSpecksAmongSpecks() throws {
    // Reported at its tenth point; from frame 14 on, the ball crosses a fence's flicker.
    let flights = track(clutterFrom: 14)
    #expect(flights.count == 1)
    let frames = try #require(flights.first).points.map(\.frame)
    #expect(frames.first == 0 && frames.last == 23, "frames \(frames.first ?? -1)…\(frames.last ?? -1)")
}

@Test func specksAmongSpecksStartNoFlight() {
    // The same ball, a speck among specks from its first frame: nothing tells it from them.
    #expect(track(clutterFrom: 0).isEmpty)
}

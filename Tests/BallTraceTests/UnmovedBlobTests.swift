import Foundation
import Testing
@testable import BallTrace
import ClipSynthesis

private func speck(_ x: Double, _ y: Double, radius: Double = 1.5) -> Blob {
    Blob(center: PixelPoint(x: x, y: y), radius: radius, area: Double.pi * radius * radius)
}

@Test func aBlobWhereOneLayTheFrameBeforeIsUnmovedAndOneAPixelAwayIsNot() {
    let before = [speck(100, 50), speck(20, 300), speck(400, 200)]
    let now = [speck(20.3, 299.7), speck(401, 200), speck(250, 120), speck(100, 50)]
    #expect(unmovedBlobs(now, since: before, within: TrajectoryTracker.unmovedDistance) == [true, false, false, true])
    #expect(unmovedBlobs(now, since: [], within: TrajectoryTracker.unmovedDistance) == [false, false, false, false])
}

/// 240 specks that stay in place (a textured wall, leaves, compression noise on a still
/// picture: half the blobs of a cluttered real clip lie where one lay the frame before), and a
/// ball thrown between them. Returns the tracker and, after each frame, the chains followed
/// that hop from speck to speck: their last three points on specks, not all on the same one.
private func runSpeckledScene(frames: Int, ball: (Int) -> PixelPoint?) -> (tracker: TrajectoryTracker, hopping: [Int]) {
    let width = 1280, height = 720, fps = 30.0
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
    var rng = SplitMix64(seed: 11)
    // Off the ball's path: a speck the ball passed over would show again where it had not
    // been the frame before.
    let path = (0..<frames).compactMap(ball)
    var places: [PixelPoint] = []
    while places.count < 240 {
        let place = PixelPoint(x: Double.random(in: 10..<1270, using: &rng), y: Double.random(in: 10..<710, using: &rng))
        if !path.contains(where: { $0.distance(to: place) < 25 }) { places.append(place) }
    }
    var hopping: [Int] = []
    func isSpeck(_ p: TrackPoint) -> Bool { places.contains(p.position) }
    for frame in 0..<frames {
        var blobs: [Blob] = []
        blobs += places.map { speck($0.x, $0.y) }
        if let position = ball(frame) { blobs.append(Blob(center: position, radius: 3, area: Double.pi * 9)) }
        tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        hopping.append(tracker.active.filter { chain in
            let recent = chain.points.suffix(3)
            return recent.count == 3 && recent.allSatisfy(isSpeck) && recent.contains { $0.position != chain.last.position }
        }.count)
    }
    return (tracker, hopping)
}

@Test func chainsHoppingBetweenSpecksThatStayInPlaceEndBeforeTheirThirdPoint() throws {
    // Thrown from the lower left; it falls out of the bottom of the picture after frame 61.
    let flight = { (frame: Int) -> PixelPoint? in
        guard (20..<62).contains(frame) else { return nil }
        let t = Double(frame - 20) / 30
        return PixelPoint(x: 200 + 600 * t, y: 600 - 900 * t + 700 * t * t)
    }
    var (tracker, hopping) = runSpeckledScene(frames: 70, ball: flight)
    tracker.finish()
    // A chain that moved does not take a speck that lay in the same place the frame before:
    // nothing that moves lands exactly where something stood. (Without that rule, a few hundred
    // such chains, most of the tracker's cap, were followed in every frame here.)
    #expect(hopping.allSatisfy { $0 == 0 }, "chains hopping between specks: \(hopping)")
    let reported = tracker.reported
    #expect(reported.count == 1)
    let found = try #require(reported.first)
    #expect(found.points.map(\.frame) == Array(20..<62))
}

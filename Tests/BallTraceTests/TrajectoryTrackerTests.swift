import Foundation
import Testing
@testable import BallTrace
import ClipSynthesis

private let frameWidth = 640, frameHeight = 360
private let fps = 30.0

private func ball(_ p: PixelPoint, radius: Double = 3) -> Blob {
    Blob(center: p, radius: radius, area: Double.pi * radius * radius)
}

/// A ball launched from the lower left, rising and falling under ~800 px/s² of gravity.
private func leftFlight(_ t: Double) -> PixelPoint {
    PixelPoint(x: 80 + 300 * t, y: 300 - 500 * t + 400 * t * t)
}

/// A ball on the right half flying leftward.
private func rightFlight(_ t: Double) -> PixelPoint {
    PixelPoint(x: 600 - 150 * t, y: 250 - 350 * t + 450 * t * t)
}

/// Frame-by-frame input: the ball(s) visible in each frame plus clutter, and what was fed.
private struct Scene {
    var frames: Int
    /// Frames (indices) in which each flight is visible, and its position function of time
    /// since the flight's first frame.
    var flights: [(frames: Range<Int>, position: (Double) -> PixelPoint)]
    /// Frames of any flight in which its ball is hidden (occluded).
    var hidden: Set<Int> = []
    /// Random specks per frame, and fixed specks that are always there.
    var specksPerFrame = 3
    var fixedSpecks: [PixelPoint] = [PixelPoint(x: 500, y: 60), PixelPoint(x: 40, y: 40)]
    var seed: UInt64 = 7

    func ballPosition(flight: Int, frame: Int) -> PixelPoint? {
        let f = flights[flight]
        guard f.frames.contains(frame), !hidden.contains(frame) else { return nil }
        return f.position(Double(frame - f.frames.lowerBound) / fps)
    }

    /// Runs the tracker, calling `afterFrame` with the frame index and the tracker after each update.
    func run(trajectoryLength: Int, afterFrame: (Int, TrajectoryTracker) -> Void = { _, _ in }) -> TrajectoryTracker {
        var tracker = TrajectoryTracker(settings: TrackerSettings(
            trajectoryLength: trajectoryLength, frameWidth: frameWidth, frameHeight: frameHeight))
        var rng = SplitMix64(seed: seed)
        for frame in 0..<frames {
            var blobs: [Blob] = []
            let balls = flights.indices.compactMap { ballPosition(flight: $0, frame: frame) }
            blobs += balls.map { ball($0) }
            var specks = 0
            while specks < specksPerFrame {
                let p = PixelPoint(x: Double.random(in: 5..<635, using: &rng), y: Double.random(in: 5..<355, using: &rng))
                // Keep clutter off the ball itself: this test is about ignoring clutter, not untangling touching blobs.
                if balls.contains(where: { $0.distance(to: p) < 30 }) { continue }
                blobs.append(ball(p, radius: Double.random(in: 1.5..<4, using: &rng)))
                specks += 1
            }
            for speck in fixedSpecks {
                blobs.append(ball(PixelPoint(x: speck.x + Double.random(in: -0.3..<0.3, using: &rng),
                                             y: speck.y + Double.random(in: -0.3..<0.3, using: &rng)), radius: 2.5))
            }
            blobs.shuffle(using: &rng)
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
            afterFrame(frame, tracker)
        }
        return tracker
    }
}

private var singleFlight: Scene { Scene(frames: 45, flights: [(frames: 5..<35, position: leftFlight)]) }

@Test func singleBallAmongClutterIsReportedExactlyOnce() throws {
    var tracker = singleFlight.run(trajectoryLength: 10)
    tracker.finish()
    #expect(tracker.reported.count == 1)
    let track = try #require(tracker.reported.first)
    #expect(track.points.map(\.frame) == Array(5..<35))
    for point in track.points {
        let truth = try #require(singleFlight.ballPosition(flight: 0, frame: point.frame))
        #expect(point.position.distance(to: truth) < 1e-9)
        #expect(abs(point.time - Double(point.frame) / fps) < 1e-12)
    }
    #expect(tracker.inFlight.isEmpty)
    #expect(tracker.activeTrackCount == 0)
}

@Test func nothingIsReportedBeforeTrajectoryLengthDetections() {
    let length = 10
    var firstReportFrame: Int?
    _ = singleFlight.run(trajectoryLength: length) { frame, tracker in
        let detections = max(0, frame - 5 + 1)
        if detections < length {
            #expect(tracker.inFlight.isEmpty, "reported after only \(detections) detections")
        } else if firstReportFrame == nil, !tracker.inFlight.isEmpty {
            firstReportFrame = frame
        }
    }
    // An exact flight passes the ballistic test as soon as it has enough points.
    #expect(firstReportFrame == 5 + length - 1)
}

@Test func reportedTrajectoryKeepsItsUUIDUntilTheEnd() throws {
    var ids: [UUID] = []
    var tracker = singleFlight.run(trajectoryLength: 10) { frame, tracker in
        #expect(tracker.inFlight.count <= 1)
        if let track = tracker.inFlight.first { ids.append(track.id) }
    }
    tracker.finish()
    let first = try #require(ids.first)
    #expect(Set(ids) == [first])
    #expect(tracker.reported.map(\.id) == [first])
}

@Test func reportedTrackRemembersTheFrameItWasFirstReported() throws {
    var tracker = singleFlight.run(trajectoryLength: 10)
    tracker.finish()
    let track = try #require(tracker.reported.first)
    #expect(track.reportedAtFrame == 14)
}

@Test func ballRestingStillIsNeverReported() {
    let resting = Scene(frames: 60, flights: [(frames: 0..<60, position: { _ in PixelPoint(x: 320, y: 300) })])
    var tracker = resting.run(trajectoryLength: 10) { _, tracker in
        #expect(tracker.inFlight.isEmpty)
    }
    tracker.finish()
    #expect(tracker.reported.isEmpty)
}

@Test func twoBallsInFlightAtOnceAreTwoTrajectories() throws {
    let scene = Scene(frames: 40, flights: [(frames: 3..<33, position: leftFlight), (frames: 6..<30, position: rightFlight)])
    var tracker = scene.run(trajectoryLength: 10)
    tracker.finish()
    #expect(tracker.reported.count == 2)
    #expect(Set(tracker.reported.map(\.id)).count == 2)
    // Sorted by first detection: the left flight started first. Each trajectory holds only its
    // own ball's detections, and follows it to its last one.
    let left = try #require(tracker.reported.first), right = try #require(tracker.reported.last)
    for (track, flight) in [(left, 0), (right, 1)] {
        #expect(track.points.count >= 20)
        #expect(track.points.last?.frame == scene.flights[flight].frames.last)
        for point in track.points {
            let truth = try #require(scene.ballPosition(flight: flight, frame: point.frame), "frame \(point.frame) is not on flight \(flight)")
            #expect(point.position.distance(to: truth) < 1e-9)
        }
    }
}

@Test func flightsStartingInTheSameFrameComeInTheSameOrderEveryRun() throws {
    // Each run draws new UUIDs; the document must not change order with them: left to right.
    let scene = Scene(frames: 40, flights: [(frames: 4..<32, position: rightFlight), (frames: 4..<32, position: leftFlight)])
    for _ in 0..<8 {
        var tracker = scene.run(trajectoryLength: 10)
        tracker.finish()
        try #require(tracker.reported.count == 2)
        #expect(tracker.reported.map { $0.points[0].frame } == [4, 4])
        #expect(tracker.reported[0].points[0].position.x < tracker.reported[1].points[0].position.x)
    }
}

@Test func ballHiddenForTwoFramesKeepsOneTrajectory() throws {
    var scene = singleFlight
    scene.hidden = [20, 21]
    var idsSeen = Set<UUID>()
    var tracker = scene.run(trajectoryLength: 10) { _, tracker in
        idsSeen.formUnion(tracker.inFlight.map(\.id))
    }
    tracker.finish()
    #expect(tracker.reported.count == 1)
    let track = try #require(tracker.reported.first)
    #expect(idsSeen == [track.id])
    // Every detection of the ball, across the gap, on the one trajectory. (What it picks up
    // after the ball has gone is a separate matter: see `vanishedBallDoesNotPickUpABlobFarOffItsPath`.)
    #expect(track.points.filter { $0.frame < 35 }.map(\.frame) == Array(5..<20) + Array(22..<35))
}

@Test func shorterTrajectoryLengthReportsSooner() throws {
    func firstReport(length: Int) -> Int? {
        var first: Int?
        _ = singleFlight.run(trajectoryLength: length) { frame, tracker in
            if first == nil, !tracker.inFlight.isEmpty { first = frame }
        }
        return first
    }
    let short = try #require(firstReport(length: 5))
    let long = try #require(firstReport(length: 15))
    #expect(short < long)
    #expect(short == 5 + 5 - 1)
    #expect(long == 5 + 15 - 1)
}

@Test func clutterAloneIsNeverReported() {
    let clutter = Scene(frames: 60, flights: [], specksPerFrame: 6, seed: 99)
    var tracker = clutter.run(trajectoryLength: 10) { _, tracker in
        #expect(tracker.inFlight.isEmpty)
    }
    tracker.finish()
    #expect(tracker.reported.isEmpty)
}

@Test func aBirdFlyingStraightWhileItSlowsIsNotReportedOnceItsPathShows() {
    // Up and to the left at 300 px/s, slowing by 240 px/s² along a straight path: over its
    // first ten frames it passes for a ball (its deceleration points down), and it is reported;
    // followed longer, its path does not bend as gravity bends a ball's.
    func bird(_ t: Double) -> PixelPoint {
        let along = 300 * t - 120 * t * t
        return PixelPoint(x: 400 - 0.42 * along, y: 330 - 0.91 * along)
    }
    let scene = Scene(frames: 45, flights: [(frames: 2..<40, position: bird)])
    var tracker = scene.run(trajectoryLength: 10)
    tracker.finish()
    #expect(tracker.reported.count == 0)
    // A ball thrown the same way, with nothing but gravity on it, is reported, once.
    let throwScene = Scene(frames: 45, flights: [(frames: 2..<30, position: { t in
        PixelPoint(x: 400 - 126 * t, y: 330 - 273 * t + 400 * t * t)
    })])
    var thrown = throwScene.run(trajectoryLength: 10)
    thrown.finish()
    #expect(thrown.reported.count == 1)
}

@Test func finishedFlightMovesFromInFlightToCompleted() {
    // After the ball leaves (frame 35) the track is ended once it has been missed too long.
    var sawInFlight = false
    let tracker = singleFlight.run(trajectoryLength: 10) { frame, tracker in
        if frame == 30 { sawInFlight = tracker.inFlight.count == 1 }
    }
    #expect(sawInFlight)
    #expect(tracker.inFlight.isEmpty)
    #expect(tracker.completed.count == 1)
}


// MARK: After the ball is gone

/// Exact flight, no clutter, frames 0..<20; then nothing for four frames, then one blob.
private func vanishingFlight(lastBlob: PixelPoint, atFrame frame: Int = 24) -> TrajectoryTracker {
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: frameWidth, frameHeight: frameHeight))
    for f in 0..<20 { tracker.update(frame: f, time: Double(f) / fps, blobs: [ball(leftFlight(Double(f) / fps))]) }
    for f in 20..<frame { tracker.update(frame: f, time: Double(f) / fps, blobs: []) }
    tracker.update(frame: frame, time: Double(frame) / fps, blobs: [ball(lastBlob)])
    tracker.finish()
    return tracker
}

@Test func ballReappearingOnItsPathAfterFourMissedFramesContinuesItsTrajectory() throws {
    let tracker = vanishingFlight(lastBlob: leftFlight(24 / fps))
    #expect(tracker.reported.count == 1)
    let track = try #require(tracker.reported.first)
    #expect(track.points.map(\.frame) == Array(0..<20) + [24])
}

@Test func vanishedBallDoesNotPickUpABlobFarOffItsPath() throws {
    // Five frames after its last detection the ball would be at `expected`, moving about
    // 11 px per frame. A blob 50 px to the side of that — some five frames' worth of the ball's own
    // motion, seventeen radii — is something else, and must not join the trajectory.
    let expected = leftFlight(24 / fps)
    let velocity = (x: 300.0, y: -500 + 800 * 24 / fps)
    let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
    let stray = PixelPoint(x: expected.x - 50 * velocity.y / speed, y: expected.y + 50 * velocity.x / speed)
    let tracker = vanishingFlight(lastBlob: stray)
    #expect(tracker.reported.count == 1)
    let track = try #require(tracker.reported.first)
    #expect(track.points.map(\.frame) == Array(0..<20))
}


@Test func aBallIsFollowedInAFrameCrowdedBeyondTheCapOnLiveChains() throws {
    // 300 flickering specks a frame (foliage, edges of a shaking picture), more chains than the
    // tracker keeps alive: the ball's own chain must still be started and followed.
    var scene = singleFlight
    scene.specksPerFrame = 300
    var peak = 0
    var tracker = scene.run(trajectoryLength: 10) { _, tracker in peak = max(peak, tracker.activeTrackCount) }
    tracker.finish()
    #expect(peak >= tracker.settings.maximumLiveChains, "the cap was never reached (\(peak) chains)")
    let flights = tracker.reported.filter { $0.points.contains { $0.frame == 20 } }
    #expect(flights.count == 1)
    let flight = try #require(flights.first)
    #expect(flight.points.count >= 25, "\(flight.points.count) points")
}

@Test func pointsAreReportedInTheirFramesOwnPixelsWhileTrackedInTheScene() throws {
    // A camera panning 4 px a frame to the right: the ball's scene path is the parabola; each
    // frame's picture shows it 4 px per frame further left.
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: frameWidth, frameHeight: frameHeight))
    for frame in 0..<30 {
        let pan = SimilarityTransform(tx: -4 * Double(frame), ty: 0)  // scene → picture
        let scenePoint = leftFlight(Double(frame) / fps)
        tracker.update(frame: frame, time: Double(frame) / fps, blobs: [ball(scenePoint)], sceneToPicture: pan)
    }
    tracker.finish()
    let track = try #require(tracker.reported.first)
    for point in track.inPicture.points {
        let expected = leftFlight(Double(point.frame) / fps)
        #expect(abs(point.position.x - (expected.x - 4 * Double(point.frame))) < 1e-9)
        #expect(abs(point.position.y - expected.y) < 1e-9)
    }
}

@Test func aFlightKeepsTheLargeBallItStartedAsThoughItsNextDetectionsWereHalfHidden() throws {
    // A ball shot away from a handheld camera (1280×720, 30 fps): 20 px in radius at first,
    // shrinking as it recedes, half hidden for three frames after frame 5 (its blobs about half
    // the size, their centres 10 px ahead along its path). The path fitted once it is
    // reported is bent by those three, and misses its first detections by more than one and
    // a half of its radius now; not by more than one and a half of its radius then.
    func truth(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / 30
        return PixelPoint(x: 180 + 820 * t - 700 * t * t, y: 266 - 800 * t + 900 * t * t)
    }
    func radius(_ frame: Int) -> Double { 20 / (1 + 0.08 * Double(frame)) }
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
    for frame in 0..<20 {
        var p = truth(frame), r = radius(frame)
        if (6...8).contains(frame) {
            let next = truth(frame + 1), length = p.distance(to: next)
            p = PixelPoint(x: p.x + 10 * (next.x - p.x) / length, y: p.y + 10 * (next.y - p.y) / length)
            r *= 0.55
        }
        tracker.update(frame: frame, time: Double(frame) / 30, blobs: [ball(p, radius: r)])
    }
    tracker.finish()
    let flight = try #require(tracker.reported.first)
    #expect(tracker.reported.count == 1)
    #expect(flight.points.first?.frame == 0, "\(flight.points.map(\.frame))")
}

@Test func aBallRecedingIntoTheDistanceIsFollowedToItsLastFrame() throws {
    // A drive flying away from a camera on the ground: each frame's step 0.8 of the last, the
    // ball shrinking to a pixel. A parabola in time lets the speed fall only linearly.
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 406, frameHeight: 720))
    var position = PixelPoint(x: 4, y: 219), step = (x: 38.0, y: -8.0)
    var truth: [PixelPoint] = []
    for frame in 0..<16 {
        truth.append(position)
        tracker.update(frame: frame, time: Double(frame) / 29.97, blobs: [ball(position, radius: max(0.6, 1.6 - 0.06 * Double(frame)))])
        position = PixelPoint(x: position.x + step.x, y: position.y + step.y)
        step = (step.x * 0.8, step.y * 0.8 + 0.3)
    }
    tracker.finish()
    let flight = try #require(tracker.reported.first)
    #expect(tracker.reported.count == 1)
    #expect(flight.points.map(\.frame) == Array(0..<16), "\(flight.points.map(\.frame))")
}

@Test func aRecedingBallMissedInAFrameIsFollowedOnToItsLastFrame() throws {
    // A drive flying away from a camera on the ground, each frame's step 0.8 of the last, a
    // speck of a pixel alone in the sky: not seen in frame 6, and in frame 7 placed 1.7 px off
    // (a moving camera's registration adds that much here and there). A parabola through the
    // chain's points turns back within a frame of the gap; the ball's steps keep shrinking by
    // their ratio, which the two spans either side of the gap give.
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 406, frameHeight: 720))
    var position = PixelPoint(x: 4, y: 400), step = (x: 30.0, y: -50.0)
    for frame in 0..<16 {
        let seen = frame == 7 ? PixelPoint(x: position.x + 1.2, y: position.y - 1.2) : position
        tracker.update(frame: frame, time: Double(frame) / 29.97, blobs: frame == 6 ? [] : [ball(seen, radius: 1)])
        position = PixelPoint(x: position.x + step.x, y: position.y + step.y)
        step = (step.x * 0.8, step.y * 0.8)
    }
    tracker.finish()
    let flight = try #require(tracker.reported.first)
    #expect(tracker.reported.count == 1)
    #expect(flight.points.map(\.frame) == Array(0..<16).filter { $0 != 6 }, "\(flight.points.map(\.frame))")
}

@Test func theRecedingGuessCarriesOnAcrossAFrameNotSeen() throws {
    // Steps of 20, 16, 12.8, 10.24 px (each 0.8 of the last); the ball not seen at step 2.
    var track = Track(first: TrackPoint(frame: 0, time: 0, position: PixelPoint(x: 0, y: 0), radius: 1, step: 0))
    track.append(TrackPoint(frame: 1, time: 0.1, position: PixelPoint(x: 20, y: 0), radius: 1, step: 1))
    track.append(TrackPoint(frame: 3, time: 0.3, position: PixelPoint(x: 48.8, y: 0), radius: 1, step: 3))
    let next = try #require(track.recedingContinuation(at: 0.4, acrossAMissedFrame: true))
    #expect(abs(next.x - (48.8 + 10.24)) < 1e-9 && next.y == 0)
    // Only where a missed frame may be bridged (a lone speck's chain).
    #expect(track.recedingContinuation(at: 0.4) == nil)
    // Not seen at step 4 either: the steps on from there.
    track.append(TrackPoint(frame: 5, time: 0.5, position: PixelPoint(x: 48.8 + 10.24 + 8.192, y: 0), radius: 1, step: 5))
    let after = try #require(track.recedingContinuation(at: 0.6, acrossAMissedFrame: true))
    #expect(abs(after.x - (48.8 + 10.24 + 8.192 + 6.5536)) < 1e-9)
    // Two frames missed in a row: no guess.
    track.append(TrackPoint(frame: 8, time: 0.8, position: PixelPoint(x: 90, y: 0), radius: 1, step: 8))
    #expect(track.recedingContinuation(at: 0.9, acrossAMissedFrame: true) == nil)
}

@Test func aFallingBallMeasuredShortOnceIsNotTakenForOneReceding() throws {
    // A toss falling past the server (1280×720, 30 fps, a 7 px ball, 2700 px/s² of gravity):
    // its detection in frame 30 is short by a quarter of its step (its centre from a blob it
    // merged with), it is hidden in frames 31 and 32, and in frame 32 something the size of a
    // head lies where a ball receding from the camera would be, had that short step been the
    // ball slowing. Falling, the ball speeds up: the flight does not take it.
    let fps = 30.0, radius = 7.0, settings = TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720)
    func truth(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / fps
        return PixelPoint(x: 520 + 6 * t, y: 700 - 1600 * t + 1350 * t * t)
    }
    func seen(_ frame: Int) -> PixelPoint {
        frame == 30 ? PixelPoint(x: truth(30).x, y: truth(30).y - 9) : truth(frame)
    }
    var followed = Track(first: TrackPoint(frame: 0, time: 0, position: seen(0), radius: radius, step: 0))
    for frame in 1...30 { followed.append(TrackPoint(frame: frame, time: Double(frame) / fps, position: seen(frame), radius: radius, step: frame)) }
    let lure = try #require(followed.recedingContinuation(at: 32 / fps))

    var tracker = TrajectoryTracker(settings: settings)
    for frame in 0..<36 {
        var blobs: [Blob] = []
        if frame != 31 && frame != 32 { blobs.append(ball(seen(frame), radius: radius)) }
        if frame == 32 { blobs.append(ball(lure, radius: 10)) }
        tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
    }
    tracker.finish()
    let flight = try #require(tracker.reported.first)
    #expect(tracker.reported.count == 1)
    #expect(!flight.points.contains { $0.frame == 32 }, "the flight took the lure")
    #expect(flight.points.map(\.frame).filter { $0 > 32 } == Array(33..<36), "\(flight.points.map(\.frame))")
}

@Test func theRecedingGuessShrinksTheLastStepByTheRatioOfTheLastTwo() throws {
    var track = Track(first: TrackPoint(frame: 0, time: 0, position: PixelPoint(x: 0, y: 0), radius: 1, step: 0))
    track.append(TrackPoint(frame: 1, time: 0.1, position: PixelPoint(x: 20, y: 0), radius: 1, step: 1))
    track.append(TrackPoint(frame: 2, time: 0.2, position: PixelPoint(x: 36, y: 0), radius: 1, step: 2))
    let next = try #require(track.recedingContinuation(at: 0.3))
    #expect(abs(next.x - (36 + 16 * 0.8)) < 1e-9 && next.y == 0)
    let afterTwo = try #require(track.recedingContinuation(at: 0.4))
    #expect(abs(afterTwo.x - (36 + 16 * 0.8 + 16 * 0.64)) < 1e-9)
    // Steps that halve or worse are not one ball receding.
    track.append(TrackPoint(frame: 3, time: 0.3, position: PixelPoint(x: 40, y: 0), radius: 1, step: 3))
    #expect(track.recedingContinuation(at: 0.4) == nil)
}


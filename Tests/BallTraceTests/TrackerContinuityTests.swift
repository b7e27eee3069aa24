import Foundation
import Testing
@testable import BallTrace

private let frameWidth = 640, frameHeight = 360

private func ball(_ p: PixelPoint, radius: Double = 3) -> Blob {
    Blob(center: p, radius: radius, area: Double.pi * radius * radius)
}

/// Two specks that are always there, far from every flight (a flag, a bird on a wire).
private let fixedSpecks = [PixelPoint(x: 600, y: 30), PixelPoint(x: 30, y: 30)]

/// A ball launched from the lower left, rising and falling under 800 px/s² of gravity.
private func leftFlight(_ t: Double) -> PixelPoint {
    PixelPoint(x: 80 + 300 * t, y: 300 - 500 * t + 400 * t * t)
}

/// Feeds the tracker `frames` frames at `fps`, with the blobs `blobs` gives for each frame
/// (index, time) plus the fixed specks; calls `afterFrame` after each update.
private func run(frames: Int, fps: Double, trajectoryLength: Int = 10,
                 blobs: (Int, Double) -> [Blob],
                 afterFrame: (Int, TrajectoryTracker) -> Void = { _, _ in }) -> TrajectoryTracker {
    var tracker = TrajectoryTracker(settings: TrackerSettings(
        trajectoryLength: trajectoryLength, frameWidth: frameWidth, frameHeight: frameHeight))
    var jitter = Jitter(state: 77)
    for frame in 0..<frames {
        let time = Double(frame) / fps
        var all = blobs(frame, time)
        all += fixedSpecks.map { ball(PixelPoint(x: $0.x + jitter.next(0.3), y: $0.y + jitter.next(0.3)), radius: 2.5) }
        tracker.update(frame: frame, time: time, blobs: all)
        afterFrame(frame, tracker)
    }
    return tracker
}

/// The detections of one ball following `path` (time since `first`), with centre noise,
/// in the frames of `visible` that are not `hidden`.
private struct Flight {
    var path: (Double) -> PixelPoint
    var visible: Range<Int>
    var hidden: Range<Int> = 0..<0
    var fps: Double
    var noise = 0.3
    var seed: UInt64 = 3

    func truth(frame: Int) -> PixelPoint { path(Double(frame - visible.lowerBound) / fps) }

    /// Seen at `frame`: where the detector puts it (noise is a function of the frame alone).
    func detection(frame: Int) -> PixelPoint? {
        guard visible.contains(frame), !hidden.contains(frame) else { return nil }
        var jitter = Jitter(state: seed &* 1_000_003 &+ UInt64(frame))
        let p = truth(frame: frame)
        return PixelPoint(x: p.x + jitter.next(noise), y: p.y + jitter.next(noise))
    }
}

/// Expects the tracker to have reported one flight, from frame `first` to frame `last`, and
/// never under another UUID than its own (`ids`: every UUID seen in flight); returns it.
@discardableResult
private func expectOneFlight(in tracker: TrajectoryTracker, reportedUnder ids: Set<UUID>, from first: Int, to last: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> Track {
    let flights = tracker.reported.map { "\($0.points.first!.frame)–\($0.last.frame)" }
    #expect(tracker.reported.count == 1, "trajectories \(flights)", sourceLocation: sourceLocation)
    let track = try #require(tracker.reported.first, sourceLocation: sourceLocation)
    #expect(ids == [track.id], "reported under \(ids.count) UUIDs", sourceLocation: sourceLocation)
    #expect(track.points.first?.frame == first && track.last.frame == last, "\(flights)", sourceLocation: sourceLocation)
    return track
}

/// Runs one flight through the tracker and collects every UUID it was reported under.
private func follow(_ flight: Flight, frames: Int) -> (tracker: TrajectoryTracker, ids: Set<UUID>) {
    var ids = Set<UUID>()
    var tracker = run(frames: frames, fps: flight.fps, blobs: { frame, _ in
        flight.detection(frame: frame).map { [ball($0)] } ?? []
    }, afterFrame: { _, tracker in ids.formUnion(tracker.inFlight.map(\.id)) })
    tracker.finish()
    return (tracker, ids)
}

@Suite struct TrackerContinuityTests {
    @Test func ballHiddenBehindAPoleForSixFramesKeepsItsUUID() throws {
        let flight = Flight(path: leftFlight, visible: 5..<40, hidden: 20..<26, fps: 30)
        let (tracker, ids) = follow(flight, frames: 50)
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories")
        let track = try #require(tracker.reported.first)
        #expect(ids == [track.id], "reported under \(ids.count) UUIDs")
        #expect(track.points.map(\.frame) == Array(5..<20) + Array(26..<40))
        for point in track.points {
            #expect(point.position.distance(to: flight.truth(frame: point.frame)) < 0.5, "frame \(point.frame)")
        }
    }

    @Test func ballHiddenForTwentyFramesAt120fpsKeepsItsUUID() throws {
        // 0.17 s behind a player: many frames, but a short time, and the path still predicts it.
        let flight = Flight(path: leftFlight, visible: 0..<120, hidden: 50..<70, fps: 120)
        let (tracker, ids) = follow(flight, frames: 130)
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories")
        let track = try #require(tracker.reported.first)
        #expect(ids == [track.id], "reported under \(ids.count) UUIDs")
        #expect(track.points.map(\.frame) == Array(0..<50) + Array(70..<120))
    }

    @Test func ballShowingOnlyItsEdgeAsItPassesBehindAPoleKeepsItsUUID() throws {
        // At 120 fps a falling ball 5 px in radius, moving 2 px a frame sideways, takes 20 frames
        // to pass behind a 30 px pole. On the way in only its near part shows, smaller than the
        // ball and lagging behind it; on the way out only its far part, ahead of it. Those
        // centres must not bend the path.
        let fps = 120.0, radius = 5.0, pole = 196.0...226.0
        let path: (Double) -> PixelPoint = { t in PixelPoint(x: 40 + 240 * t, y: 100 - 200 * t + 400 * t * t) }
        var ids = Set<UUID>()
        var tracker = run(frames: 120, fps: fps, blobs: { _, t in
            visiblePart(ofDiscAt: path(t), radius: radius, outside: pole).map { [$0] } ?? []
        }, afterFrame: { _, tracker in ids.formUnion(tracker.inFlight.map(\.id)) })
        tracker.finish()
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories: \(tracker.reported.map { "\($0.points.first!.frame)…\($0.points.last!.frame)" })")
        let track = try #require(tracker.reported.first)
        #expect(ids == [track.id], "reported under \(ids.count) UUIDs")
        let frames = track.points.map(\.frame)
        let behind = (0..<120).filter { visiblePart(ofDiscAt: path(Double($0) / fps), radius: radius, outside: pole) == nil }
        #expect(frames.first! < behind.first! && frames.last! > behind.last! + 10, "followed frames \(frames.first!)…\(frames.last!)")
    }

    @Test func headWhoseStepCrestFallsLikeABallIsNotReported() throws {
        // A head 13 px in radius bobbing 6 px at 2.1 steps a second: at each crest it falls at
        // about 1000 px/s², more than gravity gives a ball of its size, so a window over a crest
        // passes as a flight. The same chain rising under a pull a moment before gives it away.
        let head: (Double) -> PixelPoint = { t in PixelPoint(x: 40 + 300 * t, y: 200 - 6 * cos(2 * .pi * 2.1 * t)) }
        let crest = (0..<10).map { i in
            TrackPoint(frame: i, time: Double(i) / 30 - 0.15, position: head(Double(i) / 30 - 0.15), radius: 13)
        }
        #expect(BallisticTest(shorterSide: 360).evaluate(crest).path != nil, "the crest alone should look like a fall")
        var reportedAt: [Int] = []
        var tracker = run(frames: 60, fps: 30, blobs: { _, t in [ball(head(t), radius: 13)] },
                          afterFrame: { frame, tracker in if !tracker.inFlight.isEmpty { reportedAt.append(frame) } })
        tracker.finish()
        #expect(reportedAt.isEmpty, "reported at frames \(reportedAt)")
    }

    @Test func faintClubHeadBesideTheLaunchIsNotTakenForItsFirstPoint() throws {
        // At the frame of the strike the ball is lost in its own resting place and the detector
        // sees only the club head passing, a faint blob 8 px off the path; from the next frame
        // on, the bright ball.
        let launch = 5
        var tracker = run(frames: 40, fps: 30, blobs: { frame, t in
            if frame == launch {
                let p = leftFlight(0)
                return [Blob(center: PixelPoint(x: p.x + 6, y: p.y + 5), radius: 3, area: 28, contrast: 15)]
            }
            guard frame > launch else { return [] }
            return [Blob(center: leftFlight(Double(frame - launch) / 30), radius: 3, area: 28, contrast: 110)]
        })
        tracker.finish()
        let track = try #require(tracker.reported.first)
        #expect(track.points.first?.frame == launch + 1, "starts at frame \(track.points.first?.frame ?? -1)")
    }

    /// Displacements of one detection, pixels along and across the motion.
    static let displacements: [(along: Double, across: Double)] = [(0, 12), (0, -12), (-12, 0), (8, 9)]

    @Test(arguments: 0..<displacements.count)
    func detectionMergedWithSomethingForOneFrameDoesNotDerailTheTrajectory(displacement index: Int) throws {
        // At frame 20 the ball passes over something and the detector returns one larger blob
        // whose centre is 12 px off the ball's.
        let (along, across) = Self.displacements[index]
        let flight = Flight(path: leftFlight, visible: 0..<40, fps: 30)
        let merged = 20
        var ids = Set<UUID>()
        var tracker = run(frames: 45, fps: 30, blobs: { frame, _ in
            guard let p = flight.detection(frame: frame) else { return [] }
            guard frame == merged else { return [ball(p)] }
            let t = Double(frame) / 30
            let v = (x: 300.0, y: -500 + 800 * t)
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            let (ux, uy) = (v.x / speed, v.y / speed)
            return [ball(PixelPoint(x: p.x + along * ux - across * uy, y: p.y + along * uy + across * ux), radius: 6)]
        }, afterFrame: { _, tracker in ids.formUnion(tracker.inFlight.map(\.id)) })
        tracker.finish()
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories")
        let track = try #require(tracker.reported.first)
        #expect(ids == [track.id], "reported under \(ids.count) UUIDs")
        // Every later detection, each where the ball truly was.
        let after = track.points.filter { $0.frame > merged }
        #expect(after.map(\.frame) == Array((merged + 1)..<40))
        for point in after {
            #expect(point.position.distance(to: flight.truth(frame: point.frame)) < 0.5, "frame \(point.frame)")
        }
    }

    /// Velocities (px/s) at the crossing of two balls: head-on across the picture, at right
    /// angles (two juggled balls), and one overtaking the other at about 25°.
    static let crossings: [(a: (Double, Double), b: (Double, Double))] = [
        ((400, 50), (-400, 0)),
        ((300, -250), (-300, -250)),
        ((400, -100), (250, 50)),
    ]

    /// Two balls passing through (300, 150) at `crossing` seconds with those velocities, under
    /// slightly different gravity (different distances from the camera).
    static func crossingPaths(_ index: Int, crossing: Double) -> [(Double) -> PixelPoint] {
        let (va, vb) = crossings[index]
        return [
            { t in let s = t - crossing; return PixelPoint(x: 300 + va.0 * s, y: 150 + va.1 * s + 500 * s * s) },
            { t in let s = t - crossing; return PixelPoint(x: 300 + vb.0 * s, y: 150 + vb.1 * s + 450 * s * s) },
        ]
    }

    @Test(arguments: 0..<crossings.count, [0.4, 0.4 + 0.5 / 30])
    func twoBallsWhosePathsCrossKeepTheirOwnTrajectories(paths index: Int, crossing: Double) throws {
        // Crossing at a frame (the two blobs merge into one there) and between two frames.
        let paths = Self.crossingPaths(index, crossing: crossing)
        let flights = paths.enumerated().map { i, path in
            Flight(path: path, visible: 0..<27, fps: 30, seed: 10 + UInt64(i))
        }
        var reportedBeforeCrossing = 0
        var tracker = run(frames: 32, fps: 30, blobs: { frame, _ in
            let seen = flights.compactMap { $0.detection(frame: frame) }
            // Balls closer than a diameter are one blob to the detector.
            if seen.count == 2, seen[0].distance(to: seen[1]) < 6 {
                let d = seen[0].distance(to: seen[1])
                return [ball(PixelPoint(x: (seen[0].x + seen[1].x) / 2, y: (seen[0].y + seen[1].y) / 2), radius: 3 + d / 2)]
            }
            return seen.map { ball($0) }
        }, afterFrame: { frame, tracker in
            if frame == 10 { reportedBeforeCrossing = tracker.inFlight.count }
        })
        tracker.finish()
        #expect(reportedBeforeCrossing == 2)
        #expect(tracker.reported.count == 2, "\(tracker.reported.count) trajectories")
        #expect(Set(tracker.reported.map(\.id)).count == tracker.reported.count)
        var owners: [Int] = []
        for track in tracker.reported {
            // The ball it started on …
            let first = track.points[0]
            let owner = try #require(flights.indices.min {
                flights[$0].truth(frame: first.frame).distance(to: first.position) < flights[$1].truth(frame: first.frame).distance(to: first.position)
            })
            owners.append(owner)
            // … is the ball it ends on: every point from three frames after the crossing on.
            let late = track.points.filter { Double($0.frame) / 30 > crossing + 0.1 }
            #expect(late.count >= 10, "ball \(owner): only \(late.count) points after the crossing")
            #expect(track.last.frame == 26, "ball \(owner): ends at frame \(track.last.frame)")
            for point in late {
                let own = flights[owner].truth(frame: point.frame).distance(to: point.position)
                #expect(own < 0.5, "ball \(owner) at frame \(point.frame) is \(own) px from its ball")
            }
        }
        #expect(Set(owners) == [0, 1])
    }

    @Test func smallBallWhoseOneDetectionIsPulledBackIsReportedWholeUnderOneUUID() throws {
        // A tennis ball 2.5 px in radius thrown up beside the hand that threw it, about 20 px a
        // frame: its first detection is pulled 8 px back along its path (merged with the hand)
        // and its sixth 5 px, which bends the young chain's parabola so that it misses the
        // ball's next detections. The chain started at the sixth follows the ball on.
        let path = { (t: Double) in PixelPoint(x: 260 - 120 * t, y: 330 - 620 * t + 270 * t * t) }
        var ids = Set<UUID>()
        var tracker = run(frames: 40, fps: 30, blobs: { frame, _ in
            guard (5..<21).contains(frame) else { return [] }
            let p = path(Double(frame - 5) / 30)
            let pulled = frame == 5 ? 8.0 : frame == 10 ? 5.0 : 0
            return [ball(PixelPoint(x: p.x + 0.2 * pulled, y: p.y + pulled), radius: 2.5)]
        }, afterFrame: { _, tracker in ids.formUnion(tracker.inFlight.map(\.id)) })
        tracker.finish()
        try expectOneFlight(in: tracker, reportedUnder: ids, from: 5, to: 20)
    }

    /// Where the faint-spot search finds something when it looks in one frame: a spot of the
    /// given size there, if it lies within the reach asked.
    struct SpotInOneFrame: FaintSpotSource {
        let spot: PixelPoint?
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            guard let spot, spot.distance(to: center) <= reach else { return nil }
            return Blob(center: spot, radius: 1, area: .pi)
        }
    }

    @Test func reportedFlightThatTookTheBallsGhostIsJoinedToTheFlightThatFollowedTheBallOn() throws {
        // A golf ball of 1.3 px radius climbing away at about 10 px a frame, already reported:
        // its detections in frames 15–19 lag 1 px behind it (a small ball's blob in a
        // compressed picture), in frame 20 it is not detected and the faint-spot search finds a
        // speck 4 px behind it, and in frames 21–24 its own ghost stands where it was in frame
        // 20 beside the ball itself. The flight, slowed by what it took, takes the ghost and
        // loses the ball; a chain begun on the ball in frame 21 follows it on. (Measured so on
        // golf-broadcast-slowmo at half size, frames 135–138.) One ball, one UUID, from its
        // first frame to its last, without the ghost.
        let path = { (t: Double) in PixelPoint(x: 390 - 45 * t, y: 340 - 480 * t + 180 * t * t) }
        let truth = { (frame: Int) in path(Double(frame - 5) / 30) }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: frameWidth, frameHeight: frameHeight))
        /// `distance` px back along the path from where the ball is in `frame`.
        func behind(_ frame: Int, by distance: Double) -> PixelPoint {
            let p = truth(frame), q = truth(frame - 1), n = p.distance(to: q)
            return PixelPoint(x: p.x + distance / n * (q.x - p.x), y: p.y + distance / n * (q.y - p.y))
        }
        var ids = Set<UUID>()
        for frame in 0..<60 {
            var blobs: [Blob] = []
            if (5..<50).contains(frame) && frame != 20 {
                blobs.append(ball((15..<20).contains(frame) ? behind(frame, by: 1) : truth(frame), radius: 1.3))
            }
            if (21..<25).contains(frame) { blobs.append(ball(truth(20), radius: 0.8)) }
            let speck = frame == 20 ? behind(20, by: 4) : nil
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs, faintSpots: SpotInOneFrame(spot: speck))
            ids.formUnion(tracker.inFlight.map(\.id))
        }
        tracker.finish()
        let track = try expectOneFlight(in: tracker, reportedUnder: ids, from: 5, to: 49)
        for point in track.points where !(15...20).contains(point.frame) {
            #expect(point.position.distance(to: truth(point.frame)) < 0.5, "frame \(point.frame)")
        }
    }

    @Test func ballUnseenAsItBouncesIsTwoFlightsNotOneJoinedAcrossTheBounce() throws {
        // A ball falls to the ground, is not seen in the two frames around its bounce (in the
        // grass), and climbs again, slower. The flight that lost it is not the flight after
        // the bounce: no one smooth path runs through both, and they keep their own UUIDs.
        let fall = { (t: Double) in PixelPoint(x: 100 + 240 * t, y: 10 + 40 * t + 400 * t * t) }
        let landing = 25.0 / 30
        let rise = { (t: Double) in
            let p = fall(landing)
            return PixelPoint(x: p.x + 180 * t, y: p.y - 300 * t + 400 * t * t)
        }
        let tracker = run(frames: 60, fps: 30, blobs: { frame, _ in
            switch frame {
            case 0..<24: [ball(fall(Double(frame) / 30))]
            case 26..<45: [ball(rise(Double(frame) / 30 - landing))]
            default: []
            }
        })
        let flights = tracker.reported.map { "\($0.points.first!.frame)–\($0.last.frame)" }
        #expect(tracker.reported.count == 2, "trajectories \(flights)")
        #expect(Set(tracker.reported.map(\.id)).count == tracker.reported.count)
        #expect(tracker.reported.allSatisfy { $0.last.frame < 24 || $0.points.first!.frame >= 26 }, "\(flights)")
    }

    @Test func personWalkingAcrossTheFrameIsNeverReported() {
        // A head 10 px in radius, walking at 250 px/s and bobbing 3 px twice a second.
        var jitter = Jitter(state: 21)
        var reportedAt: [Int] = []
        var tracker = run(frames: 60, fps: 30, blobs: { _, t in
            let p = PixelPoint(x: 40 + 250 * t + jitter.next(0.3), y: 200 + 3 * sin(2 * .pi * 2 * t) + jitter.next(0.3))
            return [ball(p, radius: 10 + jitter.next(0.5))]
        }, afterFrame: { frame, tracker in
            if !tracker.inFlight.isEmpty { reportedAt.append(frame) }
        })
        tracker.finish()
        #expect(reportedAt.isEmpty, "reported at frames \(reportedAt)")
        #expect(tracker.reported.isEmpty)
    }
}

/// What a detector sees of a disc partly hidden behind a vertical pole spanning `pole` in x:
/// the visible part's centroid and the radius of a disc of its area, or nil when none shows.
private func visiblePart(ofDiscAt centre: PixelPoint, radius: Double, outside pole: ClosedRange<Double>) -> Blob? {
    var count = 0.0, sx = 0.0, sy = 0.0
    let step = 0.25
    for i in 0..<Int(2 * radius / step) {
        for j in 0..<Int(2 * radius / step) {
            let x = centre.x - radius + (Double(i) + 0.5) * step, y = centre.y - radius + (Double(j) + 0.5) * step
            guard (x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y) <= radius * radius,
                  !pole.contains(x) else { continue }
            count += 1
            sx += x
            sy += y
        }
    }
    let area = count * step * step
    guard area >= 1 else { return nil }
    return ball(PixelPoint(x: sx / count, y: sy / count), radius: (area / .pi).squareRoot())
}


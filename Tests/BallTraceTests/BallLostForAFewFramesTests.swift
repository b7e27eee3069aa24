import Testing
@testable import BallTrace

/// A ball merged for a few frames with something it passes (a banner's edge a moving camera
/// leaves in the difference) is lost by the chain that followed it from its release: that chain
/// goes on with the merged blob, off the path, and is dropped; the flight is reported from a
/// chain begun after the stretch. The points the first chain had before it are the flight's,
/// when they lie on its path: one ball, one flight, from its release.
@Suite struct BallLostForAFewFramesTests {
    static let fps = 30.0

    /// A ball thrown at frame 0, rising and slowing: 5 px in radius.
    static func ball(_ frame: Int, radius: Double = 5) -> TrackPoint {
        let t = Double(frame) / fps
        return TrackPoint(frame: frame, time: t, position: PixelPoint(x: 200 + 300 * t, y: 600 - 900 * t + 500 * t * t),
                          radius: radius, contrast: 40)
    }

    /// The tracker after the chain that followed `before` went on with a blob that drifts off
    /// the path from frame `before.last + 1` (the ball merged with an edge, its centre pulled
    /// back) and was dropped, and the flight begun at frame `resumes` that it reports.
    static func trackerAndFlight(before: [TrackPoint], resumes: Int) -> (TrajectoryTracker, Track) {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let astray = (before.last!.frame + 1..<resumes - 1).map { f in
            let onPath = ball(f).position
            return TrackPoint(frame: f, time: Double(f) / fps,
                              position: PixelPoint(x: onPath.x - 6 * Double(f - before.last!.frame), y: onPath.y + 4),
                              radius: 4, contrast: 45)
        }
        tracker.droppedChains = [LaunchFromAnotherChainTests.chain(before + astray)]
        tracker.step = resumes + 12
        return (tracker, LaunchFromAnotherChainTests.chain((resumes..<resumes + 12).map { ball($0) }))
    }

    @Test func theFlightGetsWhatTheChainHadBeforeTheBallWasLost() {
        let (tracker, flight) = Self.trackerAndFlight(before: (0..<8).map { Self.ball($0) }, resumes: 15)
        #expect(tracker.pointsBeforeAGap(in: flight, like: .picture(MotionFit(flight.points)!)).map(\.frame) == Array(0..<8))
    }

    @Test func aGapLongerThanAJudgedWindowIsNotBridged() {
        // Lost for 13 frames: too long for the path on either side to say it was the same ball.
        let (tracker, flight) = Self.trackerAndFlight(before: (0..<8).map { Self.ball($0) }, resumes: 21)
        #expect(tracker.pointsBeforeAGap(in: flight, like: .picture(MotionFit(flight.points)!)).isEmpty)
    }

    @Test func pointsOffTheFlightsPathAreNotItsPast() {
        // Something of the ball's size crossing level, where the flight rose from below.
        let level = (0..<8).map { f in
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: PixelPoint(x: 100 + 15 * Double(f), y: Self.ball(8).position.y),
                       radius: 5, contrast: 40)
        }
        let (tracker, flight) = Self.trackerAndFlight(before: level, resumes: 15)
        #expect(tracker.pointsBeforeAGap(in: flight, like: .picture(MotionFit(flight.points)!)).isEmpty)
    }

    @Test func aHandAlongThePathIsNotTheFlightsPast() {
        // The same path, at three times the ball's size: the hand that threw it.
        let (tracker, flight) = Self.trackerAndFlight(before: (0..<8).map { Self.ball($0, radius: 15) }, resumes: 15)
        #expect(tracker.pointsBeforeAGap(in: flight, like: .picture(MotionFit(flight.points)!)).isEmpty)
    }

    @Test func theHandThatLiftedTheBallToItsReleaseIsLeftOutOfTheFlightsPast() {
        // The chain began on the shooter's hand, as large as the ball, lifting it 4 px a frame
        // for six frames; then the ball, released, rising 30 px a frame.
        let hand = (-6..<0).map { f in
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: PixelPoint(x: 200 + 0.5 * Double(f), y: 600 - 4 * Double(f)),
                       radius: 7, contrast: 40)
        }
        let (tracker, flight) = Self.trackerAndFlight(before: hand + (0..<8).map { Self.ball($0) }, resumes: 15)
        #expect(tracker.pointsBeforeAGap(in: flight, like: .picture(MotionFit(flight.points)!)).map(\.frame) == Array(0..<8))
    }

    @Test func inTheGapTheBallIsTakenWhereThePathOnBothSidesPutsIt() {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        func blob(_ at: PixelPoint, radius: Double) -> Blob {
            Blob(center: at, radius: radius, area: .pi * radius * radius, contrast: 45)
        }
        func shifted(_ frame: Int, by dx: Double) -> PixelPoint {
            let p = Self.ball(frame).position
            return PixelPoint(x: p.x + dx, y: p.y)
        }
        // Frame 10: the ball merged with an edge, its centre pulled 3 px off; frame 11: a hand
        // on the path; frame 12: a blob of the ball's size 20 px off it.
        let seen = [10: blob(shifted(10, by: 3), radius: 4.5), 11: blob(shifted(11, by: 0), radius: 15),
                    12: blob(shifted(12, by: 20), radius: 5)]
        tracker.recentFrames = (8..<15).map { f in
            let blobs = seen[f].map { [$0] } ?? []
            return TrajectoryTracker.KeptFrame(frame: f, time: Double(f) / Self.fps, step: f, blobs: blobs,
                                               crowded: blobs.map { _ in false }, sceneToPicture: .identity)
        }
        let before = (0..<8).map { Self.ball($0) }, after = (15..<27).map { Self.ball($0) }
        let found = tracker.detectionsInAGap(between: before, and: after, like: .picture(MotionFit(before + after)!))
        #expect(found.map(\.frame) == [10])
    }
}

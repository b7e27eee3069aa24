import Foundation
import Testing
@testable import BallTrace

/// A reported flight that loses its ball (merged with something it passes, half out of the
/// picture) and goes on with something else is kept up to where it lost the ball, and a
/// flight or a chain that picks the ball up again on the same path carries it on: one ball,
/// one UUID.
@Suite struct FlightLosingItsBallTests {
    static let fps = 30.0

    /// A ball shot at frame 0, rising and slowing: `radius` px.
    static func ball(_ frame: Int, radius: Double = 8) -> TrackPoint {
        let t = Double(frame) / fps
        return TrackPoint(frame: frame, time: t, position: PixelPoint(x: 200 + 600 * t, y: 600 - 1200 * t + 900 * t * t),
                          radius: radius, step: frame + 1, contrast: 40)
    }

    /// What a flight that lost its ball at frame `lost` takes from there: an outline 45 px
    /// behind the ball, then drifting slowly down with the camera.
    static func outline(from lost: Int, to end: Int) -> [TrackPoint] {
        let start = ball(lost).position
        return (lost..<end).map { f in
            TrackPoint(frame: f, time: Double(f) / fps,
                       position: PixelPoint(x: start.x - 45 + 2 * Double(f - lost), y: start.y + 3 * Double(f - lost)),
                       radius: 6, step: f + 1, contrast: 40)
        }
    }

    static func flight(_ points: [TrackPoint], reportedAt frame: Int) -> Track {
        var track = LaunchFromAnotherChainTests.chain(points)
        track.reportedAtFrame = frame
        return track
    }

    @Test func aFlightThatWentOnWithSomethingElseEndsWhereItLostItsBall() throws {
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let track = Self.flight((0..<12).map { Self.ball($0) } + Self.outline(from: 12, to: 26), reportedAt: 10)
        let ended = try #require(tracker.endedWhereItLostItsBall(track))
        #expect(ended.points.map(\.frame) == Array(0..<12))
        #expect(ended.id == track.id)
    }

    @Test func aChainNeverReportedIsNotKeptAsAFlight() {
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let chain = LaunchFromAnotherChainTests.chain((0..<12).map { Self.ball($0) } + Self.outline(from: 12, to: 26))
        #expect(tracker.endedWhereItLostItsBall(chain) == nil)
    }

    @Test func whatItHadWhenReportedIsNeverCut() {
        // Reported at frame 20, on points the outline was already among: not a flight that
        // lost its ball after it was known, but one that was never a ball's.
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let track = Self.flight((0..<12).map { Self.ball($0) } + Self.outline(from: 12, to: 26), reportedAt: 20)
        #expect(tracker.endedWhereItLostItsBall(track) == nil)
    }

    @Test func aPathThatBendsUpwardGraduallyIsNotCut() {
        // A head bobbing along: no point leaves the path at once; the pull shows only over time.
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let head = (0..<26).map { f in
            let t = Double(f) / Self.fps
            return TrackPoint(frame: f, time: t, position: PixelPoint(x: 200 + 200 * t, y: 400 - 10 * cos(2 * .pi * 1.2 * t)),
                              radius: 12, step: f + 1, contrast: 40)
        }
        #expect(tracker.endedWhereItLostItsBall(Self.flight(head, reportedAt: 10)) == nil)
    }

    @Test func theFlightThatPicksTheBallUpAgainOnItsPathCarriesItOn() {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let ended = Self.flight((0..<12).map { Self.ball($0) }, reportedAt: 10)
        let elsewhere = Self.flight((16..<28).map { f in
            var p = Self.ball(f)
            p.position = PixelPoint(x: 2000 - p.position.x, y: p.position.y)  // the same arc, flown the other way
            return p
        }, reportedAt: 25)
        let again = Self.flight((16..<28).map { Self.ball($0) }, reportedAt: 25)
        tracker.active = [ended, elsewhere, again]
        #expect(tracker.flightContinuing(ended, besides: 0) == 2)
        tracker.active = [ended, elsewhere]
        #expect(tracker.flightContinuing(ended, besides: 0) == nil)
    }

    @Test func aFlightLongAgoIsNotCarriedOn() {
        // Half a second without the ball: more than a flight bridges.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let ended = Self.flight((0..<12).map { Self.ball($0) }, reportedAt: 10)
        tracker.active = [ended, Self.flight((27..<40).map { Self.ball($0) }, reportedAt: 36)]
        #expect(tracker.flightContinuing(ended, besides: 0) == nil)
    }

    @Test func aBallComingOutOfAMergeForFewerFramesThanAFlightNeedsCarriesItsFlightOn() throws {
        // A toss falling past the racket at 60 fps: followed from its release, it merges with
        // the racket for frames 34–37 (one larger blob, its centre beside the ball's and
        // falling slower), then falls on alone for eight frames and leaves the picture at the
        // bottom: too few for a flight of its own.
        let fps = 60.0, width = 640.0, height = 530.0
        func toss(_ frame: Int) -> PixelPoint {
            let t = Double(frame) / fps
            return PixelPoint(x: 300, y: 100 - 600 * t + 1500 * t * t)
        }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Int(width), frameHeight: Int(height)))
        var ids = Set<UUID>()
        for frame in 0..<60 {
            let p = toss(frame)
            var blobs: [Blob] = []
            if (34..<38).contains(frame) {
                let merged = toss(33).y + 8 * Double(frame - 33)
                blobs.append(Blob(center: PixelPoint(x: p.x - 14, y: merged), radius: 12, area: .pi * 144, elongation: 2, contrast: 60))
            } else if p.y < height - 4 {
                blobs.append(Blob(center: p, radius: 6, area: .pi * 36, contrast: 60))
            }
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
            ids.formUnion(tracker.inFlight.map(\.id))
        }
        tracker.finish()
        let frames = tracker.reported.map { $0.points.map(\.frame) }
        #expect(tracker.reported.count == 1, "trajectories \(frames)")
        let flight = try #require(tracker.reported.first)
        #expect(ids == [flight.id], "reported under \(ids.count) UUIDs")
        let followed = flight.points.map(\.frame)
        #expect(Set(38..<46).isSubset(of: followed), "frames \(followed)")
        #expect(followed.first! <= 2, "frames \(followed)")
    }

    @Test func aBallComingOutOfANetAmongItsStrandsTakesUpItsFlight() throws {
        // A shot at 30 fps (``ball(_:radius:)``) whose flight ended at frame 19 as it met a net
        // (held up there, the window read as a bounce). The ball comes out at frame 22 with
        // strands still swinging beside it at 22 and 23, and is seen alone for six frames more
        // before it is gone: too few frames for a flight of its own, and the chain that follows
        // it out began among the strands.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        var ended = Self.flight((0..<20).map { Self.ball($0) }, reportedAt: 10)
        ended.ending = .bounced
        for frame in 0..<22 { tracker.update(frame: frame, time: Double(frame) / Self.fps, blobs: []) }
        tracker.completed = [ended]
        func strands(around p: PixelPoint, frame: Int) -> [Blob] {
            [(-22.0, -6.0), (20.0, 4.0)].map { dx, dy in
                let sway = Double(frame % 3) * 3
                return Blob(center: PixelPoint(x: p.x + dx + sway, y: p.y + dy - sway), radius: 5, area: .pi * 25, contrast: 50)
            }
        }
        for frame in 22..<34 {
            let p = Self.ball(frame).position
            var blobs: [Blob] = []
            if frame < 30 { blobs.append(Blob(center: p, radius: 8, area: .pi * 64, contrast: 40)) }
            if frame < 24 { blobs += strands(around: p, frame: frame) }
            tracker.update(frame: frame, time: Double(frame) / Self.fps, blobs: blobs)
        }
        tracker.finish()
        let frames = tracker.reported.map { $0.points.map(\.frame) }
        #expect(tracker.reported.count == 1, "trajectories \(frames)")
        let flight = try #require(tracker.reported.first)
        #expect(flight.id == ended.id)
        let followed = flight.points.map(\.frame)
        #expect(Set(24..<30).isSubset(of: followed), "frames \(followed)")
    }
}

import Foundation
import Testing
@testable import BallTrace
import ClipSynthesis

/// How a flight ended, as a coach reads it in `events.exit.reason`: a bounce off the floor, the
/// clip ending while the ball was still in view, the ball leaving the picture, or lost in it.
@Suite struct FlightEndingTests {
    static let width = 640, height = 360, fps = 30.0

    /// Feeds one ball's positions, frame by frame (nil: not seen), and finishes the clip.
    static func track(_ positions: [PixelPoint?]) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for (frame, position) in positions.enumerated() {
            let blobs = position.map { [Blob(center: $0, radius: 4, area: .pi * 16)] } ?? []
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    static func reason(of track: Track) -> FlightExit.Reason {
        TrajectoryObservation(track: track, frameWidth: width, frameHeight: height, coordinates: .topLeft,
                              trajectoryLength: 10, frameInterval: 1 / fps).events.exit.reason
    }

    /// A ball dropped from rest, drifting right, bouncing off the floor at y = 330 with half its
    /// speed: at 30 and 60 frames a second the tracker follows the fall and the rise as two
    /// flights; at 120 it sees the turn within one.
    @Test(arguments: [30.0, 60.0, 120.0])
    func aFlightEndedByABounceSaysBounced(fps: Double) throws {
        let g = 1200.0, floor = 330.0, top = 60.0
        let fall = ((floor - top) * 2 / g).squareRoot()
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        for f in 0..<Int(2 * fall * fps) {
            let t = Double(f) / fps, x = 60 + 180 * t
            let s = t - fall
            let y = t <= fall ? top + 0.5 * g * t * t : floor - 0.5 * g * fall * s + 0.5 * g * s * s
            tracker.update(frame: f, time: t, blobs: [Blob(center: PixelPoint(x: x, y: y), radius: 4, area: .pi * 16)])
        }
        tracker.finish()
        let first = try #require(tracker.reported.first)
        #expect(first.ending == .bounced)
        #expect(first.points.last!.position.y > 300)
        // The flight after the bounce was still in view when the clip ended.
        #expect(tracker.reported.last?.ending == .clipEnded)
    }

    /// A toss falling past the hand that threw it: hidden for five frames at 60 fps, seen
    /// again for the last six of its fall, then at rest on the ground. The flight keeps what
    /// was seen after the gap (the tracker bridged it) and ends where the ball came down; judged
    /// across the gap as a chain picked from clutter would be, it was withdrawn whole.
    @Test func aTossSeenAgainAfterFallingPastTheHandKeepsItsLastFrames() throws {
        let fps = 60.0, g = 1200.0, launch = 300.0, speed = 700.0, ground = 340.0
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        var lastSeenInFlight = 0
        for f in 0..<90 {
            let t = Double(f) / fps
            let y = min(ground, launch - speed * t + 0.5 * g * t * t)
            let hidden = (63..<68).contains(f)
            if !hidden && y < ground { lastSeenInFlight = f }
            let blobs = hidden ? [] : [Blob(center: PixelPoint(x: 320 + 6 * t, y: y), radius: 7, area: .pi * 49)]
            tracker.update(frame: f, time: t, blobs: blobs)
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(flight.points.first!.frame <= 2)
        #expect(flight.points.contains { $0.frame >= 68 }, "the flight ends before the gap, at frame \(flight.last.frame)")
        #expect(flight.last.frame <= lastSeenInFlight + 1)
    }

    /// A serve's toss struck at the top of its fall: the ball is gone from its path, and seven
    /// frames later something (the server's arm) shows where the toss would have fallen, then
    /// moves off that path. The flight ends where the ball was last seen; what lay near a guess
    /// made seven frames before is not the ball.
    @Test func aTossStruckAwayDoesNotTakeWhatLiesWhereItWouldHaveFallen() throws {
        let fps = 30.0, g = 800.0, launch = 300.0, speed = 480.0
        func position(_ f: Int) -> PixelPoint {
            let t = Double(f) / fps
            return PixelPoint(x: 320 - 30 * t, y: launch - speed * t + 0.5 * g * t * t)
        }
        let struck = 30
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        for f in 0..<60 {
            var blobs: [Blob] = []
            if f <= struck { blobs = [Blob(center: position(f), radius: 4, area: .pi * 16)] }
            if f == struck + 8 { blobs = [Blob(center: position(f), radius: 4, area: .pi * 16)] }
            if f == struck + 9 {
                let p = position(f - 1)
                blobs = [Blob(center: PixelPoint(x: p.x - 40, y: p.y + 60), radius: 4, area: .pi * 16)]
            }
            tracker.update(frame: f, time: Double(f) / fps, blobs: blobs)
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(flight.points.first!.frame <= 2)
        #expect(flight.last.frame == struck, "the flight ends at frame \(flight.last.frame), after the strike at \(struck)")
    }

    /// A shot of an 18 px ball that strikes something at frame 20 and is gone: three frames
    /// later specks of 7 px lie on the parabola it left (a net, a shirt), two frames
    /// running, then nothing. The flight ends where the ball was last seen; `specks: false`, the
    /// ball itself comes back after the same gap and the flight keeps it.
    @Test(arguments: [true, false])
    func aFlightLostAfterAShortGapKeepsOnlyWhatIsTheBallsSize(specks: Bool) throws {
        let fps = 30.0
        func position(_ f: Int) -> PixelPoint {
            let t = Double(f) / fps
            return PixelPoint(x: 60 + 600 * t, y: 300 - 500 * t + 600 * t * t)
        }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        for f in 0..<40 {
            var blobs: [Blob] = []
            let radius = f <= 20 ? 18.0 : specks ? 7 : 18
            if f <= 20 || f == 24 || f == 25 { blobs = [Blob(center: position(f), radius: radius, area: .pi * radius * radius)] }
            tracker.update(frame: f, time: Double(f) / fps, blobs: blobs)
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(flight.points.first!.frame <= 2)
        #expect(flight.last.frame == (specks ? 20 : 25), "the flight ends at frame \(flight.last.frame)")
    }

    /// A track through `positions`, one a frame.
    static func chain(_ positions: [PixelPoint]) -> Track {
        chain(of: positions.enumerated().map { f, p in TrackPoint(frame: f, time: Double(f) / fps, position: p, radius: 4) })
    }

    /// A track of these points, in order.
    static func chain(of points: [TrackPoint]) -> Track {
        var track = Track(first: points[0])
        for p in points.dropFirst() { track.append(p) }
        return track
    }

    @Test func aShotThatStruckTheRimEndsAtTheRim() throws {
        // 14 frames of a shot, then the ball knocked back off the rim and creeping up along it:
        // the flight was a ball all along and ends at the rim (not withdrawn as a false one).
        let flight = (0..<14).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 600 * t, y: 200 - 500 * t + 1200 * t * t)
        }
        let rim = flight.last!
        let after = [(8.0, 3.0), (16, 2), (20, -1), (16, -3), (11, -4)].map { PixelPoint(x: rim.x + $0.0, y: rim.y + $0.1) }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        #expect(tracker.pointsAfterStriking(Self.chain(flight + after)) == after.count)
    }

    @Test func aHeadBobbingAlongStrikesNothing() throws {
        // Walking across the picture, rising and sinking with each step: pulled up smoothly,
        // never a ballistic flight cut short by a contact.
        let head = (0..<24).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 150 * t, y: 200 + 8 * sin(2 * .pi * t / 0.6))
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        #expect(tracker.pointsAfterStriking(Self.chain(head)) == nil)
    }

    @Test func aBallCaughtInMidAirAndThrownAgainDidNotBounce() throws {
        // Falling, then a new flight from the same place: but it starts falling too (a juggle
        // caught and dropped again), so the first was lost, not bounced.
        let fps = Self.fps
        var positions: [PixelPoint?] = (0..<14).map { f in
            let t = Double(f) / fps
            return PixelPoint(x: 100 + 200 * t, y: 80 + 150 * t + 600 * t * t)
        }
        let handoff = positions.last!!
        positions += (1..<16).map { f in
            let t = Double(f) / fps
            return PixelPoint(x: handoff.x + 200 * t, y: handoff.y + 100 * t + 600 * t * t)
        }
        let flights = Self.track(positions)
        #expect(flights.count == 2)
        #expect(!flights.contains { $0.ending == .bounced })
    }

    @Test func aBallThrownBackOffTheRimSaysBounced() throws {
        // A shot falling to the right onto the rim, unseen for a frame as it strikes it, then a
        // new flight from the same place going back to the left (still falling): the shot bounced.
        // The same fall followed by a flight going on to the right is a ball caught and dropped.
        let fps = Self.fps
        func clip(goingBack: Bool) -> [PixelPoint?] {
            var positions: [PixelPoint?] = (0..<14).map { f in
                let t = Double(f) / fps
                return PixelPoint(x: 100 + 400 * t, y: 80 + 150 * t + 600 * t * t)
            }
            let contact = positions.last!!
            positions.append(nil)
            positions += (1..<16).map { f in
                let t = Double(f) / fps
                return PixelPoint(x: contact.x + (goingBack ? -90 : 90) * t, y: contact.y + 60 * t + 600 * t * t)
            }
            return positions
        }
        let off = Self.track(clip(goingBack: true))
        #expect(off.count == 2)
        #expect(off.first?.ending == .bounced)
        let on = Self.track(clip(goingBack: false))
        #expect(on.count == 2)
        #expect(!on.contains { $0.ending == .bounced })
    }

    @Test func aShotThatStopsOnTheRimEndsAtTheContactAndIsTrusted() throws {
        // A shot falling to the right for 14 frames, the ball on the rim in the next (barely
        // moved), then dropping through it, followed as one flight; then a flight thrown back
        // off the rim to the left. The shot bounced; it ends at the contact, not with the ball
        // dropping through, and its path is the flight's: its confidence stays where a clean
        // flight's is.
        let fps = Self.fps
        var positions = (0..<14).map { f in
            let t = Double(f) / fps
            return PixelPoint(x: 100 + 400 * t, y: 80 + 150 * t + 600 * t * t)
        }
        let last = positions.last!
        let contact = PixelPoint(x: last.x + 4, y: last.y + 3), through = PixelPoint(x: last.x + 5, y: last.y + 18)
        positions += [contact, through]
        let shot = Self.chain(positions)
        let back = Self.chain(of: (0..<15).map { f in
            let t = Double(f) / fps
            return TrackPoint(frame: 17 + f, time: Double(17 + f) / fps, position: PixelPoint(x: through.x - 90 * t, y: through.y - 60 * t + 600 * t * t), radius: 4)
        })
        let flights = TrajectoryTracker.markingBounces([shot, back], gap: 3, length: 10)
        let ended = try #require(flights.first)
        #expect(ended.ending == .bounced)
        #expect(ended.points.last?.position == contact)
        let observation = TrajectoryObservation(track: ended, frameWidth: Self.width, frameHeight: Self.height, coordinates: .topLeft,
                                                trajectoryLength: 10, frameInterval: 1 / fps)
        #expect(observation.confidence > 0.9)
        // A shot that flew on to the end is left whole.
        let clean = Self.chain((0..<16).map { f in
            let t = Double(f) / fps
            return PixelPoint(x: 100 + 400 * t, y: 80 + 150 * t + 600 * t * t)
        })
        #expect(TrajectoryTracker.pointsAfterContact(clean, length: 10, most: 2) == 0)
    }

    @Test func aFlightStillInViewWhenTheClipEndsSaysClipEnded() throws {
        // A lob across the middle of the picture, cut off by the end of the clip mid-air.
        let positions: [PixelPoint?] = (0..<16).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 250 * t, y: 250 - 400 * t + 500 * t * t)
        }
        let flight = try #require(Self.track(positions).first)
        #expect(Self.reason(of: flight) == .clipEnded)
    }

    /// A pitch caught out of sight: the ball goes behind the batter at frame 16, and four frames
    /// later the catcher's glove, where the ball's path leads, moves on by a pixel or two and
    /// is gone. The flight ends where the ball was last seen, not on the glove, though the clip
    /// ends within the gap a flight may bridge. A ball that comes out flying on is kept.
    @Test(arguments: [true, false])
    func aFlightTakenUpAfterAGapOnWhatStandsThereEndsBeforeIt(caught: Bool) throws {
        func pitch(_ f: Int) -> PixelPoint {
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 450 * t, y: 150 + 30 * t + 200 * t * t)
        }
        let positions: [PixelPoint?] = (0..<26).map { f in
            switch f {
            case ..<16: return pitch(f)
            case 20: return pitch(20)
            case 21: return caught ? PixelPoint(x: pitch(20).x + 1.5, y: pitch(20).y + 1) : pitch(21)
            default: return nil
            }
        }
        let flight = try #require(Self.track(positions).first)
        #expect(flight.last.frame == (caught ? 15 : 21))
    }

    /// A ball lobbed across the picture that comes down onto the ground at y = 320 and lies
    /// there for the rest of the clip: the flight says it landed. The same lob gone from the
    /// picture where it came down (into a hole, behind a bag) was lost.
    @Test(arguments: [true, false])
    func aBallThatComesDownAndLiesWhereItCameDownLanded(liesThere: Bool) throws {
        let ground = 320.0
        var rest: PixelPoint?
        let positions: [PixelPoint?] = (0..<50).map { f in
            if let rest { return liesThere ? rest : nil }
            let t = Double(f) / Self.fps
            let p = PixelPoint(x: 120 + 150 * t, y: 260 - 500 * t + 600 * t * t)
            guard p.y >= ground, t > 0.5 else { return p }
            rest = PixelPoint(x: p.x, y: ground)
            return rest
        }
        let flight = try #require(Self.track(positions).first)
        #expect(Self.reason(of: flight) == (liesThere ? .landed : .lost))
        #expect(flight.last.position.y > 300)
    }

    /// A ball dropped from a hand onto a floor at 30, 60 and 120 frames a second, lying there
    /// for the rest of the clip: whether the flight followed it onto the floor (its last window
    /// turning) or was lost as it came down, it landed, and ends where it came down.
    @Test(arguments: [30.0, 60.0, 120.0])
    func aBallDroppedOntoTheFloorLanded(fps: Double) throws {
        let floor = 330.0, g = 1500.0
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        var landedAt: Int?
        for f in 0..<Int(1.5 * fps) {
            let t = Double(f) / fps
            let y = min(floor, 40 - 200 * t + 0.5 * g * t * t)
            if y == floor, landedAt == nil { landedAt = f }
            tracker.update(frame: f, time: t, blobs: [Blob(center: PixelPoint(x: 300 + 40 * min(t, 0.7), y: y), radius: 5, area: .pi * 25)])
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(tracker.reported.count == 1)
        #expect(Self.reason(of: flight) == .landed)
        #expect(abs(flight.last.frame - (landedAt ?? 0)) <= 1)
    }

    /// A pitch flying nearly level into a glove held still where it caught it: a glove, not the
    /// ground. The flight was lost (caught), not landed.
    @Test func aPitchHeldStillInTheGloveIsNotLanded() throws {
        var caught: PixelPoint?
        let positions: [PixelPoint?] = (0..<40).map { f in
            if let caught { return caught }
            let t = Double(f) / Self.fps
            let p = PixelPoint(x: 80 + 600 * t, y: 150 + 40 * t + 150 * t * t)
            guard p.x >= 520 else { return p }
            caught = p
            return p
        }
        let flight = try #require(Self.track(positions).first)
        #expect(Self.reason(of: flight) != .landed)
    }

    /// A pitch lost behind the batter for seven frames, then five detections of the glove that
    /// caught it, moving two or three pixels a frame: where a ball crossing the gap at its pace
    /// (20 px a frame) would fly on, what the flight took stood still. The glove, not the ball:
    /// left out however many detections of it the flight took (five here, as many as a short
    /// flight has; the glove stays in view until the clip ends, and the clip cutting the flight
    /// short does not make the glove the ball's).
    @Test func aFlightLeavesOutTheGloveItTookAfterLosingThePitch() throws {
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        func point(_ f: Int, _ p: PixelPoint) -> TrackPoint {
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: p, radius: 4)
        }
        var flight = Track(first: point(0, PixelPoint(x: 80, y: 300)))
        for f in 1...12 { flight.append(point(f, PixelPoint(x: 80 + 20 * Double(f), y: 300 + 0.15 * Double(f * f)))) }
        for f in 20...24 { flight.append(point(f, PixelPoint(x: 478 + 2.5 * Double(f - 20), y: 358 - 1.5 * Double(f - 20)))) }
        #expect(tracker.withoutAStopAfterAShortGap(flight).last.frame == 12)
        // A ball seen again flying on at its pace is kept.
        var resumed = Track(first: point(0, PixelPoint(x: 80, y: 300)))
        for f in 1...12 { resumed.append(point(f, PixelPoint(x: 80 + 20 * Double(f), y: 300 + 0.15 * Double(f * f)))) }
        for f in 20...24 { resumed.append(point(f, PixelPoint(x: 80 + 20 * Double(f), y: 300 + 0.15 * Double(f * f)))) }
        #expect(tracker.withoutAStopAfterAShortGap(resumed).last.frame == 24)
    }

    @Test func aBallThatVanishesInsideThePictureIsLostNotCutByTheClip() throws {
        // The same lob, no longer seen after frame 15, in a clip that goes on for 15 frames more.
        let positions: [PixelPoint?] = (0..<30).map { f in
            guard f < 16 else { return nil }
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 250 * t, y: 250 - 400 * t + 500 * t * t)
        }
        let flight = try #require(Self.track(positions).first)
        #expect(Self.reason(of: flight) == .lost)
    }

    /// A toss at 60 frames a second, caught on its way down: the hand stops the ball within
    /// a frame, half-way through its step, and holds it there. The stop is not off the path at
    /// once as a strike on a rim is, and the held ball pulls the flight's last window upward as
    /// a head bobbing along would, but after more than a second of flight: the flight ends at
    /// the catch, and is not withdrawn, whatever the trajectory length.
    @Test(arguments: [7, 10])
    func aTossCaughtInTheHandEndsThereAndIsNotWithdrawn(trajectoryLength: Int) throws {
        let fps = 60.0, g = 1650.0, rise = 1070.0, x0 = 570.0, y0 = 600.0
        let caughtAfter = 78  // frames of flight, falling back past where it was released
        func height(_ t: Double) -> Double { y0 - rise * t + 0.5 * g * t * t }
        let last = Double(caughtAfter) / fps
        let held = height(last) + 0.65 * (height(last + 1 / fps) - height(last))
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: trajectoryLength, frameWidth: 1280, frameHeight: 720))
        for f in 0..<(caughtAfter + 12) {
            let t = Double(f) / fps
            let y = f <= caughtAfter ? height(t) : held
            tracker.update(frame: f, time: t, blobs: [Blob(center: PixelPoint(x: x0 + 6 * min(t, last), y: y), radius: 6, area: .pi * 36)])
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(tracker.reported.count == 1)
        // From near the release to the catch.
        #expect(flight.points.first!.frame < 6)
        #expect(abs(flight.last.frame - caughtAfter) <= 2)
    }

    /// A ball filmed at 120 frames a second, moving less than its radius a frame near its
    /// apex, goes behind a post on its way down: for three frames only its edge shows, a blob
    /// shrinking where the ball went in, then nothing until it comes out the other side. That
    /// stall pulls the flight's last window upward; the flight, followed for more than a
    /// second, ends where the ball went behind the post and is not withdrawn (its last window,
    /// judged as a chain asking to be confirmed would be, is too slow).
    @Test func aSlowBallGoingBehindAPostEndsThereAndIsNotWithdrawn() throws {
        let fps = 120.0, g = 600.0, post = 230.0
        func position(_ t: Double) -> PixelPoint { PixelPoint(x: 10 + 200 * t, y: 300 - 500 * t + 0.5 * g * t * t) }
        let reachesThePost = Int(((post - 10) / 200 * fps).rounded(.down))
        let edge = position(Double(reachesThePost) / fps)
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 480))
        for f in 0..<(reachesThePost + 4) {
            let t = Double(f) / fps
            // Past the post only its edge shows, shrinking where the ball went in.
            let r = 4.8 - Double(max(0, f - reachesThePost))
            let blob = Blob(center: f <= reachesThePost ? position(t) : edge, radius: r, area: .pi * r * r)
            tracker.update(frame: f, time: t, blobs: [blob])
        }
        for f in (reachesThePost + 4)..<(reachesThePost + 10) {
            tracker.update(frame: f, time: Double(f) / fps, blobs: [])
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first, "the flight was withdrawn")
        #expect(flight.points.first!.frame <= 2)
        #expect(abs(flight.last.frame - reachesThePost) <= 3)
    }

    /// A golf ball struck from a tee 5.4 m in front of a camera behind the golfer, slowed by drag.
    static func drive(filmedBy camera: PinholeCamera, velocity: SpacePoint) -> PerspectiveFlight {
        PerspectiveFlight(camera: camera, launch: SpacePoint(x: 0.05, y: 0.04, z: 5.4), velocity: velocity,
                          ballRadius: 0.02135, drag: 0.25, brightness: 4)
    }

    /// A drive filmed from behind the golfer (a 1080p phone at hip height, the ball slowed by
    /// drag) is stopped dead far away by a net, 1.65 s after impact, and rests there. Receding,
    /// it had crept a few pixels a frame and fallen ever slower in the picture, which read
    /// there alone is too slow to confirm and a pull upward; on its path in depth it fell all
    /// the way. The flight ends at the net and is not withdrawn.
    @Test func aDriveSeenFromBehindStoppedFarAwayEndsThereAndIsNotWithdrawn() throws {
        let camera = PinholeCamera(focalLength: 2560, principalPoint: PixelPoint(x: 960, y: 410), height: 1, blurRadius: 2.7)
        let drive = Self.drive(filmedBy: camera, velocity: SpacePoint(x: 2.95, y: 14.7, z: 58.9))
        let fps = 60.0, stopped = 99
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1920, frameHeight: 1080))
        for f in 0..<(stopped + 6) {
            let t = Double(min(f, stopped)) / fps, r = drive.apparentRadius(after: t)
            let blob = Blob(center: drive.imagePosition(after: t), radius: r, area: .pi * r * r)
            tracker.update(frame: f, time: Double(f) / fps, blobs: [blob])
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first, "the flight was withdrawn")
        #expect(flight.points.first!.frame <= 2)
        #expect(abs(flight.last.frame - stopped) <= 3, "the flight ends at frame \(flight.last.frame); it stopped at \(stopped)")
    }

    /// The same drive filmed in portrait (a 720×1280 phone, 30 fps): the apex stays in the
    /// picture, 44 px from the top, where the receding ball barely moves for four frames
    /// (4 px a frame arriving, then under a pixel) before it comes down again. A parabola in the
    /// picture cannot bend that sharply, and taken alone it made the apex a dead stop: the
    /// flight was cut there, its descent (35 frames) lost. On its path in depth the ball
    /// lingers there as it should; the flight is followed over the apex to the end of the clip.
    @Test func aDriveWhoseApexStaysInAPortraitPictureIsFollowedOverIt() throws {
        let camera = PinholeCamera(focalLength: 3034, principalPoint: PixelPoint(x: 360, y: 486), height: 1, blurRadius: 3.2)
        let drive = Self.drive(filmedBy: camera, velocity: SpacePoint(x: 2.1, y: 13.8, z: 59.0))
        let fps = 30.0, frames = 51
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 720, frameHeight: 1280))
        for f in 0..<frames {
            let t = Double(f) / fps, r = drive.apparentRadius(after: t), seen = drive.imagePosition(after: t)
            // Detection scatters by a few tenths of a pixel, as on the rendered clip.
            let jitter = 0.3 * Double([1, -1, 0, 1, 0, -1, -1][f % 7])
            tracker.update(frame: f, time: t, blobs: [Blob(center: PixelPoint(x: seen.x - jitter, y: seen.y + jitter), radius: r, area: .pi * r * r)])
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first, "the drive was not reported")
        let apex = flight.points.min { $0.position.y < $1.position.y }!
        #expect(apex.position.y > 10 && apex.frame < frames - 20, "the apex at \(apex.position) in frame \(apex.frame)")
        #expect(flight.last.frame == frames - 1, "the flight ends at frame \(flight.last.frame) of \(frames)")
    }

    @Test func aHeadBobbingAlongIsNotAFlightStopped() {
        // Walking across the picture, rising and sinking with each step: no stretch of it flies
        // longer than a step's crest.
        let head = (0..<40).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 150 * t, y: 200 + 8 * sin(2 * .pi * t / 0.5))
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        #expect(tracker.stoppedAfterFlying(Self.chain(head)) == nil)
    }

    /// A pitch into the catcher's glove, filmed by a camera whose encoder goes on showing the
    /// ball where it was last drawn: the flight arrives at 9 px a frame, then a blob stands
    /// where it vanished for five frames. A ball does not stop dead in mid-air: the flight ends
    /// where it was caught.
    @Test func aFastFlightThatStopsDeadEndsWhereItStopped() throws {
        let caught = 15
        var flight = Self.chain((0..<(caught + 6)).map { f in
            let t = Double(min(f, caught)) / Self.fps
            let jitter = f > caught ? Double(f % 2) - 0.5 : 0
            return PixelPoint(x: 100 + 270 * t + jitter, y: 200 - 150 * t + 300 * t * t + jitter)
        })
        flight.reportedAtFrame = 9
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        let ended = try #require(tracker.endedAtStandstill(flight))
        #expect(ended.last.frame == caught)
        #expect(ended.points.count == caught + 1)
    }

    /// The same pitch with the glove hiding the ball for two frames before the trace is taken,
    /// then a blob behind it: the flight seems to turn back only in what it took after it was
    /// lost, and ends where it was last seen rather than being withdrawn whole.
    @Test func aFlightThatTurnsBackOnlyAfterItWasLostEndsWhereItWasLastSeen() throws {
        let caught = 15
        var positions: [PixelPoint?] = (0...caught).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 100 + 270 * t, y: 200 - 150 * t + 300 * t * t)
        }
        let last = try #require(positions[caught])
        func near(_ dx: Double, _ dy: Double) -> PixelPoint { PixelPoint(x: last.x + dx, y: last.y + dy) }
        positions += [nil, nil, near(1, 1), last, near(-4, 0), nil, nil, near(-30, -5)]
        let flights = Self.track(positions)
        #expect(flights.count == 1)
        #expect(flights.first?.last.frame == caught)
    }

    /// A ball lofted slowly across the picture, lost behind something at its apex, and 8 frames
    /// later a speck far behind it that the flight's gate, widened by then, reached: the flight
    /// seems to turn back, and went out of sight slowly, as a club stopping at the top of its
    /// swing does; but that speck lies farther from where it was last seen than the flight's
    /// usual step for every frame of the gap, so it is not the ball coming back, and the flight
    /// ends where it was last seen. A club that stopped at the top and comes back from there,
    /// three frames later, is withdrawn as before.
    @Test func aFlightLostSlowlyThatTakesAFarSpeckEndsWhereItWasLastSeen() throws {
        let g = 1836.0  // a ball of 4 px radius: 43 mm across is 8 px, so 9.8 m/s² is 1836 px/s²
        func point(_ f: Int, _ p: PixelPoint) -> TrackPoint { TrackPoint(frame: f, time: Double(f) / Self.fps, position: p, radius: 4) }
        let seen = (0...10).map { f in
            let t = Double(f) / Self.fps
            return point(f, PixelPoint(x: 200 + 90 * t, y: 300 - 560 * t + 0.5 * g * t * t))
        }
        let lastSeen = seen.last!.position
        func flight(resumingAt frame: Int, _ p: PixelPoint) -> Track {
            var track = Track(first: seen[0])
            for q in seen.dropFirst() { track.append(q) }
            track.append(point(frame, p))
            track.reportedAtFrame = 9
            return track
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        let speck = flight(resumingAt: 18, PixelPoint(x: lastSeen.x - 90, y: lastSeen.y + 140))
        let ended = try #require(tracker.endedBeforeResuming(speck))
        #expect(ended.last.frame == 10)
        let club = flight(resumingAt: 13, PixelPoint(x: lastSeen.x - 6, y: lastSeen.y + 8))
        #expect(tracker.endedBeforeResuming(club) == nil)
    }

    /// A toss followed by a shaking camera (scene positions as measured on a generated handheld
    /// toss at 30 fps, a 7–8 px ball): at frame 35 an arm cut its blob in half, 5 px above its
    /// path. Fitted through that rough point, the path ahead overshoots the apex by 6.9 px,
    /// more than twice the scatter such a ball may have, but the points at the top continue
    /// the same parabola: the toss is not taken for a ball stopped dead at its apex (which
    /// lost its fall to the user). The same toss caught on its way up, arriving at 9 px a
    /// frame and held there, is.
    @Test func aTossWithOneRoughDetectionIsNotStoppedDeadAtItsApex() {
        let measured: [(x: Double, y: Double, r: Double)] = [
            (565.4, 291.3, 8.5), (564.6, 262.4, 8.6), (564.8, 235.9, 8.9), (564.7, 211.0, 8.9), (564.6, 188.5, 8.6),
            (564.5, 168.5, 8.2), (564.5, 149.9, 8.4), (564.0, 133.9, 8.1), (564.4, 115.0, 4.6), (564.0, 107.6, 6.8),
            (563.8, 98.6, 7.1), (563.7, 90.8, 7.2), (563.0, 85.8, 7.2), (563.1, 82.3, 7.1), (563.4, 81.2, 6.5),
            (563.0, 81.7, 6.9), (563.0, 84.9, 7.1),
        ]
        let first = 27
        func flight(_ positions: [(x: Double, y: Double, r: Double)]) -> Track {
            var track = Self.chain(of: positions.enumerated().map { i, p in
                TrackPoint(frame: first + i, time: Double(first + i) / Self.fps, position: PixelPoint(x: p.x, y: p.y), radius: p.r)
            })
            track.reportedAtFrame = 36
            return track
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        #expect(tracker.endedAtStandstill(flight(measured)) == nil)
        let caught = 37, held = measured[caught - first]
        let stopped = measured.prefix(caught - first + 1) + (1...4).map { k in (x: held.x + Double(k % 2) * 0.5, y: held.y, r: held.r) }
        #expect(tracker.endedAtStandstill(flight(Array(stopped)))?.last.frame == caught)
    }

    /// A drive whose apex lies just beyond the top of the picture: the ball, 3.5 px in radius,
    /// climbs to the edge and is cut by it, and what stays in view (a sliver of 1.5–2 px, its
    /// centre 2–3 px below the edge) lingers there for a few frames before the ball comes back
    /// down. Those slivers stand within the scatter of the last whole ball, but they are not a
    /// ball stopped dead: the flight goes on.
    @Test func aBallCutByTheTopEdgeAtItsApexIsNotStoppedDead() {
        let seen: [(y: Double, r: Double)] = [
            (228, 3.5), (200, 3.5), (174, 3.5), (149, 3.5), (126, 3.5), (104, 3.5), (84, 3.5), (65, 3.5), (47, 3.5), (30, 3.5),
            (14, 3.5), (5.0, 3.5), (2.6, 1.7), (2.3, 1.5), (2.5, 1.6), (2.9, 1.9), (4.6, 3.0), (9, 3.5), (15, 3.5), (22, 3.5),
        ]
        let points = seen.enumerated().map { f, p in
            TrackPoint(frame: f, time: Double(f) / Self.fps, position: PixelPoint(x: 300 + 0.3 * Double(f), y: p.y), radius: p.r)
        }
        var flight = Self.chain(of: points)
        flight.reportedAtFrame = 9
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        #expect(tracker.endedAtStandstill(flight) == nil)
    }

    /// A toss lingers at its apex as its path says it does, and a far ball creeps a pixel a
    /// frame: neither is taken for a ball stopped dead. The toss is followed until it falls out
    /// of the picture (after frame 29).
    @Test func aTossAtItsApexOrAFarBallCreepingIsNotStoppedDead() throws {
        let toss = (0..<30).map { f in
            let t = Double(f) / Self.fps
            return PixelPoint(x: 300 + 3 * t, y: 330 - 560 * t + 600 * t * t)
        }
        let creeping = (0..<30).map { f in
            let t = Double(f) / Self.fps
            let slowing = 1 - exp(-3 * t)  // receding: ever slower in the picture
            return PixelPoint(x: 300 + 160 * slowing, y: 300 - 110 * slowing)
        }
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        for positions in [toss, creeping] {
            var flight = Self.chain(positions)
            flight.reportedAtFrame = 9
            #expect(tracker.endedAtStandstill(flight) == nil)
        }
        let followed = try #require(Self.track(toss.map { $0 } + [PixelPoint(x: 303, y: 370)]).first)
        #expect(followed.last.frame >= 28, "the toss ends at frame \(followed.last.frame)")
    }

    /// A pitch caught in a glove after its fourteenth frame (frame 13), lost, and what its
    /// flight took before it was: four frames after the catch, one blob farther along its line
    /// (the glove moving on, at half the pitch's pace), which the gate, widened by then,
    /// reached. One point after a gap is not the ball seen again: the flight ends at the
    /// catch. Seen again in two frames on its path, or after missing a single frame, the ball
    /// is kept.
    @Test(arguments: [
        (after: [18], lastFrame: 13),
        (after: [18, 19], lastFrame: 19),
        (after: [15], lastFrame: 15),
    ])
    func aLostPitchEndsAtTheCatchUnlessItsBallIsSeenAgain(after: [Int], lastFrame: Int) {
        func pitch(_ f: Int) -> PixelPoint { PixelPoint(x: 100 + 12 * Double(f), y: 200 + 0.3 * Double(f * f)) }
        let caught = pitch(13)
        let frames = Array(0...13) + after
        var flight = Self.chain(of: frames.map { f in
            // The lone blob stands where the glove went; the ball seen again, where its path puts it.
            let p = after.count == 1 && f > 15 ? PixelPoint(x: caught.x + 6 * Double(f - 13), y: caught.y + 3) : pitch(f)
            return TrackPoint(frame: f, time: Double(f) / Self.fps, position: p, radius: 4)
        })
        flight.reportedAtFrame = 9
        let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        #expect(tracker.withoutUnconfirmedResumption(flight).last.frame == lastFrame)
    }
}

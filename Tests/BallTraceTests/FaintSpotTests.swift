import Foundation
import Testing
@testable import BallTrace

/// Track-before-detect: a ball too faint or too small to be a blob is still found where a flight
/// expects it, and noise, or the edge of something larger, is not taken for it.
@Suite struct FaintSpotTests {
    /// A 640×360 detector that has learnt a noisy background for 30 frames, then sees `last`;
    /// returns the detector, that frame's blobs and its serial number.
    private func detectorAfterLearning(last: LumaPicture, noiseSeed: UInt64 = 1) throws -> (BlobDetector, [Blob], Int) {
        let detector = try BlobDetector(frameWidth: 640, frameHeight: 360, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        for frame in 0..<30 {
            var picture = LumaPicture(width: 640, height: 360)
            picture.noise(sigma: 1.5, seed: noiseSeed &+ UInt64(frame))
            _ = try detect(detector, picture)
        }
        let (raw, report) = try last.pixels.withUnsafeBufferPointer { try detector.detect(luma: $0.baseAddress!, stride: 640) }
        let geometry = FrameGeometry(storedWidth: 640, storedHeight: 360, rotation: .none)
        return (detector, raw.map { Blob($0, geometry: geometry) }, report.serial)
    }

    @Test func aBallTooSmallToBeABlobIsFoundNearWhereItIsExpected() throws {
        // A ball of 0.6 px radius, 40 levels brighter than the sky: a single pixel, which the
        // detector leaves as noise.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 99)
        let ball = PixelPoint(x: 400.5, y: 120.5)
        picture.disc(at: ball, radius: 0.6, luma: 160)
        let (detector, blobs, serial) = try detectorAfterLearning(last: picture)
        #expect(!blobs.contains { $0.center.distance(to: ball) < 3 }, "the ball was a blob: no test")
        let found = try #require(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 402, y: 119), reach: 3, radius: 1.5))
        #expect(PixelPoint(x: found.blob.x, y: found.blob.y).distance(to: ball) < 0.75)
        // Out of reach, it is not there.
        #expect(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 410, y: 120), reach: 3, radius: 1.5) == nil)
    }

    @Test func noiseAloneIsNotTakenForAFaintBall() throws {
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 7)
        let (detector, _, serial) = try detectorAfterLearning(last: picture)
        var taken = 0
        for y in stride(from: 20, to: 340, by: 16) {
            for x in stride(from: 20, to: 620, by: 16) {
                if detector.faintSpot(inFrame: serial, near: PixelPoint(x: Double(x), y: Double(y)), reach: 3, radius: 1.5) != nil {
                    taken += 1
                }
            }
        }
        #expect(taken == 0, "\(taken) of 760 searches took noise for a ball")
    }

    @Test func theEdgeOfSomethingLargerIsNotASpot() throws {
        // A faint bar (a pole, a limb) much longer than the ball through where it is expected.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 3)
        for x in 380..<420 { picture.disc(at: PixelPoint(x: Double(x) + 0.5, y: 120.5), radius: 0.6, luma: 140) }
        let (detector, _, serial) = try detectorAfterLearning(last: picture)
        #expect(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 400.5, y: 120.5), reach: 3, radius: 1.5) == nil)
    }

    @Test func aBallMergedWithAnArmItPassesIsFoundInsideTheirBlob() throws {
        // A ball of radius 7 falling past an arm: both new in this frame, one connected region
        // of foreground that no blob of the ball's size describes.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 5)
        picture.fill(columns: 340..<396, rows: 142..<158, luma: 150)
        let ball = PixelPoint(x: 400.5, y: 150.5)
        picture.disc(at: ball, radius: 7, luma: 220)
        let (detector, blobs, serial) = try detectorAfterLearning(last: picture)
        #expect(!blobs.contains { $0.center.distance(to: ball) < 3 && $0.radius < 9 }, "the ball was a blob of its own: no test")
        let found = try #require(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 403, y: 147), reach: 6, radius: 7))
        #expect(PixelPoint(x: found.blob.x, y: found.blob.y).distance(to: ball) < 3)
    }

    @Test func aDullBallMergedWithSomethingBrighterIsFoundAtItsOwnContrast() throws {
        // An orange ball against a beige wall: 30 levels from the background, passing a banner's
        // edge 90 levels from it. Looked for at the strongest foreground's level the ball is no
        // disc; at half its own contrast it is.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 5)
        picture.fill(columns: 340..<396, rows: 142..<158, luma: 200)
        let ball = PixelPoint(x: 400.5, y: 150.5)
        let wall = Double(picture.pixels[150 * 640 + 420])
        picture.disc(at: ball, radius: 7, luma: wall + 30)
        let (detector, blobs, serial) = try detectorAfterLearning(last: picture)
        #expect(!blobs.contains { $0.center.distance(to: ball) < 3 && $0.radius < 9 }, "the ball was a blob of its own: no test")
        let near = PixelPoint(x: 403, y: 147)
        #expect(detector.faintSpot(inFrame: serial, near: near, reach: 6, radius: 7) == nil)
        let found = try #require(detector.disc(inFrame: serial, near: near, reach: 6, radius: 7, contrast: 30))
        #expect(PixelPoint(x: found.x, y: found.y).distance(to: ball) < 3)
    }

    @Test func aBallNearTheCameraMergedWithTheHandThrowingItIsFoundInsideTheirBlob() throws {
        // Radius 30: the search measures its disc and ring wherever it tries them, over a reach
        // of 20 px each way.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 8)
        picture.fill(columns: 190..<272, rows: 168..<193, luma: 150)
        let ball = PixelPoint(x: 300.5, y: 180.5)
        picture.disc(at: ball, radius: 30, luma: 220)
        let (detector, _, serial) = try detectorAfterLearning(last: picture)
        let found = try #require(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 310, y: 172), reach: 20, radius: 30))
        #expect(PixelPoint(x: found.blob.x, y: found.blob.y).distance(to: ball) < 4)
    }

    @Test func aBallHiddenInsideSomethingLargerIsNotFoundThere() throws {
        // A body 80 px across moving where the flight expects its ball: every disc inside it is
        // covered, and so is the ring around it.
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: 6)
        picture.fill(columns: 360..<440, rows: 110..<190, luma: 150)
        let (detector, _, serial) = try detectorAfterLearning(last: picture)
        #expect(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 400.5, y: 150.5), reach: 6, radius: 7) == nil)
    }

    @Test func aFrameNoLongerKeptIsNotSearched() throws {
        var picture = LumaPicture(width: 640, height: 360)
        picture.disc(at: PixelPoint(x: 400.5, y: 120.5), radius: 0.6, luma: 200)
        let (detector, _, serial) = try detectorAfterLearning(last: picture)
        #expect(detector.faintSpot(inFrame: serial, near: PixelPoint(x: 400.5, y: 120.5), reach: 3, radius: 1.5) != nil)
        #expect(detector.faintSpot(inFrame: serial - BlobDetector.keptFrames, near: PixelPoint(x: 400.5, y: 120.5), reach: 3, radius: 1.5) == nil)
    }
}

/// The tracker's side: a reported flight whose ball stops being a blob is followed from faint
/// spots where it expects the ball; nothing else is.
@Suite struct FaintSpotTrackingTests {
    /// A ball flying away: seen as a blob in frames 0–14, then only as a faint spot until
    /// frame 29 (wherever the tracker looks within 2 px of it).
    static func ball(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / 30
        return PixelPoint(x: 100 + 300 * t, y: 300 - 400 * t + 200 * t * t)
    }

    struct FadingBall: FaintSpotSource {
        let frame: Int
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            guard frame < 30 else { return nil }
            let ball = FaintSpotTrackingTests.ball(frame)
            guard ball.distance(to: center) <= min(reach, 2) else { return nil }
            return Blob(center: ball, radius: 0.8, area: 2)
        }
    }

    static func track(faintSpots: Bool, blobFrames: Range<Int> = 0..<15) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<40 {
            let blobs = blobFrames.contains(frame) ? [Blob(center: ball(frame), radius: 2, area: .pi * 4)] : []
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs,
                           faintSpots: faintSpots ? FadingBall(frame: frame) : nil)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aFlightIsFollowedAsItsBallFadesBelowTheBlobThreshold() throws {
        let without = Self.track(faintSpots: false)
        try #require(without.count == 1)
        #expect(without[0].points.last?.frame == 14)
        let with = Self.track(faintSpots: true)
        try #require(with.count == 1)
        #expect(with[0].points.map(\.frame) == Array(0..<30))
    }

    @Test func aChainNotYetReportedTakesNoFaintSpot() {
        // Nine detections: one short of a trajectory; faint spots after them add nothing (the
        // nine, seen alone, are reported once lost as a short flight, with nothing after them).
        let flights = Self.track(faintSpots: true, blobFrames: 0..<9)
        #expect(flights.count <= 1)
        #expect(flights.allSatisfy { $0.points.map(\.frame) == Array(0..<9) }, "\(flights.map { $0.points.map(\.frame) })")
    }

    /// A ball far off crossing the picture in seven frames (struck outside it, then out of
    /// sight): a speck of radius 0.8 in `blobFrames`, anywhere else in 0–6 only a faint spot,
    /// which `source` finds when it is asked to look near it. Returns the flights reported.
    static func trackSpeck(blobFrames: Set<Int>, faintSpots: Bool) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<12 {
            let blobs = blobFrames.contains(frame) ? [Blob(center: ball(frame), radius: 0.8, area: 2)] : []
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs,
                           faintSpots: faintSpots ? FadingBall(frame: frame < 7 ? frame : 30) : nil)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aSpeckMissedForAFrameIsTakenFromAFaintSpotThere() throws {
        // Seen in frames 0–4 and 6: compression hid it in frame 5.
        let seen: Set<Int> = [0, 1, 2, 3, 4, 6]
        let without = Self.trackSpeck(blobFrames: seen, faintSpots: false)
        try #require(without.count == 1, "\(without.count) flights")
        #expect(without[0].points.map(\.frame) == [0, 1, 2, 3, 4, 6])
        let with = Self.trackSpeck(blobFrames: seen, faintSpots: true)
        try #require(with.count == 1, "\(with.count) flights")
        #expect(with[0].points.map(\.frame) == Array(0..<7))
        #expect(with[0].points[5].position.distance(to: Self.ball(5)) < 0.5)
    }

    @Test func aSpeckChainTakesOneFaintSpotAndNoMore() throws {
        // Seen in frames 0–4, then faint in 5 and 6: the chain takes frame 5 from its faint spot,
        // not frame 6 (one faint point stands for the one frame a speck may miss), and its six
        // points are a short flight.
        let flights = Self.trackSpeck(blobFrames: Set(0..<5), faintSpots: true)
        #expect(flights.map { $0.points.map(\.frame) } == [Array(0..<6)])
    }

    @Test func aSpeckChainWithAFaintPointAndAMissIsNoShortFlight() throws {
        // Seen in 0–3, faint in 4, missed in 5 (neither blob nor spot), seen in 6: one frame
        // filled and one missed, more than a speck's one.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<12 {
            let blobs = [0, 1, 2, 3, 6].contains(frame) ? [Blob(center: Self.ball(frame), radius: 0.8, area: 2)] : []
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs, faintSpots: FadingBall(frame: frame == 4 ? 4 : 30))
        }
        tracker.finish()
        #expect(tracker.reported.isEmpty, "\(tracker.reported.map { $0.points.map(\.frame) })")
    }

    /// The one flight `flights` should hold: in each of `frames`, each point within half a pixel
    /// of where `path` puts the ball then.
    @discardableResult
    static func expectOneFlight(_ flights: [Track], frames: [Int], along path: (Int) -> PixelPoint,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> Track {
        try #require(flights.count == 1, "\(flights.count) flights", sourceLocation: sourceLocation)
        #expect(flights[0].points.map(\.frame) == frames, sourceLocation: sourceLocation)
        for point in flights[0].points {
            #expect(point.position.distance(to: path(point.frame)) < 0.5, "frame \(point.frame): \(point.position)",
                    sourceLocation: sourceLocation)
        }
        return flights[0]
    }

    /// A ball flying straight away from the camera, seen from behind and above: each frame's
    /// step in the picture 0.8 of the one before (its distance grows by a quarter a frame),
    /// from 24 px at first.
    static func recedingBall(_ frame: Int) -> PixelPoint {
        let travelled = 24 * (1 - pow(0.8, Double(frame))) / (1 - 0.8)
        return PixelPoint(x: 200 + 0.8 * travelled, y: 300 - 0.6 * travelled)
    }

    /// In `faintFrames`, the receding ball as a faint spot, found only by a search within
    /// 1.5 px of it.
    struct FaintRecedingBall: FaintSpotSource {
        let frame: Int
        let faintFrames: Range<Int>
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            let ball = FaintSpotTrackingTests.recedingBall(frame)
            guard faintFrames.contains(frame), ball.distance(to: center) <= min(reach, 1.5) else { return nil }
            return Blob(center: ball, radius: 0.8, area: 2)
        }
    }

    @Test func aBallRecedingFasterThanAParabolaFollowsIsFoundAheadWhereItFades() throws {
        // A speck in frames 0–13, a faint spot only in 14–17: a parabola through the last ten
        // points has turned back by then and expects the ball behind its last point; the ball
        // is ahead, a shrinking step on.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<22 {
            let blobs = frame < 14 ? [Blob(center: Self.recedingBall(frame), radius: 1, area: .pi)] : []
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs,
                           faintSpots: FaintRecedingBall(frame: frame, faintFrames: 14..<18))
        }
        tracker.finish()
        try Self.expectOneFlight(tracker.reported, frames: Array(0..<18), along: Self.recedingBall)
    }

    @Test func aSpotIsTakenOffThePathOnlyWhereARecedingBallWouldBe() {
        // The last step: 10 px right in one frame. A receding ball goes on right, by less.
        var track = Track(first: TrackPoint(frame: 0, time: 0, position: PixelPoint(x: 100, y: 100), radius: 1, step: 0))
        track.append(TrackPoint(frame: 1, time: 1.0 / 30, position: PixelPoint(x: 110, y: 100), radius: 1, step: 1))
        let next = 2.0 / 30
        #expect(track.continuesReceding(PixelPoint(x: 117, y: 101), at: next))
        #expect(!track.continuesReceding(PixelPoint(x: 106, y: 103), at: next), "behind its last point")
        #expect(!track.continuesReceding(PixelPoint(x: 110, y: 108), at: next), "beside it: a turn")
        #expect(!track.continuesReceding(PixelPoint(x: 124, y: 100), at: next), "further than its last step")
        #expect(!track.continuesReceding(PixelPoint(x: 112, y: 100), at: next), "stopped: caught, or a trace where it vanished")
        #expect(track.continuesReceding(PixelPoint(x: 124, y: 100), at: 3.0 / 30), "two frames on")
    }

    /// Frames 0–19 of `ball` as a blob of radius 2, but in frames 15–17 the ball merged with an
    /// arm: one blob of radius 6 whose centre lies 8 px below the ball's. The merged frames'
    /// source finds the ball as a disc inside it, within reach of where it is.
    struct MergedBall: FaintSpotSource {
        let frame: Int
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            guard (15...17).contains(frame) else { return nil }
            let ball = FaintSpotTrackingTests.ball(frame)
            guard ball.distance(to: center) <= reach else { return nil }
            return Blob(center: ball, radius: radius, area: .pi * radius * radius)
        }
    }

    /// Anywhere it is asked, a textured ball's brightest part: a disc of the size asked for, 4 px
    /// right of where it was asked to look.
    struct BrightPart: FaintSpotSource {
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            Blob(center: PixelPoint(x: center.x + 4, y: center.y), radius: radius, area: .pi * radius * radius)
        }
    }

    @Test func aBallComingAtTheCameraThatSuddenlyLooksLargerIsTakenAsItIs() throws {
        // A ball of radius 4 that, from frame 15 on, is seen 1.7 times as large and growing (it
        // nears the lens; its first frames' blobs were only its brighter panels): round, and
        // where the flight expects it. Its points stay at its centre, its radius grows.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        let radius = { (frame: Int) in frame < 15 ? 4.0 : 6.8 * pow(1.08, Double(frame - 15)) }
        for frame in 0..<25 {
            let r = radius(frame)
            tracker.update(frame: frame, time: Double(frame) / 30,
                           blobs: [Blob(center: Self.ball(frame), radius: r, area: .pi * r * r)], faintSpots: BrightPart())
        }
        tracker.finish()
        let flight = try Self.expectOneFlight(tracker.reported, frames: Array(0..<25), along: Self.ball)
        for point in flight.points {
            #expect(abs(point.radius - radius(point.frame)) < 0.01, "frame \(point.frame): radius \(point.radius)")
        }
    }

    @Test func aFlightTakesItsBallFromInsideABlobItMergedWith() throws {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<20 {
            let ball = Self.ball(frame)
            let blob = (15...17).contains(frame)
                ? Blob(center: PixelPoint(x: ball.x, y: ball.y + 8), radius: 6, area: .pi * 36)
                : Blob(center: ball, radius: 2, area: .pi * 4)
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: [blob], faintSpots: MergedBall(frame: frame))
        }
        tracker.finish()
        let flights = tracker.reported
        try #require(flights.count == 1, "\(flights.count) flights")
        for point in flights[0].points where (15...17).contains(point.frame) {
            #expect(point.position.distance(to: Self.ball(point.frame)) < 0.5, "frame \(point.frame): \(point.position)")
        }
        #expect(flights[0].points.map(\.frame) == Array(0..<20))
    }

    /// Frames 0–19 of `ball` as a blob of radius 5 smeared to 14 px along its path; in frames
    /// 15–17 `merged` in place of it, as `MergedBall` finds the ball inside.
    static func trackLargeBall(merged: (PixelPoint) -> Blob, faintSpots: (Int) -> any FaintSpotSource) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<20 {
            let ball = Self.ball(frame)
            let blob = (15...17).contains(frame) ? merged(ball) : Blob(center: ball, radius: 5, area: .pi * 35, elongation: 1.4)
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: [blob], faintSpots: faintSpots(frame))
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aBallJoinedEndToEndWithAnArmIsTakenFromInsideTheBlob() throws {
        // A tossed ball falling past the server's arm: one blob as wide as the ball but 35 px
        // long, its centre 9 px off the ball's, well inside the flight's gate.
        let flights = Self.trackLargeBall(merged: { ball in
            Blob(center: PixelPoint(x: ball.x, y: ball.y + 9), radius: 5, area: .pi * 5 * 17.5, elongation: 3.5)
        }, faintSpots: { MergedBall(frame: $0) })
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(0..<20))
        for point in flights[0].points where (15...17).contains(point.frame) {
            #expect(point.position.distance(to: Self.ball(point.frame)) < 0.5, "frame \(point.frame): \(point.position)")
        }
    }

    /// In `merged` frames, the ball found as a disc inside the blob it merged with (by a
    /// search that looks for a disc); no faint spot anywhere.
    struct MergedBallDisc: FaintSpotSource {
        let frame: Int
        let merged: ClosedRange<Int>
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? { nil }
        func disc(near center: PixelPoint, reach: Double, radius: Double, contrast: Double) -> Blob? {
            let ball = FaintSpotTrackingTests.risingShot(frame)
            guard merged.contains(frame), contrast > 0, ball.distance(to: center) <= reach else { return nil }
            return Blob(center: ball, radius: radius, area: .pi * radius * radius)
        }
    }

    /// A ball of radius 5 px shot up and across the picture, falling as gravity pulls a ball of
    /// that size at that distance.
    static func risingShot(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / 30
        return PixelPoint(x: 100 + 300 * t, y: 300 - 700 * t + 1200 * t * t)
    }

    @Test func aBallMergedWithABannerBeforeItsFlightIsKnownIsFollowedThroughIt() throws {
        // The ball (radius 5) seen alone in frames 0–5, then, in 6–9, joined end to end with a
        // banner's edge it rises past (one blob, its centre 9 px off the ball's), then alone
        // again: the flight is not known before frame 9 (ten points), so its chain, not a
        // flight, meets the merge. It looks inside the blob as a flight would.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for frame in 0..<20 {
            let ball = Self.risingShot(frame)
            let blob = (6...9).contains(frame)
                ? Blob(center: PixelPoint(x: ball.x, y: ball.y + 9), radius: 5, area: .pi * 5 * 17.5, elongation: 3.5, contrast: 30)
                : Blob(center: ball, radius: 5, area: .pi * 25, contrast: 30)
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: [blob],
                           faintSpots: MergedBallDisc(frame: frame, merged: 6...9))
        }
        tracker.finish()
        let flights = tracker.reported
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(0..<20))
        for point in flights[0].points where (6...9).contains(point.frame) {
            #expect(point.position.distance(to: Self.risingShot(point.frame)) < 0.5, "frame \(point.frame): \(point.position)")
        }
    }

    @Test func aBallWhoseSmearGrowsALittleIsTakenAsItIs() throws {
        // The same ball a fifth longer in frames 15–17 (it sped up): its own blob, not a merge,
        // so the flight does not look inside it (where `BrightPart` would move it 4 px).
        let flights = Self.trackLargeBall(merged: { ball in
            Blob(center: ball, radius: 5, area: .pi * 5 * 8.4, elongation: 1.68)
        }, faintSpots: { _ in BrightPart() })
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(0..<20))
        for point in flights[0].points {
            #expect(point.position.distance(to: Self.ball(point.frame)) < 0.5, "frame \(point.frame): \(point.position)")
        }
    }
}

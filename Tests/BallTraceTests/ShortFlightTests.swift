import Foundation
import Testing
@testable import BallTrace

/// A ball struck outside the picture crosses it for fewer frames than `trajectoryLength`,
/// receding and shrinking until it is too faint to see (a phone on the ground at a range, the
/// neighbouring bay's drive): seen alone in every frame on a ballistic path, it is reported once
/// it is lost. Clutter that moves the same way for as few frames is not.
@Suite struct ShortFlightTests {
    static let width = 406, height = 720, fps = 30.0

    /// Seven frames of a ball flying away: each step 0.85 of the last (the picture divides by
    /// depth), climbing less and less, radius 1.2 px.
    static func receding(_ n: Int) -> PixelPoint {
        let r = 0.85, shrunk = (1 - pow(r, Double(n))) / (1 - r)
        return PixelPoint(x: 15 + 31 * shrunk, y: 157 - 6 * shrunk + 0.35 * Double(n * n))
    }

    /// The flight's blobs in frames 10–16 (`place(0)` … `place(6)`), nothing before or after but
    /// what `extra` adds; the reported flights once the clip ends.
    static func reported(radius: Double = 1.2, _ place: (Int) -> PixelPoint,
                         extra: (Int, PixelPoint) -> [Blob] = { _, _ in [] }) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<30 {
            var blobs: [Blob] = []
            if (10...16).contains(frame) {
                let p = place(frame - 10)
                blobs.append(Blob(center: p, radius: radius, area: .pi * radius * radius))
                blobs += extra(frame, p)
            }
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aBallSeenAloneForSevenFramesThenLostIsReported() throws {
        let flights = Self.reported(Self.receding)
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == Array(10...16))
    }

    @Test func theSameSevenDetectionsEachBesideAnotherMovingBlobAreNotReported() {
        // A speck 7 px beside each detection: in clutter, chance chains are made of such blobs.
        let flights = Self.reported(Self.receding) { _, p in
            [Blob(center: PixelPoint(x: p.x + 5, y: p.y + 5), radius: 1.2, area: .pi * 1.44)]
        }
        #expect(flights.isEmpty, "\(flights.map(\.points.count))")
    }

    @Test func aHandSpeedingUpAcrossThePictureOnAFallingArcIsNotReported() {
        // A parabola in the picture that falls as a ball would, but whose horizontal speed
        // triples without the blob growing: something swung, not thrown.
        let flights = Self.reported(radius: 3) { n in
            let t = Double(n)
            return PixelPoint(x: 300 - 6 * t - 1.5 * t * t, y: 320 - 8 * t + 2 * t * t)
        }
        #expect(flights.isEmpty, "\(flights.map(\.points.count))")
    }

    @Test func aChainSteppingFromOneRestingBallToTheNextIsNotReported() {
        // Seven balls lying on a range where the flight would pass, each showing as a blob from
        // frame 10 on (a moving camera's picture not quite registered with the model): a chain
        // that takes the next one each frame moves as the flight does, but every ball it took
        // is still where it was a frame later.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        let resting = (0..<7).map { Blob(center: Self.receding($0), radius: 1.2, area: .pi * 1.44) }
        for frame in 0..<30 {
            tracker.update(frame: frame, time: Double(frame) / Self.fps, blobs: (10...22).contains(frame) ? resting : [])
        }
        tracker.finish()
        #expect(tracker.reported.isEmpty, "\(tracker.reported.map { $0.points.map(\.frame) })")
    }

    /// The flight's blobs in frames 10–17 but those in `missing`, of `radius` px; the reported
    /// flights once the clip ends.
    static func reported(radius: Double, missing: Set<Int>) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in 0..<30 {
            var blobs: [Blob] = []
            if (10...17).contains(frame), !missing.contains(frame) {
                blobs.append(Blob(center: receding(frame - 10), radius: radius, area: .pi * radius * radius))
            }
            tracker.update(frame: frame, time: Double(frame) / fps, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aSpeckOfABallMissedInOneOfItsFramesIsStillReported() throws {
        // A ball of a pixel or two is found at the noise's own contrast: re-encoded, the range
        // ball's flight lost one of its seven detections.
        let flights = Self.reported(radius: 1.2, missing: [13])
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == [10, 11, 12, 14, 15, 16, 17])
    }

    @Test func aSpeckMissedInTwoOfItsFramesIsNotReported() {
        // Two gaps in so few points: a chain picked from whatever specks were nearest.
        let flights = Self.reported(radius: 1.2, missing: [12, 15])
        #expect(flights.isEmpty, "\(flights.map(\.points.count))")
    }

    @Test func aLargerBlobMissedInOneFrameIsNotReportedThoughSeenInEveryFrameItWouldBe() throws {
        // A blob of 3 px is no speck: one that drops out is most often something else taking
        // its place (turf falling after a strike).
        try #require(Self.reported(radius: 3, missing: []).count == 1)
        let flights = Self.reported(radius: 3, missing: [13])
        #expect(flights.isEmpty, "\(flights.map(\.points.count))")
    }

    /// The flights reported from measured detections (one blob in each of their frames) in
    /// `frames` of a 29.97 fps clip, once it ends.
    static func reported(_ seen: [(frame: Int, x: Double, y: Double, radius: Double)], frames: Range<Int>) -> [Track] {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
        for frame in frames {
            let blobs = seen.filter { $0.frame == frame }.map { Blob(center: PixelPoint(x: $0.x, y: $0.y), radius: $0.radius, area: .pi * $0.radius * $0.radius) }
            tracker.update(frame: frame, time: Double(frame) / 29.97, blobs: blobs)
        }
        tracker.finish()
        return tracker.reported
    }

    @Test func aFarBallFilmedByAPanningCameraOnePointShortOfAWindowIsReported() throws {
        // Measured: a range ball receding into the sky, a speck of about a pixel, in the scene's
        // pixels of a camera panning across it (golf-range-groundcam filmed panning by the
        // evaluation): nine detections over ten frames, frame 186 missed, and each placed
        // up to a pixel off by the camera's registration, so they miss a parabola by 2.1 px.
        // Half a full window's 3 px turned it away; one point short of a window, it is held
        // nearly as a window is.
        let seen: [(frame: Int, x: Double, y: Double, radius: Double)] = [
            (180, 152.0, 313.6, 1.59), (181, 163.1, 294.7, 0.89), (182, 170.2, 281.6, 0.88),
            (183, 175.0, 270.7, 0.97), (184, 178.5, 262.8, 0.98), (185, 181.6, 256.8, 1.06),
            (187, 185.2, 246.8, 0.53), (188, 187.8, 242.8, 1.08), (189, 188.3, 239.8, 1.00)]
        let flights = Self.reported(seen, frames: 170..<200)
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == seen.map(\.frame))
    }

    @Test func aFarBallSeenForSixFramesFallingAFewPixelsIsReported() throws {
        // Measured: the first drive of golf-range-groundcam filmed panning by the evaluation, a
        // speck of about a pixel seen in six frames (its first fell outside the panned picture)
        // before it faded. Its path bends down by about 360 px/s² (the labelled ball's does by
        // about as much), under 2 px of curvature over the six: the error of a curvature from
        // six samples, taken for √(180/6) σ/T² rather than its exact 4.1 σ/T², hid that fall
        // and the flight was judged weightless.
        let seen: [(frame: Int, x: Double, y: Double, radius: Double)] = [
            (157, 5, 131, 1.34), (158, 35, 127, 1.09), (159, 62, 124, 0.98),
            (160, 85, 122, 1.05), (161, 104, 121, 0.54), (162, 122, 118, 0.53)]
        let flights = Self.reported(seen, frames: 150..<180)
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.map(\.frame) == seen.map(\.frame))
    }

    @Test func theFewestPointsAreHeldClosestToTheirPath() {
        // Six detections of the receding ball, each 1.6 px above or below its path in turn:
        // they miss a parabola by 1.6 px, more than the half of a window's 3 px that six points
        // (the fewest a short flight may have) are allowed.
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: Self.width, frameHeight: Self.height))
        for frame in 0..<30 {
            var blobs: [Blob] = []
            if (10..<16).contains(frame) {
                let p = Self.receding(frame - 10), offset = frame % 2 == 0 ? 1.6 : -1.6
                blobs.append(Blob(center: PixelPoint(x: p.x + 0.2 * offset, y: p.y + offset), radius: 1.2, area: .pi * 1.44))
            }
            tracker.update(frame: frame, time: Double(frame) / Self.fps, blobs: blobs)
        }
        tracker.finish()
        #expect(tracker.reported.isEmpty, "\(tracker.reported.map(\.points.count))")
    }
}

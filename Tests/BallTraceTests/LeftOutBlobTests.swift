import Foundation
import Testing
@testable import BallTrace

/// A frame hands the tracker only its strongest blobs (a few hundred; clutter has thousands), and
/// a ball passing something on a moving camera's picture can be weaker than all of them. The ones
/// left out are kept for the frames the tracker may run behind, and a flight looks there where it
/// expects its ball.
@Suite struct LeftOutBlobTests {
    /// A 640×360 detector handing over at most `capacity` blobs, after 30 frames of a still
    /// noisy background; then `last` is detected. Returns the detector, that frame's blobs and
    /// its serial number.
    private func detectorAfterLearning(last: LumaPicture, capacity: Int) throws -> (BlobDetector, [Blob], Int) {
        let detector = try BlobDetector(frameWidth: 640, frameHeight: 360, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30, capacity: capacity)
        for frame in 0..<30 {
            var picture = LumaPicture(width: 640, height: 360)
            picture.noise(sigma: 1.5, seed: UInt64(frame) + 1)
            _ = try detect(detector, picture)
        }
        let (raw, report) = try last.pixels.withUnsafeBufferPointer { try detector.detect(luma: $0.baseAddress!, stride: 640) }
        let geometry = FrameGeometry(storedWidth: 640, storedHeight: 360, rotation: .none)
        return (detector, raw.map { Blob($0, geometry: geometry) }, report.serial)
    }

    /// Twenty large bright squares (stronger than any ball) and a ball of 3 px radius.
    private static func crowdedPicture(ball: PixelPoint, noiseSeed: UInt64 = 77) -> LumaPicture {
        var picture = LumaPicture(width: 640, height: 360)
        picture.noise(sigma: 1.5, seed: noiseSeed)
        for k in 0..<20 {
            let x = 20 + (k % 10) * 60, y = 30 + (k / 10) * 200
            picture.fill(columns: x..<(x + 14), rows: y..<(y + 14), luma: 200)
        }
        picture.disc(at: ball, radius: 3, luma: 170)
        return picture
    }

    @Test func aBallWeakerThanTheBlobsHandedOverIsFoundWhereItIsExpected() throws {
        let ball = PixelPoint(x: 300.5, y: 150.5)
        let (detector, blobs, serial) = try detectorAfterLearning(last: Self.crowdedPicture(ball: ball), capacity: 12)
        #expect(blobs.count == 12)
        #expect(!blobs.contains { $0.center.distance(to: ball) < 6 }, "the ball was handed over: no test")
        let found = try #require(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 303, y: 149), reach: 6, radius: 3))
        #expect(PixelPoint(x: found.x, y: found.y).distance(to: ball) < 0.75)
        #expect(abs(found.radius - 3) < 1, "radius \(found.radius)")
        #expect(found.elongation < 1.5)
        // Beyond reach, or looked for as a ball of another size, it is not there.
        #expect(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 315, y: 150), reach: 6, radius: 3) == nil)
        #expect(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 303, y: 149), reach: 6, radius: 12) == nil)
    }

    @Test func aBlobHandedOverIsNotOfferedAgain() throws {
        let ball = PixelPoint(x: 300.5, y: 150.5)
        let (detector, blobs, serial) = try detectorAfterLearning(last: Self.crowdedPicture(ball: ball), capacity: 256)
        #expect(blobs.contains { $0.center.distance(to: ball) < 1 })
        #expect(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 303, y: 149), reach: 6, radius: 3) == nil)
    }

    /// The frames a flight just confirmed looks back into are kept as long as the tracker keeps
    /// frames to look back into, plus the frames detection may run ahead of the tracker: when
    /// the tracking thread falls behind (a busy machine), detection running ahead must not have
    /// overwritten them, or what the tracker finds would depend on how busy the machine was.
    @Test func aFrameTheTrackerMayStillLookBackIntoIsKeptHoweverFarDetectionRanAhead() throws {
        let ball = PixelPoint(x: 300.5, y: 150.5)
        let (detector, _, serial) = try detectorAfterLearning(last: Self.crowdedPicture(ball: ball), capacity: 12)
        let lookBack = TrajectoryTracker.framesKept(trajectoryLength: AnalysisSettings().trajectoryLength)
        for k in 0..<(BlobDetector.keptFrames + lookBack - 1) {
            _ = try detect(detector, Self.crowdedPicture(ball: PixelPoint(x: 300.5, y: 150.5), noiseSeed: 100 + UInt64(k)))
        }
        #expect(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 303, y: 149), reach: 6, radius: 3) != nil)
    }

    @Test func aFrameNoLongerKeptOffersNothing() throws {
        let ball = PixelPoint(x: 300.5, y: 150.5)
        let (detector, _, serial) = try detectorAfterLearning(last: Self.crowdedPicture(ball: ball), capacity: 12)
        let lookBack = TrajectoryTracker.framesKept(trajectoryLength: AnalysisSettings().trajectoryLength)
        for k in 0..<BlobDetector.historyFrames(lookingBack: lookBack) {
            _ = try detect(detector, Self.crowdedPicture(ball: PixelPoint(x: 300.5, y: 150.5), noiseSeed: 100 + UInt64(k)))
        }
        #expect(detector.leftOutBlob(inFrame: serial, near: PixelPoint(x: 303, y: 149), reach: 6, radius: 3) == nil)
    }

    /// A source that has, in one frame, a left-out blob of the given size and shape where the
    /// ball is, and no faint spot anywhere.
    struct LeftOutInOneFrame: FaintSpotSource {
        let blob: Blob?
        func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? { nil }
        func leftOutBlob(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
            guard let blob, blob.center.distance(to: center) <= reach else { return nil }
            return blob
        }
    }

    /// A ball thrown across a 640×360 picture at 30 fps, seen as a blob of `radius` in every
    /// frame but `missed`, where only the cap's leftovers hold it (a streak, elongated 2.5
    /// times). Returns the reported flight.
    private func flightWhoseBallWasLeftOut(radius: Double, in missed: Int = 16) -> Track? {
        let path = { (f: Int) in PixelPoint(x: 60 + 12 * Double(f), y: 300 - 14 * Double(f) + 0.45 * Double(f * f)) }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 360))
        for f in 0..<30 {
            let ball = Blob(center: path(f), radius: radius, area: .pi * radius * radius)
            let leftOut = Blob(center: path(f), radius: radius, area: 2.5 * .pi * radius * radius, elongation: 2.5, contrast: 40)
            tracker.update(frame: f, time: Double(f) / 30, blobs: f == missed ? [] : [ball],
                           faintSpots: LeftOutInOneFrame(blob: f == missed ? leftOut : nil))
        }
        tracker.finish()
        return tracker.reported.first
    }

    @Test func aFlightTakesItsBallFromTheBlobsLeftOutWhereItExpectsIt() throws {
        let flight = try #require(flightWhoseBallWasLeftOut(radius: 4))
        let point = try #require(flight.points.first { $0.frame == 16 })
        // The blob itself, shape and all, not a spot of the flight's own size.
        #expect(point.elongation == 2.5)
        #expect(point.contrast == 40)
    }

    @Test func aFlightOfSpecksTakesNothingFromTheBlobsLeftOut() throws {
        // Specks are left out by the thousand in clutter: one lies near any guess.
        let flight = try #require(flightWhoseBallWasLeftOut(radius: 1.2))
        #expect(flight.points.contains { $0.frame == 17 })
        #expect(!flight.points.contains { $0.frame == 16 })
    }

    @Test func aFlightJustConfirmedTakesItsBallFromTheBlobsLeftOutInAFrameItsChainMissed() throws {
        // Missed in frame 5, before the chain had points enough to be a flight (frame 10).
        let flight = try #require(flightWhoseBallWasLeftOut(radius: 4, in: 5))
        #expect(flight.points.first?.frame == 0)
        let point = try #require(flight.points.first { $0.frame == 5 })
        #expect(point.elongation == 2.5)
        #expect(zip(flight.points, flight.points.dropFirst()).allSatisfy { $0.time < $1.time })
    }
}


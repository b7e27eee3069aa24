import Foundation
import Testing
@testable import BallTrace

/// A ball in 3-D (metres, Y up, Z along the camera's axis) under gravity, seen through a
/// pinhole camera of focal length `focal` pixels centred on (cx, cy) of a 1920×1080 picture.
private struct PinholeShot {
    var focal = 1600.0, cx = 960.0, cy = 540.0
    var start: SIMD3<Double>
    var velocity: SIMD3<Double>
    var ballRadius = 0.0214
    /// Net downward acceleration, m/s²: gravity less what backspin lifts.
    var fall = 9.8
    /// How far the camera is tilted up from level, radians: gravity then pulls partly along its
    /// axis, toward it.
    var pitch = 0.0

    func position(at t: Double) -> PixelPoint {
        let p = spot(at: t)
        return PixelPoint(x: cx + focal * p.x / p.z, y: cy - focal * p.y / p.z)
    }

    func spot(at t: Double) -> SIMD3<Double> {
        start + velocity * t - SIMD3(0, cos(pitch), sin(pitch)) * (fall / 2 * t * t)
    }

    func radius(at t: Double) -> Double { focal * ballRadius / spot(at: t).z }

    /// Relative rate of change of depth, per second, measured from time `t`.
    func k(from t: Double) -> Double { velocity.z / (start.z + velocity.z * t) }
}

/// Down-the-line golf drive: launched 5 m in front of the camera at 60 m/s away from it and
/// 13 m/s upward; in the picture fast at first, then creeping toward the vanishing point.
private let flyingAway = PinholeShot(start: [0, -1.2, 5], velocity: [1, 13, 60])
/// A pitch thrown at a camera behind the plate: 19 m away, 38 m/s toward it, so it grows
/// fivefold in 0.4 s and speeds up in the picture.
private let comingAtCamera = PinholeShot(start: [0.3, 0.8, 19], velocity: [-0.5, -1, -38], ballRadius: 0.037)
/// A football dropping onto a camera on the floor that looks up at 60° (640 × 480): 8 m away,
/// it grows 2.4-fold in 14 frames, and races up the picture away from where it comes from.
private let droppingOntoCamera = PinholeShot(focal: 600, cx: 320, cy: 240, start: [-0.5, -1.6, 8], velocity: [0.8, 5, -9],
                                             ballRadius: 0.11, pitch: 60 * .pi / 180)

private let clipStart = 2.0, fps = 30.0

private func sampled(_ shot: PinholeShot, frames: Range<Int>, noise: Double = 0, seed: UInt64 = 1) -> [TrackPoint] {
    var jitter = Jitter(state: seed)
    return frames.map { i in
        let t = Double(i) / fps
        let p = shot.position(at: t)
        return TrackPoint(frame: 60 + i, time: clipStart + t,
                          position: PixelPoint(x: p.x + jitter.next(noise), y: p.y + jitter.next(noise)),
                          radius: shot.radius(at: t))
    }
}

/// A ball crossing the picture, y down: 1000 px/s² of gravity, no change of depth.
private func pictureFlight(count: Int, noise: Double = 0, seed: UInt64 = 1) -> [TrackPoint] {
    var jitter = Jitter(state: seed)
    return (0..<count).map { i in
        let t = Double(i) / fps
        return TrackPoint(frame: 60 + i, time: clipStart + t,
                          position: PixelPoint(x: 100 + 400 * t + jitter.next(noise),
                                               y: 500 - 800 * t + 500 * t * t + jitter.next(noise)),
                          radius: 4)
    }
}

@Suite struct PerspectiveFitTests {
    @Test(arguments: [1 as UInt64, 2, 3])
    func ballFlyingAwayFromTheCameraIsFollowedToWithinDetectionNoise(seed: UInt64) throws {
        let points = sampled(flyingAway, frames: 0..<15, noise: 0.3, seed: seed)
        // The picture-plane parabola does not describe it …
        let parabola = try #require(MotionFit(points))
        #expect(parabola.rms > 5, "a parabola in the picture explains it to \(parabola.rms) px")
        // … the path in depth does, and says the ball is flying away.
        let fit = try #require(PerspectiveFit(points))
        #expect(fit.rms < 0.5, "rms \(fit.rms)")
        #expect(fit.k > 0, "k \(fit.k)")
        let truth = flyingAway.k(from: 0)
        #expect(abs(fit.k - truth) < 0.25 * truth, "k \(fit.k), truly \(truth)")
        // Where the next frame's detection should be looked for.
        let next = clipStart + 15 / fps
        let error = fit.position(at: next).distance(to: flyingAway.position(at: 15 / fps))
        #expect(error < 2, "one frame ahead the prediction is \(error) px off")
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func ballComingAtTheCameraIsFollowedToWithinDetectionNoise(seed: UInt64) throws {
        let points = sampled(comingAtCamera, frames: 0..<12, noise: 0.3, seed: seed)
        let fit = try #require(PerspectiveFit(points))
        #expect(fit.rms < 0.5, "rms \(fit.rms)")
        #expect(fit.k < 0, "k \(fit.k)")
        let truth = comingAtCamera.k(from: 0)
        #expect(abs(fit.k - truth) < 0.25 * abs(truth), "k \(fit.k), truly \(truth)")
        let next = clipStart + 12 / fps
        let error = fit.position(at: next).distance(to: comingAtCamera.position(at: 12 / fps))
        #expect(error < 2, "one frame ahead the prediction is \(error) px off")
    }

    @Test func ballComingAtTheCameraIsPredictedBetterThanByAParabola() throws {
        // As it nears the camera the ball speeds up in the picture beyond what a parabola
        // extrapolates: the path in depth is what keeps the next detection inside the gate.
        let points = sampled(comingAtCamera, frames: 0..<12)
        let truth = comingAtCamera.position(at: 12 / fps)
        let seen = try #require(PerspectiveFit(points)).position(at: clipStart + 12 / fps)
        let parabola = try #require(MotionFit(points)).position(at: clipStart + 12 / fps)
        #expect(seen.distance(to: truth) < 0.5)
        #expect(parabola.distance(to: truth) > 5 * seen.distance(to: truth))
    }

    @Test func flightAcrossThePictureHasNoDepthTerm() throws {
        let points = pictureFlight(count: 15)
        let fit = try #require(PerspectiveFit(points))
        let span = points[points.count - 1].time - points[0].time
        #expect(abs(fit.k * span) < 0.02, "k·span \(fit.k * span)")
        #expect(fit.rms < 0.05)
        let motion = try #require(MotionFit(points))
        #expect(abs(fit.rms - motion.rms) < 0.05)
        let next = clipStart + 15 / fps
        #expect(fit.position(at: next).distance(to: motion.position(at: next)) < 0.5)
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
    func noisyFlightAcrossThePictureFitsNoBetterThanAParabola(seed: UInt64) throws {
        // Detection noise must not be read as depth: the fit in depth keeps k near zero and
        // explains the points about as well as the parabola does, not by bending through them.
        let points = pictureFlight(count: 15, noise: 0.5, seed: seed)
        let fit = try #require(PerspectiveFit(points))
        let motion = try #require(MotionFit(points))
        let span = points[points.count - 1].time - points[0].time
        #expect(abs(fit.k * span) < 0.1, "k·span \(fit.k * span)")
        #expect(fit.rms <= motion.rms + 0.01)
        #expect(fit.rms > 0.8 * motion.rms, "rms \(fit.rms) against the parabola's \(motion.rms)")
    }

    @Test func fewerThanFivePointsCannotBeFitted() {
        #expect(PerspectiveFit(sampled(flyingAway, frames: 0..<4)) == nil)
    }
}

/// Down-the-line, nearer the camera: launched 3 m away, so the ball starts at 11 px radius.
private let flyingAwayClose = PinholeShot(start: [0, -0.4, 3], velocity: [0.5, 8, 40])

/// The first ten frames after launch (what the tracker judges when it first may report),
/// with detection noise on the centre and on the radius.
private func launchWindow(_ shot: PinholeShot, seed: UInt64, radius: ((Int) -> Double)? = nil) -> [TrackPoint] {
    var jitter = Jitter(state: seed &+ 1000)
    return sampled(shot, frames: 0..<10, noise: 0.3, seed: seed).enumerated().map { i, point in
        var point = point
        point.radius = radius?(i) ?? point.radius * (1 + jitter.next(0.05))
        return point
    }
}

/// A drive launched 10 m from the camera: its image shrinks from about 3 px to 1.3 px over
/// the first ten frames.
private let farDrive = PinholeShot(start: [0, -1.2, 10], velocity: [1, 13, 60])

/// The points with their radii widened by blur of `blur` pixels (added in quadrature: a blurred
/// disc's spread is the ball's and the blur's together).
private func blurred(_ points: [TrackPoint], by blur: Double) -> [TrackPoint] {
    points.map { point in
        var point = point
        point.radius = (point.radius * point.radius + blur * blur).squareRoot()
        return point
    }
}

@Suite struct BallisticInDepthTests {
    let test = BallisticTest(shorterSide: 1080)

    @Test(arguments: [0, 1], [1 as UInt64, 2, 3])
    func golfDriveFlyingAwayFromTheCameraIsBallisticInDepth(shot: Int, seed: UInt64) {
        let points = launchWindow([flyingAway, flyingAwayClose][shot], seed: seed)
        let verdict = test.evaluate(points)
        guard case .ballisticInDepth(let fit) = verdict else {
            Issue.record("expected ballisticInDepth, got \(verdict)")
            return
        }
        #expect(fit.k > 0)
        #expect(verdict.path == .depth(fit))
    }

    @Test(arguments: [0, 1], [3.0, 6.0])
    func sameFlightWithASteadySizeIsNotBallisticInDepth(shot: Int, radius: Double) throws {
        // Something following that converging path without shrinking is not a ball receding.
        let points = launchWindow([flyingAway, flyingAwayClose][shot], seed: 1, radius: { _ in radius })
        let parabola = try #require(MotionFit(points))
        #expect(parabola.rms > BallisticTest.smoothnessTolerance(radius: radius),
                "the picture parabola alone explains this path (\(parabola.rms) px)")
        let verdict = test.evaluate(points)
        if case .ballisticInDepth = verdict { Issue.record("a blob of steady size was taken as flying away: \(verdict)") }
        #expect(verdict.path == nil, "got \(verdict)")
    }

    @Test(arguments: [0, 1])
    func golfDriveFlyingAwayIsTrackedAsOneTrajectoryFromItsLaunch(shot index: Int) throws {
        // Fed to the tracker frame by frame, as long as the detector still sees the ball (1 px).
        let shot = [flyingAway, flyingAwayClose][index]
        var jitter = Jitter(state: 40 &+ UInt64(index))
        let seen = (0..<60).filter { shot.radius(at: Double($0) / fps) >= 1 }
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1920, frameHeight: 1080))
        var ids = Set<UUID>()
        for frame in 0..<60 {
            let t = Double(frame) / fps
            var blobs: [Blob] = []
            if seen.contains(frame) {
                let p = shot.position(at: t), r = shot.radius(at: t)
                blobs.append(Blob(center: PixelPoint(x: p.x + jitter.next(0.3), y: p.y + jitter.next(0.3)), radius: r, area: .pi * r * r))
            }
            tracker.update(frame: frame, time: t, blobs: blobs)
            ids.formUnion(tracker.inFlight.map(\.id))
        }
        tracker.finish()
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories")
        let track = try #require(tracker.reported.first)
        #expect(ids == [track.id])
        #expect(track.isSeenInDepth)
        #expect(track.points.map(\.frame) == seen, "followed frames \(track.points.map(\.frame)) of \(seen)")
        let reportedAt = try #require(track.reportedAtFrame)
        #expect(reportedAt < seen[seen.count - 1], "reported at frame \(reportedAt), after the ball was gone")
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func ballDroppingOntoACameraLookingUpIsBallisticInDepth(seed: UInt64) throws {
        // In the picture alone it speeds up as it climbs, as if pulled upward …
        let points = sampled(droppingOntoCamera, frames: 0..<14, noise: 0.3, seed: seed)
        let picture = BallisticTest(shorterSide: 480)
        #expect(picture.isPulledUpward(points))
        // … but it grows as it comes, and the path in depth falls.
        let verdict = picture.evaluate(points)
        guard case .ballisticInDepth(let fit) = verdict else {
            Issue.record("expected ballisticInDepth, got \(verdict)")
            return
        }
        #expect(fit.k < 0)
        #expect(!picture.isPulledUpward(points, inDepth: true))
    }

    @Test func pathPulledUpwardWithASteadySizeIsNotBallistic() {
        // The same path drawn by something that keeps its size (a hand lifted toward the
        // camera's edge of view) is what it looks like: pulled upward.
        let points = sampled(droppingOntoCamera, frames: 0..<14, noise: 0.3).map { point in
            var point = point
            point.radius = 10
            return point
        }
        let verdict = BallisticTest(shorterSide: 480).evaluate(points)
        guard case .pulledUpward = verdict else {
            Issue.record("expected pulledUpward, got \(verdict)")
            return
        }
    }

    @Test func ballDroppingOntoACameraLookingUpIsReportedWhole() throws {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 640, frameHeight: 480))
        var jitter = Jitter(state: 7)
        for frame in 0..<40 {
            let t = Double(frame) / fps
            var blobs: [Blob] = []
            if (10..<24).contains(frame) {
                let shot = t - 10 / fps, p = droppingOntoCamera.position(at: shot), r = droppingOntoCamera.radius(at: shot)
                blobs.append(Blob(center: PixelPoint(x: p.x + jitter.next(0.3), y: p.y + jitter.next(0.3)), radius: r, area: .pi * r * r))
            }
            tracker.update(frame: frame, time: t, blobs: blobs)
        }
        tracker.finish()
        #expect(tracker.reported.count == 1, "\(tracker.reported.count) trajectories")
        let track = try #require(tracker.reported.first)
        #expect(track.points.map(\.frame) == Array(10..<24))
        #expect(track.isSeenInDepth)
    }

    @Test func flightConvergingLikeABallFlyingAwayButGrowingIsNotBallistic() {
        // The path says the depth grows fivefold; the blob grows instead of shrinking.
        let shot = flyingAwayClose
        let points = launchWindow(shot, seed: 2, radius: { i in shot.radius(at: Double(9 - i) / fps) })
        let verdict = test.evaluate(points)
        #expect(verdict.path == nil, "got \(verdict)")
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func fartherDriveWhoseBlurredBlobHardlyShrinksIsStillBallisticInDepth(seed: UInt64) throws {
        // Twice as far off, the ball's image halves over the window, but blur widens every blob
        // by about the same few pixels (a 2.6 px ball measures 4.3 px in the generated
        // down-the-line clips): the blobs shrink by a fifth only.
        let shot = farDrive
        let points = blurred(launchWindow(shot, seed: seed), by: 3.5)
        #expect(PerspectiveFit.sizeChange(points) < PerspectiveFit.depthSizeChange)
        let parabola = try #require(MotionFit(points))
        #expect(parabola.rms > BallisticTest.smoothnessTolerance(radius: 4), "the parabola alone explains it (\(parabola.rms) px)")
        let verdict = test.evaluate(points)
        guard case .ballisticInDepth(let fit) = verdict else {
            Issue.record("expected ballisticInDepth, got \(verdict)")
            return
        }
        #expect(fit.k > 0)
    }

    @Test func fartherDriveWhoseBlobGrowsALittleIsNotBallistic() {
        // The same converging path, the blob growing by as little as the blurred ball shrank:
        // blur makes a change in size smaller, never turns it around.
        let shot = farDrive
        let points = blurred(launchWindow(shot, seed: 1, radius: { i in shot.radius(at: Double(9 - i) / fps) }), by: 3.5)
        #expect(PerspectiveFit.sizeChange(points) >= PerspectiveFit.blurredDepthSizeChange)
        #expect(test.evaluate(points).path == nil, "got \(test.evaluate(points))")
    }

    @Test func flightRacingAwayIsLookedForOnlyNearItsPathInDepthWhenItIsMissed() throws {
        // Followed in depth and missed for two frames: a parabola through its points misses
        // them by far more than detections scatter, and where it leads is no place to look.
        let points = launchWindow(flyingAway, seed: 1)
        let parabola = try #require(MotionFit(points))
        #expect(parabola.rms > BallisticTest.smoothnessTolerance(radius: 6))
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        track.isSeenInDepth = true
        track.reportedAtFrame = points[points.count - 1].frame
        track.missedFrames = 2
        let settings = TrackerSettings(trajectoryLength: 10, frameWidth: 1920, frameHeight: 1080)
        track.fitMotion(settings: settings)
        let time = points[points.count - 1].time + 3 / fps
        let expected = track.prediction(at: time, settings: settings)
        let truth = flyingAway.position(at: time - clipStart)
        #expect(expected.center.distance(to: truth) < expected.gate)
        for centre in expected.alternatives {
            #expect(centre.distance(to: expected.center) < 3 * expected.gate,
                    "another centre at \(centre), the path at \(expected.center)")
        }
    }

    @Test func aPathInDepthIsLookedBackAlongOnlyUntilItRunsIntoTheCamera() throws {
        // A drive launched 3 m from the camera, first followed two frames after its launch
        // (5.7 m away): the look back reaches the launch, but carried on, the depth runs out
        // (1 m three and a half frames before the first point, nothing four and a quarter
        // before), and where the path then puts the ball is nowhere near the picture.
        let points = sampled(flyingAwayClose, frames: 2..<12)
        let path = FlightPath.depth(try #require(PerspectiveFit(points)))
        let first = points[0].time
        #expect(path.reachesBack(to: first - 1 / fps, from: first))
        #expect(path.reachesBack(to: first - 2 / fps, from: first))
        #expect(!path.reachesBack(to: first - 3.5 / fps, from: first))
        let nearTheCamera = path.position(at: first - 4.1 / fps)
        #expect(nearTheCamera.distance(to: PixelPoint(x: 960, y: 540)) > 2000)
        // A parabola in the picture has no depth to run out of.
        let parabola = FlightPath.picture(try #require(MotionFit(points)))
        #expect(parabola.reachesBack(to: first - 10 / fps, from: first))
    }

    @Test(arguments: [1 as UInt64, 2, 3], [1.0, 2.0])
    func specksShrinkingToASinglePixelAreNotTakenForABallFlyingAway(seed: UInt64, analysisPixel: Double) {
        // A converging path whose blobs go from 2 px to single pixels: a one-pixel blob has no
        // size to compare, only the detector's floor, so nothing says the depth changed, and
        // judged in the picture the path bends more than detections scatter. (Specks like
        // these, shrinking 2 → 0.5 px along a decelerating path, are what a player's edge
        // gives off in basketball-five-shots.) Found in a picture reduced twofold (a 1080p
        // clip's), the same specks measure twice as large in the frame's pixels.
        let radii = ([2.0, 1.4, 0.8] + Array(repeating: BallisticTest.onePixelRadius, count: 7)).map { $0 * analysisPixel }
        let test = BallisticTest(shorterSide: 1080, analysisPixel: analysisPixel)
        let distant = PinholeShot(start: [0, -1.2, 17], velocity: [1, 13, 60])
        let points = sampled(distant, frames: 0..<10, noise: 2, seed: seed).enumerated().map { i, point in
            var point = point
            point.radius = radii[i]
            return point
        }
        let verdict = test.evaluate(points)
        #expect(verdict.path == nil, "got \(verdict)")
    }

    @Test(arguments: [0.5, 2.0])
    func withoutBlurABlobChangesSizeAsTheDepthDoes(depthRatio: Double) {
        let ratio = BallisticTest.blurredSizeRatio(depthRatio: depthRatio, head: 6, tail: 6 * depthRatio, blur: 0)
        #expect(abs(ratio - depthRatio) < 1e-12)
    }

    @Test func blurHidesMoreOfASmallBallsChangeInSizeThanOfALargeOnes() {
        // Receding to twice its distance under 3.5 px of blur: a ball whose far blob measures
        // 4.3 px (a 2.5 px image) is expected to shrink by under a third, where the ball
        // halves; one whose far blob measures 16 px, by very nearly half.
        let small = BallisticTest.blurredSizeRatio(depthRatio: 0.5, head: 6, tail: 4.3, blur: 3.5)
        let large = BallisticTest.blurredSizeRatio(depthRatio: 0.5, head: 32, tail: 16, blur: 3.5)
        #expect(small > 0.67 && small < 0.75)
        #expect(large > 0.5 && large < 0.52)
        // Coming at the camera, the same from the other end.
        let approaching = BallisticTest.blurredSizeRatio(depthRatio: 2, head: 4.3, tail: 6, blur: 3.5)
        #expect(approaching > 1.33 && approaching < 1.5)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func farBallOfAPixelOrTwoFlyingOffThroughSomeBlurIsBallisticInDepth(seed: UInt64) {
        // A range ball struck beside a phone lying on the ground (a 406×720 picture, focal
        // 400 px): 10 m off and 60 m/s away, it crosses the picture decelerating as its depth
        // nearly triples in a third of a second, its image shrinking from under a pixel to a
        // third of one. Seen through 0.8 px of blur, its blobs shrink from 1.2 to 0.85 px:
        // less than the depth says without blur, more than through the most blur there is.
        // Some blur in between explains them, and the flight is reported.
        let blur = 0.8
        let shot = PinholeShot(focal: 400, cx: 203, cy: 360, start: [-2, 1, 10], velocity: [25, 8, 60])
        let points = sampled(shot, frames: 0..<10, noise: 0.3, seed: seed).map { point in
            var point = point
            point.radius = (point.radius * point.radius + blur * blur).squareRoot()
            return point
        }
        let test = BallisticTest(shorterSide: 406)
        let verdict = test.evaluate(points)
        guard case .ballisticInDepth(let fit) = verdict else {
            Issue.record("expected ballisticInDepth, got \(verdict)")
            return
        }
        // Neither no blur nor the most blur would have explained the sizes.
        let (head, tail) = PerspectiveFit.endRadii(points)
        let depthRatio = fit.depth(at: points[1].time) / fit.depth(at: points[8].time)
        for bound in [0, BallisticTest.largestBlur] {
            let predicted = BallisticTest.blurredSizeRatio(depthRatio: depthRatio, head: head, tail: tail, blur: bound)
            #expect(abs(log(tail / head) - log(predicted)) > 0.5, "blur \(bound)")
        }
    }

    @Test(arguments: [0.0, -3.0], [1 as UInt64, 2, 3])
    func golfDriveClimbingOnItsBackspinIsBallisticInDepth(fall: Double, seed: UInt64) {
        // Lift from backspin as strong as gravity (or stronger): nothing visibly falls in the
        // first third of a second, but the ball's depth grows fourfold and it shrinks to match.
        var shot = flyingAway
        shot.fall = fall
        let verdict = test.evaluate(launchWindow(shot, seed: seed))
        guard case .ballisticInDepth(let fit) = verdict else {
            Issue.record("expected ballisticInDepth, got \(verdict)")
            return
        }
        #expect(fit.k > 0)
    }
}

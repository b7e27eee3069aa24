import Foundation
import Testing
@testable import BallTrace

private let test = BallisticTest(shorterSide: 720)

/// Points at `fps` from a position function of time (seconds since the first point), with
/// centre noise and a radius per point.
private func sampled(_ count: Int, fps: Double = 30, noise: Double = 0, seed: UInt64 = 1,
                     radius: (Int) -> Double = { _ in 3 },
                     _ position: (Double) -> (Double, Double)) -> [TrackPoint] {
    var jitter = Jitter(state: seed)
    return (0..<count).map { i in
        let t = Double(i) / fps
        let (x, y) = position(t)
        return TrackPoint(frame: 100 + i, time: 10 + t,
                          position: PixelPoint(x: x + jitter.next(noise), y: y + jitter.next(noise)),
                          radius: radius(i))
    }
}

/// Gravity 1000 px/s², y down: rises, then falls.
private func parabolicFlight(_ t: Double) -> (Double, Double) {
    (100 + 400 * t, 500 - 800 * t + 500 * t * t)
}

private func isBallistic(_ verdict: BallisticTest.Verdict) -> Bool { verdict.path != nil }

/// A person's head (radius 10 px) walking briskly across the frame at 250 px/s, bobbing 3 px
/// up and down twice a second, as a walking head does.
private func walkingHead(_ t: Double) -> (Double, Double) {
    (40 + 250 * t, 200 + 3 * sin(2 * .pi * 2 * t))
}

@Suite struct BallisticTestRejectionTests {
    @Test func walkingPersonsBobbingHeadIsNeverBallistic() {
        var jitter = Jitter(state: 5)
        let walk = sampled(60, noise: 0.3, seed: 4, radius: { _ in 10 + jitter.next(0.5) }, walkingHead)
        var verdicts: [BallisticTest.Verdict] = []
        // Every window the tracker could judge, whatever the phase of the step.
        for start in 0...(walk.count - 10) {
            let verdict = test.evaluate(Array(walk[start..<(start + 10)]))
            #expect(!isBallistic(verdict), "window from frame \(start): \(verdict)")
            verdicts.append(verdict)
        }
        // It moves fast enough and smoothly: what gives it away is that nothing makes it fall.
        let weightless = verdicts.filter { if case .weightless = $0 { true } else { false } }.count
        #expect(weightless > 0, "verdicts: \(Set(verdicts))")
    }

    @Test func blobWhoseSizeJumpsFromFrameToFrameChangesSize() {
        // A limb or racket on a ballistic-looking path: radius 11, 21, 11, 21, …
        let jumping = test.evaluate(sampled(10, radius: { $0 % 2 == 0 ? 11 : 21 }, parabolicFlight))
        #expect(jumping == .changesSize, "got \(jumping)")
        // The same path with a ball's steady size is a flight.
        let steady = test.evaluate(sampled(10, radius: { _ in 16 }, parabolicFlight))
        #expect(isBallistic(steady), "got \(steady)")
    }

    @Test func chainPassingFromASpeckToAnArmChangesSize() {
        // A 2 px speck, then an arm swung down through it, its size wavering as it grows (the
        // radii of a tennis server's arm in a generated clip), on a path gravity could bend.
        // Apart from the jump every test of a flight passes: the sizes follow one trend as
        // steadily as a ball's may.
        let radii: [Double] = [2, 14, 15, 12, 11, 12, 14, 17, 21, 21]
        #expect(test.sizeIsSteady(sampled(10, radius: { radii[$0] }, parabolicFlight)))
        let jumped = test.evaluate(sampled(10, radius: { radii[$0] }, parabolicFlight))
        #expect(jumped == .changesSize, "got \(jumped)")
        // Without the speck: a ball coming slowly closer.
        let grown = test.evaluate(sampled(10, radius: { $0 == 0 ? 14 : radii[$0] }, parabolicFlight))
        #expect(isBallistic(grown), "got \(grown)")
        // A ball of a pixel or two whose size is as rough as its blobs: 1 px then 3 px is no jump.
        let small = test.evaluate(sampled(10, radius: { $0 % 2 == 0 ? 1 : 3 }, parabolicFlight))
        #expect(isBallistic(small), "got \(small)")
    }

    @Test func ballisticPathMostlySeenAmongOtherMovingThingsIsCrowded() {
        var points = sampled(10, noise: 0.3, parabolicFlight)
        #expect(isBallistic(test.evaluate(points)))
        for i in points.indices where i % 3 != 0 { points[i].isCrowded = true }   // 6 of 10
        let verdict = test.evaluate(points)
        #expect(verdict == .crowded(points: 6), "got \(verdict)")
    }

    @Test func ballLeavingAHandIsCrowdedOnlyForItsFirstFramesAndStillBallistic() {
        var points = sampled(10, noise: 0.3, parabolicFlight)
        points[0].isCrowded = true
        points[1].isCrowded = true
        let verdict = test.evaluate(points)
        #expect(isBallistic(verdict), "got \(verdict)")
    }

    @Test func pathFallingFarSlowerThanGravityForItsSizeIsWeightless() {
        // r = 10 px: a ball that size would fall at 550 px/s² or more; this one at 200.
        let slow = test.evaluate(sampled(10, radius: { _ in 10 }) { t in (100 + 400 * t, 300 - 200 * t + 100 * t * t) })
        guard case .weightless(let ay) = slow else {
            Issue.record("expected weightless, got \(slow)")
            return
        }
        #expect(abs(ay - 200) < 1)
        // The same size falling at 1000 px/s² is a ball.
        let falling = test.evaluate(sampled(10, radius: { _ in 10 }) { t in (100 + 400 * t, 300 - 500 * t + 500 * t * t) })
        #expect(isBallistic(falling), "got \(falling)")
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func basketballFallingAtGravityIsBallistic(seed: UInt64) {
        // A basketball (0.12 m) 12 px in radius is 100 px per metre: gravity is 980 px/s²,
        // about 82 px/s² per pixel of radius, the least any ball falls at.
        var jitter = Jitter(state: seed &+ 50)
        let points = sampled(10, noise: 0.5, seed: seed, radius: { _ in 12 + jitter.next(0.5) }) { t in
            (120 + 300 * t, 400 - 450 * t + 490 * t * t)
        }
        let verdict = test.evaluate(points)
        guard case .ballistic(let fit) = verdict else {
            Issue.record("expected ballistic, got \(verdict)")
            return
        }
        #expect(abs(fit.acceleration.y - 980) < 200)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func ballFilmedAt240fpsIsBallisticOverAFifthOfASecond(seed: UInt64) {
        // 49 points, 0.2 s: what the tracker judges at a high frame rate.
        let points = sampled(49, fps: 240, noise: 0.3, seed: seed, parabolicFlight)
        #expect(abs(points[points.count - 1].time - points[0].time - 0.2) < 1e-9)
        let verdict = test.evaluate(points)
        guard case .ballistic(let fit) = verdict else {
            Issue.record("expected ballistic, got \(verdict)")
            return
        }
        #expect(abs(fit.acceleration.y - 1000) < 150)
    }

    /// A bird 3 px across flying up and to the left at 300 px/s and slowing by 240 px/s²
    /// along its straight path: its deceleration points down, as a ball's gravity does.
    static func bird(_ t: Double) -> (Double, Double) {
        let along = 300 * t - 120 * t * t
        return (400 - 0.42 * along, 330 - 0.91 * along)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func somethingFlyingStraightAcrossThePictureWhileItSlowsIsNoBall(seed: UInt64) {
        let bird = sampled(30, noise: 0.3, seed: seed, Self.bird)
        let birdIsStraight = test.fliesStraightWithoutFalling(bird)
        #expect(birdIsStraight)
        // A ball from the same place at the same speed, slowed the same way by drag, is bent
        // by gravity (1000 px/s², for a 3 px ball less than a golf ball's).
        let ball = sampled(30, noise: 0.3, seed: seed) { t in
            let (x, y) = Self.bird(t)
            return (x, y + 500 * t * t)
        }
        let ballIsStraight = test.fliesStraightWithoutFalling(ball)
        #expect(!ballIsStraight)
    }

    @Test func aBallFlyingStraightAwayFromACameraLookingDownOnItIsNotJudgedStraight() {
        // Its flight's plane passes through the camera: the picture shows a straight line,
        // slanted off-centre, along which the ball slows and shrinks (from 4 px to under 2).
        let receding = sampled(30, noise: 0.3, seed: 4, radius: { 4 / (1 + 0.08 * Double($0)) }, Self.bird)
        let judgedStraight = test.fliesStraightWithoutFalling(receding)
        #expect(!judgedStraight)
    }

    @Test func aStraightPathIsJudgedOnlyWhereGravityWouldShow() {
        // Straight up: a toss's path does not bend before it turns.
        let toss = sampled(30, noise: 0.3) { t in (300, 330 - 300 * t + 500 * t * t) }
        let tossIsStraight = test.fliesStraightWithoutFalling(toss)
        #expect(!tossIsStraight)
        // Over ten points, detection noise bends a path as much as gravity would: no verdict.
        let shortBird = sampled(10, noise: 0.3, Self.bird)
        let shortIsStraight = test.fliesStraightWithoutFalling(shortBird)
        #expect(!shortIsStraight)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func handsSwungAlongALevelArcAreNoBall(seed: UInt64) {
        // Hands 7 px across at the bottom of a practice swing, 10 frames: they rise and fall a
        // little, as a ball would, but speed up leftward along their level path by 2000 px/s².
        let hands = sampled(10, noise: 0.3, seed: seed, radius: { _ in 7 }) { t in
            (800 - 100 * t - 1000 * t * t, 480 - 60 * t + 300 * t * t)
        }
        let verdict = test.evaluate(hands)
        guard case .pushedAlong(let acceleration) = verdict else {
            Issue.record("expected pushed along, got \(verdict)")
            return
        }
        #expect(abs(acceleration - 2000) < 400)
        // A ball on the same arc, slowed by drag instead, is a flight.
        let ball = sampled(10, noise: 0.3, seed: seed, radius: { _ in 7 }) { t in
            (800 - 400 * t + 300 * t * t, 480 - 60 * t + 300 * t * t)
        }
        #expect(isBallistic(test.evaluate(ball)), "got \(test.evaluate(ball))")
    }

    @Test func aBallDescendingSpeedsUpAsGravityAllows() {
        // Falling steeply, 3 px across: gravity (here 1200 px/s², a golf ball's at this size
        // is 1400) speeds it up along its path.
        let falling = sampled(10, noise: 0.3) { t in (300 + 100 * t, 100 + 200 * t + 600 * t * t) }
        #expect(isBallistic(test.evaluate(falling)), "got \(test.evaluate(falling))")
    }
}

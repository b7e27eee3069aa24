import Foundation
import Testing
@testable import BallTrace

private let test = BallisticTest(shorterSide: 720)

/// Points at 30 fps from a position function of time (seconds since the first point).
private func sampled(_ count: Int, radius: Double = 3, noise: Double = 0, seed: UInt64 = 1,
                     _ position: (Double) -> (Double, Double)) -> [TrackPoint] {
    var jitter = Jitter(state: seed)
    return (0..<count).map { i in
        let t = Double(i) / 30
        let (x, y) = position(t)
        return TrackPoint(frame: 100 + i, time: 10 + t,
                          position: PixelPoint(x: x + jitter.next(noise), y: y + jitter.next(noise)), radius: radius)
    }
}

/// Gravity 1000 px/s², y down: rises, then falls.
private func parabolicFlight(_ t: Double) -> (Double, Double) {
    (100 + 400 * t, 500 - 800 * t + 500 * t * t)
}

@Test(arguments: [1 as UInt64, 2, 3, 4, 5])
func noisyParabolicFlightIsBallistic(seed: UInt64) {
    let verdict = test.evaluate(sampled(15, noise: 0.3, seed: seed, parabolicFlight))
    guard case .ballistic(let fit) = verdict else {
        Issue.record("expected ballistic, got \(verdict)")
        return
    }
    #expect(abs(fit.acceleration.y - 1000) < 150)
}

@Test func tenPointFlightIsEnoughToBeBallistic() {
    let verdict = test.evaluate(sampled(10, noise: 0.3, parabolicFlight))
    #expect({ if case .ballistic = verdict { true } else { false } }(), "got \(verdict)")
}

@Test func fallingBallWithoutHorizontalMotionIsBallistic() {
    // A ball dropped straight down: x constant, a vertical line in the picture.
    let verdict = test.evaluate(sampled(12, noise: 0.2) { t in (320, 100 + 500 * t * t) })
    #expect({ if case .ballistic = verdict { true } else { false } }(), "got \(verdict)")
}

@Test func fewerThanFivePointsAreTooFew() {
    #expect(test.evaluate(sampled(4, parabolicFlight)) == .tooFewPoints)
    #expect(test.evaluate([]) == .tooFewPoints)
}

@Test func ballAtRestIsNotMoving() {
    let verdict = test.evaluate(sampled(15, noise: 0.5) { _ in (320, 400) })
    guard case .notMoving(let extent) = verdict else {
        Issue.record("expected notMoving, got \(verdict)")
        return
    }
    #expect(extent < 2)
}

@Test func slowlyCreepingBlobIsNotMoving() {
    // 6 px over half a second: less than three ball radii (radius 3 → 9 px).
    let verdict = test.evaluate(sampled(15) { t in (320 + 12 * t, 400) })
    #expect({ if case .notMoving = verdict { true } else { false } }(), "got \(verdict)")
}

@Test func upwardAcceleratingClubHeadIsPulledUpward() {
    // At the bottom of its arc a club head accelerates toward the hands: upward, ay < 0 (y down).
    let verdict = test.evaluate(sampled(15) { t in (200 + 600 * t, 400 + 300 * t - 1000 * t * t) })
    guard case .pulledUpward(let ay) = verdict else {
        Issue.record("expected pulledUpward, got \(verdict)")
        return
    }
    #expect(abs(ay - -2000) < 1e-3)
}

@Test func zigZagPathIsNotSmooth() {
    let verdict = test.evaluate(sampled(15) { t in
        let i = (t * 30).rounded()
        return (100 + 10 * i, 300 + (Int(i) % 2 == 0 ? 0 : 8))
    })
    guard case .notSmooth(let rms, let tolerance) = verdict else {
        Issue.record("expected notSmooth, got \(verdict)")
        return
    }
    #expect(rms > tolerance)
}

@Test func pointsScatteredOverManyAnalysedFramesAreSparse() {
    // Ten points picked from thirty analysed frames: a chain of clutter, not a ball seen in most frames.
    var points = sampled(10, parabolicFlight)
    for i in points.indices { points[i].step = 500 + 3 * i }
    #expect(test.evaluate(points) == .sparse(steps: 28))
}

@Test func aFewMissedFramesAreNotSparse() {
    var points = sampled(10, parabolicFlight)
    for i in points.indices { points[i].step = 500 + i + (i >= 5 ? 2 : 0) }   // 12 steps for 10 points
    #expect({ if case .ballistic = test.evaluate(points) { true } else { false } }())
}

@Test func tenPointsSpreadOverFourteenFramesAreSparse() {
    var points = sampled(10, parabolicFlight)
    for i in points.indices { points[i].step = 500 + i + (i >= 5 ? 4 : 0) }   // 14 steps for 10 points
    #expect({ if case .sparse = test.evaluate(points) { true } else { false } }())
}

@Test func pathCurvingBackHorizontallyAlongACircleIsRejected() {
    // A hand or club swinging over the top: a circle of 120 px traversed from the upper left,
    // through the top, round the right side and back to the left.
    let verdict = test.evaluate(sampled(18) { t in
        let phi = -Double.pi / 6 + t * (Double.pi * 7 / 6) / (17.0 / 30)  // -30° … 180° from the top
        return (320 + 120 * sin(phi), 300 - 120 * cos(phi))
    })
    if case .ballistic = verdict { Issue.record("a reversing circular arc was taken as ballistic") }
}

@Test func smoothPathThatTurnsBackHorizontallyReverses() {
    // Quadratic in time (so smooth), falling like a ball, but x runs right then back left.
    let verdict = test.evaluate(sampled(15) { t in (300 + 200 * t - 800 * t * t, 300 - 400 * t + 500 * t * t) })
    #expect(verdict == .reverses)
}

@Test func largerBallsTolerateMoreCentreJitter() {
    // ±5 px of centre noise is more than a shaking camera gives a 3 px ball, but expected of
    // a 16 px one.
    let small = test.evaluate(sampled(15, radius: 3, noise: 5, seed: 9, parabolicFlight))
    let large = test.evaluate(sampled(15, radius: 16, noise: 5, seed: 9, parabolicFlight))
    #expect({ if case .notSmooth = small { true } else { false } }(), "got \(small)")
    #expect({ if case .ballistic = large { true } else { false } }(), "got \(large)")
}

@Test func ballSmearedAlongItsMotionIsBallistic() {
    // Motion blur stretches a fast ball along its path: elongated, but aligned with the velocity.
    var points = sampled(15, parabolicFlight)
    for i in points.indices {
        let t = points[i].time - 10
        points[i].elongation = 3
        points[i].orientation = atan2(-800 + 1000 * t, 400)
    }
    let verdict = test.evaluate(points)
    #expect({ if case .ballistic = verdict { true } else { false } }(), "got \(verdict)")
}

@Test func blobElongatedAcrossItsMotionIsMisshapen() {
    // A club head with its shaft: long, and lying across the direction it moves.
    var points = sampled(15, parabolicFlight)
    for i in points.indices {
        let t = points[i].time - 10
        points[i].elongation = 3
        points[i].orientation = atan2(-800 + 1000 * t, 400) + .pi / 2
    }
    let verdict = test.evaluate(points)
    #expect({ if case .misshapen = verdict { true } else { false } }(), "got \(verdict)")
}

@Test func blobDriftingAFewPixelsPerFrameIsTooSlow() {
    // A 6 px hand drifting 2 px per frame for 20 frames: it moves (38 px), but far less than
    // its own size per frame, as no ball in flight does.
    let verdict = test.evaluate(sampled(20, radius: 6) { t in (300 + 60 * t, 200) })
    #expect({ if case .tooSlow = verdict { true } else { false } }(), "got \(verdict)")
}

@Test(arguments: [3, 5, 6, 7, 10, 20, 60])
func theCurvatureNoiseIsTheLeastSquaresErrorOfEvenlySpacedSamples(samples n: Int) throws {
    // The variance of a fitted parabola's quadratic coefficient is σ² times the last diagonal
    // element of (AᵀA)⁻¹ for the design rows (1, t, t²): computed here directly, by a 3×3
    // inverse, for samples evenly spaced over a span of 1.
    var m = [[Double]](repeating: [0, 0, 0], count: 3)
    for i in 0..<n {
        let t = Double(i) / Double(n - 1), row = [1, t, t * t]
        for a in 0..<3 { for b in 0..<3 { m[a][b] += row[a] * row[b] } }
    }
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    let inverse22 = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det
    let k = BallisticTest.curvatureNoiseFactor(samples: n)
    #expect(abs(k - inverse22.squareRoot()) < 1e-9 * k, "k(\(n)) = \(k), least squares \(inverse22.squareRoot())")
    // The asymptote √(180/n) overstates it, by less the more samples there are.
    #expect(k < (180 / Double(n)).squareRoot())
}

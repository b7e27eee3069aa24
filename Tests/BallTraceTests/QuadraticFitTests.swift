import Testing
@testable import BallTrace

/// Deterministic noise in -amplitude…amplitude (SplitMix64).
private struct NoiseSource {
    var state: UInt64
    mutating func next(amplitude: Double) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let unit = Double(z >> 11) / Double(1 << 53)
        return (2 * unit - 1) * amplitude
    }
}

private let truth = Quadratic(a: 0.5, b: -3, c: 2)

@Test func fitRecoversAParabolaExactlyOverPixelSizedPositions() throws {
    let u = stride(from: 100.0, through: 900.0, by: 50).map { $0 }
    let v = u.map { truth($0) }
    let fit = try #require(Quadratic.fit(u: u, v: v))
    #expect(abs(fit.a - 0.5) < 1e-9)
    #expect(abs(fit.b - -3) < 1e-6)
    #expect(abs(fit.c - 2) < 1e-3)
    // The fitted curve reproduces every sample to well below a pixel's millionth, relative to 4e5.
    #expect(fit.rmsResidual(u: u, v: v) < 1e-6)
}

@Test func fitRecoversAParabolaExactlyOverOneSecondOfTimes() throws {
    let u = (0...30).map { Double($0) / 30 }
    let v = u.map { truth($0) }
    let fit = try #require(Quadratic.fit(u: u, v: v))
    #expect(abs(fit.a - 0.5) < 1e-9)
    #expect(abs(fit.b - -3) < 1e-9)
    #expect(abs(fit.c - 2) < 1e-9)
    #expect(fit.rmsResidual(u: u, v: v) < 1e-12)
}

@Test func fitIsUnaffectedByPointsOrderOrOffsetInU() throws {
    // Times late in a long clip (t ≈ 3600 s) must fit as well as times near zero.
    let u = (0..<15).map { 3600 + Double($0) / 30 }
    let local = Quadratic(a: 500, b: -800, c: 300)
    let v = u.map { local($0 - 3600) }
    let fit = try #require(Quadratic.fit(u: u.reversed(), v: v.reversed()))
    for (ui, vi) in zip(u, v) {
        #expect(abs(fit(ui) - vi) < 1e-5)
    }
    #expect(abs(fit.a - 500) < 1e-3)
}

@Test func zeroWeightedOutlierDoesNotDisturbTheFit() throws {
    var u = (0..<10).map { Double($0) }
    var v = u.map { truth($0) }
    u.append(4.5)
    v.append(1000)
    let weights = [Double](repeating: 1, count: 10) + [0]
    let fit = try #require(Quadratic.fit(u: u, v: v, weights: weights))
    #expect(abs(fit.a - 0.5) < 1e-9)
    #expect(abs(fit.b - -3) < 1e-9)
    #expect(abs(fit.c - 2) < 1e-9)
}

@Test func heavierWeightPullsTheFitTowardThatPoint() throws {
    var u = (0..<10).map { Double($0) }
    var v = u.map { truth($0) }
    u.append(4.5)
    v.append(truth(4.5) + 10)
    let even = try #require(Quadratic.fit(u: u, v: v))
    let heavy = try #require(Quadratic.fit(u: u, v: v, weights: [Double](repeating: 1, count: 10) + [50]))
    let target = truth(4.5) + 10
    #expect(abs(heavy(4.5) - target) < abs(even(4.5) - target))
    #expect(abs(heavy(4.5) - target) < 1)
}

@Test func noisyParabolaHasSmallResidualAndCloseCoefficients() throws {
    var noise = NoiseSource(state: 42)
    let u = (0..<40).map { 100 + Double($0) * 20 }
    let v = u.map { truth($0) + noise.next(amplitude: 0.3) }
    let fit = try #require(Quadratic.fit(u: u, v: v))
    let rms = fit.rmsResidual(u: u, v: v)
    #expect(rms > 0)
    #expect(rms < 0.3)
    #expect(abs(fit.a - 0.5) < 1e-5)
}

@Test func onlyTwoDistinctPositionsFallBackToALine() throws {
    let u: [Double] = [2, 2, 5, 5, 5]
    let v: [Double] = [7, 7, 13, 13, 13]   // v = 2u + 3
    let fit = try #require(Quadratic.fit(u: u, v: v))
    #expect(fit.a == 0)
    #expect(abs(fit.b - 2) < 1e-9)
    #expect(abs(fit.c - 3) < 1e-9)
}

@Test func verticalTossWithAllPositionsEqualGivesConstantAtTheMean() throws {
    let u: [Double] = [320, 320, 320, 320]
    let v: [Double] = [100, 140, 170, 190]
    let fit = try #require(Quadratic.fit(u: u, v: v))
    #expect(fit.a == 0)
    #expect(fit.b == 0)
    #expect(abs(fit.c - 150) < 1e-12)
}

@Test func singlePointGivesConstantThroughIt() throws {
    let fit = try #require(Quadratic.fit(u: [3], v: [8]))
    #expect(fit == Quadratic(a: 0, b: 0, c: 8))
}

@Test func emptyInputHasNoFit() {
    #expect(Quadratic.fit(u: [], v: []) == nil)
}

@Test func evaluationAndSlopeFollowTheCoefficients() {
    let value: Double = 0.5 * 16 - 12 + 2, slope: Double = 2 * 0.5 * 4 - 3
    #expect(truth(4) == value)
    #expect(truth.slope(at: 4) == slope)
    #expect(Quadratic(a: 1, b: 0, c: 0).rmsResidual(u: [], v: []) == 0)
}

@Test func aQuadraticCarriedBeyondItsPointsIsOffByMoreTheFurtherItIsCarried() throws {
    // Ten points a frame apart; the flight they start was seen before them, across a gap.
    let frames = (0..<10).map(Double.init)
    let among = try #require(Quadratic.predictionSpread(fittedAt: frames, at: 4.5))
    let back = try (1...10).map { try #require(Quadratic.predictionSpread(fittedAt: frames, at: -Double($0))) }
    #expect(among < 1)
    #expect(zip(back, back.dropFirst()).allSatisfy { $0 < $1 })
    #expect(abs(back[9] - 8.94) < 0.01)
    // What it says is what noisy points do: 4000 fits of points scattered by 1 (a standard
    // deviation), each carried ten frames back.
    var noise = NoiseSource(state: 7)
    let carried = (0..<4000).map { _ -> Double in
        let values = frames.map { truth($0) + noise.next(amplitude: 3.0.squareRoot()) }
        return Quadratic.fit(u: frames, v: values)!(-10) - truth(-10)
    }
    let deviation = (carried.reduce(0) { $0 + $1 * $1 } / Double(carried.count)).squareRoot()
    #expect(abs(deviation / back[9] - 1) < 0.05, "\(deviation) against \(back[9])")
    #expect(Quadratic.predictionSpread(fittedAt: [1, 1, 1], at: 0) == nil)
}

@testable import BallTrace
import Testing

/// The broadcast tracer's line and timing, without video: the curve through a flight's
/// detections, how much of it is drawn at a moment, the fade, and the colours it takes.
@Suite("Broadcast tracer: its curve, its fade, its colours")
struct BroadcastTracerGeometryTests {
    /// A thrown ball at 30 fps: x at 300 px/s, y falling under 900 px/s² from 600 px/s up.
    static func truth(_ t: Double) -> PixelPoint { PixelPoint(x: 100 + 300 * t, y: 400 - 600 * t + 450 * t * t) }
    static let detections = (0..<30).map { i in (time: Double(i) / 30, point: truth(Double(i) / 30)) }

    @Test func theCurveFollowsTheFlightBetweenItsDetectionsNotTheChordsBetweenThem() {
        let curve = FlightCurve(detections: Self.detections, spacing: 2)
        #expect(curve.points.count > 2 * Self.detections.count, "\(curve.points.count) points")
        for (t, p) in zip(curve.times, curve.points) {
            #expect(p.distance(to: Self.truth(t)) < 0.05, "at \(t) s: \(p) for \(Self.truth(t))")
        }
        for (a, b) in zip(curve.points, curve.points.dropFirst()) { #expect(a.distance(to: b) <= 2.1) }
    }

    @Test func noisyDetectionsGiveACurveCloserToTheFlightThanTheDetectionsAre() {
        var noise = SplitNoise(seed: 5)
        let noisy = Self.detections.map { (time: $0.time, point: PixelPoint(x: $0.point.x + noise.next(), y: $0.point.y + noise.next())) }
        let curve = FlightCurve(detections: noisy)
        let detectionError = noisy.map { $0.point.distance(to: Self.truth($0.time)) }.reduce(0, +) / Double(noisy.count)
        let curveError = zip(curve.times, curve.points).map { $1.distance(to: Self.truth($0)) }.reduce(0, +) / Double(curve.points.count)
        #expect(curveError < 0.7 * detectionError, "curve \(curveError) px, detections \(detectionError) px")
    }

    @Test func theLineIsDrawnUpToWhereTheBallIsThenAndTheRemainderGoesOnFromThere() {
        let predicted = [Self.truth(1.1), Self.truth(1.2)]
        let curve = FlightCurve(detections: Self.detections, predicted: predicted)
        var before: [PixelPoint] = []
        curve.drawn(until: -0.1, into: &before)
        #expect(before.isEmpty)
        let now = 0.51
        var drawn: [PixelPoint] = [], rest: [PixelPoint] = []
        curve.drawn(until: now, into: &drawn)
        curve.remainder(after: now, into: &rest)
        #expect(drawn.first!.distance(to: Self.truth(0)) < 0.05)
        #expect(drawn.last!.distance(to: Self.truth(now)) < 0.1, "ends at \(drawn.last!), the ball is at \(Self.truth(now))")
        // Nothing of it lies ahead of the ball (x grows with time).
        #expect(drawn.allSatisfy { $0.x <= Self.truth(now).x + 1e-6 })
        #expect(rest.first! == drawn.last!)
        #expect(Array(rest.suffix(2)) == predicted)
        var all: [PixelPoint] = []
        curve.drawn(until: 5, into: &all)
        #expect(all == curve.points)
    }

    @Test func theTracerStaysThenFadesSmoothlyToNothing() {
        let style = BroadcastTracerStyle()
        #expect(style.remaining(age: -1) == 1 && style.remaining(age: style.hold) == 1)
        #expect(abs(style.remaining(age: style.hold + style.fade / 2) - 0.5) < 1e-9)
        #expect(style.remaining(age: style.hold + style.fade) == 0)
        let steps = stride(from: style.hold, through: style.hold + style.fade, by: 0.05).map { style.remaining(age: $0) }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func theWidthIsGivenAt1080LinesAndScaledWithThePicture() {
        let style = BroadcastTracerStyle(width: 9)
        #expect(style.lineWidth(shorterSide: 1080) == 9)
        #expect(style.lineWidth(shorterSide: 360) == 3)
        #expect(style.lineWidth(shorterSide: 60) == 1)
    }

    @Test func coloursAreNamesOrHexTriplets() {
        #expect(RGBColour(parsing: "#FF8000") == RGBColour(red: 255, green: 128, blue: 0))
        #expect(RGBColour(parsing: "#ff8000") == RGBColour(red: 255, green: 128, blue: 0))
        #expect(RGBColour(parsing: "Yellow") == RGBColour.named.first { $0.key == "yellow" }?.value)
        for bad in ["", "#FFF", "#FF80001", "FF8000", "#GG0000", "#+F8000", "mauve"] {
            #expect(RGBColour(parsing: bad) == nil, "'\(bad)' taken")
        }
    }
}

/// Uniform noise in −1…1 px, reproducible (SplitMix64).
private struct SplitNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) * 2 - 1
    }
}

import Foundation
import Testing
@testable import BallTrace

private let width = 640, height = 360, fps = 30.0

/// A ball tossed straight up, in pixels: it rises 200 px and falls back in a second, while its
/// x drifts by `drift` px in all (plus `noise` px of detection jitter).
private func tossPixels(count: Int = 31, drift: Double, noise: Double, seed: UInt64) -> [(t: Double, position: PixelPoint)] {
    var jitter = Jitter(state: seed)
    return (0..<count).map { i in
        let t = Double(i) / fps
        let x = 320 + drift * t + jitter.next(noise)
        let y = 330 - 800 * t + 800 * t * t + jitter.next(noise)
        return (t, PixelPoint(x: x, y: y))
    }
}

/// The same in normalized top-left coordinates, as the observation gives VisionEquation.
private func toss(drift: Double, noise: Double, seed: UInt64) -> [(t: Double, x: Double, y: Double)] {
    tossPixels(drift: drift, noise: noise, seed: seed).map { ($0.t, $0.position.x / Double(width), $0.position.y / Double(height)) }
}

/// A ball crossing the frame sideways, normalized.
private func sidewaysFlight() -> [(t: Double, x: Double, y: Double)] {
    (0..<20).map { i in
        let t = Double(i) / fps
        return (t, (80 + 400 * t) / Double(width), (300 - 500 * t + 500 * t * t) / Double(height))
    }
}

private func isFinite(_ q: Quadratic) -> Bool { q.a.isFinite && q.b.isFinite && q.c.isFinite }

@Suite struct VisionEquationTests {
    /// (drift over the flight in px, jitter in px): perfectly vertical, a sub-pixel drift
    /// either way, and sub-pixel detection noise.
    static let tosses: [(drift: Double, noise: Double)] = [(0, 0), (0.6, 0), (-0.9, 0), (0.5, 0.3), (0, 0.4)]

    @Test(arguments: 0..<tosses.count, [1 as UInt64, 2])
    func verticalTossGetsAFiniteEquationThroughItsPoints(toss index: Int, seed: UInt64) throws {
        let (drift, noise) = Self.tosses[index]
        let points = toss(drift: drift, noise: noise, seed: seed)
        let vision = VisionEquation(points: points)
        guard case .fromMotion = vision.method else {
            Issue.record("expected the equation from the motion, got \(vision.method)")
            return
        }
        #expect(isFinite(vision.equation), "\(vision.equation)")
        let last = Array(points.suffix(5))
        let projected = vision.projected(last.map { ($0.t, $0.x) })
        try #require(projected.count == 5)
        for (p, d) in zip(projected, last) {
            // On the equation, to a hundredth of a pixel …
            let off = abs(p.y - vision.equation(p.x)) * Double(height)
            #expect(off < 0.01, "projected \(p) is \(off) px off the equation \(vision.equation)")
            // … and within a pixel or so of where the ball was seen.
            #expect(abs(p.x - d.x) * Double(width) < 1.5, "x off by \((p.x - d.x) * Double(width)) px")
            #expect(abs(p.y - d.y) * Double(height) < 1.5, "y off by \((p.y - d.y) * Double(height)) px")
        }
    }

    @Test func verticalTossEquationIsASteepNarrowParabolaOpeningDownInThePicture() {
        // y down in top-left coordinates: the toss rises (y falls) and comes back, so the
        // parabola opens toward larger y, and is far steeper than any sideways flight.
        let vision = VisionEquation(points: toss(drift: 0.6, noise: 0, seed: 1))
        #expect(vision.equation.a > 1000, "a = \(vision.equation.a)")
    }

    @Test func sidewaysFlightIsFittedDirectly() throws {
        let points = sidewaysFlight()
        let vision = VisionEquation(points: points)
        #expect(vision.method == .direct)
        // Exact points: the direct fit reproduces the picture's parabola exactly.
        for p in vision.projected(points.suffix(5).map { ($0.t, $0.x) }) {
            let d = try #require(points.first { abs($0.x - p.x) < 1e-12 })
            #expect(abs(p.y - d.y) < 1e-9)
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func observationOfAVerticalTossHasFiniteCoefficientsAndProjectsNearTheBall(seed: UInt64) throws {
        let pixels = tossPixels(drift: 0.5, noise: 0.3, seed: seed)
        func point(_ i: Int) -> TrackPoint {
            TrackPoint(frame: 40 + i, time: 4 + pixels[i].t, position: pixels[i].position, radius: 4)
        }
        var track = Track(first: point(0))
        for i in 1..<pixels.count { track.append(point(i)) }
        track.reportedAtFrame = 49
        for coordinates in CoordinateSystem.allCases {
            let o = TrajectoryObservation(track: track, frameWidth: width, frameHeight: height,
                                          coordinates: coordinates, trajectoryLength: 10)
            let c = o.equationCoefficients
            #expect(c.x.isFinite && c.y.isFinite && c.z.isFinite, "\(coordinates): \(c)")
            try #require(o.projectedPoints.count == 5)
            for (p, d) in zip(o.projectedPoints, o.detectedPoints.suffix(5)) {
                #expect(abs(p.x - d.x) * Double(width) < 1.5, "\(coordinates): x off by \((p.x - d.x) * Double(width)) px")
                #expect(abs(p.y - d.y) * Double(height) < 1.5, "\(coordinates): y off by \((p.y - d.y) * Double(height)) px")
            }
        }
    }
}

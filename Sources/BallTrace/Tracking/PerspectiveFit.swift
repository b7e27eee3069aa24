import FoundationEssentials
import Glibc

/// A ball's path as a pinhole camera sees it when the ball also moves toward or away from the
/// camera: p(t) = N(t) / (1 + k·t), with N a quadratic for x and one for y, and k shared.
///
/// Why this form: in 3-D a ball in flight is a parabola, P(t) = P₀ + V·t + ½·G·t², and its
/// depth along the camera's axis changes linearly, Z(t) = Z₀·(1 + k·t) (gravity pulls across
/// the line of sight, not along it). The pinhole camera divides by depth, so the picture's
/// x and y are quadratics over the same linear denominator. With k = 0 it is the picture-plane
/// parabola; k > 0 is a ball flying away (a down-the-line golf shot: fast, then creeping and
/// shrinking), k < 0 one coming at the camera (fast, growing). The apparent radius follows
/// the same denominator: r(t) = r₀ / (1 + k·t).
struct PerspectiveFit: Sendable, Hashable {
    var origin: Double
    /// Numerators, in pixels, over t in seconds from `origin`.
    var x: Quadratic
    var y: Quadratic
    /// Relative rate of change of depth, per second.
    var k: Double
    /// Root-mean-square distance of the points from the fitted path, pixels.
    var rms: Double

    /// Fits by searching k (for a fixed k the numerators are linear least squares); nil for
    /// fewer than five points.
    init?(_ points: [TrackPoint]) {
        guard points.count >= 5, let first = points.first, let last = points.last else { return nil }
        let origin = first.time
        let span = max(last.time - first.time, 1e-6)
        let found = withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * points.count) { buffer in
            DepthSearch(points, origin: origin, storage: buffer).best(span: span)
        }
        guard let found else { return nil }
        self.origin = origin
        x = found.x
        y = found.y
        k = found.k
        rms = found.rms
    }

    func position(at time: Double) -> PixelPoint {
        let t = time - origin
        let scale = max(depth(at: time), 0.05)
        return PixelPoint(x: x(t) / scale, y: y(t) / scale)
    }

    /// The depth at `time` as a multiple of the depth at `origin`: 1 + k·t.
    func depth(at time: Double) -> Double {
        1 + k * (time - origin)
    }

    /// Whether the path can be carried from `start` to `end`: its depth stays in front of the
    /// camera and does not shrink by half or more in between. A fit whose depth runs to zero just
    /// beyond its points (a ball at the far end of its flight, creeping along at a steady pace
    /// in the picture, fits that about as well as any other) would put the ball at the camera
    /// a frame later, thousands of pixels outside the picture, and its flight would be taken
    /// for one that left; a ball really coming at the camera is not that close.
    func staysInFront(from start: Double, to end: Double) -> Bool {
        let from = depth(at: start)
        return from > 0 && depth(at: end) >= 0.5 * from
    }

    /// Pixels per second at `time` (numerically: the quotient's derivative is long-winded).
    func velocity(at time: Double) -> (x: Double, y: Double) {
        let h = 1e-3
        let a = position(at: time - h), b = position(at: time + h)
        return ((b.x - a.x) / (2 * h), (b.y - a.y) / (2 * h))
    }

    /// Whether these points' sizes change enough for depth to matter: the radius at one end
    /// is at least a quarter larger than at the other. Fitting in depth costs far more than a
    /// parabola, so it is tried only then.
    static func sizeSuggestsDepth(_ points: some Collection<TrackPoint>) -> Bool {
        sizeChange(points) >= depthSizeChange
    }

    /// How much larger the radius is at one end of the points than at the other (1 for
    /// fewer than five points: too few ends to tell).
    static func sizeChange(_ points: some Collection<TrackPoint>) -> Double {
        guard points.count >= 5 else { return 1 }
        let (head, tail) = endRadii(points)
        return sizeChange(head: head, tail: tail)
    }

    /// How much larger the radius at one end is than at the other, from the two.
    static func sizeChange(head: Double, tail: Double) -> Double {
        max(head, tail) / max(min(head, tail), 1e-9)
    }

    /// The size change that suggests depth by itself (see ``sizeSuggestsDepth(_:)``).
    static let depthSizeChange = 1.25
    /// The least size change for a path in depth the motion itself asks for: a small ball's
    /// blob is its image widened by blur (the lens, the exposure, compression), by about the
    /// same few pixels whatever its distance, so its radius changes less than its depth does.
    /// A ball whose image shrinks from 4 px to 3 px (its depth grown by a third) under 3 px of
    /// blur shows about 5 px and 4.2 px: a change of 1.18.
    static let blurredDepthSizeChange = 1.1

    /// The median radius of the first three points and of the last three: sizes at either end,
    /// with one rough blob at each end outvoted.
    static func endRadii(_ points: some Collection<TrackPoint>) -> (head: Double, tail: Double) {
        (points.prefix(3).map(\.radius).sorted()[min(1, points.count - 1)],
         points.suffix(3).map(\.radius).sorted()[min(1, points.count - 1)])
    }
}

/// The search for k behind ``PerspectiveFit``. For a fixed k the numerators are a weighted
/// least-squares fit of position × (1 + k·t) with weights 1 / (1 + k·t)² (so that residuals
/// count in the picture's pixels), and the misfit follows from the same sums: one pass over the
/// points per k, some sixty k per fit, and a fit for many chains in every frame.
private struct DepthSearch {
    typealias Found = (k: Double, x: Quadratic, y: Quadratic, rms: Double)
    let count: Int
    /// Seconds from the first point, and positions less the first point's (better conditioned).
    let t, x, y: UnsafeMutableBufferPointer<Double>
    let x0, y0: Double
    /// t is centred and scaled for the normal equations.
    let mean, spread: Double
    /// Σ x² + Σ y² of the offsets: the weighted Σ w·v² of every fit, whatever k.
    let squares: Double
    let hasThreeTimes: Bool

    init(_ points: [TrackPoint], origin: Double, storage: UnsafeMutableBufferPointer<Double>) {
        count = points.count
        t = UnsafeMutableBufferPointer(rebasing: storage[0..<count])
        x = UnsafeMutableBufferPointer(rebasing: storage[count..<2 * count])
        y = UnsafeMutableBufferPointer(rebasing: storage[2 * count..<3 * count])
        x0 = points[0].position.x
        y0 = points[0].position.y
        var sum = 0.0, squares = 0.0
        var distinct: [Double] = []
        for (i, p) in points.enumerated() {
            t[i] = p.time - origin
            x[i] = p.position.x - x0
            y[i] = p.position.y - y0
            sum += t[i]
            squares += x[i] * x[i] + y[i] * y[i]
            if distinct.count < 3, !distinct.contains(t[i]) { distinct.append(t[i]) }
        }
        self.squares = squares
        hasThreeTimes = distinct.count >= 3
        mean = sum / Double(count)
        var variance = 0.0
        for i in 0..<count { variance += (t[i] - mean) * (t[i] - mean) }
        spread = (variance / Double(count)).squareRoot()
    }

    /// The normal equations' sums for several values of k at once, lane by lane the arithmetic
    /// of one (so each lane's fit is what a fit for that k alone gives), and which k keep every
    /// point in front of the camera.
    private struct Sums<Lanes: SIMD> where Lanes.Scalar == Double {
        var s0 = Lanes(), s1 = Lanes(), s2 = Lanes(), s3 = Lanes(), s4 = Lanes()
        var rx0 = Lanes(), rx1 = Lanes(), rx2 = Lanes()
        var ry0 = Lanes(), ry1 = Lanes(), ry2 = Lanes()
        var valid = SIMDMask<Lanes.MaskStorage>(repeating: true)
    }

    /// Four values of k, summed two at a time: eleven sums of four lanes each take two of the
    /// processor's sixteen 128-bit registers, and spilled to memory at every point; of two
    /// lanes they stay in registers. Each lane's arithmetic is the same either way.
    private func sums(_ k: SIMD4<Double>) -> Sums<SIMD4<Double>> {
        let low = sums(k.lowHalf), high = sums(k.highHalf)
        var all = Sums<SIMD4<Double>>()
        all.s0 = SIMD4(lowHalf: low.s0, highHalf: high.s0)
        all.s1 = SIMD4(lowHalf: low.s1, highHalf: high.s1)
        all.s2 = SIMD4(lowHalf: low.s2, highHalf: high.s2)
        all.s3 = SIMD4(lowHalf: low.s3, highHalf: high.s3)
        all.s4 = SIMD4(lowHalf: low.s4, highHalf: high.s4)
        all.rx0 = SIMD4(lowHalf: low.rx0, highHalf: high.rx0)
        all.rx1 = SIMD4(lowHalf: low.rx1, highHalf: high.rx1)
        all.rx2 = SIMD4(lowHalf: low.rx2, highHalf: high.rx2)
        all.ry0 = SIMD4(lowHalf: low.ry0, highHalf: high.ry0)
        all.ry1 = SIMD4(lowHalf: low.ry1, highHalf: high.ry1)
        all.ry2 = SIMD4(lowHalf: low.ry2, highHalf: high.ry2)
        for j in 0..<2 {
            all.valid[j] = low.valid[j]
            all.valid[j + 2] = high.valid[j]
        }
        return all
    }

    private func sums(_ k: SIMD2<Double>) -> Sums<SIMD2<Double>> {
        var sums = Sums<SIMD2<Double>>()
        let inverseSpread = spread > 1e-12 ? 1 / spread : 0
        for i in 0..<count {
            let scale = 1 + k * t[i]
            sums.valid .&= scale .> 0.05
            let w = 1 / (scale * scale), s = (t[i] - mean) * inverseSpread
            let vx = x[i] * scale, vy = y[i] * scale
            let ws = w * s, ws2 = ws * s
            sums.s0 += w; sums.s1 += ws; sums.s2 += ws2; sums.s3 += ws2 * s; sums.s4 += ws2 * s * s
            sums.rx0 += w * vx; sums.rx1 += ws * vx; sums.rx2 += ws2 * vx
            sums.ry0 += w * vy; sums.ry1 += ws * vy; sums.ry2 += ws2 * vy
        }
        return sums
    }

    /// The fit for one value of k (nil where a point would fall behind the camera): the path
    /// the search settles on, with the arithmetic each lane of ``misfits(_:)`` does.
    func fit(_ k: Double) -> Found? {
        let all = sums(SIMD2(repeating: k))
        guard all.valid[0] else { return nil }
        return solve(k, all.s0[0], all.s1[0], all.s2[0], all.s3[0], all.s4[0],
                     all.rx0[0], all.rx1[0], all.rx2[0], all.ry0[0], all.ry1[0], all.ry2[0])
    }

    /// The misfits (rms) of the fits for four values of k, infinite where a point would fall
    /// behind the camera: the search compares misfits only, and builds the path for the best.
    /// Lanes whose moment matrix is well conditioned are solved together, lane by lane the
    /// arithmetic of ``solve`` (so the same misfit); the others one by one.
    func misfits(_ k: SIMD4<Double>) -> SIMD4<Double> {
        let all = sums(k)
        let s0 = all.s0, s1 = all.s1, s2 = all.s2, s3 = all.s3, s4 = all.s4
        let c00 = s2 * s0 - s1 * s1, c01 = s1 * s2 - s3 * s0, c02 = s3 * s1 - s2 * s2
        let c11 = s4 * s0 - s2 * s2, c12 = s2 * s3 - s4 * s1, c22 = s4 * s2 - s3 * s3
        let det = s4 * c00 + s3 * c01 + s2 * c02
        let inverse = 1 / det
        func solution(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>)
            -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
            ((c00 * r2 + c01 * r1 + c02 * r0) * inverse, (c01 * r2 + c11 * r1 + c12 * r0) * inverse,
             (c02 * r2 + c12 * r1 + c22 * r0) * inverse)
        }
        let (ax, bx, cx) = solution(all.rx0, all.rx1, all.rx2), (ay, by, cy) = solution(all.ry0, all.ry1, all.ry2)
        let misfit = squares - (ax * all.rx2 + bx * all.rx1 + cx * all.rx0) - (ay * all.ry2 + by * all.ry1 + cy * all.ry0)
        // max(0, misfit) as the scalar arithmetic takes it (a NaN becomes 0).
        let together = (SIMD4<Double>(repeating: 0).replacing(with: misfit, where: misfit .>= 0) / Double(count)).squareRoot()
        // Lanes chosen by masks, not one by one: writing a lane and reading the whole vector
        // back stalls the processor at every lane.
        let magnitude = det.replacing(with: -det, where: det .< 0), scale = s4 * s2 * s0
        let wellConditioned = spread > 1e-12 && hasThreeTimes
            ? all.valid .& (magnitude .> 1e-12 * scale.replacing(with: -scale, where: scale .< 0))
            : SIMDMask(repeating: false)
        var result = SIMD4<Double>(repeating: .infinity).replacing(with: together, where: wellConditioned)
        let others = all.valid .& .!wellConditioned
        if any(others) {
            for j in 0..<4 where others[j] {
                result[j] = solve(k[j], s0[j], s1[j], s2[j], s3[j], s4[j], all.rx0[j], all.rx1[j], all.rx2[j],
                                  all.ry0[j], all.ry1[j], all.ry2[j])?.rms ?? .infinity
            }
        }
        return result
    }

    private func solve(_ k: Double, _ s0: Double, _ s1: Double, _ s2: Double, _ s3: Double, _ s4: Double,
                       _ rx0: Double, _ rx1: Double, _ rx2: Double,
                       _ ry0: Double, _ ry1: Double, _ ry2: Double) -> Found? {
        // Coefficients in s, for x and y; Σ w·(v − fit)² = Σ w·v² − coefficients · right-hand sides.
        func solved(_ r0: Double, _ r1: Double, _ r2: Double) -> (Double, Double, Double) {
            if spread > 1e-12 {
                if hasThreeTimes, let found = solve3(SIMD4(s4, s3, s2, r2), SIMD4(s3, s2, s1, r1), SIMD4(s2, s1, s0, r0)) {
                    return found
                }
                let det = s2 * s0 - s1 * s1
                if abs(det) > 1e-12 * max(1, s2 * s0) { return (0, (r1 * s0 - s1 * r0) / det, (s2 * r0 - s1 * r1) / det) }
            }
            return (0, 0, r0 / s0)
        }
        let xs: (Double, Double, Double), ys: (Double, Double, Double)
        // The moment matrix is symmetric and, in the centred and scaled time, well conditioned:
        // its inverse from cofactors (one division) solves for x and y at once.
        let c00 = s2 * s0 - s1 * s1, c01 = s1 * s2 - s3 * s0, c02 = s3 * s1 - s2 * s2
        let c11 = s4 * s0 - s2 * s2, c12 = s2 * s3 - s4 * s1, c22 = s4 * s2 - s3 * s3
        let det = s4 * c00 + s3 * c01 + s2 * c02
        if spread > 1e-12, hasThreeTimes, abs(det) > 1e-12 * abs(s4 * s2 * s0) {
            let inverse = 1 / det
            func solution(_ r0: Double, _ r1: Double, _ r2: Double) -> (Double, Double, Double) {
                ((c00 * r2 + c01 * r1 + c02 * r0) * inverse, (c01 * r2 + c11 * r1 + c12 * r0) * inverse,
                 (c02 * r2 + c12 * r1 + c22 * r0) * inverse)
            }
            (xs, ys) = (solution(rx0, rx1, rx2), solution(ry0, ry1, ry2))
        } else {
            (xs, ys) = (solved(rx0, rx1, rx2), solved(ry0, ry1, ry2))
        }
        let (ax, bx, cx) = xs, (ay, by, cy) = ys
        let misfit = squares - (ax * rx2 + bx * rx1 + cx * rx0) - (ay * ry2 + by * ry1 + cy * ry0)
        // Back to t, and the first point's position added back: (p − p₀)·(1 + k·t) = N′(t)
        // makes N(t) = N′(t) + p₀·(1 + k·t).
        func numerator(_ a: Double, _ b: Double, _ c: Double, offset: Double) -> Quadratic {
            let d = spread > 1e-12 ? spread : 1, m = spread > 1e-12 ? mean : 0
            return Quadratic(a: a / (d * d), b: b / d - 2 * a * m / (d * d) + offset * k,
                             c: a * m * m / (d * d) - b * m / d + c + offset)
        }
        return (k, numerator(ax, bx, cx, offset: x0), numerator(ay, by, cy, offset: y0),
                (max(0, misfit) / Double(count)).squareRoot())
    }

    /// The grid's 41 values of k·span, the same for every fit: worked out once, not for each (a
    /// fit is made for hundreds of chains a frame in clutter).
    static let gridDepthChanges: [Double] = {
        let lowest = log(0.1), highest = log(21.0)
        return (0...40).map { i in exp(lowest + (highest - lowest) * Double(i) / 40) - 1 }
    }()

    /// k·span from −0.9 (depth shrinking to a tenth) to 20 (growing twentyfold), searched on a
    /// logarithmic grid of 1 + k·span, then refined around the best.
    func best(span: Double) -> Found? {
        // The best k so far and its misfit; the first of equal misfits is kept.
        var bestK = 0.0, bestRMS = Double.infinity
        // The grid four k at a time, considered in order.
        func gridK(_ i: Int) -> Double { Self.gridDepthChanges[min(i, 40)] / span }
        for i in stride(from: 0, through: 40, by: 4) {
            let k = SIMD4(gridK(i), gridK(i + 1), gridK(i + 2), gridK(i + 3))
            let rms = misfits(k)
            for j in 0..<4 where i + j <= 40 && rms[j] < bestRMS { (bestK, bestRMS) = (k[j], rms[j]) }
        }
        guard bestRMS < .infinity else { return nil }
        // Refined by splitting the bracket in five at four points, fitted at once, and keeping
        // the two fifths either side of the best: six rounds narrow it as far as twelve of a
        // ternary search.
        var low = (1 + bestK * span) / 1.3, high = (1 + bestK * span) * 1.3
        for _ in 0..<6 {
            let step = (high - low) / 5
            let g = SIMD4(low + step, low + 2 * step, low + 3 * step, low + 4 * step)
            let rms = misfits((g - 1) / span)
            var best = 0
            for j in 1..<4 where rms[j] < rms[best] { best = j }
            (low, high) = (g[best] - step, g[best] + step)
        }
        let refined = ((low + high) / 2 - 1) / span
        if let found = fit(refined), found.rms < bestRMS { return found }
        return fit(bestK)
    }
}

/// v = a·u² + b·u + c.
package struct Quadratic: Sendable, Hashable, Codable {
    package var a: Double
    package var b: Double
    package var c: Double

    package init(a: Double, b: Double, c: Double) {
        self.a = a
        self.b = b
        self.c = c
    }

    package func callAsFunction(_ u: Double) -> Double { (a * u + b) * u + c }

    /// dv/du at `u`.
    package func slope(at u: Double) -> Double { 2 * a * u + b }

    /// Least-squares fit of `v` against `u`, optionally weighted.
    ///
    /// `u` is centred and scaled before solving, so that clip times in seconds or positions in
    /// pixels give the same accuracy. With fewer than three distinct `u` values (or values so
    /// close that the curvature is not determined) the fit falls back to a line, then to a
    /// constant: a nearly vertical toss still gets a usable equation. Nil only for no points.
    package static func fit(u: [Double], v: [Double], weights: [Double]? = nil) -> Quadratic? {
        precondition(u.count == v.count, "u and v must have the same count")
        return QuadraticPair.fit(u.indices, u: { u[$0] }, x: { v[$0] }, y: { _ in 0 }, weight: { weights?[$0] ?? 1 })?.x
    }

    /// How far a least-squares quadratic through points at `us` may be off at `u`, in units of
    /// the points' own scatter: the standard error of its value there, √(xᵀ(XᵀX)⁻¹x) for
    /// x = (u², u, 1). Below 1 among the points; carried beyond them it grows fast (ten points
    /// a frame apart, carried ten frames back from the first: about 9). Nil for fewer than
    /// three distinct `us`.
    package static func predictionSpread(fittedAt us: some Collection<Double>, at u: Double) -> Double? {
        guard us.count >= 3 else { return nil }
        let n = Double(us.count)
        let mean = us.reduce(0, +) / n
        let spread = (us.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot()
        guard spread > 1e-12 else { return nil }
        // In s = (u - mean) / spread, as the fit itself is solved.
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        for value in us {
            let t = (value - mean) / spread, t2 = t * t
            s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
        }
        let t = (u - mean) / spread
        guard let z = solve3(SIMD4(s4, s3, s2, t * t), SIMD4(s3, s2, s1, t), SIMD4(s2, s1, n, 1)) else { return nil }
        return max(0, t * t * z.0 + t * z.1 + z.2).squareRoot()
    }

    /// Root-mean-square of v - fit(u).
    package func rmsResidual(u: [Double], v: [Double]) -> Double {
        guard !u.isEmpty else { return 0 }
        let sum = zip(u, v).reduce(0) { partial, pair in
            let e = pair.1 - self(pair.0)
            return partial + e * e
        }
        return (sum / Double(u.count)).squareRoot()
    }
}

/// Two quadratics in the same variable fitted by weighted least squares at once (x(t) and y(t)
/// of a path): their normal equations share one matrix. It reads the points through closures,
/// so fits that run for every chain in every frame build no arrays.
enum QuadraticPair {
    static func fit<C: Collection>(_ items: C, u: (C.Element) -> Double, x: (C.Element) -> Double,
                                   y: (C.Element) -> Double, weight: (C.Element) -> Double) -> (x: Quadratic, y: Quadratic)? {
        // First pass: the weighted mean of u, and whether three distinct values occur.
        var totalWeight = 0.0, uSum = 0.0
        var first = Double.nan, second = Double.nan, distinct = 0
        for item in items {
            let w = weight(item), value = u(item)
            totalWeight += w
            uSum += w * value
            if distinct == 0 { first = value; distinct = 1 }
            else if distinct == 1, value != first { second = value; distinct = 2 }
            else if distinct == 2, value != first, value != second { distinct = 3 }
        }
        guard distinct > 0, totalWeight > 0 else { return nil }
        let mean = uSum / totalWeight
        var variance = 0.0
        for item in items {
            let d = u(item) - mean
            variance += weight(item) * d * d
        }
        let spread = (variance / totalWeight).squareRoot()
        // Sums of the normal equations in s = (u - mean) / spread: s0…s4 of powers, r0…r2 of x
        // and of y.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x0 = 0.0, x1 = 0.0, x2 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        let inverseSpread = spread > 1e-12 ? 1 / spread : 0
        for item in items {
            let s = (u(item) - mean) * inverseSpread, w = weight(item), vx = x(item), vy = y(item)
            let ws = w * s, ws2 = ws * s
            s0 += w; s1 += ws; s2 += ws2; s3 += ws2 * s; s4 += ws2 * s * s
            x0 += w * vx; x1 += ws * vx; x2 += ws2 * vx
            y0 += w * vy; y1 += ws * vy; y2 += ws2 * vy
        }
        guard spread > 1e-12 else {
            return (Quadratic(a: 0, b: 0, c: x0 / s0), Quadratic(a: 0, b: 0, c: y0 / s0))
        }
        // Back to u: v = A·s² + B·s + C with s = (u - m)/d.
        func back(_ scaled: (Double, Double, Double)) -> Quadratic {
            let (A, B, C) = scaled, d = spread, m = mean
            return Quadratic(a: A / (d * d), b: B / d - 2 * A * m / (d * d), c: A * m * m / (d * d) - B * m / d + C)
        }
        if distinct >= 3, let both = solve3((SIMD4(s4, s3, s2, 0), SIMD4(s3, s2, s1, 0), SIMD4(s2, s1, s0, 0)),
                                            SIMD3(x2, x1, x0), SIMD3(y2, y1, y0)) {
            return (back(both.first), back(both.second))
        }
        // Fewer than three distinct u, or the curvature not determined: the line through the
        // weighted points (s2·b + s1·c = r1, s1·b + s0·c = r0), or their mean.
        func line(_ r0: Double, _ r1: Double) -> Quadratic {
            let det = s2 * s0 - s1 * s1
            guard abs(det) > 1e-12 * max(1, s2 * s0) else { return Quadratic(a: 0, b: 0, c: r0 / s0) }
            return back((0, (r1 * s0 - s1 * r0) / det, (s2 * r0 - s1 * r1) / det))
        }
        return (line(x0, x1), line(y0, y1))
    }
}

/// Solves a 3×3 linear system, rows given as (a, b, c | right-hand side), by Gaussian
/// elimination with partial pivoting; nil when singular.
func solve3(_ row0: SIMD4<Double>, _ row1: SIMD4<Double>, _ row2: SIMD4<Double>) -> (Double, Double, Double)? {
    var rows = (row0, row1, row2)
    func largest(_ r: SIMD4<Double>) -> Double { max(abs(r[0]), abs(r[1]), abs(r[2])) }
    let scale = max(largest(row0), largest(row1), largest(row2))
    guard scale > 0 else { return nil }
    func row(_ i: Int) -> SIMD4<Double> { i == 0 ? rows.0 : i == 1 ? rows.1 : rows.2 }
    func set(_ i: Int, _ value: SIMD4<Double>) {
        if i == 0 { rows.0 = value } else if i == 1 { rows.1 = value } else { rows.2 = value }
    }
    for col in 0..<3 {
        var pivot = col
        for r in (col + 1)..<3 where abs(row(r)[col]) > abs(row(pivot)[col]) { pivot = r }
        guard abs(row(pivot)[col]) > 1e-10 * scale else { return nil }
        if pivot != col {
            let a = row(pivot), b = row(col)
            set(col, a)
            set(pivot, b)
        }
        let p = row(col)
        for r in (col + 1)..<3 { set(r, row(r) - (row(r)[col] / p[col]) * p) }
    }
    let z = rows.2[3] / rows.2[2]
    let y = (rows.1[3] - rows.1[2] * z) / rows.1[1]
    let x = (rows.0[3] - rows.0[1] * y - rows.0[2] * z) / rows.0[0]
    return (x, y, z)
}

/// ``solve3(_:_:_:)`` for two right-hand sides at once (a path's x and y share the matrix):
/// the same elimination, step for step, so the same two solutions, for the cost of one.
func solve3(_ matrix: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), _ first: SIMD3<Double>, _ second: SIMD3<Double>)
    -> (first: (Double, Double, Double), second: (Double, Double, Double))? {
    /// A row (a, b, c | first | second).
    struct Row {
        var a, b, c, u, v: Double
        func minus(_ factor: Double, _ p: Row) -> Row {
            Row(a: a - factor * p.a, b: b - factor * p.b, c: c - factor * p.c, u: u - factor * p.u, v: v - factor * p.v)
        }
        var largest: Double { max(abs(a), abs(b), abs(c)) }
    }
    var r0 = Row(a: matrix.0[0], b: matrix.0[1], c: matrix.0[2], u: first[0], v: second[0])
    var r1 = Row(a: matrix.1[0], b: matrix.1[1], c: matrix.1[2], u: first[1], v: second[1])
    var r2 = Row(a: matrix.2[0], b: matrix.2[1], c: matrix.2[2], u: first[2], v: second[2])
    let scale = max(r0.largest, r1.largest, r2.largest)
    guard scale > 0 else { return nil }
    // Column 0: the largest of three pivots, as in `solve3`.
    var pivot = 0
    if abs(r1.a) > abs(r0.a) { pivot = 1 }
    if abs(r2.a) > abs(pivot == 0 ? r0.a : r1.a) { pivot = 2 }
    if pivot == 1 { swap(&r0, &r1) } else if pivot == 2 { swap(&r0, &r2) }
    guard abs(r0.a) > 1e-10 * scale else { return nil }
    // (x − f·p) lane by lane, as `solve3` subtracts a scaled pivot row.
    r1 = r1.minus(r1.a / r0.a, r0)
    r2 = r2.minus(r2.a / r0.a, r0)
    // Column 1.
    if abs(r2.b) > abs(r1.b) { swap(&r1, &r2) }
    guard abs(r1.b) > 1e-10 * scale else { return nil }
    r2 = r2.minus(r2.b / r1.b, r1)
    guard abs(r2.c) > 1e-10 * scale else { return nil }
    let zu = r2.u / r2.c, zv = r2.v / r2.c
    let yu = (r1.u - r1.c * zu) / r1.b, yv = (r1.v - r1.c * zv) / r1.b
    let xu = (r0.u - r0.b * yu - r0.c * zu) / r0.a, xv = (r0.v - r0.b * yv - r0.c * zv) / r0.a
    return (first: (xu, yu, zu), second: (xv, yv, zv))
}

/// v = a·u² + b·u + c.
public struct Quadratic: Sendable, Hashable, Codable {
    public var a: Double
    public var b: Double
    public var c: Double

    public init(a: Double, b: Double, c: Double) {
        self.a = a
        self.b = b
        self.c = c
    }

    public func callAsFunction(_ u: Double) -> Double { (a * u + b) * u + c }

    /// dv/du at `u`.
    public func slope(at u: Double) -> Double { 2 * a * u + b }

    /// Least-squares fit of `v` against `u`, optionally weighted.
    ///
    /// `u` is centred and scaled before solving, so that clip times in seconds or positions in
    /// pixels give the same accuracy. With fewer than three distinct `u` values (or values so
    /// close that the curvature is not determined) the fit falls back to a line, then to a
    /// constant: a nearly vertical toss still gets a usable equation. Nil only for no points.
    public static func fit(u: [Double], v: [Double], weights: [Double]? = nil) -> Quadratic? {
        precondition(u.count == v.count, "u and v must have the same count")
        guard !u.isEmpty else { return nil }
        // Weighted sums without temporary arrays: fits run for every chain in every frame.
        func weight(_ i: Int) -> Double { weights?[i] ?? 1 }
        var totalWeight = 0.0, uSum = 0.0, vSum = 0.0
        for i in u.indices {
            totalWeight += weight(i)
            uSum += weight(i) * u[i]
            vSum += weight(i) * v[i]
        }
        guard totalWeight > 0 else { return nil }
        let mean = uSum / totalWeight, vMean = vSum / totalWeight
        var variance = 0.0
        for i in u.indices { variance += weight(i) * (u[i] - mean) * (u[i] - mean) }
        let spread = (variance / totalWeight).squareRoot()
        guard spread > 1e-12 else { return Quadratic(a: 0, b: 0, c: vMean) }
        // Sums of the normal equations in s = (u - mean) / spread: s0…s4 of powers, r0…r2 of v.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0
        for i in u.indices {
            let x = (u[i] - mean) / spread, w = weight(i)
            let x2 = x * x
            s0 += w; s1 += w * x; s2 += w * x2; s3 += w * x2 * x; s4 += w * x2 * x2
            r0 += w * v[i]; r1 += w * x * v[i]; r2 += w * x2 * v[i]
        }
        let scaled: (Double, Double, Double)
        if hasThreeDistinct(u), let solved = solve3(
            SIMD4(s4, s3, s2, r2), SIMD4(s3, s2, s1, r1), SIMD4(s2, s1, s0, r0))
        {
            scaled = solved
        } else {
            // Line through the weighted points: s2·b + s1·c = r1, s1·b + s0·c = r0.
            let det = s2 * s0 - s1 * s1
            guard abs(det) > 1e-12 * max(1, s2 * s0) else { return Quadratic(a: 0, b: 0, c: vMean) }
            scaled = (0, (r1 * s0 - s1 * r0) / det, (s2 * r0 - s1 * r1) / det)
        }
        // Back to u: v = A·s² + B·s + C with s = (u - m)/d.
        let (A, B, C) = scaled
        let d = spread, m = mean
        return Quadratic(
            a: A / (d * d),
            b: B / d - 2 * A * m / (d * d),
            c: A * m * m / (d * d) - B * m / d + C)
    }

    /// Root-mean-square of v - fit(u).
    public func rmsResidual(u: [Double], v: [Double]) -> Double {
        guard !u.isEmpty else { return 0 }
        let sum = zip(u, v).reduce(0) { partial, pair in
            let e = pair.1 - self(pair.0)
            return partial + e * e
        }
        return (sum / Double(u.count)).squareRoot()
    }
}

/// Whether at least three different values occur (without hashing: fits run often).
private func hasThreeDistinct(_ values: [Double]) -> Bool {
    guard let first = values.first else { return false }
    guard let second = values.first(where: { $0 != first }) else { return false }
    return values.contains { $0 != first && $0 != second }
}

/// Solves a 3×3 linear system, rows given as (a, b, c | right-hand side), by Gaussian
/// elimination with partial pivoting; nil when singular.
private func solve3(_ row0: SIMD4<Double>, _ row1: SIMD4<Double>, _ row2: SIMD4<Double>) -> (Double, Double, Double)? {
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

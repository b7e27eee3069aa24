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
        let w = weights ?? [Double](repeating: 1, count: u.count)
        let totalWeight = w.reduce(0, +)
        guard totalWeight > 0 else { return nil }
        let mean = zip(u, w).reduce(0) { $0 + $1.0 * $1.1 } / totalWeight
        let spread = (zip(u, w).reduce(0) { $0 + $1.1 * ($1.0 - mean) * ($1.0 - mean) } / totalWeight).squareRoot()
        let vMean = zip(v, w).reduce(0) { $0 + $1.0 * $1.1 } / totalWeight
        guard spread > 1e-12 else { return Quadratic(a: 0, b: 0, c: vMean) }
        // Sums of the normal equations in s = (u - mean) / spread.
        var s = [Double](repeating: 0, count: 5)
        var r = [Double](repeating: 0, count: 3)
        for i in u.indices {
            let x = (u[i] - mean) / spread
            var power = w[i]
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += power * v[i] }
                power *= x
            }
        }
        let scaled: (Double, Double, Double)
        if let solved = solve3(
            [[s[4], s[3], s[2]], [s[3], s[2], s[1]], [s[2], s[1], s[0]]], [r[2], r[1], r[0]]),
            hasThreeDistinct(u)
        {
            scaled = solved
        } else {
            // Line through the weighted points: s2·b + s1·c = r1, s1·b + s0·c = r0.
            let det = s[2] * s[0] - s[1] * s[1]
            guard abs(det) > 1e-12 * max(1, s[2] * s[0]) else { return Quadratic(a: 0, b: 0, c: vMean) }
            scaled = (0, (r[1] * s[0] - s[1] * r[0]) / det, (s[2] * r[0] - s[1] * r[1]) / det)
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

/// Solves a 3×3 linear system by Gaussian elimination with partial pivoting; nil when singular.
private func solve3(_ matrix: [[Double]], _ rhs: [Double]) -> (Double, Double, Double)? {
    var m = matrix
    var b = rhs
    let scale = m.flatMap { $0 }.map(abs).max() ?? 0
    guard scale > 0 else { return nil }
    for col in 0..<3 {
        let pivot = (col..<3).max { abs(m[$0][col]) < abs(m[$1][col]) }!
        guard abs(m[pivot][col]) > 1e-10 * scale else { return nil }
        if pivot != col {
            m.swapAt(pivot, col)
            b.swapAt(pivot, col)
        }
        for row in (col + 1)..<3 {
            let f = m[row][col] / m[col][col]
            for k in col..<3 { m[row][k] -= f * m[col][k] }
            b[row] -= f * b[col]
        }
    }
    var x = [0.0, 0.0, 0.0]
    for row in stride(from: 2, through: 0, by: -1) {
        var sum = b[row]
        for k in (row + 1)..<3 { sum -= m[row][k] * x[k] }
        x[row] = sum / m[row][row]
    }
    return (x[0], x[1], x[2])
}

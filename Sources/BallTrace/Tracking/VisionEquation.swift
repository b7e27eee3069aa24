/// Vision's description of a flight: a parabola y = a·x² + b·x + c in normalized coordinates,
/// and the points on it nearest the last detections.
///
/// Fitting y against x directly is what Vision does, and it is right for any flight that
/// travels sideways. It is ill-posed for a nearly vertical toss: x hardly changes, so the
/// curvature is made of detection noise. There the flight is fitted in time instead (x linear,
/// y quadratic) and the parabola is the one that motion traces, y(x) with t = (x − x₀)/vₓ: a
/// steep, narrow parabola through the points, whose projected points lie on both the time fit
/// and the equation.
struct VisionEquation: Sendable, Hashable {
    enum Method: Sendable, Hashable {
        /// y against x, least squares.
        case direct
        /// From the motion in time, for a flight that barely moves sideways.
        case fromMotion(x0: Double, vx: Double, y: Quadratic)
    }

    var equation: Quadratic
    var method: Method

    /// Sideways spread, as a fraction of the vertical spread, below which y(x) is not fitted
    /// directly.
    static let degenerateSpread = 0.1
    /// Slowest sideways speed used to derive the parabola, normalized units per second: keeps
    /// the coefficients finite for a perfectly vertical toss.
    static let minimumSidewaysSpeed = 1e-3

    /// - Parameter points: (seconds from the first detection, x, y), normalized.
    init(points: [(t: Double, x: Double, y: Double)]) {
        let xs = points.map(\.x), ys = points.map(\.y), ts = points.map(\.t)
        let xSpread = standardDeviation(xs), ySpread = standardDeviation(ys)
        if xSpread >= Self.degenerateSpread * ySpread || points.count < 3,
           let direct = Quadratic.fit(u: xs, v: ys) {
            equation = direct
            method = .direct
            return
        }
        let line = linearFit(u: ts, v: xs)
        let y = Quadratic.fit(u: ts, v: ys) ?? Quadratic(a: 0, b: 0, c: ys.first ?? 0)
        var vx = line.slope
        if abs(vx) < Self.minimumSidewaysSpeed { vx = vx < 0 ? -Self.minimumSidewaysSpeed : Self.minimumSidewaysSpeed }
        let x0 = line.intercept
        // y = y.a·t² + y.b·t + y.c with t = (x − x0)/vx.
        let k = 1 / vx
        equation = Quadratic(
            a: y.a * k * k,
            b: y.b * k - 2 * y.a * k * k * x0,
            c: y.a * k * k * x0 * x0 - y.b * k * x0 + y.c)
        method = .fromMotion(x0: x0, vx: vx, y: y)
    }

    /// The points of the fitted path for detections at (t, x): on the parabola at x when it was
    /// fitted directly, at time t on the motion otherwise.
    func projected(_ detections: [(t: Double, x: Double)]) -> [NormalizedPoint] {
        switch method {
        case .direct:
            return detections.map { NormalizedPoint(x: $0.x, y: equation($0.x)) }
        case let .fromMotion(x0, vx, y):
            return detections.map { NormalizedPoint(x: x0 + vx * $0.t, y: y($0.t)) }
        }
    }
}

private func standardDeviation(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let mean = values.reduce(0, +) / Double(values.count)
    return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
}

/// Least-squares line v = slope·u + intercept (a constant when u does not vary).
private func linearFit(u: [Double], v: [Double]) -> (slope: Double, intercept: Double) {
    let n = Double(u.count)
    guard n > 0 else { return (0, 0) }
    let mu = u.reduce(0, +) / n, mv = v.reduce(0, +) / n
    let suu = u.reduce(0) { $0 + ($1 - mu) * ($1 - mu) }
    guard suu > 1e-18 else { return (0, mv) }
    let suv = zip(u, v).reduce(0) { $0 + ($1.0 - mu) * ($1.1 - mv) }
    let slope = suv / suu
    return (slope, mv - slope * mu)
}

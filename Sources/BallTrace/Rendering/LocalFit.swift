/// x and y as parabolas in time, least squares over a window of detections, time counted from
/// the detection the window is centred on (a straight line when the window has two points): the
/// broadcast tracer's curve (``FlightCurve``) and the shot report's speeds (``ShotFlightSeries``)
/// are made of these.
struct LocalFit {
    let origin: Double
    let x: (Double, Double, Double)
    let y: (Double, Double, Double)

    init(_ d: [(time: Double, point: PixelPoint)], around i: Int, window: Int) {
        let w = min(window, d.count)
        let low = min(max(0, i - w / 2), d.count - w)
        let slice = d[low..<(low + w)]
        origin = d[i].time
        let ts = slice.map { $0.time - d[i].time }
        x = LocalFit.fit(ts, slice.map(\.point.x), fallback: d[i].point.x)
        y = LocalFit.fit(ts, slice.map(\.point.y), fallback: d[i].point.y)
    }

    func position(at time: Double) -> PixelPoint {
        let t = time - origin
        return PixelPoint(x: x.0 + x.1 * t + x.2 * t * t, y: y.0 + y.1 * t + y.2 * t * t)
    }

    /// Pixels per second along x and y at `time`: the fit's slope, which smooths the detections'
    /// jitter where differences of neighbouring detections would multiply it by the frame rate.
    func velocity(at time: Double) -> (x: Double, y: Double) {
        let t = time - origin
        return (x.1 + 2 * x.2 * t, y.1 + 2 * y.2 * t)
    }

    /// c0 + c1·t + c2·t² through the values; the line, or the value itself, when too few times differ.
    private static func fit(_ t: [Double], _ v: [Double], fallback: Double) -> (Double, Double, Double) {
        var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        for (ti, vi) in zip(t, v) {
            var p = 1.0
            for k in 0..<5 {
                s[k] += p
                if k < 3 { r[k] += p * vi }
                p *= ti
            }
        }
        let det = s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2]) + s[2] * (s[1] * s[3] - s[2] * s[2])
        let scale = max(1e-30, s[4] * s[4])
        if t.count >= 3, abs(det) > 1e-12 * scale * s[0] {
            let c0 = (r[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (r[1] * s[4] - s[3] * r[2]) + s[2] * (r[1] * s[3] - s[2] * r[2])) / det
            let c1 = (s[0] * (r[1] * s[4] - s[3] * r[2]) - r[0] * (s[1] * s[4] - s[3] * s[2]) + s[2] * (s[1] * r[2] - r[1] * s[2])) / det
            let c2 = (s[0] * (s[2] * r[2] - r[1] * s[3]) - s[1] * (s[1] * r[2] - r[1] * s[2]) + r[0] * (s[1] * s[3] - s[2] * s[2])) / det
            return (c0, c1, c2)
        }
        let lineDet = s[0] * s[2] - s[1] * s[1]
        if t.count >= 2, abs(lineDet) > 1e-12 * max(1e-30, s[2] * s[2]) {
            return ((r[0] * s[2] - s[1] * r[1]) / lineDet, (s[0] * r[1] - s[1] * r[0]) / lineDet, 0)
        }
        return (fallback, 0, 0)
    }
}

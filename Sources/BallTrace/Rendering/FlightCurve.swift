/// The broadcast tracer's line for one flight: a smooth curve along its detections, in pixels
/// of the displayed picture, with the time the ball passes each point, so that the line can be
/// drawn up to where the ball is at any moment; and the predicted path beyond.
///
/// The curve is the flight's path fitted locally: around each detection, a parabola in time
/// through the nearest ``window`` detections; between two detections, the two fits blended from
/// one to the other. It follows the ball through drag and perspective, which one parabola over a
/// long flight does not, and it smooths the detections' noise, which joining them does not.
struct FlightCurve {
    /// Detections each local fit takes (fewer when the flight has fewer).
    static let window = 9

    /// Points along the curve in time order, about ``spacing`` pixels apart (the chord between two
    /// detections is cut into steps of at most that; the curve bends a little longer).
    private(set) var times: [Double] = []
    private(set) var points: [PixelPoint] = []
    /// The fitted path carried on beyond the last detection, to landing or the picture's edge.
    private(set) var predicted: [PixelPoint] = []

    var start: Double { times.first ?? 0 }
    var end: Double { times.last ?? 0 }

    /// - Parameter spacing: the longest step between points of the curve, pixels.
    init(_ t: TrajectoryObservation, frameWidth: Int, frameHeight: Int, spacing: Double = 2) {
        func pixel(_ x: Double, _ y: Double) -> PixelPoint {
            t.coordinateSystem.pixel(NormalizedPoint(x: x, y: y), frameWidth: frameWidth, frameHeight: frameHeight)
        }
        let detections = t.detectedPoints.map { (time: $0.time, point: pixel($0.x, $0.y)) }
        self.init(detections: detections, predicted: t.predictedPoints.map { pixel($0.x, $0.y) }, spacing: spacing)
    }

    init(detections: [(time: Double, point: PixelPoint)], predicted: [PixelPoint] = [], spacing: Double = 2) {
        self.predicted = predicted
        let n = detections.count
        guard n >= 2 else {
            times = detections.map(\.time)
            points = detections.map(\.point)
            return
        }
        let fits = detections.indices.map { LocalFit(detections, around: $0, window: Self.window) }
        for i in 0..<(n - 1) {
            let (t0, t1) = (detections[i].time, detections[i + 1].time)
            let chord = fits[i].position(at: t0).distance(to: fits[i + 1].position(at: t1))
            let steps = max(1, Int((chord / max(spacing, 0.1)).rounded(.up)))
            for k in 0..<steps {
                let w = Double(k) / Double(steps)
                let s = t0 + (t1 - t0) * w
                let a = fits[i].position(at: s), b = fits[i + 1].position(at: s)
                times.append(s)
                points.append(PixelPoint(x: a.x + (b.x - a.x) * w, y: a.y + (b.y - a.y) * w))
            }
        }
        times.append(detections[n - 1].time)
        points.append(fits[n - 1].position(at: detections[n - 1].time))
    }

    /// Appends to `path` the curve from the launch up to where the ball is at `time` (nothing
    /// before the launch, all of it after the last detection).
    func drawn(until time: Double, into path: inout [PixelPoint]) {
        let k = countThrough(time)
        path.append(contentsOf: points[0..<k])
        if k > 0, k < points.count { path.append(interpolated(k, time)) }
    }

    /// Appends to `path` the rest of the flight after `time`: the curve still ahead of the ball,
    /// then the predicted path.
    func remainder(after time: Double, into path: inout [PixelPoint]) {
        let k = countThrough(time)
        if k > 0, k < points.count { path.append(interpolated(k, time)) }
        path.append(contentsOf: points[max(k, 0)...])
        if k >= points.count, let last = points.last { path.append(last) }
        path.append(contentsOf: predicted)
    }

    /// How many points of the curve the ball has passed at `time`.
    func countThrough(_ time: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Between point k − 1 and point k, where the ball is at `time`.
    private func interpolated(_ k: Int, _ time: Double) -> PixelPoint {
        let (a, b) = (points[k - 1], points[k])
        let span = times[k] - times[k - 1]
        let w = span > 0 ? min(1, max(0, (time - times[k - 1]) / span)) : 1
        return PixelPoint(x: a.x + (b.x - a.x) * w, y: a.y + (b.y - a.y) * w)
    }
}

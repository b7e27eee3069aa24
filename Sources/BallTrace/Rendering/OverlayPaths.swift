/// The two paths drawn for one trajectory, in pixels of the displayed picture.
struct OverlayPaths: Sendable, Hashable {
    /// Detected ball centres, in order (drawn red).
    var detected: [PixelPoint]
    /// The fitted path over the span of the projected points (drawn green).
    var projected: [PixelPoint]
    /// Where the ball is heading beyond its last detection (drawn as a dashed green line): the
    /// fitted path until it leaves the frame or falls back to launch height. Empty unless asked.
    var predicted: [PixelPoint] = []

    init(detected: [PixelPoint], projected: [PixelPoint], predicted: [PixelPoint] = []) {
        self.detected = detected
        self.projected = projected
        self.predicted = predicted
    }

    /// Paths for a reported trajectory, back in pixels of the displayed picture: its
    /// detections, its projected points, and its prediction from the last detection on.
    init(_ t: TrajectoryObservation, frameWidth: Int, frameHeight: Int) {
        func pixels(_ points: [(x: Double, y: Double)]) -> [PixelPoint] {
            points.map { t.coordinateSystem.pixel(NormalizedPoint(x: $0.x, y: $0.y), frameWidth: frameWidth, frameHeight: frameHeight) }
        }
        let detected = pixels(t.detectedPoints.map { ($0.x, $0.y) })
        let ahead = pixels(t.predictedPoints.map { ($0.x, $0.y) })
        self.init(detected: detected, projected: pixels(t.projectedPoints.map { ($0.x, $0.y) }),
                  predicted: ahead.isEmpty ? [] : [detected[detected.count - 1]] + ahead)
    }

    /// A polyline cut into dashes of `dash` pixels separated by gaps as long: each dash is drawn
    /// as a polyline of its own.
    static func dashes(_ points: [PixelPoint], dash: Double) -> [[PixelPoint]] {
        guard points.count >= 2, dash > 0 else { return [] }
        var result: [[PixelPoint]] = []
        var current: [PixelPoint] = [points[0]]
        var drawing = true, left = dash
        for (a, b) in zip(points, points.dropFirst()) {
            var start = a
            var remaining = start.distance(to: b)
            while remaining > left {
                let f = left / remaining
                let cut = PixelPoint(x: start.x + (b.x - start.x) * f, y: start.y + (b.y - start.y) * f)
                if drawing { current.append(cut); result.append(current) }
                current = [cut]
                drawing.toggle()
                remaining -= left
                left = dash
                start = cut
            }
            left -= remaining
            if drawing { current.append(b) }
        }
        if drawing && current.count >= 2 { result.append(current) }
        return result
    }
}

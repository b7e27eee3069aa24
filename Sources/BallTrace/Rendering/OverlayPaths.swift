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

    /// Paths for a track: the detections, and the fitted parabola y(x) sampled over the last
    /// five detections — or, when those hardly move sideways (a vertical toss), the fit in time.
    init(track: Track, samples: Int = 24) {
        detected = track.points.map(\.position)
        let recent = Array(track.points.suffix(5))
        let xs = track.points.map(\.position.x), ys = track.points.map(\.position.y)
        let recentX = recent.map(\.position.x)
        let xSpan = (recentX.max() ?? 0) - (recentX.min() ?? 0)
        if xSpan >= 1, let parabola = Quadratic.fit(u: xs, v: ys) {
            let x0 = recent[0].position.x, x1 = recent[recent.count - 1].position.x
            projected = (0...samples).map { i in
                let x = x0 + (x1 - x0) * Double(i) / Double(samples)
                return PixelPoint(x: x, y: parabola(x))
            }
        } else if let motion = MotionFit(track.points) {
            let t0 = recent[0].time, t1 = recent[recent.count - 1].time
            projected = (0...samples).map { motion.position(at: t0 + (t1 - t0) * Double($0) / Double(samples)) }
        } else {
            projected = []
        }
    }

    /// The paths, with the prediction from the whole track's fit (in depth when it was seen so).
    init(track: Track, frameWidth: Int, frameHeight: Int, frameInterval: Double) {
        self.init(track: track)
        guard frameInterval > 0, let fit = MotionFit(track.points) else { return }
        let path = track.isSeenInDepth ? PerspectiveFit(track.points).map(FlightPath.depth) ?? .picture(fit) : .picture(fit)
        let ahead = PathPrediction.extend(path, from: track.last, launchHeight: track.points[0].position.y,
                                          interval: frameInterval, frameWidth: frameWidth, frameHeight: frameHeight)
        predicted = ahead.isEmpty ? [] : [track.last.position] + ahead.map(\.position)
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

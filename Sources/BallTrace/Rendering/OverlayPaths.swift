/// The two paths drawn for one trajectory, in pixels of the displayed picture.
public struct OverlayPaths: Sendable, Hashable {
    /// Detected ball centres, in order (drawn red).
    public var detected: [PixelPoint]
    /// The fitted path over the span of the projected points (drawn green).
    public var projected: [PixelPoint]

    /// Paths for a track: the detections, and the fitted parabola y(x) sampled over the last
    /// five detections — or, when those hardly move sideways (a vertical toss), the fit in time.
    public init(track: Track, samples: Int = 24) {
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
}

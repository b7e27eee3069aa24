import BallTrace

/// One thing in a scene that does not move (a backboard, a rim, a net, a pole). An item in the
/// background is painted once behind everything; an item in front is drawn over the balls in
/// every frame, hides what it covers, and the truth marks the ball hidden or clipped there.
package struct SceneryItem: Sendable, Hashable, Codable {
    package enum Shape: Sendable, Hashable, Codable {
        case rect(PixelRect)
        case polygon([PixelPoint])
        /// A straight stroke of `thickness` pixels with round ends.
        case segment(PixelPoint, PixelPoint, thickness: Double)
        case disc(PixelPoint, radius: Double)
    }

    package var shape: Shape
    package var colour: RGBColour
    /// Drawn over the balls (and hiding them) rather than behind everything.
    package var inFront: Bool

    package init(_ shape: Shape, colour: RGBColour, inFront: Bool = false) {
        self.shape = shape
        self.colour = colour
        self.inFront = inFront
    }

    func draw(on canvas: Canvas) {
        switch shape {
        case let .rect(r):
            canvas.polygon([PixelPoint(x: r.x, y: r.y), PixelPoint(x: r.x + r.width, y: r.y),
                            PixelPoint(x: r.x + r.width, y: r.y + r.height), PixelPoint(x: r.x, y: r.y + r.height)], colour)
        case let .polygon(points): canvas.polygon(points, colour)
        case let .segment(a, b, thickness): canvas.line(a, b, thickness: thickness, colour)
        case let .disc(centre, radius): canvas.circle(centre, radius: radius, colour)
        }
    }

    /// The rectangle the item covers.
    var bounds: PixelRect {
        switch shape {
        case let .rect(r): return r
        case let .polygon(points):
            let xs = points.map(\.x), ys = points.map(\.y)
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return PixelRect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
        case let .segment(a, b, thickness):
            let t = thickness / 2
            return PixelRect(x: min(a.x, b.x) - t, y: min(a.y, b.y) - t, width: abs(a.x - b.x) + 2 * t, height: abs(a.y - b.y) + 2 * t)
        case let .disc(c, r): return PixelRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        }
    }

    /// Whether the item covers `point`.
    func covers(_ point: PixelPoint) -> Bool {
        switch shape {
        case let .rect(r): return r.contains(point)
        case let .polygon(points): return polygonContains(points, point)
        case let .segment(a, b, thickness): return distance(point, toSegment: a, b) <= thickness / 2
        case let .disc(c, r): return point.distance(to: c) <= r
        }
    }
}

/// Even-odd rule: a ray to the right crosses the outline an odd number of times from inside.
private func polygonContains(_ points: [PixelPoint], _ p: PixelPoint) -> Bool {
    var inside = false
    var j = points.count - 1
    for i in points.indices {
        let a = points[i], b = points[j]
        if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
        j = i
    }
    return inside
}

/// Distance from `p` to the segment from `a` to `b`.
func distance(_ p: PixelPoint, toSegment a: PixelPoint, _ b: PixelPoint) -> Double {
    let d = b - a, lengthSquared = d.x * d.x + d.y * d.y
    guard lengthSquared > 1e-12 else { return p.distance(to: a) }
    let t = max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / lengthSquared))
    return p.distance(to: a + d * t)
}

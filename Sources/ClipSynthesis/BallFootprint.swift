import BallTrace
import Foundation

/// What a ball covers in one frame: the capsule it sweeps during the exposure (a disc when it
/// is still), plus the half pixel its anti-aliased edge bleeds into.
struct BallFootprint {
    var from: PixelPoint
    var to: PixelPoint
    var radius: Double

    private var reach: Double { radius + 0.5 }

    /// Whether this footprint and `other` touch: their images merge into one blob.
    func touches(_ other: BallFootprint) -> Bool {
        segmentDistance(from, to, other.from, other.to) <= reach + other.reach
    }

    var bounds: PixelRect {
        PixelRect(x: min(from.x, to.x) - reach, y: min(from.y, to.y) - reach,
                  width: abs(to.x - from.x) + 2 * reach, height: abs(to.y - from.y) + 2 * reach)
    }

    /// The fraction of the footprint that `items` cover, 0…1: measured on a grid fine enough for
    /// the thinnest net string (a quarter of the radius, between a quarter pixel and two pixels)
    /// and on the outline itself, so "wholly covered" is exact to a small fraction of a pixel.
    func hiddenFraction(by items: [SceneryItem]) -> Double {
        let box = bounds
        let nearby = items.filter { $0.bounds.intersection(box) != nil }
        guard !nearby.isEmpty else { return 0 }
        let points = samples()
        let covered = points.filter { p in nearby.contains { $0.covers(p) } }.count
        return Double(covered) / Double(points.count)
    }

    /// Points inside the footprint (a grid) and on its outline.
    private func samples() -> [PixelPoint] {
        let box = bounds, step = min(2, max(0.25, radius / 4))
        var points: [PixelPoint] = []
        var y = box.y + step / 2
        while y < box.y + box.height {
            var x = box.x + step / 2
            while x < box.x + box.width {
                let p = PixelPoint(x: x, y: y)
                if distance(p, toSegment: from, to) <= reach { points.append(p) }
                x += step
            }
            y += step
        }
        let around = max(16, Int(2 * Double.pi * reach / step))
        for i in 0..<around {
            let angle = 2 * Double.pi * Double(i) / Double(around)
            let offset = PixelPoint(x: reach * cos(angle), y: reach * sin(angle))
            points.append(from + offset)
            points.append(to + offset)
        }
        let along = to - from, length = along.length
        if length > step {
            let side = along.rotated(by: .pi / 2) * (reach / length)
            for i in 1..<Int(length / step) {
                let p = from + along * (Double(i) * step / length)
                points.append(p + side)
                points.append(p - side)
            }
        }
        return points
    }
}

/// The shortest distance between the segments a0–a1 and b0–b1.
func segmentDistance(_ a0: PixelPoint, _ a1: PixelPoint, _ b0: PixelPoint, _ b1: PixelPoint) -> Double {
    func cross(_ o: PixelPoint, _ p: PixelPoint, _ q: PixelPoint) -> Double { (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x) }
    let d1 = cross(b0, b1, a0), d2 = cross(b0, b1, a1), d3 = cross(a0, a1, b0), d4 = cross(a0, a1, b1)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return 0 }
    return min(distance(a0, toSegment: b0, b1), distance(a1, toSegment: b0, b1),
               distance(b0, toSegment: a0, a1), distance(b1, toSegment: a0, a1))
}

// A ball in flight is on its own: whatever threw or struck it is left behind within a few
// frames. A head is carried along by its body, and bobs along an arc that passes for a ball's.
extension TrajectoryTracker {
    /// Share of a window's telling frames (see ``isCarriedAlong(_:)``) with a carrier beside
    /// the ball for the window to be carried: half. Measured on the detections of 372
    /// generated flights (every scenario, moving cameras too) and 146 labelled ones of the real
    /// clips (as they are, mirrored, dimmed, noisy, re-encoded): something kept its place beside
    /// the ball in at most 3 of 10 telling frames (a toss rising beside the server's body, a
    /// basketball leaving the shooter's hands), 2 on the real clips; of the 11 false
    /// trajectories in generated scenes, 9 were walkers' heads with their legs or trunk beside
    /// them in 5 to 10 of 10.
    static let carriedShare = 0.5
    /// How far from the ball, in its radii, a carrier may be: a walker's legs were 10–15 of its
    /// head's blob's radii below it.
    static let carrierReach = 16.0

    /// Whether some stretch of `trajectoryLength` points is carried along (see
    /// ``isCarriedAlong(_:)``): a flight about to be reported is judged with the points its
    /// look back found before its chain, where a head's body may show while it hid later.
    func isCarriedSomewhere(_ points: [TrackPoint]) -> Bool {
        let length = settings.trajectoryLength
        guard points.count >= length else { return false }
        return (0...(points.count - length)).contains { isCarriedAlong(points[$0..<$0 + length]) }
    }

    /// Whether something at least as large as the ball (as wide, or covering as much) moved
    /// along with it, keeping one place beside it (within twice its radius, and moving as the
    /// ball does, see ``movesAlong(_:)``), through `carriedShare` of the frames that tell: a
    /// body carrying its head, a hand carrying a ball.
    /// Seen from the first point's frame: each blob there that is within `carrierReach` radii,
    /// and farther than three (the ball's own blob, or the ball merged with another, is no
    /// carrier), is looked for at the same offset from the ball in the frames of the other
    /// points. Only frames where the ball has moved farther than that tolerance from where it
    /// was tell: before, something standing still is found there as well (a racket near a toss
    /// at its apex); and half the points at least must tell.
    func isCarriedAlong(_ points: ArraySlice<TrackPoint>) -> Bool {
        guard let firstKept = recentFrames.first?.step, points.count >= 5 else { return false }
        func kept(_ point: TrackPoint) -> KeptFrame? {
            let index = point.step - firstKept
            guard recentFrames.indices.contains(index), recentFrames[index].step == point.step else { return nil }
            return recentFrames[index]
        }
        guard let start = points.firstIndex(where: { kept($0) != nil }), let origin = kept(points[start]) else { return false }
        let radii = points.map(\.radius).sorted(), radius = radii[radii.count / 2]
        let tolerance = max(2, 2 * radius)
        let ball = points[start].position
        let telling = points[start...].filter { $0.position.distance(to: ball) > tolerance && kept($0) != nil }
        guard 2 * telling.count >= points.count else { return false }
        // The ball's own blobs' area (a point is its blob's centre; a faint spot has none).
        let areas = points.compactMap { p in kept(p)?.blobs.first { $0.center.distance(to: p.position) < 0.5 }?.area }.sorted()
        let area = areas.isEmpty ? Double.infinity : areas[areas.count / 2]
        let needed = Self.carriedShare * Double(telling.count)
        // As large as the ball: as wide, or covering as much (a walker's legs are narrower than its head).
        for carrier in origin.blobs where carrier.radius >= radius || carrier.area >= area {
            let offset = PixelPoint(x: carrier.center.x - ball.x, y: carrier.center.y - ball.y)
            let distance = carrier.center.distance(to: ball)
            // Farther than the tolerance and the ball's own radius: the ball's blob is never its own carrier.
            guard distance > tolerance + radius, distance <= Self.carrierReach * radius else { continue }
            // What was found beside the ball in each frame that found it (the nearest to where
            // the carrier would be), and where the ball was then.
            var found: [(carrier: PixelPoint, ball: PixelPoint)] = []
            var missed = 0
            for point in telling {
                let expected = PixelPoint(x: point.position.x + offset.x, y: point.position.y + offset.y)
                var nearest: (distance: Double, center: PixelPoint)?
                for blob in kept(point)?.blobs ?? [] where blob.radius >= 0.5 * carrier.radius || blob.area >= 0.5 * carrier.area {
                    let distance = blob.center.distance(to: expected)
                    if distance <= tolerance, distance < nearest?.distance ?? .infinity { nearest = (distance, blob.center) }
                }
                if let nearest { found.append((nearest.center, point.position)) } else { missed += 1 }
                if Double(telling.count - missed) < needed { break }
            }
            if Double(found.count) >= needed, Self.movesAlong(found) { return true }
        }
        return false
    }

    /// Whether what was found beside the ball moved along with it: from the first half of the
    /// frames that found it to the last half (medians of each), by the ball's own displacement
    /// within half of it. A body carrying its head does. The band of twice the ball's radius
    /// around the carrier's place also takes in what the ball passes: a thrower's body left
    /// behind, its parts one above another (legs, hips, an arm coming down) each crossing the
    /// band in turn as a large fast ball rises (a basketball of 47 px at 25 px a frame), and
    /// what is found there then stays behind, or moves some other way.
    static func movesAlong(_ found: [(carrier: PixelPoint, ball: PixelPoint)]) -> Bool {
        let n = found.count
        guard n >= 2 else { return false }
        func median(_ values: some Sequence<Double>) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : 0.5 * (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2])
        }
        func shift(_ place: ((carrier: PixelPoint, ball: PixelPoint)) -> PixelPoint) -> PixelPoint {
            let before = found[..<(n / 2)].map(place), after = found[(n - n / 2)...].map(place)
            return PixelPoint(x: median(after.map(\.x)) - median(before.map(\.x)), y: median(after.map(\.y)) - median(before.map(\.y)))
        }
        let carried = shift { $0.carrier }, ball = shift { $0.ball }
        return carried.distance(to: ball) <= movedAlongShare * ball.distance(to: PixelPoint(x: 0, y: 0))
    }

    /// How far from the ball's own displacement a carrier's may be, as a share of it (see
    /// ``movesAlong(_:)``).
    static let movedAlongShare = 0.5
}

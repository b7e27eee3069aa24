// A ball in flight is on its own: whatever threw or struck it is left behind within a few
// frames. A head is carried along by its body, and bobs along an arc that passes for a ball's.
extension TrajectoryTracker {
    /// Share of a window's points beside which a carrier was seen for the window to be carried:
    /// more than two thirds. Measured on the detections of 372 generated flights (every
    /// scenario, moving cameras too) and 146 labelled ones of the real clips (as they are,
    /// mirrored, dimmed, noisy, re-encoded): something kept its place beside the ball in at most
    /// 5 of a window's 10 frames (a toss rising beside the server's body, a basketball leaving the
    /// shooter's hands), 3 on the real clips; of 11 false trajectories in generated scenes,
    /// 7 were walkers' heads with their legs or trunk beside them in 7–10.
    static let carriedShare = 0.7
    /// How far from the ball, in its radii, a carrier may be: a walker's legs were 10–15 of its
    /// head's blob's radii below it.
    static let carrierReach = 16.0

    /// Whether something at least as large as the ball moved along with it, keeping one place
    /// beside it (within twice its radius), through `carriedShare` of these points: a body
    /// carrying its head, a hand carrying a ball. Seen from the first point's frame: each
    /// blob there that is within `carrierReach` radii, and farther than three (the ball's
    /// own blob, or the ball merged with another, is no carrier), is looked for at the same
    /// offset from the ball in the frames of the other points.
    /// Something standing still matches only while the ball is within that tolerance of where
    /// it was, and a window is judged only once the ball has travelled three radii or more
    /// (see ``BallisticTest``).
    func isCarriedAlong(_ points: [TrackPoint]) -> Bool {
        guard let firstKept = recentFrames.first?.step, points.count >= 5 else { return false }
        func kept(_ point: TrackPoint) -> KeptFrame? {
            let index = point.step - firstKept
            guard recentFrames.indices.contains(index), recentFrames[index].step == point.step else { return nil }
            return recentFrames[index]
        }
        guard let start = points.firstIndex(where: { kept($0) != nil }), let origin = kept(points[start]) else { return false }
        let radii = points.map(\.radius).sorted(), radius = radii[radii.count / 2]
        let tolerance = max(2, 2 * radius)
        let needed = Int((Self.carriedShare * Double(points.count)).rounded(.up))
        let ball = points[start].position
        for carrier in origin.blobs where carrier.radius >= radius {
            let offset = PixelPoint(x: carrier.center.x - ball.x, y: carrier.center.y - ball.y)
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            // Farther than the tolerance and the ball's own radius: the ball's blob is never its own carrier.
            guard distance > tolerance + radius, distance <= Self.carrierReach * radius else { continue }
            var beside = 0, missed = 0
            for point in points {
                let expected = PixelPoint(x: point.position.x + offset.x, y: point.position.y + offset.y)
                let found = kept(point)?.blobs.contains {
                    $0.radius >= 0.5 * carrier.radius && $0.center.distance(to: expected) <= tolerance
                } ?? false
                if found { beside += 1 } else { missed += 1 }
                if points.count - missed < needed { break }
            }
            if beside >= needed { return true }
        }
        return false
    }
}

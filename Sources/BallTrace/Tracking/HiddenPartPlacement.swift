import FoundationEssentials

/// Where a ball seen only in part is reported.
///
/// A ball passing behind a pole or a net post, or in front of a shirt as white as itself,
/// differs from what is behind it only in part: a blob far smaller than the ball, whose centre
/// lies off the ball's, on the side still seen. Whatever is seen lies inside the ball's disc,
/// so the ball's centre is within the ball's radius less the part's of that centre; where
/// within it, the flight's other detections say. Each such point is moved toward where the
/// path fitted through its neighbours on both sides (not through itself) has the ball at its
/// time, by no more than that difference of radii. Only what is reported moves: the tracker's
/// fits already leave such parts out (`Track.withoutPartialDetections`).
///
/// A detection that small which lies outside the ball's disc by the path of the whole
/// detections around it is not part of the ball at all: something small beside the path that the
/// flight took while its ball was merged with a player it passed. It is left out of what is
/// reported.
enum HiddenPartPlacement {
    /// The track with each detection of part of the ball moved toward the path, inside the
    /// ball's disc, and those that cannot be part of it left out.
    static func placed(_ track: Track) -> Track {
        let points = track.points
        guard points.count >= 5 else { return track }
        var placed = track
        var strays: [Int] = []
        for i in points.indices {
            // Between neighbours, two on each side, as a streak is placed; a part is at most
            // `Track.partialShare` of their median radius, as the fits judge one.
            guard let around = StreakPlacement.neighbours(of: i, in: points) else { continue }
            let radii = around.map(\.radius).sorted()
            let ball = radii[radii.count / 2]
            guard points[i].radius <= Track.partialShare * ball,
                  let path = StreakPlacement.path(through: around, inDepth: track.isSeenInDepth) else { continue }
            if isStray(points[i], among: around, ballRadius: ball, inDepth: track.isSeenInDepth) {
                strays.append(i)
                continue
            }
            placed.move(pointAt: i, to: place(points[i], ballRadius: ball, on: path))
        }
        placed.remove(pointsAt: strays)
        return placed
    }

    /// Whether `part` lies farther from where the whole detections among `around` (two or more
    /// on each side) have the ball than twice the ball's radius and three times their path's own
    /// misfit (2 px at least): then no part of the ball is what it shows. A part lies inside the
    /// ball's disc; the rest of the margin is the evaluation's own (a point matches the ball
    /// within twice its radius), so a part that path puts a little off is still placed, not left
    /// out.
    static func isStray(_ part: TrackPoint, among around: [TrackPoint], ballRadius: Double, inDepth: Bool) -> Bool {
        let whole = around.filter { $0.radius > Track.partialShare * ballRadius }
        guard whole.count(where: { $0.frame < part.frame }) >= 2, whole.count(where: { $0.frame > part.frame }) >= 2,
              let path = StreakPlacement.path(through: whole, inDepth: inDepth) else { return false }
        return path.position(at: part.time).distance(to: part.position) > 2 * ballRadius + max(2, 3 * path.rms)
    }

    /// The point of the disc of radius `ballRadius − part.radius` about the part's centre
    /// nearest where `path` has the ball at the part's time.
    static func place(_ part: TrackPoint, ballRadius: Double, on path: FlightPath) -> PixelPoint {
        let expected = path.position(at: part.time)
        let dx = expected.x - part.position.x, dy = expected.y - part.position.y
        let distance = (dx * dx + dy * dy).squareRoot(), reach = max(0, ballRadius - part.radius)
        guard distance > reach else { return expected }
        return PixelPoint(x: part.position.x + dx * reach / distance, y: part.position.y + dy * reach / distance)
    }
}

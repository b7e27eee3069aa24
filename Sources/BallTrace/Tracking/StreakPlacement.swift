import FoundationEssentials
import Glibc

/// Where on its streak a smeared ball is reported.
///
/// A ball fast enough to smear over the exposure is detected as a streak along its path, and
/// the blob's centre is the middle of whatever passed the foreground threshold: the whole
/// streak, only its brighter part over a textured ground, or the streak and the club head it
/// merged with at the launch. The ball's centre at the frame's time lies somewhere on the
/// streak's axis, within the streak less a ball's width at each end; where along it, the
/// flight's other detections say. Each streak point is placed where the path fitted through
/// its neighbours on both sides (not through itself) crosses the streak, kept within the
/// streak; a streak the path does not run along, or passes beside, keeps its centre.
enum StreakPlacement {
    /// Least elongation of a blob taken for a streak.
    static let streakElongation = 2.0
    /// Neighbours on each side whose path places a streak.
    static let neighbours = 4

    /// The track with each streak point moved along its streak to where the path crosses it.
    static func placed(_ track: Track) -> Track {
        let points = track.points
        guard points.contains(where: { $0.elongation >= streakElongation }) else { return track }
        var placed = track
        for i in points.indices where points[i].elongation >= streakElongation {
            guard let around = neighbours(of: i, in: points),
                  let position = place(points[i], on: path(through: around, inDepth: track.isSeenInDepth)) else { continue }
            placed.move(pointAt: i, to: position)
        }
        return placed
    }

    /// Up to ``neighbours`` points on each side of point `i` (itself left out); nil unless two or
    /// more lie on each side: a path carried beyond its points (to a launch, where perspective
    /// and drag bend it most) is not sure enough to move one.
    static func neighbours(of i: Int, in points: [TrackPoint]) -> [TrackPoint]? {
        let around = points[max(0, i - neighbours)..<min(points.count, i + neighbours + 1)].filter { $0.frame != points[i].frame }
        guard around.count(where: { $0.frame < points[i].frame }) >= 2, around.count(where: { $0.frame > points[i].frame }) >= 2
        else { return nil }
        return around
    }

    /// The path through `points`: in depth when the flight was seen so, or when a path in depth
    /// fits them closer than a parabola in the picture does; else that parabola.
    static func path(through points: [TrackPoint], inDepth: Bool) -> FlightPath? {
        let picture = MotionFit(points)
        if let depth = PerspectiveFit(points), inDepth || depth.rms < (picture?.rms ?? .infinity) { return .depth(depth) }
        return picture.map(FlightPath.picture)
    }

    /// Where, of the places a blob says its ball may have been, lies nearest `position`: for a
    /// streak, the nearest point of its axis less a ball's width at each end (the ball's centre
    /// at the frame's time lies there, see above); for any other blob, its centre.
    static func nearestPlace(to position: PixelPoint, in blob: Blob) -> PixelPoint {
        guard blob.elongation >= streakElongation else { return blob.center }
        return nearestOnAxis(to: position, center: blob.center, radius: blob.radius, elongation: blob.elongation,
                             orientation: blob.orientation)
    }

    /// The point of a streak's axis, less a ball's width at each end, nearest `position`.
    static func nearestOnAxis(to position: PixelPoint, center: PixelPoint, radius: Double, elongation: Double,
                              orientation: Double) -> PixelPoint {
        let axis = (x: cos(orientation), y: sin(orientation))
        let half = radius * (elongation - 1)
        let along = min(max((position.x - center.x) * axis.x + (position.y - center.y) * axis.y, -half), half)
        return PixelPoint(x: center.x + along * axis.x, y: center.y + along * axis.y)
    }

    /// Where the ball of a streak point was, on `path`: nil when there is no path, the path runs
    /// across the streak (more than ``BallisticTest/alignment`` off its axis), or passes beside
    /// it (farther from its axis than the streak is wide).
    static func place(_ point: TrackPoint, on path: FlightPath?) -> PixelPoint? {
        guard let path else { return nil }
        let expected = path.position(at: point.time), velocity = path.velocity(at: point.time)
        let axis = (x: cos(point.orientation), y: sin(point.orientation))
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > 0, abs(axis.x * velocity.x + axis.y * velocity.y) / speed >= cos(BallisticTest.alignment) else { return nil }
        let dx = expected.x - point.position.x, dy = expected.y - point.position.y
        guard abs(dx * axis.y - dy * axis.x) <= 2 * point.radius else { return nil }
        return nearestOnAxis(to: expected, center: point.position, radius: point.radius, elongation: point.elongation,
                             orientation: point.orientation)
    }
}

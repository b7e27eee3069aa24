import BallTrace

/// A detection paired with the truth position it matches.
package struct PointMatch: Sendable, Hashable {
    /// Index into `GroundTruth.positions`.
    package var position: Int
    /// Which trajectory, and which of its detections.
    package var trajectory: Int
    package var detection: Int
}

/// How far a detection may lie from the truth and still match it: max(4 px, 2 × the ball's
/// radius). When the labels carry no radius, the detection's own radius stands in.
package func matchingDistance(truthRadius: Double?, detectionRadius: Double) -> Double {
    max(4, 2 * (truthRadius ?? detectionRadius))
}

/// Pairs detections with truth positions of the same frame, one to one, closest pairs first,
/// within ``matchingDistance(truthRadius:detectionRadius:)``. Two trajectories on the same
/// ball in one frame cannot both match it: the second is an extra detection.
package func matchPoints(truth: GroundTruth, trajectories: [ScoredTrajectory]) -> [PointMatch] {
    let positionsByFrame = Dictionary(grouping: truth.positions.indices, by: { truth.positions[$0].frame })
    var detectionsByFrame: [Int: [(trajectory: Int, detection: Int)]] = [:]
    for (t, trajectory) in trajectories.enumerated() {
        for (d, detection) in trajectory.detections.enumerated() {
            detectionsByFrame[detection.frame, default: []].append((t, d))
        }
    }
    var matches: [PointMatch] = []
    for (frame, detections) in detectionsByFrame.sorted(by: { $0.key < $1.key }) {
        guard let positions = positionsByFrame[frame] else { continue }
        var candidates: [(distance: Double, match: PointMatch)] = []
        for p in positions {
            let position = truth.positions[p]
            for (t, d) in detections {
                let detection = trajectories[t].detections[d]
                let distance = detection.point.distance(to: position.point)
                if distance <= matchingDistance(truthRadius: position.radius, detectionRadius: detection.radius) {
                    candidates.append((distance, PointMatch(position: p, trajectory: t, detection: d)))
                }
            }
        }
        candidates.sort { ($0.distance, $0.match.trajectory, $0.match.position) < ($1.distance, $1.match.trajectory, $1.match.position) }
        var usedPositions = Set<Int>(), usedDetections = Set<[Int]>()
        for (_, match) in candidates {
            guard !usedPositions.contains(match.position), !usedDetections.contains([match.trajectory, match.detection])
            else { continue }
            usedPositions.insert(match.position)
            usedDetections.insert([match.trajectory, match.detection])
            matches.append(match)
        }
    }
    return matches
}

import Foundation

/// How well a trajectory's confidence when it was first reported says whether it is a ball:
/// Apple's samples keep trajectories above 0.9, so a true flight should be above it from its
/// first report, and a false trajectory well below (under 0.5).
package struct ConfidenceCalibration: Sendable, Hashable {
    package var trueFlights = 0
    package var trueFlightsAbove = 0
    package var falseTrajectories = 0
    package var falseTrajectoriesBelow = 0

    package static let trusted = 0.9
    package static let doubtful = 0.5

    package init() {}

    /// Adds the scored trajectories of one clip whose first-report confidence is known.
    /// Trajectories with no counted points (unlabelled frames only) are neither.
    package mutating func add(_ score: ClipScore, firstConfidence: [UUID: Double]) {
        for trajectory in score.trajectories where trajectory.points > 0 {
            guard let confidence = firstConfidence[trajectory.uuid] else { continue }
            if trajectory.isFalse {
                falseTrajectories += 1
                if confidence < Self.doubtful { falseTrajectoriesBelow += 1 }
            } else {
                trueFlights += 1
                if confidence > Self.trusted { trueFlightsAbove += 1 }
            }
        }
    }

    package var summary: String {
        "true flights above \(Self.trusted) when first reported: \(trueFlightsAbove)/\(trueFlights)"
            + (trueFlights > 0 ? String(format: " (%.0f %%)", 100 * Double(trueFlightsAbove) / Double(trueFlights)) : "")
            + "; false trajectories below \(Self.doubtful): \(falseTrajectoriesBelow)/\(falseTrajectories)"
    }
}

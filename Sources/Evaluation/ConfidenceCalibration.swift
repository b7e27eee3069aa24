import Foundation

/// How well a trajectory's confidence says whether it is a ball, when it is first reported and
/// in the finished document: Apple's samples keep trajectories above 0.9, so a true flight
/// should be above it from its first report to its end, and a false trajectory well below
/// (under 0.5).
package struct ConfidenceCalibration: Sendable, Hashable {
    package var trueFlights = 0
    package var trueFlightsAbove = 0
    package var trueFlightsAboveAtEnd = 0
    package var falseTrajectories = 0
    package var falseTrajectoriesBelow = 0
    package var falseTrajectoriesBelowAtEnd = 0
    /// The true flights doubted (at or under 0.9) when first reported or at the end, and the
    /// false trajectories trusted (at or over 0.5): clip, UUID and both confidences.
    package var misjudged: [String] = []

    package static let trusted = 0.9
    package static let doubtful = 0.5

    package init() {}

    /// Adds the scored trajectories of one clip whose confidences are known.
    /// Trajectories with no counted points (unlabelled frames only) are neither.
    package mutating func add(_ score: ClipScore, clip: String, firstConfidence: [UUID: Double], finalConfidence: [UUID: Double]) {
        for trajectory in score.trajectories where trajectory.points > 0 {
            guard let first = firstConfidence[trajectory.uuid], let final = finalConfidence[trajectory.uuid] else { continue }
            let line = String(format: "%@ %@ first %.3f, at the end %.3f", clip, String(trajectory.uuid.uuidString.prefix(8)), first, final)
            if trajectory.isFalse {
                falseTrajectories += 1
                if first < Self.doubtful { falseTrajectoriesBelow += 1 }
                if final < Self.doubtful { falseTrajectoriesBelowAtEnd += 1 }
                if first >= Self.doubtful || final >= Self.doubtful { misjudged.append("false trajectory trusted: " + line) }
            } else {
                trueFlights += 1
                if first > Self.trusted { trueFlightsAbove += 1 }
                if final > Self.trusted { trueFlightsAboveAtEnd += 1 }
                if first <= Self.trusted || final <= Self.trusted { misjudged.append("true flight doubted: " + line) }
            }
        }
    }

    package var summary: String {
        "true flights above \(Self.trusted) when first reported: \(Self.share(trueFlightsAbove, of: trueFlights)), at the end: "
            + "\(Self.share(trueFlightsAboveAtEnd, of: trueFlights)); false trajectories below \(Self.doubtful) when first reported: "
            + "\(Self.share(falseTrajectoriesBelow, of: falseTrajectories)), at the end: \(Self.share(falseTrajectoriesBelowAtEnd, of: falseTrajectories))"
    }

    private static func share(_ part: Int, of whole: Int) -> String {
        "\(part)/\(whole)" + (whole > 0 ? String(format: " (%.0f %%)", 100 * Double(part) / Double(whole)) : "")
    }
}

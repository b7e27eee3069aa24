import BallTrace
import Foundation

/// How well one clip's trajectories agree with its ground truth, by the project's definitions:
///
/// - Recall: matched truth positions (in flight, in view) / all such positions.
/// - Precision: matched detections / all detections (on sparsely labelled clips, only
///   detections in labelled frames count).
/// - A flight is found when one UUID matches at least 60% of its counted positions; UUIDs per
///   flight counts the UUIDs with 3 or more matched points on it.
/// - A false trajectory has fewer than half of its counted points matched to a ball in flight.
package struct ClipScore: Sendable, Hashable {
    package struct Flight: Sendable, Hashable {
        package var index: Int
        /// Positions recall counts for this flight.
        package var positions: Int
        /// The largest share of them one UUID matched.
        package var bestCoverage: Double
        /// UUIDs with three or more points matched on this flight.
        package var uuids: Int
        /// Frames from the first airborne frame to the first point of the UUID that covers the
        /// flight best (positive: late); nil when the labels do not give the first airborne
        /// frame or nothing covers the flight.
        package var launchError: Int?
        /// Whether the UUID that covers the flight best says it ended as the labels do (see
        /// ``ClipScore/endingAgrees(label:reason:)``); nil when the labels do not say, or
        /// nothing covers the flight.
        package var endAgrees: Bool?
        /// Points the UUID that covers the flight best took after the flight's last counted
        /// position (the ball's last frame in flight and in view): a flight followed on past a
        /// bounce, a catch or a landing, into what lay near its path. On a sparsely labelled
        /// clip these points are in unlabelled frames, where precision does not look.
        package var pointsPastEnd = 0
        package var isFound: Bool { positions > 0 && bestCoverage >= ClipScore.foundCoverage }
    }

    package struct Trajectory: Sendable, Hashable {
        package var uuid: UUID
        /// Detections that count for precision (all, or those in labelled frames).
        package var points: Int
        package var matched: Int
        package var matchedInFlight: Int
        /// Fewer than half of its counted points on a ball in flight. A trajectory with no
        /// counted point (on a sparsely labelled clip, all its points in unlabelled frames: the
        /// ball after the rim, say) is neither right nor wrong.
        package var isFalse: Bool { points > 0 && 2 * matchedInFlight < points }
    }

    package static let foundCoverage = 0.6
    package static let uuidMinimumPoints = 3
    /// How many frames a flight's first point may be off its first airborne frame.
    package static let launchTolerance = 2

    /// Whether an exit reason says what a label of how the flight ends says. A ball that leaves
    /// the picture: `left the frame`. One that bounces (off the ground or a rim): `bounced`. The
    /// clip ending on it: `clip ended`. Lost or caught: `lost`. Landed: `landed`, `lost` (a ball
    /// that lands out of sight, or too faint to be seen at rest), or `bounced` (a ball that lands
    /// often bounces first).
    package static func endingAgrees(label: String, reason: FlightExit.Reason) -> Bool {
        switch label {
        case "exit": return reason == .leftFrame
        case "bounce", "rim": return reason == .bounced
        case "end_of_clip": return reason == .clipEnded
        case "landed": return reason == .landed || reason == .lost || reason == .bounced
        case "lost", "caught": return reason == .lost
        default: return false
        }
    }

    package var countedPositions: Int
    package var matchedPositions: Int
    package var countedDetections: Int
    package var matchedDetections: Int
    package var flights: [Flight]
    package var trajectories: [Trajectory]

    /// 1 when there is nothing to find.
    package var recall: Double { countedPositions == 0 ? 1 : Double(matchedPositions) / Double(countedPositions) }
    /// 1 when nothing was detected.
    package var precision: Double { countedDetections == 0 ? 1 : Double(matchedDetections) / Double(countedDetections) }
    package var flightsFound: Int { flights.filter(\.isFound).count }
    package var falseTrajectories: Int { trajectories.filter(\.isFalse).count }
    /// Flights followed by exactly one UUID.
    package var flightsWithOneUUID: Int { flights.filter { $0.uuids == 1 }.count }
    /// The most UUIDs any flight was split into.
    package var maximumUUIDsPerFlight: Int { flights.map(\.uuids).max() ?? 0 }

    package init(truth: GroundTruth, trajectories scored: [ScoredTrajectory]) {
        let matches = matchPoints(truth: truth, trajectories: scored)
        func countsForPrecision(_ frame: Int) -> Bool {
            truth.labelling == .dense || truth.labelledFrames.contains(frame)
        }
        let counted = truth.positions.filter(\.counts)
        countedPositions = counted.count
        matchedPositions = Set(matches.map(\.position)).filter { truth.positions[$0].counts }.count
        trajectories = scored.enumerated().map { t, trajectory in
            let mine = matches.filter { $0.trajectory == t && countsForPrecision(truth.positions[$0.position].frame) }
            return Trajectory(
                uuid: trajectory.uuid,
                points: trajectory.detections.filter { countsForPrecision($0.frame) }.count,
                matched: mine.count,
                matchedInFlight: mine.filter { truth.positions[$0.position].inFlight }.count)
        }
        countedDetections = trajectories.reduce(0) { $0 + $1.points }
        matchedDetections = trajectories.reduce(0) { $0 + $1.matched }
        // A trajectory that says it continues another (the ball come back into the picture) is
        // the same flight under the same identity: counted with the one it continues.
        let flightOf = Self.continuedFlights(scored)
        flights = (0..<truth.flightCount).map { f in
            let counted = truth.countedPositions(ofFlight: f), positions = counted.count
            var coveredByUUID: [Int: Int] = [:], matchedByUUID: [Int: Int] = [:]
            for m in matches where truth.positions[m.position].flight == f {
                matchedByUUID[flightOf[m.trajectory], default: 0] += 1
                if truth.positions[m.position].counts { coveredByUUID[flightOf[m.trajectory], default: 0] += 1 }
            }
            let best = coveredByUUID.values.max() ?? 0
            // The best-covering trajectory (the lowest index among equals, for a stable answer),
            // with those that continue it.
            let bestTrajectory = coveredByUUID.filter { $0.value == best }.keys.min()
            let members = bestTrajectory.map { root in scored.indices.filter { flightOf[$0] == root } } ?? []
            let launchError = truth.firstAirborneFrames[f].flatMap { first in
                members.flatMap { scored[$0].detections.map(\.frame) }.min().map { $0 - first }
            }
            // How it ended is what the part seen last says.
            let lastPart = members.max { (scored[$0].detections.map(\.frame).max() ?? 0) < (scored[$1].detections.map(\.frame).max() ?? 0) }
            let endAgrees = truth.endings[f].flatMap { label in
                lastPart.flatMap { scored[$0].exitReason }.map { ClipScore.endingAgrees(label: label, reason: $0) }
            }
            let lastCounted = counted.map(\.frame).max()
            let pastEnd = lastCounted.map { end in members.reduce(0) { $0 + scored[$1].detections.count { $0.frame > end } } } ?? 0
            return Flight(
                index: f, positions: positions,
                bestCoverage: positions == 0 ? 0 : Double(best) / Double(positions),
                uuids: matchedByUUID.values.filter { $0 >= ClipScore.uuidMinimumPoints }.count,
                launchError: launchError, endAgrees: endAgrees, pointsPastEnd: pastEnd)
        }
    }

    /// For each trajectory, the index of the first of the trajectories it continues (itself
    /// when it continues none, or one not among them).
    package static func continuedFlights(_ scored: [ScoredTrajectory]) -> [Int] {
        let index = Dictionary(scored.enumerated().map { ($1.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        return scored.indices.map { t in
            var root = t, seen: Set<Int> = [t]
            while let earlier = scored[root].continues.flatMap({ index[$0] }), seen.insert(earlier).inserted { root = earlier }
            return root
        }
    }

    /// What the project asks of every generated scenario and every static-camera real clip.
    package struct Targets: Sendable, Hashable {
        package var recall = 0.90
        package var precision = 0.95
        package init() {}
    }

    /// The targets this score misses, each as a short phrase; empty when it meets them all.
    package func shortfalls(against targets: Targets = Targets()) -> [String] {
        var missed: [String] = []
        if recall < targets.recall { missed.append(String(format: "recall %.2f < %.2f", recall, targets.recall)) }
        if precision < targets.precision {
            missed.append(String(format: "precision %.2f < %.2f", precision, targets.precision))
        }
        let countable = flights.filter { $0.positions > 0 }
        if flightsFound < countable.count { missed.append("\(countable.count - flightsFound) of \(countable.count) flights not found") }
        let split = countable.filter { $0.uuids > 1 }.count
        if split > 0 { missed.append("\(split) flights split across several UUIDs") }
        let lateOrEarly = flights.filter { $0.isFound && abs($0.launchError ?? 0) > Self.launchTolerance }
        if !lateOrEarly.isEmpty {
            missed.append("first point " + lateOrEarly.map { String(format: "%+d", $0.launchError!) }.joined(separator: ",")
                          + " frames off the launch")
        }
        if falseTrajectories > 0 { missed.append("\(falseTrajectories) false trajectories") }
        return missed
    }
}

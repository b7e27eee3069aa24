import Foundation

/// Finds the shots of a session among the trajectories of its analysis (sight only).
///
/// Every reported trajectory that starts a flight is a shot: one that `continues` another is
/// the same ball come back into the picture and only lengthens that shot. A practice swing
/// without a ball gives no trajectory (the tracker's ballistic test turns the club head down),
/// and so no shot.
package enum ShotFinder {
    package static func shots(in trajectories: [TrajectoryObservation]) -> [Shot] {
        let continuing = Dictionary(grouping: trajectories.filter { $0.continues != nil }, by: { $0.continues! })
        let starts = trajectories.filter { $0.continues == nil }
            .sorted { ($0.events.launch.time, $0.timeRange.start) < ($1.events.launch.time, $1.timeRange.start) }
        return starts.enumerated().map { index, t in
            let later = continuations(of: t, in: continuing)
            return Shot(number: index + 1, impactTime: t.events.launch.time,
                        flightEndTime: ([t] + later).map { $0.timeRange.start + $0.timeRange.duration }.max()!,
                        trajectory: t.uuid, continuations: later.map(\.uuid),
                        launchSpeed: t.physics?.launchSpeed, launchAngle: t.physics?.launchAngle, apexHeight: t.physics?.apexHeight,
                        confidence: Double(t.confidence))
        }
    }

    /// The trajectories that continue `trajectory`, and those that continue them, in time order.
    private static func continuations(of trajectory: TrajectoryObservation,
                                      in continuing: [UUID: [TrajectoryObservation]]) -> [TrajectoryObservation] {
        var found: [TrajectoryObservation] = []
        var next = continuing[trajectory.uuid] ?? []
        var seen: Set<UUID> = [trajectory.uuid]
        while let t = next.popLast() {
            guard seen.insert(t.uuid).inserted else { continue }
            found.append(t)
            next += continuing[t.uuid] ?? []
        }
        return found.sorted { $0.timeRange.start < $1.timeRange.start }
    }
}

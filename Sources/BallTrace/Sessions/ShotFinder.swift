import Foundation

/// Finds the shots of a session among the trajectories of its analysis (sight only).
///
/// Every reported trajectory that starts a flight is a shot: one that `continues` another is
/// the same ball come back into the picture and only lengthens that shot. A practice swing
/// without a ball gives no trajectory (the tracker's ballistic test turns the club head down),
/// and so no shot.
package enum ShotFinder {
    package static func shots(in trajectories: [TrajectoryObservation]) -> [Shot] {
        let continuations = Dictionary(grouping: trajectories.filter { $0.continues != nil }, by: { $0.continues! })
        let starts = trajectories.filter { $0.continues == nil }
            .sorted { ($0.events.launch.time, $0.timeRange.start) < ($1.events.launch.time, $1.timeRange.start) }
        return starts.enumerated().map { index, t in
            Shot(number: index + 1, impactTime: t.events.launch.time,
                 flightEndTime: lastDetection(of: t, continuedBy: continuations),
                 trajectory: t.uuid,
                 launchSpeed: t.physics?.launchSpeed, launchAngle: t.physics?.launchAngle, apexHeight: t.physics?.apexHeight,
                 confidence: Double(t.confidence))
        }
    }

    /// The time of the flight's last detection, following the trajectories that continue it.
    private static func lastDetection(of trajectory: TrajectoryObservation,
                                      continuedBy continuations: [UUID: [TrajectoryObservation]]) -> Double {
        var end = trajectory.timeRange.start + trajectory.timeRange.duration
        var next = continuations[trajectory.uuid] ?? []
        var seen: Set<UUID> = [trajectory.uuid]
        while let t = next.popLast() {
            guard seen.insert(t.uuid).inserted else { continue }
            end = max(end, t.timeRange.start + t.timeRange.duration)
            next += continuations[t.uuid] ?? []
        }
        return end
    }
}

import FoundationEssentials

/// Finds the shots of a session among the trajectories of its analysis (sight only).
///
/// Every reported trajectory that starts a flight is a shot: one that `continues` another is
/// the same ball come back into the picture and only lengthens that shot. A practice swing
/// without a ball gives no trajectory (the tracker's ballistic test turns the club head down),
/// and so no shot. With a tee hint (``AnalysisSettings/tee``) only flights struck from the tee
/// are shots (a neighbour's ball flying through is not), and each one's impact is when its
/// path left the tee rather than its first detection.
package enum ShotFinder {
    package static func shots(in trajectories: [TrajectoryObservation], fromTee: Bool = false) -> [Shot] {
        let continuing = Dictionary(grouping: trajectories.filter { $0.continues != nil }, by: { $0.continues! })
        func impact(_ t: TrajectoryObservation) -> Double { t.events.impact?.time ?? t.events.launch.time }
        let starts = trajectories.filter { $0.continues == nil && (!fromTee || $0.events.impact != nil) }
            .sorted { (impact($0), $0.timeRange.start) < (impact($1), $1.timeRange.start) }
        return starts.enumerated().map { index, t in
            let later = continuations(of: t, in: continuing)
            return Shot(number: index + 1, impactTime: impact(t),
                        flightEndTime: ([t] + later).map { $0.timeRange.start + $0.timeRange.duration }.max()!,
                        trajectory: t.uuid, continuations: later.map(\.uuid),
                        launchSpeed: t.physics?.launchSpeed, launchAngle: t.physics?.launchAngle, apexHeight: t.physics?.apexHeight,
                        carry: t.physics?.carry, carryTo: t.physics?.carryTo, confidence: Double(t.confidence))
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

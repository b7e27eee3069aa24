// A ball in flight leaves the place it was seen: the next picture shows nothing of its size
// there. A chain can hop from one thing at rest to the next instead: across a range strewn with
// balls, filmed by a moving camera, each resting ball shows as a blob wherever the picture is not
// quite registered with the model, and a chain that steps from ball to ball along a row of them
// moves smoothly enough to pass for a short flight.
extension TrajectoryTracker {
    /// Whether most of a chain's detections are of things that stayed where they were: still
    /// there, of the same size, in the next analysed frame, while the chain moved on by more than
    /// twice their radius (see ``staysPut(at:radius:into:whilePathMoves:)``, the same test for the
    /// ghost a ball leaves where it rested). Judged on the detections whose next frame is still
    /// kept, three at least; more than half must stay put. A ball struck from rest leaves one
    /// such detection at most (its ghost); one flying past resting balls meets one now and then.
    func isPickedFromThingsAtRest(_ points: [TrackPoint]) -> Bool {
        var judged = 0, atRest = 0
        for (point, following) in zip(points, points.dropFirst()) {
            guard let next = recentFrames.first(where: { $0.step == point.step + 1 }) else { continue }
            judged += 1
            let travel = point.position.distance(to: following.position) / Double(max(1, following.step - point.step))
            if staysPut(at: point.position, radius: point.radius, into: next, whilePathMoves: travel) { atRest += 1 }
        }
        return judged >= Self.leastJudgedForRest && 2 * atRest > judged
    }

    /// Fewest detections with a next frame kept for ``isPickedFromThingsAtRest(_:)`` to judge.
    static let leastJudgedForRest = 3
}

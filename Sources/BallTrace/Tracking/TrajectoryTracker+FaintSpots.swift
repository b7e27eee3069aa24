extension TrajectoryTracker {
    /// Track-before-detect: a reported flight that no blob extended looks for its ball where it
    /// expects it, in the frame's difference from the background, with a much lower bar than a
    /// blob's (see `FaintSpot.cpp`). A ball flying away shrinks to a pixel and fades below the
    /// foreground threshold well before it is out of sight; a flight that has passed the
    /// ballistic test predicts it to a pixel or two, and a spot that small, that near, standing
    /// out of its surroundings' noise is that ball. A larger ball passing something that moves
    /// (an arm, a shirt) is no blob of its own either: it is looked for as a disc of its size
    /// in the foreground it merged with. Chains not yet reported get nothing: for
    /// them, a prediction is a guess, and noise near a guess is not evidence.
    mutating func extendFlightsByFaintSpots(expecting expectations: [Expectation], extended: inout [Bool], frame: Int,
                                            time: Double, in source: any FaintSpotSource) {
        for t in active.indices where active[t].isReported && !extended[t] && isInView(expectations[t]) {
            let expected = expectations[t]
            guard let spot = source.faintSpot(near: expected.center, reach: spotReach(expected), radius: expected.radius) else { continue }
            active[t].append(point(spot: spot, radius: min(spot.radius, expected.radius), frame: frame, time: time))
            extended[t] = true
        }
    }

    /// A flight's point at a spot found where it expected its ball (faint, or inside foreground
    /// it merged with), of the radius the caller gives it.
    func point(spot: Blob, radius: Double, frame: Int, time: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: time, position: spot.center, radius: radius, step: step,
                   contrast: spot.contrast, picturePosition: sceneToPicture.apply(spot.center))
    }

    /// How far from a flight's prediction its ball is looked for when no blob of its own shows
    /// it: within a ball's width of it, or the prediction's own uncertainty when that is less.
    func spotReach(_ expected: Expectation) -> Double {
        min(expected.gate, max(settings.minimumGate, 2 * expected.radius))
    }
}

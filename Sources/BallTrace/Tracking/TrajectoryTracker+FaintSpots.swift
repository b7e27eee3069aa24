extension TrajectoryTracker {
    /// Track-before-detect: a reported flight that no blob extended looks for its ball where it
    /// expects it, in the frame's difference from the background, with a much lower bar than a
    /// blob's (see `FaintSpot.cpp`). A ball flying away shrinks to a pixel and fades below the
    /// foreground threshold well before it is out of sight; a flight that has passed the
    /// ballistic test predicts it to a pixel or two, and a spot that small, that near, standing
    /// out of its surroundings' noise is that ball. Chains not yet reported get nothing: for
    /// them, a prediction is a guess, and noise near a guess is not evidence.
    mutating func extendFlightsByFaintSpots(expecting expectations: [Expectation], extended: inout [Bool], frame: Int,
                                            time: Double, in source: any FaintSpotSource) {
        for t in active.indices where active[t].isReported && !extended[t] && isInView(expectations[t]) {
            let expected = expectations[t]
            // Near the prediction only: within a ball's width of it, or the prediction's own
            // uncertainty when that is less.
            let reach = min(expected.gate, max(settings.minimumGate, 2 * expected.radius))
            guard let spot = source.faintSpot(near: expected.center, reach: reach, radius: expected.radius) else { continue }
            active[t].append(TrackPoint(
                frame: frame, time: time, position: spot.center, radius: min(spot.radius, expected.radius), step: step,
                contrast: spot.contrast, picturePosition: sceneToPicture.apply(spot.center)))
            extended[t] = true
        }
    }
}

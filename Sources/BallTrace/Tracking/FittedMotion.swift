/// The fits a track's prediction is made from: they depend on its points alone, so they are
/// worked out once each time the points change and reused at every frame until they do again.
/// A chain that missed a detection (a third of the thousand followed in clutter) is predicted
/// again from the same fits, one frame further on.
struct FittedMotion: Sendable {
    /// The long window's parabola: it sets the gate.
    var parabola: MotionFit
    /// The path in depth of a flight recognised flying toward or away from the camera, when it
    /// explains the window better than the parabola.
    var depth: PerspectiveFit?
    /// The path in depth offered as another centre for a travelling chain the parabola does not
    /// explain (or a flight in depth the parabola explains as well).
    var alternativeDepth: PerspectiveFit?
    /// The short window's parabola, for a path that bends more than a parabola.
    var short: MotionFit?
    /// The window without its newest point, when that point lies far off the others' path.
    var earlier: MotionFit?

    init?(_ track: Track, settings: TrackerSettings) {
        let points = track.points
        let window = Array(Track.withoutPartialDetections(points.suffix(settings.predictionWindow + 6))
            .suffix(settings.predictionWindow))
        guard let parabola = MotionFit(window) else { return nil }
        self.parabola = parabola
        // Once the flight has crept far away the parabola does as well, and is steadier.
        let inDepth = track.isSeenInDepth ? PerspectiveFit(window) : nil
        depth = inDepth.flatMap { $0.rms < 0.8 * parabola.rms ? $0 : nil }
        let recent = points.suffix(settings.shortPredictionWindow)
        if window.count > recent.count { short = MotionFit(recent) }
        earlier = MotionFit.withoutOutlyingNewest(window)
        // Only for a chain that travels: fitting in depth costs far more than a parabola, and
        // clutter that stays put is most of what is followed.
        if depth == nil, track.isSeenInDepth
            || (parabola.rms > 1.5 && window[0].position.distance(to: track.last.position) > settings.travellingShare * settings.shorterSide) {
            alternativeDepth = inDepth ?? PerspectiveFit(window)
        }
    }
}

/// A value kept beside a track that is not part of what the track is: two tracks with the same
/// points are equal whether or not either has worked out its fits yet. Held by reference,
/// immutable once made: a track is copied whole many times a frame (a thousand in clutter), and
/// the fits are many times its size.
struct Memo<Value: Sendable>: Sendable, Hashable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private var box: Box?

    var value: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    static func == (a: Memo, b: Memo) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

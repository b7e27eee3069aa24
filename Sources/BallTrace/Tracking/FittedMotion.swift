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
    /// The window without the last points that shrank as the ball went behind something (see
    /// ``beforeGoingBehind(_:)``), for a flight missing now.
    var beforeGoingBehind: MotionFit?

    init?(_ track: borrowing Track, settings: TrackerSettings) {
        let points = track.points
        // A flight's path is fitted to five points at least: a parabola through three of a far
        // speck's (the others left out as partial, their radii a pixel's noise) passes through
        // their noise exactly and, a frame on, leads hundreds of pixels away.
        var window = Array(Track.withoutPartialDetections(points.suffix(settings.predictionWindow + 6),
                                                          keepingAtLeast: track.isReported ? 5 : 3)
            .suffix(settings.predictionWindow))
        // The point the chain began on, when the others place it far off their path: the ball
        // at the strike, merged with the club or still at rest for part of the frame, whose
        // centre is not where the flight was at that time. It bends a young chain's parabola
        // most, at the end where it predicts least.
        if window.first == points.first, MotionFit.isOutlyingOldest(window) {
            window.removeFirst()
        }
        guard let parabola = MotionFit(window) else { return nil }
        self.parabola = parabola
        // Once the flight has crept far away the parabola does as well, and is steadier.
        let inDepth = track.isSeenInDepth ? PerspectiveFit(window) : nil
        depth = inDepth.flatMap { $0.rms < 0.8 * parabola.rms ? $0 : nil }
        let recent = points.suffix(settings.shortPredictionWindow)
        if window.count > recent.count { short = MotionFit(recent) }
        earlier = MotionFit.withoutOutlyingNewest(window)
        // Only flights bridge a hidden stretch (see `Track.prediction`): chains do not pay for it.
        if track.isReported { beforeGoingBehind = Self.beforeGoingBehind(window) }
        // Only for a chain that travels: fitting in depth costs far more than a parabola, and
        // clutter that stays put is most of what is followed.
        if depth == nil, track.isSeenInDepth
            || (parabola.rms > 1.5 && window[0].position.distance(to: track.last.position) > settings.travellingShare * settings.shorterSide) {
            alternativeDepth = inDepth ?? PerspectiveFit(window)
        }
    }
}

extension FittedMotion {
    /// The path of `window` before its last points shrank, nil when the last point did not. A
    /// ball going behind a pole, a net post or a player shows less of itself each frame, and
    /// the centre of what shows lags behind the ball's (an edge cuts it); shrinking steadily, it
    /// looks like a ball receding to `Track.withoutPartialDetections`, and those lagging centres
    /// bend the path back. Bridged over the frames the ball is hidden, that bend carries the
    /// prediction away from where it comes out. The points left out are the last ones, each
    /// smaller than the one before and all below ``hiddenShare`` of the window's median radius;
    /// at least five are kept, and no more than half the window is left out.
    static func beforeGoingBehind(_ window: [TrackPoint]) -> MotionFit? {
        guard window.count >= 6 else { return nil }
        let radii = window.map(\.radius).sorted()
        let usual = radii[radii.count / 2]
        var shrunk = 0
        while shrunk < window.count / 2 {
            let point = window[window.count - 1 - shrunk], before = window[window.count - 2 - shrunk]
            guard point.radius < hiddenShare * usual, point.radius < before.radius else { break }
            shrunk += 1
        }
        guard shrunk > 0, window.count - shrunk >= 5 else { return nil }
        return MotionFit(window.dropLast(shrunk))
    }

    /// How much of its usual size a detection of the ball may show and still count as going
    /// behind something, when it is also smaller than the one before: a ball's blob varies by a
    /// tenth or so from frame to frame, but not steadily downward.
    static let hiddenShare = 0.95
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

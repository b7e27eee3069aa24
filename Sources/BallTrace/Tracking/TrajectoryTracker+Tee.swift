extension TrajectoryTracker {
    /// With a tee hint: when a flight just reported was struck from the tee.
    ///
    /// A struck ball's first frames are often lost: merged with the club head, smeared, or
    /// broken into pieces by the threshold. Its path, fitted to its first points (those nearest
    /// the strike), is run back from its first detection through the frames still kept; if it
    /// passes within reach of the tee, the moment it is nearest is the strike, and the strike's
    /// frame is the last one taken at or before it (the last picture of the ball at rest). A
    /// path that passes nowhere near, or only longer ago than the frames kept, did not come
    /// from the tee (a neighbour's ball flying through). The tee is where the ball is seen
    /// resting in the picture: with a camera that moves, the path is compared with it in each
    /// moment's own picture. Nil without a hint.
    func impactFromTee(of flight: Track, like path: FlightPath) -> FlightMoment? {
        guard let tee = settings.tee, flight.continues == nil, let first = flight.points.first else { return nil }
        let early = Array(flight.points.prefix(settings.trajectoryLength))
        guard let fit = path.refitted(to: early) else { return nil }
        let kept = recentFrames.filter { $0.time <= first.time + 1e-9 }
        guard let oldest = kept.first, let newest = kept.last else { return nil }
        let interval = early.count >= 2 ? max(1e-3, (early[early.count - 1].time - early[0].time) / Double(early.count - 1)) : 1.0 / 30
        // Sampled an eighth of a frame apart, back to the oldest frame kept, each in the picture
        // of the frame taken last before it.
        let step = interval / 8
        var frame = kept.count - 1
        func distance(at time: Double) -> Double {
            while frame > 0 && kept[frame].time > time + 1e-9 { frame -= 1 }
            return kept[frame].sceneToPicture.apply(fit.position(at: time)).distance(to: tee)
        }
        var nearest = (distance: distance(at: first.time), time: first.time)
        var time = first.time - step
        while time >= oldest.time - step {
            let d = distance(at: time)
            if d < nearest.distance { nearest = (d, time) }
            time -= step
        }
        // Within a few radii of the tee (the ball's own size, the fit's scatter), or 2 % of the
        // picture for a ball too small to say.
        let radius = early.map(\.radius).sorted()[early.count / 2]
        let reach = max(3 * radius, 4 * fit.rms, 0.02 * settings.shorterSide)
        guard nearest.distance <= reach else { return nil }
        let struck = kept.last { $0.time <= nearest.time + 1e-9 } ?? (nearest.time >= newest.time ? newest : oldest)
        return FlightMoment(frame: struck.frame, time: nearest.time)
    }
}

extension TrajectoryTracker {
    /// Track-before-detect: a reported flight that no blob extended looks for its ball where it
    /// expects it, in the frame's difference from the background, with a much lower bar than a
    /// blob's (see `FaintSpot.cpp`). A ball flying away shrinks to a pixel and fades below the
    /// foreground threshold well before it is out of sight; a flight that has passed the
    /// ballistic test predicts it to a pixel or two, and a spot that small, that near, standing
    /// out of its surroundings' noise is that ball. A larger ball passing something that moves
    /// (an arm, a shirt) is no blob of its own either: it is looked for as a disc of its size
    /// in the foreground it merged with. And a ball that is a blob, but a weaker one than the
    /// few hundred a cluttered frame hands over (a pitch passing the batter on a hand-held
    /// camera's picture, whose every edge shows), is looked for first among the blobs the cap
    /// left out, of its size, within the same reach: a blob there is that ball as a faint spot
    /// would be. Not for a ball of a speck's size: the cap leaves out specks by the thousand,
    /// and one lies near any guess. Chains not yet reported get nothing here: for most of
    /// them a prediction is a guess, and noise near a guess is not evidence (a chain of specks
    /// seen in every frame may take one, see ``extendSpeckChainsByAFaintSpot(expecting:extended:frame:time:in:)``).
    mutating func extendFlightsByFaintSpots(expecting expectations: [Expectation], extended: inout [Bool], frame: Int,
                                            time: Double, in source: any FaintSpotSource) {
        for t in active.indices where active[t].isReported && !extended[t] && isInView(expectations[t]) {
            let expected = expectations[t]
            if expected.radius > Self.speckRadius * settings.analysisPixel,
               let blob = source.leftOutBlob(near: expected.center, reach: spotReach(expected), radius: expected.radius) {
                active[t].append(point(blob: blob, frame: frame, time: time))
            } else if let spot = faintSpot(for: active[t], expecting: expected, at: time, in: source) {
                active[t].append(point(spot: spot, radius: min(spot.radius, expected.radius), frame: frame, time: time))
            } else {
                continue
            }
            extended[t] = true
        }
    }

    /// A chain of specks not yet reported that lost its ball for a frame looks for it as a faint
    /// spot too, once: a ball far off, 2–3 px across, is found at the noise's own contrast, and
    /// compression or a moving camera's resampling hides it in one frame of a few (a range ball
    /// crossing the picture in seven frames, re-encoded, was missed in the sixth; another,
    /// filmed panning, in the eighth of its fourteen). Bridged by a gap, that frame's position
    /// is lost to the flight, and a chain with a gap is a weaker one to the rules that follow
    /// it (the panned ball's flight now starts a frame nearer its first airborne frame).
    /// Only a chain that predicts its ball as a flight does: seen in each of its last
    /// `minimumTrajectoryLength` frames, alone, a visible step a frame, specks all (a larger ball
    /// missed is more often something else taking its place, see `framesMayBeMissed(by:)`).
    /// The spot stands for the frame the chain would otherwise be let miss, no more: a chain
    /// gets one, and it is judged as it would be (the short flight's rules, the ballistic test).
    mutating func extendSpeckChainsByAFaintSpot(expecting expectations: [Expectation], extended: inout [Bool], frame: Int,
                                                time: Double, in source: any FaintSpotSource) {
        for (t, spot) in faintSpotsOfSpeckChains(expecting: expectations, extended: extended, time: time, in: source) {
            var faint = point(spot: spot, radius: min(spot.radius, expectations[t].radius), frame: frame, time: time)
            faint.isFaint = true
            active[t].append(faint)
            extended[t] = true
        }
    }

    /// A chain not yet reported that has followed a ball (larger than a speck) every frame
    /// lately, smoothly, and lost it this frame looks for it as a disc of its size inside the
    /// foreground it merged with (see ``extendFlightsByFaintSpots(expecting:extended:frame:time:in:)``),
    /// at half the ball's own contrast: a shot rising past a banner that a panning camera's
    /// pose, a pixel off, leaves outlined is one blob with the outline for a few frames, and its
    /// chain, begun on the hands that lifted it, is no flight yet (a flight is reported with
    /// `trajectoryLength` points, and the ball had six of its own). Bridged by a gap, those
    /// frames were lost to the flight for good: the frames the detector keeps are gone by the
    /// time the flight is known. A disc of foreground of the ball's size where a smooth path
    /// puts it, its ring clear, is rarely anything else; and the chain is still judged as any
    /// other before it is reported. A dull ball (an orange ball against a beige wall differs
    /// from it by 30 levels) is looked for at its own contrast, not the strongest foreground's.
    mutating func extendBallChainsByADisc(expecting expectations: [Expectation], extended: inout [Bool], frame: Int,
                                          time: Double, in source: any FaintSpotSource) {
        let largest = FaintSpotFinder.largestFaintRadius * settings.analysisPixel
        for t in active.indices where !extended[t] && !active[t].isReported && active[t].missedFrames == 0
            && expectations[t].radius > largest && isInView(expectations[t]) {
            guard let contrast = contrastOfABallFollowedSmoothly(by: active[t]),
                  let disc = source.disc(near: expectations[t].center, reach: spotReach(expectations[t]),
                                         radius: expectations[t].radius, contrast: contrast)
            else { continue }
            var looked = point(spot: disc, radius: expectations[t].radius, frame: frame, time: time)
            looked.isFaint = true
            active[t].append(looked)
            extended[t] = true
        }
    }

    /// The disc of a chain's ball inside a blob it took that is the ball merged with something
    /// it passes (the caller knows it is: `isMerged`, a ball too large to fade), when the chain
    /// has followed the ball smoothly (see ``extendBallChainsByADisc(expecting:extended:frame:time:in:)``);
    /// nil otherwise.
    func discOfABallMerged(following chain: Track, expected: Expectation, in source: any FaintSpotSource) -> Blob? {
        guard let contrast = contrastOfABallFollowedSmoothly(by: chain) else { return nil }
        return source.disc(near: expected.center, reach: spotReach(expected), radius: expected.radius, contrast: contrast)
    }

    /// The ball's contrast (the median of its last detections'), when the chain has followed
    /// one ball every frame lately: its last `minimumTrajectoryLength` detections in a row, alone,
    /// of one size (within ``mergedRadiusRatio``), each a visible step from the last, a flight
    /// to the ballistic test on their own (a head bobbing along with a walker is not), and
    /// since them no more discs in a row than a flight may miss frames. Nil otherwise.
    func contrastOfABallFollowedSmoothly(by chain: Track) -> Double? {
        let least = AnalysisSettings.minimumTrajectoryLength
        let discs = chain.points.reversed().prefix(while: \.isFaint).count
        guard discs < settings.maximumMissedFrames, chain.points.count >= least + discs else { return nil }
        let run = chain.points.dropLast(discs).suffix(least)
        guard let first = run.first, let last = chain.points.last, last.step - first.step == least + discs - 1,
              run.allSatisfy({ !$0.isCrowded && !$0.isFaint && $0.contrast > 0 }),
              zip(run, run.dropFirst()).allSatisfy({ a, b in a.position.distance(to: b.position) > settings.minimumGate })
        else { return nil }
        let smallest = run.lazy.map(\.radius).min() ?? 0, largest = run.lazy.map(\.radius).max() ?? 0
        guard smallest > 0, largest <= Self.mergedRadiusRatio * smallest, test.evaluate(Array(run), once: true).path != nil
        else { return nil }
        let contrasts = run.map(\.contrast).sorted()
        return contrasts[contrasts.count / 2]
    }

    /// The spots ``extendSpeckChainsByAFaintSpot(expecting:extended:frame:time:in:)`` gives, by
    /// chain: looked for without changing the tracker, which the chains of clutter (hundreds
    /// a frame) are then only read from, never copied.
    private func faintSpotsOfSpeckChains(expecting expectations: [Expectation], extended: [Bool], time: Double,
                                         in source: any FaintSpotSource) -> [(Int, Blob)] {
        var found: [(Int, Blob)] = []
        for t in active.indices where !extended[t] && !active[t].isReported && predictsItsSpeck(active[t])
            && isInView(expectations[t]) {
            if let spot = faintSpot(for: active[t], expecting: expectations[t], at: time, in: source) { found.append((t, spot)) }
        }
        return found
    }

    /// Whether a chain not yet reported follows a speck as closely as a flight follows its ball
    /// (see ``extendSpeckChainsByAFaintSpot(expecting:extended:frame:time:in:)``).
    func predictsItsSpeck(_ chain: Track) -> Bool {
        let least = AnalysisSettings.minimumTrajectoryLength
        guard chain.points.count >= least, chain.missedFrames == 0 else { return false }
        let recent = chain.points.suffix(least)
        guard recent.allSatisfy({ !$0.isCrowded && $0.radius <= Self.speckRadius * settings.analysisPixel }),
              zip(recent, recent.dropFirst()).allSatisfy({ a, b in
                  b.step - a.step == 1 && a.position.distance(to: b.position) > settings.minimumGate
              })
        else { return false }
        // Last: every frame, chains of clutter hundreds of points long come this far, and the
        // recent points turn nearly all of them away first.
        return !chain.points.contains(where: \.isFaint)
    }

    /// A just-confirmed flight's ball in the frames it missed that the detector still keeps,
    /// found among the blobs the cap left out there (see
    /// ``extendFlightsByFaintSpots(expecting:extended:frame:time:in:)``): its chain, not yet a
    /// flight then, could not look for it, and went on after the gap. Where the path puts the
    /// ball, within a ball's width, of its size (the median of its points on either side); not
    /// for a ball of a speck's size. A frame without one stays missed.
    func fillRecentGapsFromLeftOutBlobs(of flight: inout Track, like path: FlightPath) {
        for kept in recentFrames where kept.spots != nil && kept.step > flight.points[0].step && kept.step < flight.last.step
            && !flight.points.contains(where: { $0.step == kept.step }) {
            let around = flight.points.filter { abs($0.step - kept.step) <= 2 }.map(\.radius).sorted()
            guard !around.isEmpty else { continue }
            let radius = around[around.count / 2]
            guard radius > Self.speckRadius * settings.analysisPixel,
                  let blob = kept.spots?.leftOutBlob(near: path.position(at: kept.time), reach: max(settings.minimumGate, 2 * radius),
                                                     radius: radius)
            else { continue }
            flight.insert(TrackPoint(frame: kept.frame, time: kept.time, position: blob.center, radius: blob.radius, step: kept.step,
                                     elongation: blob.elongation, orientation: blob.orientation, contrast: blob.contrast,
                                     picturePosition: kept.sceneToPicture.apply(blob.center)))
        }
    }

    /// A flight's point at a blob of this frame that was not among those it was given.
    func point(blob: Blob, frame: Int, time: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: time, position: blob.center, radius: blob.radius, step: step,
                   elongation: blob.elongation, orientation: blob.orientation, contrast: blob.contrast,
                   picturePosition: sceneToPicture.apply(blob.center))
    }

    /// A flight's point at a spot found where it expected its ball (faint, or inside foreground
    /// it merged with), of the radius the caller gives it.
    func point(spot: Blob, radius: Double, frame: Int, time: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: time, position: spot.center, radius: radius, step: step,
                   contrast: spot.contrast, picturePosition: sceneToPicture.apply(spot.center))
    }

    /// The faint spot where the expectation places the track's ball at `time`: looked for
    /// around the main centre, and around each other centre the expectation offers a blob
    /// (see `Track.prediction`); the spot nearest the centre it was found around.
    ///
    /// The main centre is a parabola through the window, and a ball flying away slows in the
    /// picture faster than a parabola can follow (its steps shrink with depth): past the
    /// window, the parabola turns back and predicts the ball behind its last point, where the
    /// short window and the receding run's stride still place it ahead (a range ball filmed
    /// panning, 2–3 px across, missed so in two frames of sixteen). A faint spot is weaker
    /// evidence than a blob, though, and a track at a turn (a club at the top of its swing,
    /// jittering a few pixels a frame) offers centres all around its last point: a spot found
    /// around another centre is taken only where a receding ball would be, ahead of the last
    /// point along the last step, no further from it than that step's stride and no nearer
    /// than half of it (see `Track.continuesReceding(_:at:)`).
    func faintSpot(for track: Track, expecting expected: Expectation, at time: Double,
                   in source: any FaintSpotSource) -> Blob? {
        let reach = spotReach(expected)
        var nearest: (spot: Blob, distance: Double)?
        func look(around centre: PixelPoint, isMain: Bool) {
            guard let spot = source.faintSpot(near: centre, reach: reach, radius: expected.radius),
                  isMain || track.continuesReceding(spot.center, at: time)
            else { return }
            let distance = spot.center.distance(to: centre)
            if nearest.map({ distance < $0.distance }) ?? true { nearest = (spot, distance) }
        }
        look(around: expected.center, isMain: true)
        for centre in expected.alternatives { look(around: centre, isMain: false) }
        return nearest?.spot
    }

    /// How far from a flight's prediction its ball is looked for when no blob of its own shows
    /// it: within a ball's width of it, or the prediction's own uncertainty when that is less.
    func spotReach(_ expected: Expectation) -> Double {
        min(expected.gate, max(settings.minimumGate, 2 * expected.radius))
    }
}

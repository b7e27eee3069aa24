import FoundationEssentials

/// Where blobs become tracks, and tracks become trajectories.
///
/// Fed the filtered blobs of each analysed frame in order, it works in named phases: it
/// *predicts* where every track's object will be; *extends* every reported flight by gating
/// (one blob each, exclusively, else a faint spot where it expects its ball) and lets every
/// other chain take its nearest blob without exclusivity until its motion is known (a chain of
/// clutter cannot take a ball's detection away from the ball's own chain); lets a chain that
/// lost its ball *adopt* the chain that carried on from its last detection; *reviews* the
/// flights (a flight pulled upward is withdrawn or ends in a bounce); *confirms* a chain —
/// under the UUID it was born with — once its last `trajectoryLength` points pass the
/// ``BallisticTest``, and looks back for its launch; *retires* chains missed too long and
/// those that duplicate one another; and *spawns* a chain at every blob no flight took. Memory
/// is bounded by what is in view, plus the reported trajectories.
///
/// The phases live beside this file: the launch and the look back (`+Launch`), how flights end
/// (`+Endings`), faint spots (`+FaintSpots`), continuations adopted (`+Continuations`), which
/// chains are kept in clutter (`+Pruning`), what a body carries along (`+Carried`), a chain that
/// would be a flight in slow motion (`+SlowMotion`).
struct TrajectoryTracker: Sendable {
    let settings: TrackerSettings
    let test: BallisticTest
    var active: [Track] = []
    /// Reported trajectories that have ended, in the order they ended.
    var completed: [Track] = []
    /// Completed flights that ended as they came down, whose landing is told by frames still to
    /// come (see `TrajectoryTracker+Landing.swift`).
    var landingsToJudge: [UUID] = []
    /// Analysed frames so far.
    var step = 0
    /// Whether each blob of the current frame has moving neighbours, by index.
    var crowded: [Bool] = []
    /// UUIDs for new chains (see ``TrackIdentities``).
    var identities = TrackIdentities()
    /// The blobs of the last few analysed frames, to look back into when a flight is reported.
    var recentFrames: [KeptFrame] = []
    /// Chains of several points dropped lately (see `rememberDropped`), to look back into when a
    /// flight is reported, oldest first, and the analysed frame each was dropped at.
    var droppedChains: [Track] = []
    var droppedAtStep: [Int] = []
    struct KeptFrame: Sendable {
        var frame: Int
        var time: Double
        var step: Int
        var blobs: [Blob]
        var crowded: [Bool]
        var sceneToPicture: SimilarityTransform
        /// What the detector kept of the frame beyond its blobs (see `FaintSpotSource`), while it
        /// keeps it.
        var spots: (any FaintSpotSource)?
    }
    /// The longest chain lost or left that would be a flight in a slower time (see
    /// `TrajectoryTracker+SlowMotion.swift`).
    var slowedFlight: SlowedFlight?
    /// This frame's map from the scene the tracks live in to the frame's own picture.
    var sceneToPicture = SimilarityTransform.identity

    init(settings: TrackerSettings) {
        self.settings = settings
        test = BallisticTest(shorterSide: settings.shorterSide, analysisPixel: settings.analysisPixel)
    }

    /// Reported trajectories still in flight.
    var inFlight: [Track] { active.filter(\.isReported) }

    /// Every reported trajectory so far, by first detection; each without what it took after it
    /// stopped dead (see `endedAtStandstill`). Flights that start in the same frame come left to
    /// right, then top to bottom: the same clip gives the same document, whatever UUIDs it draws.
    var reported: [Track] {
        Self.markingBounces((completed + inFlight).map { endedAtStandstill($0) ?? $0 }.sorted {
            let a = $0.points[0], b = $1.points[0]
            return (a.time, a.picturePosition.x, a.picturePosition.y, $0.id.uuidString)
                < (b.time, b.picturePosition.x, b.picturePosition.y, $1.id.uuidString)
        }, gap: settings.bounceGap, length: settings.trajectoryLength)
    }

    /// Tracks being followed, reported or not (diagnostics).
    var activeTrackCount: Int { active.count }

    /// What the phases of one frame share, by index into the tracks followed at its start
    /// (flags, not hashed sets: a thousand chains and hundreds of blobs a frame in clutter).
    private struct FramePass {
        var frame: Int
        var time: Double
        var blobs: [Blob]
        /// Tracks that took a blob this frame.
        var extended: [Bool]
        /// Tracks that end this frame (withdrawn, bounced, or duplicating a reported one).
        var ended: [Bool]
        /// Blobs no reported flight took, clutter aside: chains take them, and each starts one.
        var free: [Bool]
        /// Chains of two points put out by chains of one.
        var branches: [Track] = []
    }

    /// Follows the blobs of one analysed frame.
    /// - Parameters:
    ///   - blobs: in the scene's pixels (the frame's own when the camera stands still).
    ///   - clutter: which blobs only a reported flight may take, by index (specks where specks
    ///     crowd, see ``SpeckClutter``): they start no chain and extend none. Empty: none.
    ///   - sceneToPicture: where a point of the scene lies in this frame's picture (identity for
    ///     a camera that stands still).
    ///   - faintSpots: where to look for a flight's ball that no blob showed (nil: nowhere).
    mutating func update(frame: Int, time: Double, blobs: [Blob], clutter: [Bool] = [], sceneToPicture: SimilarityTransform = .identity,
                         faintSpots: (any FaintSpotSource)? = nil) {
        remember(frame: frame, time: time, blobs: blobs, sceneToPicture: sceneToPicture, spots: faintSpots)
        if !landingsToJudge.isEmpty { judgeLandings() }
        var pass = FramePass(frame: frame, time: time, blobs: blobs, extended: [Bool](repeating: false, count: active.count),
                             ended: [Bool](repeating: false, count: active.count), free: [Bool](repeating: true, count: blobs.count))
        let expectations = predict(at: time)
        extendFlights(expecting: expectations, &pass, faintSpots: faintSpots)
        if let faintSpots { extendFlightsByFaintSpots(expecting: expectations, extended: &pass.extended, frame: frame, time: time, in: faintSpots) }
        for (b, isClutter) in clutter.enumerated() where isClutter { pass.free[b] = false }
        extendChains(expecting: expectations, &pass, faintSpots: faintSpots)
        if let faintSpots {
            extendSpeckChainsByAFaintSpot(expecting: expectations, extended: &pass.extended, frame: frame, time: time, in: faintSpots)
            extendBallChainsByADisc(expecting: expectations, extended: &pass.extended, frame: frame, time: time, in: faintSpots)
        }
        for t in active.indices where !pass.extended[t] { active[t].missedFrames += 1 }
        adoptContinuations(extended: &pass.extended, ended: &pass.ended)
        reviewFlights(&pass)
        confirmChains(&pass)
        takeUpLostFlightsWithShortChains(&pass)
        confirmChainsLeavingThePicture(extended: pass.extended, ended: &pass.ended, frame: pass.frame, time: pass.time)
        retire(pass)
        spawn(pass)
        if active.count > settings.maximumLiveChains { keepMostPromising() }
    }

    /// How many frames, the current one among them, are kept to look back into.
    static func framesKept(trajectoryLength: Int) -> Int { 2 * trajectoryLength + 1 }

    /// The frame becomes the current one, and is kept to look back into.
    private mutating func remember(frame: Int, time: Double, blobs: [Blob], sceneToPicture: SimilarityTransform,
                                   spots: (any FaintSpotSource)?) {
        step += 1
        self.sceneToPicture = sceneToPicture
        crowded = crowdedBlobs(blobs)
        recentFrames.append(KeptFrame(frame: frame, time: time, step: step, blobs: blobs, crowded: crowded,
                                      sceneToPicture: sceneToPicture, spots: spots))
        if recentFrames.count > Self.framesKept(trajectoryLength: settings.trajectoryLength) { recentFrames.removeFirst() }
    }

    /// Predict: where each track's object should be now, and how far from there it may be.
    private mutating func predict(at time: Double) -> [Expectation] {
        for t in active.indices { active[t].fitMotion(settings: settings) }
        return active.map { track -> Expectation in
            let p = track.prediction(at: time, settings: settings)
            // A ball growing in the picture is coming at the camera, where its image speeds up
            // beyond what a parabola predicts: the gate grows with it.
            let radius = track.expectedRadius()
            return Expectation(center: p.center, gate: p.gate + 2 * max(0, radius - track.recentRadius()), radius: radius,
                               alternatives: p.alternatives)
        }
    }

    /// Extend the reported flights first, one blob each: a flight keeps its ball. A flight
    /// predicted outside the picture has left it, and takes nothing that is still inside. A
    /// blob far larger than the ball is the ball merged with something it passes (an arm, a
    /// head): its centre is not the ball's, and the ball is looked for inside it, as a disc of
    /// its own size where the flight expects it (see `FaintSpot.cpp`); the blob is taken
    /// either way.
    private mutating func extendFlights(expecting expectations: [Expectation], _ pass: inout FramePass,
                                        faintSpots: (any FaintSpotSource)?) {
        let inView = active.indices.filter { active[$0].isReported && isInView(expectations[$0]) }
        for (e, b) in associateExclusively(inView.map { expectations[$0] }, pass.blobs) {
            let t = inView[e], expected = expectations[t]
            if isMerged(pass.blobs[b], with: active[t], expected),
               let ball = faintSpots?.faintSpot(near: expected.center, reach: spotReach(expected), radius: expected.radius) {
                active[t].append(point(spot: ball, radius: expected.radius, frame: pass.frame, time: pass.time))
            } else {
                active[t].append(point(b, of: pass.blobs, frame: pass.frame, time: pass.time))
            }
            pass.extended[t] = true
            pass.free[b] = false
        }
    }

    /// How much larger than the ball a blob must be to be taken for the ball merged with
    /// something else: half as large again (a ball's own blob varies by a fifth or so from
    /// frame to frame; smeared by its motion, it grows along its path, not across it).
    static let mergedRadiusRatio = 1.5

    /// Whether the blob a flight took is its ball merged with something it passes: far wider
    /// than the ball (and not the ball itself, grown), or far longer than the ball's own blobs
    /// have lately been (a falling toss joined end to end with the server's arm: as wide as the
    /// ball, twice as long). A ball's blob is as long as the ball plus its smear, which changes
    /// with its speed by a few pixels from one frame to the next, not by half. Only a ball
    /// large enough to be looked for as a disc is held to its length: a blob of a few pixels
    /// has no length to speak of.
    ///
    /// A chain not yet reported also takes a blob far more elongated than its ball's lately
    /// (half as much again) for the ball joined to something thin: a shot rising past a banner
    /// that a panning camera's pose, a pixel off, leaves outlined is one blob with the outline,
    /// whose thin lines add length to the moments only a little (84 px against the ball's 58)
    /// but narrow them by a third; taken as the ball, its centre, 50 px off, broke the chain
    /// and lost the frames the ball rose through. A ball's elongation changes with its smear,
    /// by a tenth or two a frame. Not for a reported flight: the blob it takes is the ball as
    /// often as not when it narrows (a toss falling into the hand that caught it, whose last
    /// frames a flight looking for the ball inside lost, filmed by hand).
    func isMerged(_ blob: Blob, with track: Track, _ expected: Expectation) -> Bool {
        if blob.radius > Self.mergedRadiusRatio * expected.radius { return !Self.isTheBallGrown(blob, expected) }
        guard expected.radius > FaintSpotFinder.largestFaintRadius * settings.analysisPixel, let usual = track.recentLength() else {
            return false
        }
        let growth = expected.radius / max(track.recentRadius(), 1e-9)
        if blob.length > Self.mergedRadiusRatio * usual * max(1, growth) { return true }
        guard !track.isReported, let shape = track.recentElongation() else { return false }
        return blob.elongation > Self.mergedRadiusRatio * shape
    }

    /// Whether a blob far larger than the flight's ball is that ball itself, grown faster than
    /// its recent detections said (a ball coming at the camera grows by its closing speed over
    /// its distance each frame, which near the lens is a third or more): round, and centred
    /// within half the ball's radius of where the flight expects it. A ball merged with
    /// something it passes is neither: the blob stretches toward the other thing, and its
    /// centre moves with it. Taken as it is, the ball's radius follows its growth; looked for
    /// as a disc of its old size inside, every later, larger detection would be too.
    static func isTheBallGrown(_ blob: Blob, _ expected: Expectation) -> Bool {
        blob.elongation <= grownBallElongation && blob.center.distance(to: expected.center) <= 0.5 * expected.radius
    }

    /// Largest elongation of a blob taken for a grown ball: a sphere's image, blurred and
    /// compressed, is round within a few tenths.
    static let grownBallElongation = 1.3

    /// Extend every other chain by its nearest remaining blob, shared: until a chain is known to
    /// be a ball, a chain of clutter must not be able to take the ball's detection from the
    /// ball's own chain. A chain of one point has no direction yet, so it branches to its few
    /// nearest blobs (a ball just released is nearer the hand than where it will be next).
    /// A chain that has followed a ball smoothly and takes the ball merged with something it
    /// passes looks for the ball's disc inside (see `discOfABallMerged`) and takes that; the
    /// blob stays free for the other chains.
    private mutating func extendChains(expecting expectations: [Expectation], _ pass: inout FramePass,
                                       faintSpots: (any FaintSpotSource)?) {
        let chains = active.indices.filter { !active[$0].isReported }
        let discRadius = FaintSpotFinder.largestFaintRadius * settings.analysisPixel
        forEachNearest(chains.lazy.map { expectations[$0] }, pass.blobs, available: pass.free,
                       limit: settings.branchesOfANewChain) { e, chosen in
            let t = chains[e]
            // A copy under another UUID follows another blob from here.
            func branch(to b: Int) {
                var branch = active[t].branch(as: identities.next())
                branch.append(point(b, of: pass.blobs, frame: pass.frame, time: pass.time))
                pass.branches.append(branch)
            }
            if active[t].points.count == 1 {
                for b in chosen.dropFirst() { branch(to: b) }
            } else if let ball = ballBesideAFaintSpeck(chosen, of: pass.blobs, following: active[t]) {
                branch(to: ball)
            } else if expectations[t].radius > discRadius, active[t].points.count > 2,
                      isMerged(pass.blobs[chosen[0]], with: active[t], expectations[t]), let faintSpots,
                      let disc = discOfABallMerged(following: active[t], expected: expectations[t], in: faintSpots) {
                var looked = point(spot: disc, radius: expectations[t].radius, frame: pass.frame, time: pass.time)
                looked.isFaint = true
                active[t].append(looked)
                pass.extended[t] = true
                return
            }
            active[t].append(point(chosen[0], of: pass.blobs, frame: pass.frame, time: pass.time))
            pass.extended[t] = true
        }
    }

    /// The blob a chain should also try when the one nearest its prediction is a faint speck
    /// beside it: in a compressed picture a small ball's edge rings, and a speck a few pixels off
    /// the ball, a third or a fifth of its contrast, may lie nearer where a young chain expects
    /// it than the ball does. The chain takes the nearest; a branch takes the nearest of the
    /// others (of its few nearest) that keeps at least half the contrast of the chain's last
    /// detection, when the nearest does not (``fadingShare``). Whichever follows the ball is
    /// confirmed; the other, which lost it, is not. Nil otherwise. Only for chains of three
    /// points or more: most younger ones are clutter, and a chain of one point branches to its
    /// few nearest anyway.
    private func ballBesideAFaintSpeck(_ chosen: UnsafeBufferPointer<Int>, of blobs: [Blob], following chain: Track) -> Int? {
        guard chain.points.count >= 3, chosen.count >= 2 else { return nil }
        let least = Self.fadingShare * chain.last.contrast
        guard blobs[chosen[0]].contrast < least else { return nil }
        return chosen.dropFirst().first { blobs[$0].contrast >= least }
    }

    /// The least share of its contrast a ball keeps from one frame to the next while in view
    /// (the tennis serve, re-encoded: 33–52 levels, never below two thirds of the frame before).
    static let fadingShare = 0.5

    /// Review the flights extended this frame. A reported track that turns back was not a ball
    /// after all (a club at the top of its backswing decelerates like one): it is withdrawn.
    /// Nothing pulls a ball upward: a bounce, a strike or a catch ends the flight there;
    /// anything else is a person bobbing along, not a ball: withdrawn. So is a flight that,
    /// followed longer, shows a straight slanted path: gravity does not bend it (a bird).
    /// Neither is withdrawn when it shows only in what the flight took after it was lost: it
    /// ends where it was last seen (see `endedBeforeResuming`), as does a flight picked up
    /// again after frames without its ball on nothing ahead of where it was last seen.
    private mutating func reviewFlights(_ pass: inout FramePass) {
        for t in active.indices where pass.extended[t] && active[t].isReported {
            if turnsBackOrFliesStraight(active[t]) {
                if let ended = endedBeforeResuming(active[t]) {
                    complete(ended)
                } else {
                    active[t].reportedAtFrame = nil
                }
                pass.ended[t] = true
                continue
            }
            // Something carries it along: a ball caught (its flight ends before), a head whose
            // body was hidden when it was reported (withdrawn), or the trace the ball left
            // behind, which a flight that lost the ball took and followed one step behind it.
            // Ended as lost, with no reason of its own: a flight confirmed on the ball from
            // there takes it up again (see `lostFlight(continuedBy:extended:)`).
            // Judged without small things beside the path that the flight took while its ball
            // merged with a player it passed (see `Track.withoutStrayPartialDetections`): what
            // stands beside them is that player, not a carrier of the ball.
            let recent = Track.withoutStrayPartialDetections(active[t].points.suffix(2 * settings.trajectoryLength))
            let judged = judgedWindow(of: recent)
            if judged.count >= settings.trajectoryLength, isCarriedAlong(judged[...]) {
                var ended = active[t]
                ended.dropLast(active[t].points.count { $0.time >= judged[0].time })
                if ended.points.count >= settings.trajectoryLength {
                    complete(ended)
                } else {
                    active[t].reportedAtFrame = nil
                }
                pass.ended[t] = true
                continue
            }
            // Judged without those small things too.
            let window = Array(recent.suffix(settings.trajectoryLength))
            if window.count == settings.trajectoryLength, test.isPulledUpward(window, inDepth: active[t].isSeenInDepth) {
                // A bounce, a strike on a rim, or a long flight stopped by a hand or a net ends there.
                if let ended = endedByBounceOrStrike(active[t], window: window) ?? stoppedAfterFlying(active[t])
                    ?? endedBeforeResuming(active[t]) {
                    complete(ended)
                } else if let ended = endedWhereItLostItsBall(active[t]) {
                    if let later = flightContinuing(ended, besides: t) {
                        let missed = active[later].missedFrames
                        active[later] = ended.carriedOn(keeping: ended.points.count, by: active[later].points)
                        active[later].missedFrames = missed
                    } else {
                        complete(ended)
                    }
                } else {
                    active[t].reportedAtFrame = nil
                }
                pass.ended[t] = true
                continue
            }
            // Picked up again after frames without its ball, on nothing ahead of where it was
            // last seen: what it took is what the ball met (a glove, a net), not the ball.
            let points = active[t].points
            if points.count >= 2, points[points.count - 1].step - points[points.count - 2].step > 1,
               let ended = endedBeforeResuming(active[t]) {
                complete(ended)
                pass.ended[t] = true
            }
        }
    }

    /// Confirm the chains whose judged window passes the ballistic test: each is reported, from
    /// its launch (see `TrajectoryTracker+Launch.swift`). Longest chains first: when several
    /// follow the same ball, the one that has followed it longest is reported and the others,
    /// which end on the same detection, are dropped.
    private mutating func confirmChains(_ pass: inout FramePass) {
        let ready = active.indices
            .filter { pass.extended[$0] && !active[$0].isReported && active[$0].points.count >= settings.trajectoryLength }
            .sorted { (active[$0].points.count, $1) > (active[$1].points.count, $0) }
        for t in ready where !pass.ended[t] {
            let recent = judgedWindow(of: active[t])
            var verdict = test.evaluate(recent)
            // A ball coming down from the top edge where a flight left is that flight's ball,
            // whether or not it would pass as a flight of its own (a drive that climbed out of
            // a zooming phone's picture falls back in fast and clean).
            let continued = flightComingBack(active[t].points)
            if verdict.path == nil, continued != nil {
                verdict = test.evaluate(recent, comingBack: true)
            }
            // Judged last, and only for a chain that passes as a flight: it looks through the
            // next frame's blobs for each detection.
            guard let path = verdict.path,
                  !test.fliesStraightWithoutFalling(Array(active[t].points.suffix(3 * settings.trajectoryLength))),
                  !isPickedFromThingsAtRest(recent) else { continue }
            var flight = active[t]
            flight.dropFirst(unrelatedLeadingPoints(of: flight, path: path))
            flight.prepend(earlierDetections(of: flight, like: path))
            // What other chains followed before are held to the test the chain's own first points
            // were (see `unrelatedLeadingPoints`): a hand that carried the ball to its release
            // lies on a path smooth enough to be joined to the ball's.
            let followedBefore = pointsFollowedBefore(flight)
            if !followedBefore.isEmpty {
                flight.prepend(followedBefore)
                flight.dropFirst(startPastPointsOffThePath(flight.points, from: 0, examining: followedBefore.count, like: path))
                flight.prepend(earlierDetections(of: flight, like: path))
            }
            let beforeAGap = pointsBeforeAGap(in: flight, like: path)
            if !beforeAGap.isEmpty {
                let joined = beforeAGap + detectionsInAGap(between: beforeAGap, and: flight.points, like: path)
                flight.prepend(joined)
                flight.dropFirst(startPastPointsOffThePath(flight.points, from: 0, examining: joined.count, like: path))
                flight.prepend(earlierDetections(of: flight, like: path))
            }
            fillRecentGapsFromLeftOutBlobs(of: &flight, like: path)
            guard flight.points.count >= settings.trajectoryLength, !isPulledUpwardSomewhere(flight.points, inDepth: path.isInDepth),
                  !isCarriedSomewhere(flight.points), !isDebrisOfAStrike(flight, path: path) else { continue }
            // The ball of a flight that lost it lately: that flight takes these points back and
            // goes on (one ball, one UUID; see `lostFlight(continuedBy:extended:)`).
            if let lost = lostFlight(continuedBy: flight, extended: pass.extended) {
                flight = takeOut(lost, &pass).carriedOn(keeping: lost.kept, by: flight.points)
            } else {
                // Most of its detections are a reported flight's: the same ball, followed by a
                // chain that left it a frame and came back to it; one ball, one flight.
                let others = detectionsOfFlights(since: flight.points[0].step)
                guard 2 * flight.points.count(where: { others.contains($0.detection) }) <= flight.points.count,
                      isBelievable(flight) else { continue }
                flight.reportedAtFrame = pass.frame
                flight.continues = continued?.id
                flight.continuedLaunch = continued.map { $0.continuedLaunch ?? FlightMoment(frame: $0.points[0].frame, time: $0.points[0].time) }
                flight.impact = impactFromTee(of: flight, like: path)
            }
            if path.isInDepth { flight.isSeenInDepth = true }
            active[t] = flight
            endChains(endingLike: t, &pass)
        }
    }

    /// The least confidence (see ``TrajectoryObservation/confidence``) a chain that passed the
    /// ballistic test is first reported with. Below it, its points scatter from any one path by
    /// more than a ball of its size may over most of its windows, or nearly all of them stand
    /// among other moving things: a player's hands hopping after a shot, a limb that a
    /// parabola fits for a moment. Such a chain is followed on, not reported; a ball's path
    /// holds as it flies on, and its chain is reported a frame or two later, with all it
    /// followed. Only chains confirmed by their judged window are held to it: a short flight
    /// judged whole when it is lost, or a chain about to leave the picture, has no later frame
    /// to show itself in (held to it too, three hand-held drives of the moving suite were
    /// never reported).
    static let leastConfidenceToReport = 0.1

    /// Whether a chain about to be reported is believable enough (see
    /// ``leastConfidenceToReport``).
    func isBelievable(_ flight: Track) -> Bool {
        TrajectoryObservation.confidence(of: flight, trajectoryLength: settings.trajectoryLength) >= Self.leastConfidenceToReport
    }

    /// A chain too short to be confirmed that takes up a reported flight which lost its ball
    /// lately: the flight goes on with it (see ``lostFlight(continuedBy:extended:)``). A ball
    /// that passes in front of a racket or an arm merges with it for a few frames, and the
    /// flight, following the merged blob off its path, ends as if struck; when the ball comes
    /// out falling on, it may be seen for fewer frames than a flight needs before it leaves
    /// the picture (a toss falling past the racket, below the player's hands), and alone it is
    /// no flight. Judged with the flight's own points it is: its points and the flight's last
    /// ones lie on one smooth path across the gap. A chain of `minimumTrajectoryLength` points
    /// or more, seen in every frame, alone, moving at a flight's pace (a chain on something a
    /// player carries creeps along beside a shuttle's lost flight); judged from where it is
    /// alone, since the ball comes out of what it passed with that beside it for a frame or
    /// two (a basketball dropping through the net, followed by a chain begun among the strands:
    /// the panned `basketball-shot-pan` of seed 13142 lost the shot's last 11 frames).
    private mutating func takeUpLostFlightsWithShortChains(_ pass: inout FramePass) {
        // Most frames have no flight to take up: nothing to look for then.
        let recentlyLost = active.contains { $0.isReported && $0.missedFrames > 0 }
            || completed.contains { pass.time - $0.last.time <= 2 * settings.maximumGap }
        guard recentlyLost else { return }
        let least = AnalysisSettings.minimumTrajectoryLength
        for t in active.indices where pass.extended[t] && !pass.ended[t] && !active[t].isReported
            && (least..<settings.trajectoryLength).contains(active[t].points.count) {
            // A ball coming out of what it passed (a net, a player) is crowded for its first
            // frames only: the chain is judged from its first point alone after them. Judged on
            // a slice; copied only to be looked up as a continuation (hundreds of chains a frame
            // in clutter).
            let start = active[t].points.lastIndex(where: \.isCrowded).map { $0 + 1 } ?? 0
            let points = active[t].points[start...]
            guard points.count >= least, points.last!.step - points.first!.step == points.count - 1 else { continue }
            let motion = test.motionPerFrame(points, radius: points.reduce(0) { $0 + $1.radius } / Double(points.count))
            guard motion.median >= motion.least else { continue }
            var chain = active[t]
            if start > 0 { chain.dropFirst(start) }
            guard let lost = lostFlight(continuedBy: chain, extended: pass.extended) else { continue }
            active[t] = takeOut(lost, &pass).carriedOn(keeping: lost.kept, by: chain.points)
            endChains(endingLike: t, &pass)
        }
    }

    /// The lost flight a chain takes up, out of where it was kept (ended, when it was still
    /// followed).
    private mutating func takeOut(_ lost: LostFlight, _ pass: inout FramePass) -> Track {
        switch lost.place {
        case .active(let f):
            pass.ended[f] = true
            return active[f]
        case .completed(let c):
            return completed.remove(at: c)
        }
    }

    /// Ends the chains not yet reported that end on the same detection as the flight `t`:
    /// they follow its ball, and one ball is one flight.
    private func endChains(endingLike t: Int, _ pass: inout FramePass) {
        let last = active[t].last
        for other in active.indices where pass.extended[other] && other != t && !active[other].isReported && active[other].last == last {
            pass.ended[other] = true
        }
    }

    /// Retire the tracks that ended this frame and those missed too long (a reported one that
    /// has not bridged its gap is complete, and so is a short flight seen alone, see
    /// `shortFlightSeenAlone`), then the chains that duplicate one another.
    /// Occlusion is bridged for chains long enough to predict well; short ones are mostly
    /// clutter and go sooner.
    private mutating func retire(_ pass: FramePass) {
        // Kept tracks are moved into place, not copied: a thousand chains a frame in clutter.
        var kept = [Bool](repeating: false, count: active.count)
        for t in active.indices where !pass.ended[t] {
            let count = active[t].points.count
            let limit = count < 3 ? settings.missedFramesUnderThreePoints
                : count < 6 ? settings.missedFramesUnderSixPoints : settings.maximumMissedFrames
            let bridging = active[t].isReported && pass.time - active[t].last.time <= settings.maximumGap
            if active[t].missedFrames > limit && !bridging {
                if active[t].isReported {
                    complete(withoutUnconfirmedResumption(active[t]))
                } else if let flight = shortFlightSeenAlone(active[t]) ?? shortFlightJoinedToItsPast(active[t]) {
                    complete(flight)
                } else {
                    noteSlowedFlight(active[t])
                }
            } else {
                kept[t] = true
            }
        }
        rememberDropped(kept)
        active.keepOnly(kept)
        active.append(contentsOf: pass.branches)
        // A chain that takes the place of a longer one may be the same ball's, after a frame
        // the longer one went astray in (see `shortFlightJoinedToItsPast`).
        var tookOver: [Int] = []
        let distinct = distinctChains(active) { dropped, survivor in
            if active[dropped].points.count > Self.leastPointsFollowedBefore, !active[dropped].isReported { tookOver.append(survivor) }
        }
        for t in tookOver { active[t].tookOverFromALongerChain = true }
        rememberDropped(distinct)
        active.keepOnly(distinct)
    }

    /// Spawn a chain at every blob no reported flight took, even one another chain took: that
    /// chain may have taken it wrongly (a ball leaving a hand is first seen on the hand's
    /// chain). Duplicates following the same ball are dropped when one is reported.
    private mutating func spawn(_ pass: FramePass) {
        for b in pass.blobs.indices where pass.free[b] {
            active.append(Track(id: identities.next(), first: point(b, of: pass.blobs, frame: pass.frame, time: pass.time)))
        }
    }

    /// Ends every track, as at the end of the clip.
    mutating func finish() {
        // A flight seen in the last frame analysed was cut short by the clip, not lost; one
        // missed since was lost before the clip ended, and what it took after its last gap,
        // when that was one point alone or stood still, is what stopped its ball out of sight
        // (see `withoutWhatItTookAfterAShortGap`), as for a flight retired before the end.
        for track in active where track.isReported {
            guard track.last.step == step else {
                complete(withoutWhatItTookAfterAShortGap(track))
                continue
            }
            // Unless what it took after its last gap stood still: what stopped the ball (a
            // glove that caught a pitch, still in the picture when the clip ended), left out
            // as for a flight lost before the end.
            let stopped = withoutAStopAfterAShortGap(track)
            guard stopped.points.count == track.points.count else {
                complete(stopped)
                continue
            }
            var ended = track
            ended.ending = .clipEnded
            completed.append(ended)
        }
        judgeLandings(clipEnded: true)
        for chain in active { noteSlowedFlight(chain) }
        active.removeAll()
    }

    /// Whether an expected position lies in the picture (or within a radius of its edge).
    func isInView(_ expectation: Expectation) -> Bool {
        let c = sceneToPicture.apply(expectation.center), r = expectation.radius
        return c.x >= -r && c.y >= -r && c.x <= settings.frameWidth + r && c.y <= settings.frameHeight + r
    }

    func point(_ index: Int, of blobs: [Blob], frame: Int, time: Double) -> TrackPoint {
        let blob = blobs[index]
        return TrackPoint(frame: frame, time: time, position: blob.center, radius: blob.radius, step: step,
                   elongation: blob.elongation, orientation: blob.orientation, isCrowded: crowded[index],
                   contrast: blob.contrast, picturePosition: sceneToPicture.apply(blob.center))
    }

    /// The blobs of this frame that have a neighbour: another blob at least half their size
    /// whose edge comes within max(2 radii, 2% of the shorter side) of theirs. Pieces of the
    /// same ball (centres inside 1.5 radii) do not count.
    private func crowdedBlobs(_ blobs: [Blob]) -> [Bool] {
        var result = [Bool](repeating: false, count: blobs.count)
        // Blobs by x: a neighbour lies within the zone plus both radii, so only columns that
        // near are compared (hundreds of blobs a frame in clutter).
        let order = blobs.indices.sorted { (blobs[$0].center.x, $0) < (blobs[$1].center.x, $1) }
        let largest = blobs.reduce(0.0) { max($0, $1.radius) }
        func isNeighbour(_ b: Blob, of a: Blob, zone: Double) -> Bool {
            guard b.radius >= 0.5 * a.radius else { return false }
            let d = a.center.distance(to: b.center)
            return d > 1.5 * a.radius && d - a.radius - b.radius < zone
        }
        for (k, i) in order.enumerated() {
            let a = blobs[i]
            let zone = max(2 * a.radius, 0.02 * settings.shorterSide)
            let reach = zone + a.radius + largest
            var crowded = false
            var j = k - 1
            while !crowded, j >= 0, a.center.x - blobs[order[j]].center.x <= reach {
                crowded = isNeighbour(blobs[order[j]], of: a, zone: zone)
                j -= 1
            }
            j = k + 1
            while !crowded, j < order.count, blobs[order[j]].center.x - a.center.x <= reach {
                crowded = isNeighbour(blobs[order[j]], of: a, zone: zone)
                j += 1
            }
            result[i] = crowded
        }
        return result
    }
}

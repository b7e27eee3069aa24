import FoundationEssentials
import Glibc

// The launch: which points a chain is judged on, and, once it is confirmed, where its flight
// began — the points before the ball that it started on, and the detections of the frames
// before it that lie along its path.
extension TrajectoryTracker {
    /// The points a chain is judged on: its last `trajectoryLength`, or more at a high frame
    /// rate, so that they span `settings.minimumJudgedSpan`: over a few hundredths of a second
    /// gravity has not yet bent a path measurably.
    func judgedWindow(of track: Track) -> [TrackPoint] {
        judgedWindow(of: track.points)
    }

    func judgedWindow(of points: [TrackPoint]) -> [TrackPoint] {
        guard let last = points.last?.time else { return [] }
        let spanning = points.reversed().prefix { last - $0.time <= settings.minimumJudgedSpan }.count
        return Array(points.suffix(max(settings.trajectoryLength, spanning)))
    }

    /// Whether anything pulled the chain upward in some stretch of it: its latest window may
    /// look like a flight, but the same chain rising under a pull a moment earlier is a head
    /// bobbing along (the crest of each step falls like a ball), and a ball's flight has no such
    /// stretch (a bounce ends it). `inDepth`: the chain flies toward or away from the camera,
    /// and each stretch is judged on its path in depth (see `BallisticTest.isPulledUpward(_:inDepth:)`).
    func isPulledUpwardSomewhere(_ points: some Collection<TrackPoint>, inDepth: Bool = false) -> Bool {
        let all = Array(points), length = settings.trajectoryLength
        guard all.count > length else { return false }
        return (0...(all.count - length)).contains { start in
            test.isPulledUpward(Array(all[start..<start + length]), inDepth: inDepth)
        }
    }

    /// Confirms the chains that leave the picture this frame before they have
    /// `trajectoryLength` points of their own, when their path, once known, finds the rest
    /// among the detections before them: a drive's first frames after impact are smeared and
    /// merged with the club, so its chain starts late, and a fast ball may climb out of the top
    /// in ten frames. A launch loses a frame or two to the club, no more: the chain must have
    /// all but two of the points itself (five at least), and they must pass the ballistic test;
    /// the flight is reported only with `trajectoryLength` detected points in all, as any other
    /// (the launch frame itself, struck partway through the frame interval, need not lie on the
    /// flight's path in time, so it is not tested again). The chain's first one or two points,
    /// the launch's smear, are also tried left out, when it keeps the points it needs without
    /// them: the centre of a streak cut by the club or the threshold lies off the path, and the
    /// look back finds them again along it. In dense clutter the detections before
    /// a chain are never far from some speck: a short chain completed from them would be noise.
    /// Only chains about to leave are tried: any other gets its points by being followed.
    mutating func confirmChainsLeavingThePicture(extended: [Bool], ended: inout [Bool], frame: Int, time: Double) {
        let length = settings.trajectoryLength
        guard length > 5 else { return }
        for t in active.indices where extended[t] && !ended[t] && !active[t].isReported {
            let count = active[t].points.count, fewest = max(5, length - Self.launchFramesLost)
            guard count >= fewest, count < length, isLeavingThePicture(active[t]) else { continue }
            // Its first points may be the launch's smear, whose centre is off the path (cut by
            // the club, or wherever the threshold cut the streak): tried without them too,
            // keeping the points the chain needs; the path finds them again before it.
            var found: (path: FlightPath, smeared: Int)?
            for smeared in 0...min(Self.launchFramesLost, count - fewest) {
                if let path = test.evaluate(Array(active[t].points.dropFirst(smeared))).path {
                    found = (path, smeared)
                    break
                }
            }
            guard let (path, smeared) = found, !isPickedFromThingsAtRest(active[t].points) else { continue }
            var flight = active[t]
            flight.dropFirst(smeared)
            flight.dropFirst(unrelatedLeadingPoints(of: flight, path: path))
            flight.prepend(earlierDetections(of: flight, like: path))
            guard flight.points.count >= length, !isPulledUpwardSomewhere(flight.points, inDepth: path.isInDepth) else { continue }
            flight.reportedAtFrame = frame
            flight.impact = impactFromTee(of: flight, like: path)
            if path.isInDepth { flight.isSeenInDepth = true }
            active[t] = flight
            let last = active[t].last
            for other in active.indices where extended[other] && other != t && !active[other].isReported && active[other].last == last {
                ended[other] = true
            }
        }
    }

    /// Whether `blob` is still there, of the same size, in the `next` frame, while the flight's
    /// path moves the ball more than twice its radius between the two: the ghost a ball leaves
    /// where it rested (the background still holds the ball for a while after it is struck, and
    /// the difference shows where it was, frame after frame), not the ball.
    func staysPut(_ blob: Blob, into next: KeptFrame, whilePathMoves travel: Double) -> Bool {
        staysPut(at: blob.center, radius: blob.radius, into: next, whilePathMoves: travel)
    }

    /// Whether something of `radius` seen at `center` is still there in the `next` frame, while
    /// the path moves more than twice its radius: see ``staysPut(_:into:whilePathMoves:)``.
    func staysPut(at center: PixelPoint, radius: Double, into next: KeptFrame, whilePathMoves travel: Double) -> Bool {
        guard travel > 2 * radius else { return false }
        let reach = max(1.5, 0.5 * radius)
        return next.blobs.contains { $0.center.distance(to: center) <= reach && isSimilarSize($0.radius, radius) }
    }

    /// Frames at the start of a flight its chain may miss and find again in the frames before
    /// it: the impact frame and the next, smeared and merged with the club head.
    static let launchFramesLost = 2

    /// Whether a chain's next step takes it out of the picture: moving toward an edge, its last
    /// detection lies within its last step's travel toward that edge (or three radii) of it.
    func isLeavingThePicture(_ track: Track) -> Bool {
        guard track.points.count >= 2 else { return false }
        let a = track.points[track.points.count - 2].picturePosition, b = track.last.picturePosition
        let dx = b.x - a.x, dy = b.y - a.y, near = 3 * track.last.radius
        return (dx < 0 && b.x + dx - near < 0) || (dx > 0 && b.x + dx + near > settings.frameWidth)
            || (dy < 0 && b.y + dy - near < 0) || (dy > 0 && b.y + dy + near > settings.frameHeight)
    }

    /// How many of a track's first points the flight does not explain: a chain may start on a
    /// club head or a hand and only then find the ball (before its ballistic window, or at the
    /// start of it).
    func unrelatedLeadingPoints(of track: Track, path: FlightPath) -> Int {
        let window = judgedWindow(of: track)
        var first = track.points.count - window.count
        let recentRadius = track.recentRadius()
        let recedes = Self.recedes(window)
        while first > 0 {
            let p = track.points[first - 1]
            // Compared with its neighbour in time: a ball coming at the camera grows.
            let next = track.points[first]
            // Within one and a half radii of the path, the ball's radius then (a ball flying
            // away was larger at its start than it is now, and so is its blob's uncertainty);
            // a receding ball farther back along it by up to a third of its step (see
            // ``lookBackSpeedChange``): one whose size shrinks by a quarter over the window, or
            // whose points from this one on keep to one path flying away from the camera (its
            // blob's size scatters more than it shrinks, see ``recedesAlongOnePath``).
            let tolerance = max(2, 1.5 * max(recentRadius, p.radius), 3 * path.rms)
            let onPath = path.position(at: p.time)
            let offset = { (slack: Double) in
                AlongPathOffset(velocity: path.velocity(at: p.time), slack: slack).distance(from: onPath, to: p.position)
            }
            let slack = Self.lookBackSpeedChange * onPath.distance(to: path.position(at: next.time))
            let explained = offset(recedes && Self.isNoSmallerReceding(p.radius, than: next.radius) ? slack : 0) <= tolerance
                || (!recedes && !path.isInDepth && offset(slack) <= tolerance
                    && recedesAlongOnePath(p, then: track.points[first...].prefix(window.count), radius: recentRadius))
            guard explained,
                  isSimilarSize(p.radius, next.radius),
                  p.contrast >= settings.backfillContrastShare * next.contrast else { break }
            first -= 1
        }
        // Within the window too, the first points up to the last of them that is larger than the
        // ball and lies far across the path of the points after it are what the chain began
        // on: a pitcher's hand whipping through with the ball before the release lies on a path
        // that fits the window as a whole once the fit bends to take it in. Only among the first
        // few (``launchFramesLost`` and one more): further in, a point off the path is a
        // detection of the ball's own that went wrong, not a start on something else.
        first = startPastPointsOffThePath(track.points, from: first, examining: Self.launchFramesLost + 1, like: path)
        // Within the window too, a first point far fainter than the next is what the chain
        // started on (a club head passing the ball at the launch), not the ball.
        while first < track.points.count - 1,
              track.points[first].contrast < settings.backfillContrastShare * track.points[first + 1].contrast {
            first += 1
        }
        return first
    }

    /// The index past the last of `count` points from `start` on that lies off the path of the
    /// points after it (see ``liesOffThePathOfTheNextPoints(_:at:like:)``), `start` when none
    /// does; at least `minimumTrajectoryLength` points are left after it.
    func startPastPointsOffThePath(_ points: [TrackPoint], from start: Int, examining count: Int, like path: FlightPath) -> Int {
        let end = min(start + count, points.count - AnalysisSettings.minimumTrajectoryLength)
        guard start < end, let lastOff = (start..<end).last(where: { liesOffThePathOfTheNextPoints(points, at: $0, like: path) })
        else { return start }
        return lastOff + 1
    }

    /// Whether point `i`, a blob larger than the ball, lies across the path of the flight's
    /// next points (up to `trajectoryLength` of them, the same kind of path as `path`) by more
    /// than the look back allows a detection a frame earlier (see ``earlierDetections(of:like:)``),
    /// and by more than twice what the ball's detections scatter: a hand that carried the ball
    /// swings around the shoulder, and the ball it lets go flies on straight. Behind the path,
    /// or ahead on it, is no such sign: a ball struck away from the camera is far faster in its
    /// first frames than the path of its later ones says (a receding ball is also looked for
    /// where its shrinking steps, run backward, put it). A streak as long as the ball's step to
    /// its next point at most, along that step, is the ball's own smear (a drive's first
    /// frame), and lies on its own way whatever the path carried back says.
    func liesOffThePathOfTheNextPoints(_ points: [TrackPoint], at i: Int, like path: FlightPath) -> Bool {
        let next = Array(points[(i + 1)...].prefix(settings.trajectoryLength))
        guard next.count >= AnalysisSettings.minimumTrajectoryLength else { return false }
        let point = points[i], neighbour = next[0]
        // Only a blob larger than the ball's later ones: the hand with the ball in it (a fast
        // ball's streak may be nearly as large as the hand that lets it go, so not "far larger",
        // see `isMerged`). The ball's own blob, no larger as it rises off a rim or out of a player's
        // hands, may lie across the path its next points fit, and stays; merged with what it
        // leaves (a net it drops through), it is given up as the hand is.
        let radius = next.map(\.radius).sorted()[next.count / 2]
        guard point.radius > radius, let fit = path.refitted(to: next) else { return false }
        let step = (x: neighbour.position.x - point.position.x, y: neighbour.position.y - point.position.y)
        let stepLength = (step.x * step.x + step.y * step.y).squareRoot()
        if point.elongation >= StreakPlacement.streakElongation,
           2 * point.radius * point.elongation <= stepLength / Double(max(1, neighbour.step - point.step)),
           abs(cos(point.orientation) * step.x + sin(point.orientation) * step.y) >= cos(BallisticTest.alignment) * stepLength {
            return false
        }
        let velocity = fit.velocity(at: point.time)
        let stride = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() * (neighbour.time - point.time)
        let tolerance = max(2 * BallisticTest.smoothnessTolerance(radius: radius), radius, 4 * fit.rms, settings.timingUncertainty * stride)
        let across = AlongPathOffset(velocity: velocity, slack: .infinity)
        let offPath = across.distance(from: fit.position(at: point.time), to: point.position)
        let offReceding = Track.recedingBackward(next[0], next[1], next[2], to: point.time)
            .map { across.distance(from: $0, to: point.position) } ?? .infinity
        return min(offPath, offReceding) > tolerance
    }

    /// Whether `point` and the points that follow it lie on one path flying away from the
    /// camera, within the scatter a ball's detections have: a flight judged on a parabola in the
    /// picture, its size changing too little over its window to call it receding, may still be a
    /// ball struck away from the camera, whose first frames after the strike cover ground that
    /// the parabola, carried back, puts short along the path (see ``lookBackSpeedChange``). Its
    /// size cannot say so when its blob scatters by a fifth from frame to frame, or a camera that
    /// moves roughens the points: the path the launch's own points keep to does.
    func recedesAlongOnePath(_ point: TrackPoint, then following: ArraySlice<TrackPoint>, radius: Double) -> Bool {
        guard let seen = PerspectiveFit([point] + following) else { return false }
        return seen.k > 0 && seen.rms <= BallisticTest.smoothnessTolerance(radius: radius)
    }

    /// Detections of a just-reported flight in the frames before its first point, found in the
    /// blobs kept from those frames: the first frames after a launch are the hardest to follow
    /// (the ball leaves a hand or a club face, is smeared, or moves fastest), but once the
    /// flight is known its path says where to look. Walks back while each frame has a blob
    /// near the path.
    func earlierDetections(of track: Track, like path: FlightPath) -> [TrackPoint] {
        let early = Array(track.points.prefix(settings.trajectoryLength))
        guard let fit = path.refitted(to: early), let first = track.points.first else { return [] }
        let radius = early.map(\.radius).sorted()[early.count / 2]
        let recedes = Self.recedes(early)
        var found: [TrackPoint] = []
        var missed = 0
        // Pieces are taken only next to a whole detection: a trail of pieces is clutter.
        var neighbourIsPieces = false
        // A detection another flight already has is that flight's ball (a ball bouncing off a
        // rim ends one flight where the next begins): it is not taken twice.
        let taken = detectionsOfFlights(since: recentFrames.first?.step ?? first.step)
        for (k, past) in recentFrames.reversed().filter({ $0.step < first.step }).enumerated() {
            guard k < 2 * settings.trajectoryLength, fit.reachesBack(to: past.time, from: first.time) else { break }
            // The two earliest points so far, for a guess that follows a ball receding from the
            // camera back to where it was faster and larger (see `Track.recedingContinuation`).
            let known = Array(found.reversed()) + track.points.prefix(3)
            let receding = Track.recedingBackward(known[0], known[1], known[2], to: past.time)
            let onPath = fit.position(at: past.time)
            let expected = [onPath] + (receding.map { [$0] } ?? [])
            let neighbour = found.last ?? first
            // A fast ball's place at a time is only as certain as the time: a converted clip's
            // pictures are timed to about a tenth of a frame interval (see `CaptureCadence`).
            let velocity = fit.velocity(at: past.time)
            let stride = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() * (neighbour.time - past.time)
            let tolerance = max(2, radius, 4 * fit.rms, settings.timingUncertainty * stride) * (1 + 0.2 * Double(k))
            // A ball looks much the same a frame earlier: of similar size (or larger, as it
            // grows back toward the camera; or larger and of the size the flight's first points
            // mostly show, where the blob it is looked back from was only part of it, the rest
            // hidden by a banner it rose past), not a faint shadow of itself, and not smeared
            // across its path (a club head passing the tee at the launch is near the path too).
            // (A speck's radius is the detector's floor, not the ball's size: growth is measured
            // from no less than a speck's.)
            let grown = receding == nil ? neighbour.radius
                : neighbour.radius * max(1, known[0].radius / max(known[1].radius, Self.speckRadius * settings.analysisPixel))
            // A streak no longer than the ball travels in a frame is its path over the exposure
            // (a drive's first frames): measured from its axis. Anything longer is not the ball's
            // smear (an arm swinging up with a toss), and is measured from its centre.
            let travelInAFrame = stride / Double(max(1, neighbour.step - past.step))
            // Along the path, a receding ball's place a frame back is known only as well as its
            // speed then (see ``lookBackSpeedChange``); across it, as well as the path.
            let along = AlongPathOffset(velocity: velocity, slack: recedes ? Self.lookBackSpeedChange * stride : 0)
            func distance(_ blob: Blob) -> Double {
                let noSmaller = Self.isNoSmallerReceding(blob.radius, than: neighbour.radius)
                return expected.map { e in
                    let seen = blob.length <= travelInAFrame ? StreakPlacement.nearestPlace(to: e, in: blob) : blob.center
                    return noSmaller ? along.distance(from: e, to: seen) : seen.distance(to: e)
                }.min()!
            }
            // The frame after this one, and how far the path moves the ball into it: a blob still
            // there then is the ball's ghost (see `staysPut`).
            let next = recentFrames.first { $0.step == past.step + 1 }
            let travel = next.map { onPath.distance(to: fit.position(at: $0.time)) } ?? 0
            let nearest = past.blobs.indices.filter {
                let blob = past.blobs[$0]
                return (isSimilarSize(blob.radius, grown) || (blob.radius > grown && isSimilarSize(blob.radius, radius)))
                    && blob.contrast >= settings.backfillContrastShare * neighbour.contrast
                    && !BallisticTest.isMisshapen(radius: blob.radius, elongation: blob.elongation, orientation: blob.orientation,
                                                  velocity: velocity, stepInterval: neighbour.time - past.time)
                    && !taken.contains(TrackPoint.Detection(step: past.step, position: blob.center))
                    && !(next.map { staysPut(blob, into: $0, whilePathMoves: travel) } ?? false)
            }
                .min { distance(past.blobs[$0]) < distance(past.blobs[$1]) }
            var blob: Blob, isCrowded: Bool
            if let index = nearest, distance(past.blobs[index]) <= tolerance + max(0, past.blobs[index].radius - radius) {
                blob = past.blobs[index]
                isCrowded = past.crowded[index]
                neighbourIsPieces = false
            } else if !neighbourIsPieces, let pieces = Self.pieces(of: max(grown, radius), near: expected, within: tolerance, in: past.blobs, usable: {
                $0.contrast >= settings.backfillContrastShare * neighbour.contrast
                    && !taken.contains(TrackPoint.Detection(step: past.step, position: $0.center))
            }) {
                blob = pieces
                isCrowded = false
                neighbourIsPieces = true
            } else {
                // A ball hidden for a frame (behind a club, under a caption) is looked for a
                // frame earlier, whole; two frames without it end the search. (Pieces past a
                // frame without the ball are whatever lay near a guess carried that far: at a
                // drive's launch, the club and the ball still at rest.)
                missed += 1
                if missed > 1 { break }
                neighbourIsPieces = true
                continue
            }
            missed = 0
            found.append(TrackPoint(frame: past.frame, time: past.time, position: blob.center, radius: blob.radius,
                                    step: past.step, elongation: blob.elongation, orientation: blob.orientation,
                                    isCrowded: isCrowded, contrast: blob.contrast,
                                    picturePosition: past.sceneToPicture.apply(blob.center)))
        }
        return found.reversed()
    }

    /// How much faster than its fitted path says a just-reported flight's ball may have been a
    /// frame before its first point, as a share of the step, when its first points shrink by a
    /// quarter or more (it flies away from the camera, see ``recedes(_:)``): a third. Such a ball
    /// crosses the picture at a speed that falls with the square of its distance, which grows
    /// fastest just after the strike (a drive 3 m from the lens is twice as far a few frames
    /// later), so a parabola fitted to its later frames puts its earlier ones short along the
    /// path, not beside it. A third is a distance grown by a sixth between two pictures. Only for
    /// a receding ball, and a blob no smaller than the ball a frame later (see
    /// ``isNoSmallerReceding(_:than:)``): one tossed or thrown across the picture slows as the
    /// parabola says, and a hand or a racket lies back along its path too.
    static let lookBackSpeedChange = 1.0 / 3

    /// Whether an earlier blob of a receding ball is not smaller than the later one, within a
    /// blob's own scatter (a fifth: the ball's blob varies by that much from frame to frame):
    /// flying away, the ball was larger before, never smaller. A hand or a racket head back along
    /// the path of a toss, or a clod behind a drive, is often smaller.
    static func isNoSmallerReceding(_ earlier: Double, than later: Double) -> Bool {
        earlier >= later / PerspectiveFit.depthSizeChange
    }

    /// Whether points shrink as a ball flying away from the camera does: the radius at their
    /// start at least ``PerspectiveFit/depthSizeChange`` times the radius at their end. A toss
    /// rising away from the camera shrinks by a tenth or so, and is no such flight: back along
    /// its path lie the hand and the ball in it, moving faster than the ball flies.
    static func recedes(_ points: [TrackPoint]) -> Bool {
        guard points.count >= 5 else { return false }
        let ends = PerspectiveFit.endRadii(points)
        return ends.tail > 0 && ends.head >= PerspectiveFit.depthSizeChange * ends.tail
    }

    /// What another chain followed before a just-reported flight's first point: a chain that
    /// took the same detection there, and the points it had before it, when they and the
    /// flight's first points lie on one smooth path (a parabola in the picture, or one in depth;
    /// see `smoothMisfit`), its first points dropped while they do not (a club head it began
    /// on). The chain that followed the ball from its launch may have taken something else
    /// after that detection (a copy of the ball a compressed picture shows where the ball will
    /// be, a speck its path runs past) and been dropped, while a chain begun at that detection
    /// followed the ball on and is the one reported; the look back along the flight's path
    /// (`earlierDetections`) stops at the first frames it cannot explain, where a ball flying
    /// away from the camera slowed in the picture faster than the path carried back says.
    /// Nothing another flight has is taken. Empty when no chain qualifies.
    func pointsFollowedBefore(_ flight: Track) -> [TrackPoint] {
        let first = flight.points[0], length = settings.trajectoryLength
        let later = Array(flight.points.prefix(length))
        let ballRadius = later.map(\.radius).sorted()[later.count / 2]
        // A chain that took the flight's first detection was followed at that step: of the
        // dropped ones (oldest first), only those dropped since.
        var since = droppedAtStep.count
        while since > 0, droppedAtStep[since - 1] >= first.step { since -= 1 }
        // Called for every short chain lost that took a longer one's place (many a frame in
        // clutter), and rarely past the first tests below: the chains are looked at in place,
        // not copied, and the detections other flights hold are gathered only when a run needs
        // checking against them.
        let chainsStart = earliestStartOfChains(droppedFrom: since) ?? first.step
        var taken: Set<TrackPoint.Detection>?
        var best: [TrackPoint] = []
        func consider(_ chain: Track) {
            guard !chain.isReported, chain.id != flight.id, chain.points.count > best.count + 1,
                  let i = chain.points.lastIndex(where: { $0.detection == first.detection }),
                  i >= Self.leastPointsFollowedBefore, i > best.count else { return }
            // Only what looks like the flight's ball (a hand that carried the ball to its release
            // is larger).
            let earliest = startOfTheBallsRun(in: chain.points, endingAt: i, ballRadius: ballRadius)
            guard i - earliest >= Self.leastPointsFollowedBefore else { return }
            let held = taken ?? detectionsOfFlights(since: chainsStart)
            taken = held
            // The longest run of its points before the shared one that lies on the flight's path.
            for start in earliest...(i - Self.leastPointsFollowedBefore) {
                guard i - start > best.count else { break }
                let earlier = chain.points[start..<i]
                guard !earlier.contains(where: { held.contains($0.detection) }) else { continue }
                let joined = Array(earlier) + later
                guard misfitOfOneSmoothPath(joined) != nil, !isPulledUpwardSomewhere(joined) else { continue }
                best = Array(earlier)
                break
            }
        }
        for k in since..<droppedChains.count { consider(droppedChains[k]) }
        for t in active.indices { consider(active[t]) }
        return best
    }

    /// What a chain followed before a stretch where a just-reported flight's ball was lost: the
    /// ball merged for a few frames with something it passed (a banner's edge that a moving
    /// camera leaves in the difference, an arm) shows as no blob, or as one whose centre lies
    /// off the ball, and the chain that followed it from its launch went astray there (on with
    /// the merged blob, or ended), while the one reported began after. The look back
    /// (`earlierDetections`) stops at such a stretch; points a chain had before it (of the
    /// ball's size, ``leastPointsBeforeAGap`` at least, the last of them within the ball's
    /// radius of where the path through them and the flight's first points puts it) that lie
    /// on one smooth path with the flight's first ones are the same ball, from the first of
    /// them that does (not the hands that lifted it): gravity carries a ball across a gap of a
    /// few frames on the path the points on either side fit. The gap is two frames or more (a
    /// shorter one is the look back's) and at most `trajectoryLength`. Nothing another flight
    /// has is taken. Empty when no chain qualifies.
    func pointsBeforeAGap(in flight: Track, like path: FlightPath) -> [TrackPoint] {
        let first = flight.points[0], length = settings.trajectoryLength
        let later = Array(flight.points.prefix(length))
        let ballRadius = later.map(\.radius).sorted()[later.count / 2]
        guard let fit = path.refitted(to: later) else { return [] }
        // How far from the flight's path, carried back to `time`, the ball may lie: its radius,
        // and three times the error of a path carried so far beyond the points it was fitted
        // to (ten frames back from ten, about nine times their scatter).
        let laterTimes = later.map { $0.time - first.time }
        func reach(back time: Double) -> Double {
            max(2, ballRadius) + 3 * fit.rms * (Quadratic.predictionSpread(fittedAt: laterTimes, at: time - first.time) ?? 0)
        }
        let candidates = droppedChains + active
        let chainsStart = earliestStartOfChains(droppedFrom: 0) ?? first.step
        let taken = detectionsOfFlights(since: chainsStart)
        var best: [TrackPoint] = []
        for chain in candidates where !chain.isReported && chain.id != flight.id {
            // Where it may have gone astray: each of its points two to `length` frames before
            // the flight's first, latest first.
            for end in chain.points.indices.reversed() {
                let gap = first.step - chain.points[end].step
                if gap < 2 { continue }
                if gap > length || end + 1 <= best.count { break }
                let last = chain.points[end]
                guard isSimilarSize(last.radius, ballRadius), !taken.contains(last.detection),
                      fit.reachesBack(to: last.time, from: first.time),
                      last.position.distance(to: fit.position(at: last.time)) <= reach(back: last.time) else { continue }
                let earliest = startOfTheBallsRun(in: chain.points, endingAt: end, ballRadius: ballRadius, leaving: taken)
                guard end + 1 - earliest >= Self.leastPointsBeforeAGap else { continue }
                // The longest run that lies on the flight's path: its first points dropped while
                // they do not (the hand that carried the ball up to its release, as large as
                // the ball).
                for start in earliest...(end + 1 - Self.leastPointsBeforeAGap) {
                    guard end + 1 - start > best.count else { break }
                    let earlier = Array(chain.points[start...end])
                    let joined = earlier + later
                    // The last of them where the path through both sides puts the ball, within
                    // its radius: the ball itself, not a blob it merged with (that lags behind).
                    guard let both = path.refitted(to: joined), last.position.distance(to: both.position(at: last.time)) <= max(2, ballRadius),
                          misfitOfOneSmoothPath(joined) != nil, !isPulledUpwardSomewhere(joined), !isCarriedSomewhere(joined) else { continue }
                    best = earlier
                    break
                }
            }
        }
        return best
    }

    /// The ball in the frames between a flight's points before a gap and its points after it
    /// (see `pointsBeforeAGap`): with the path known on both sides, where the ball was in each
    /// frame between is known to its scatter, and a blob of its size whose centre lies within
    /// its radius of there is the ball, pulled off centre by what it merged with by less than
    /// its own size. A frame without one is left out.
    func detectionsInAGap(between before: [TrackPoint], and after: [TrackPoint], like path: FlightPath) -> [TrackPoint] {
        guard let last = before.last, let next = after.first,
              let fit = path.refitted(to: before + after.prefix(settings.trajectoryLength)) else { return [] }
        let ballRadius = before.map(\.radius).sorted()[before.count / 2]
        let taken = detectionsOfFlights(since: last.step)
        var found: [TrackPoint] = []
        for past in recentFrames where past.step > last.step && past.step < next.step {
            let expected = fit.position(at: past.time)
            let nearest = past.blobs.indices.filter {
                let blob = past.blobs[$0]
                return isSimilarSize(blob.radius, ballRadius) && blob.contrast >= settings.backfillContrastShare * last.contrast
                    && !taken.contains(TrackPoint.Detection(step: past.step, position: blob.center))
            }
                .min { past.blobs[$0].center.distance(to: expected) < past.blobs[$1].center.distance(to: expected) }
            guard let index = nearest, past.blobs[index].center.distance(to: expected) <= max(2, ballRadius) else { continue }
            let blob = past.blobs[index]
            found.append(TrackPoint(frame: past.frame, time: past.time, position: blob.center, radius: blob.radius,
                                    step: past.step, elongation: blob.elongation, orientation: blob.orientation,
                                    isCrowded: past.crowded[index], contrast: blob.contrast,
                                    picturePosition: past.sceneToPicture.apply(blob.center)))
        }
        return found
    }

    /// Fewest points a chain must have followed before a gap for them to be taken as a
    /// flight's: as many as a chain needs before its fit says anything about it.
    static let leastPointsBeforeAGap = judgedPoints

    /// Where the run of points before `points[end]` that look like a flight's ball begins: each
    /// of about its size (within a factor of two of `ballRadius`, or a pixel), not a faint
    /// shadow of the point after it, and none of `taken`.
    func startOfTheBallsRun(in points: [TrackPoint], endingAt end: Int, ballRadius: Double,
                            leaving taken: Set<TrackPoint.Detection> = []) -> Int {
        var earliest = end
        while earliest > 0 {
            let p = points[earliest - 1], next = points[earliest]
            guard isSimilarSize(p.radius, ballRadius), p.contrast >= settings.backfillContrastShare * next.contrast,
                  !taken.contains(p.detection) else { break }
            earliest -= 1
        }
        return earliest
    }

    /// The step at which the earliest of the live chains and of the dropped ones from
    /// `droppedFrom` on began; nil when there are none.
    func earliestStartOfChains(droppedFrom since: Int) -> Int? {
        var earliest: Int?
        for k in since..<droppedChains.count { earliest = min(earliest ?? .max, droppedChains[k].points[0].step) }
        for t in active.indices { earliest = min(earliest ?? .max, active[t].points[0].step) }
        return earliest
    }

    /// The detections reported flights (ended or in flight) have from analysed frame `step` on:
    /// each is that flight's ball, and no other flight takes it.
    func detectionsOfFlights(since step: Int) -> Set<TrackPoint.Detection> {
        Set((completed + active.filter(\.isReported)).flatMap { flight in
            flight.points.reversed().prefix { $0.step >= step }.map(\.detection)
        })
    }

    /// Fewest points another chain must have followed before a flight's first one for them to
    /// be taken as the flight's (two could be any two blobs the path passes near).
    static let leastPointsFollowedBefore = 3

    /// Keeps the chains `kept` drops that have points enough to be a flight's past (see
    /// `pointsFollowedBefore`), for as many frames as a flight may look back, and at most
    /// ``droppedChainsKept`` (in clutter, a hundred such chains end every frame).
    mutating func rememberDropped(_ kept: [Bool]) {
        for t in active.indices where !kept[t] && !active[t].isReported && active[t].points.count >= Self.leastPointsFollowedBefore + 1 {
            droppedChains.append(active[t])
            droppedAtStep.append(step)
        }
        // Oldest first: the expired ones are a prefix.
        let oldest = step - 2 * settings.trajectoryLength
        var expired = 0
        while expired < droppedAtStep.count, droppedAtStep[expired] < oldest { expired += 1 }
        expired = max(expired, droppedChains.count - Self.droppedChainsKept)
        if expired > 0 {
            droppedChains.removeFirst(expired)
            droppedAtStep.removeFirst(expired)
        }
    }

    /// The most dropped chains kept to look back into.
    static let droppedChainsKept = 2000

    /// A ball of radius `radius` that the foreground threshold broke into pieces, as one blob:
    /// a fast ball's streak over a textured ground is uneven, and only its brightest parts may
    /// pass. Two or more blobs each too small to be the ball, around an expected position,
    /// together covering at least a quarter of the ball, and centred on that position.
    static func pieces(of radius: Double, near expected: [PixelPoint], within tolerance: Double, in blobs: [Blob],
                       usable isUsable: (Blob) -> Bool) -> Blob? {
        var best: Blob?
        for centre in expected {
            let around = blobs.filter {
                $0.radius < 0.5 * radius && $0.center.distance(to: centre) <= tolerance + radius && isUsable($0)
            }
            guard around.count >= 2, let merged = Blob(merging: around),
                  merged.area >= 0.25 * .pi * radius * radius, merged.center.distance(to: centre) <= tolerance else { continue }
            if best.map({ merged.area > $0.area }) ?? true { best = merged }
        }
        return best
    }


    /// Within a factor of two, or a pixel: a speck is not the ball it lies near.
    func isSimilarSize(_ radius: Double, _ reference: Double) -> Bool {
        abs(radius - reference) <= 1 || (radius >= 0.5 * reference && radius <= 2 * reference)
    }
}

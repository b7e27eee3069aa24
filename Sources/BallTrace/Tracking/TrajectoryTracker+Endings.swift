import FoundationEssentials

// How flights end: in a bounce, and, after leaving the picture through the top, coming back;
// and a flight too short to report as it was followed, judged once it is lost.
extension TrajectoryTracker {
    /// The flights that ended in a bounce: falling when they were lost, with another flight
    /// starting from where they were within `gap` frames (`settings.bounceGap`), thrown back:
    /// rising (off the floor), or going back against the way the first was going across the
    /// picture (off a rim, a post, a wall). At 30 or 60 frames a second the ball is rarely seen
    /// close enough to what it hits for its own flight to take the first frames back, so the
    /// bounce shows as one flight lost and the next beginning; the first is then marked
    /// `.bounced`, not `.lost`. A ball caught and dropped again starts falling the same way it
    /// was going: that flight was lost. What the first took after the contact (the ball
    /// stopped on the rim) is dropped: see ``pointsAfterContact(_:length:most:)``. A flight
    /// taken for landed (its ball seen lying where it came down) that another flight leaves
    /// from so bounced after all: the ball was pressed against the ground for those frames.
    static func markingBounces(_ flights: [Track], gap bounceGap: Int, length: Int) -> [Track] {
        var result = flights
        for (i, flight) in flights.enumerated() where (flight.ending == nil || flight.ending == .landed) && flight.points.count >= 3 {
            let n = flight.points.count
            let a = flight.points[n - 3], b = flight.points[n - 2], last = flight.points[n - 1]
            guard b.position.y > a.position.y, last.position.y > b.position.y else { continue }  // falling
            let steps = Double(max(1, last.step - b.step))
            let step = last.position.distance(to: b.position) / steps
            let across = (last.position.x - b.position.x) / steps
            let rebound = flights.contains { next in
                guard next.id != flight.id, next.points.count >= 3 else { return false }
                let gap = next.points[0].step - last.step
                guard gap >= 1, gap <= bounceGap else { return false }
                let reach = Double(gap) * step + 3 * max(last.radius, next.points[0].radius)
                let p = next.points
                guard p[0].position.distance(to: last.position) <= reach else { return false }
                let rising = p[1].position.y < p[0].position.y && p[2].position.y < p[1].position.y
                let back = (p[2].position.x - p[0].position.x) / Double(max(1, p[2].step - p[0].step))
                let thrownBack = abs(across) >= Self.clearlyAcross && abs(back) >= Self.clearlyAcross && across * back < 0
                return rising || thrownBack
            }
            if rebound {
                result[i].dropLast(pointsAfterContact(flight, length: length, most: Self.framesAtContact))
                result[i].ending = .bounced
            }
        }
        return result
    }

    /// How many of a bounced flight's last points the ball took after it met what it bounced
    /// off: of its last points (`most` at most) that leave the flight's path, all but the
    /// first. The points before them are a flight on their own (their parabola through
    /// `length` points fits them within the scatter a ball of their size may have), and each
    /// of them lies off that parabola by more than three times that scatter. The first is the
    /// ball at the contact, where the flight ends (a shot's last labelled frame, the ball on the
    /// rim); those after it are the ball stopped, turned or squashed there before the next
    /// flight begins, and a path bent through them is no longer the flight's (a made shot's
    /// last window, through two such points, missed its parabola by 1.3 times that scatter).
    /// Zero when none are.
    ///
    /// Only the last ``framesAtContact`` points are looked at: a point further back that
    /// misses the path is more often one frame caught early or late (a broadcast clip's made
    /// shot shows the ball 12 px short of its path a frame before the rim, on the labelled
    /// flight) than the ball held by what it hit.
    static func pointsAfterContact(_ flight: Track, length: Int, most: Int) -> Int {
        let points = flight.points
        let tolerance = BallisticTest.smoothnessTolerance(radius: flight.recentRadius())
        for dropped in stride(from: most, through: 1, by: -1) where points.count - dropped >= length {
            let kept = points.count - dropped
            guard let path = MotionFit(points[(kept - length)..<kept]), path.rms <= tolerance,
                  points[kept...].allSatisfy({ path.position(at: $0.time).distance(to: $0.position) > 3 * tolerance }) else { continue }
            return dropped - 1
        }
        return 0
    }

    /// Frames a ball is seen at a contact before the flight after it begins: a rim, a board
    /// or the floor stops and turns it within one or two frames at 30 frames a second.
    static let framesAtContact = 2

    /// Pixels a frame across the picture that a ball's motion must clearly show, either way, for
    /// a turn back across it to be told from detection noise.
    static let clearlyAcross = 1.0


    /// The reported flight a chain is the ball of, coming back down into the picture where the
    /// flight left it through the top: a ball struck high (down the line, most of all) climbs
    /// out of the frame and falls back in far away, small and slowed by drag. The chain starts
    /// at the top edge, within a fifth of the frame's width of where the flight left, after it
    /// left and within `settings.longestTimeAbove`, and goes down. Of several such flights, the one
    /// that left last.
    func flightComingBack(_ points: [TrackPoint]) -> Track? {
        guard let first = points.first, let last = points.last, last.picturePosition.y > first.picturePosition.y else { return nil }
        let edge = max(3 * first.radius, settings.travellingShare * settings.shorterSide)
        guard first.picturePosition.y <= edge else { return nil }
        return completed.last { flight in
            guard flight.isReported, flight.points.count >= 2 else { return false }
            let exit = flight.last, before = flight.points[flight.points.count - 2]
            guard first.time > exit.time, first.time - exit.time <= settings.longestTimeAbove,
                  abs(first.picturePosition.x - exit.picturePosition.x) <= 0.2 * Double(settings.frameWidth) else { return false }
            // It left through the top: last seen at the edge (within two pixels of the analysed
            // picture: the sliver of a ball there is a blob a pixel or two high there), or
            // climbing fast enough that the top of the ball passes the edge within the frames a
            // flight may miss before it is given up (leaving, the picture shows less and less of
            // it, then nothing).
            let perFrame = (exit.picturePosition.y - before.picturePosition.y) / Double(max(1, exit.step - before.step))
            return exit.picturePosition.y <= exit.radius + 2 * settings.analysisPixel
                || exit.picturePosition.y + Double(settings.maximumMissedFrames) * perFrame < exit.radius
        }
    }

    /// The flight as it ended, when its last window turned upward because it bounced (kept
    /// whole), landed or met something it stopped at (cut after the lowest point, and judged
    /// landed once the ball is seen to lie there: see `TrajectoryTracker+Landing.swift`), or
    /// struck something (cut at the contact); nil when none of these.
    func endedByBounceOrStrike(_ track: Track, window: [TrackPoint]) -> Track? {
        var ended = track
        if !test.bounces(window, flight: track.points) {
            if let lowest = test.landing(window, flight: track.points) {
                let landed = window[lowest].time
                ended.dropLast(track.points.count { $0.time > landed })
                ended.stoppedWhereItCameDown = true
            } else {
                guard let struck = pointsAfterStriking(track) else { return nil }
                ended.dropLast(struck)
            }
        }
        ended.ending = .bounced
        return ended
    }

    /// The flight up to where something stopped it that gave way (a hand catching a toss, a
    /// net, the ground): the pull builds up over a few frames, unlike a strike's, so only the
    /// length of what came before tells it from a head bobbing along, whose falling crests last
    /// less than `settings.longestFallingCrest`. The flight without its last points must have
    /// lasted longer than that and be nowhere pulled upward (on its path in depth, when it was
    /// seen flying in depth); it ends there (nil when it did not).
    ///
    /// It ends where its last window is still a flight by the ballistic test, the fewest
    /// points dropped (a pitch caught in the glove ends at the catch, not a frame into the
    /// glove). Where no such window is left, a flight followed for two windows' points after
    /// it was confirmed ends where it still flies as a ball (see `flies(_:)`): that it is a
    /// flight was settled when it was confirmed and held frame by frame while it was followed,
    /// and its last windows need not show a flight worth confirming: a drive seen from behind
    /// creeps a few pixels a frame at its far end, a ball filmed at 120 fps moves less than
    /// its radius a frame, a ball that passed in front of a player was merged with the player
    /// for a few frames. Withdrawn whole, such a flight was lost to the user altogether. (A
    /// body part confirmed on one smooth stretch is seldom followed that long before it turns
    /// back or is pulled upward.)
    func stoppedAfterFlying(_ track: Track) -> Track? {
        let length = settings.trajectoryLength
        let reported = track.reportedAtFrame ?? .max
        // Where it still flies, should no last window confirm (one pass: each cut's pull is
        // judged once for both).
        var stillFlying: Track?
        for dropped in 1..<length {
            var ended = track
            ended.dropLast(dropped)
            let before = ended.points
            guard before.count >= 2 * length,
                  before[before.count - 1].time - before[0].time > settings.longestFallingCrest else { break }
            guard !isPulledUpwardSomewhere(before, inDepth: track.isSeenInDepth) else { continue }
            if test.evaluate(judgedWindow(of: before), bridged: true).path != nil { return ended }
            if stillFlying == nil, before.count(where: { $0.frame > reported }) >= 2 * length, flies(ended) {
                stillFlying = ended
            }
        }
        return stillFlying
    }

    /// How many of a reported flight's last points came after it struck something (a rim, a
    /// net, a branch) rather than flew on, or nil when the flight was never ballistic up to an
    /// abrupt change. A ball pulled up by the last points of its window was either something
    /// else all along (a head bobbing as its owner walks, the pull building up smoothly) or a
    /// ball that hit something: then the flight up to the contact is ballistic on its own, at
    /// least `trajectoryLength` points long and nowhere pulled upward, and the first point after
    /// it lies far off that flight's path at once, by more than three times the scatter a ball
    /// of its size may have, while the flight was fast (a radius a frame or more) and what
    /// follows keeps the ball's size. The flight ends at the contact, as a bounce does.
    func pointsAfterStriking(_ track: Track) -> Int? {
        let points = track.points, length = settings.trajectoryLength
        guard points.count > length else { return nil }
        for dropped in 1..<length {
            let before = Array(points.dropLast(dropped))
            guard before.count >= length else { return nil }
            let window = Array(before.suffix(length))
            guard let path = test.evaluate(window, bridged: true).path,
                  !isPulledUpwardSomewhere(before, inDepth: track.isSeenInDepth) else { continue }
            let next = points[before.count]
            let tolerance = BallisticTest.smoothnessTolerance(radius: track.recentRadius())
            guard path.position(at: next.time).distance(to: next.position) > 3 * max(tolerance, path.rms) else { return nil }
            // Struck, the ball had been flying at more than its own size a frame, and it is the
            // same ball after the contact, of the size it had in flight. A chain on a body part
            // drifts slower than that, and breaks into other blobs (a head merging with a shoulder).
            let radii = before.suffix(5).map(\.radius).sorted(), radius = radii[radii.count / 2]
            let steps = zip(window, window.dropFirst()).map { a, b in a.position.distance(to: b.position) / Double(max(1, b.step - a.step)) }.sorted()
            guard steps[steps.count / 2] >= radius, points.suffix(dropped).allSatisfy({ isSimilarSize($0.radius, radius) }) else { return nil }
            return dropped
        }
        return nil
    }

    /// A reported flight that lost its ball and went on with something else, ended where it
    /// lost the ball; nil when it did not.
    ///
    /// A flight that loses its ball (merged with something it passes, half out of the picture)
    /// may take what lies near its guess instead, and follow that (an outline a moving camera
    /// leaves in the difference drifts along with the camera) until its windows are pulled
    /// upward, long after it left the ball. Withdrawn then, the flight is lost to the user
    /// though its ball had passed the ballistic test when it was reported. Where it left the
    /// ball, the flight up to there (all it had when reported, and what it took after on the
    /// same path) is ballistic, nowhere pulled upward, and the next point lies far off that
    /// path at once, by more than three times the scatter a ball of its size may have, as after
    /// a strike (see ``pointsAfterStriking(_:)``); unlike a strike, what follows need not be the
    /// ball. It ends there, as lost: a flight confirmed on the ball after it takes it up again.
    func endedWhereItLostItsBall(_ track: Track) -> Track? {
        guard let reported = track.reportedAtFrame else { return nil }
        let points = track.points, length = settings.trajectoryLength
        let tolerance = BallisticTest.smoothnessTolerance(radius: track.recentRadius())
        for kept in max(length, points.count { $0.frame <= reported })..<points.count {
            let before = Array(points[..<kept])
            guard let path = test.evaluate(judgedWindow(of: before), bridged: true).path else { return nil }
            let next = points[kept]
            guard path.position(at: next.time).distance(to: next.position) > 3 * max(tolerance, path.rms) else { continue }
            // Judged once, here: a stretch pulled upward in a shorter flight is one in this too.
            guard !isPulledUpwardSomewhere(before, inDepth: track.isSeenInDepth) else { return nil }
            var ended = track
            ended.dropLast(points.count - kept)
            return ended
        }
        return nil
    }

    /// Frames a short flight may miss between its first and last detection: one when its blobs
    /// are specks of a few pixels (a median radius of at most ``speckRadius`` pixels of the
    /// analysed picture), none otherwise. A ball that small is found at the noise's own
    /// contrast, and compression or sensor noise hides it in one frame of a few (a range ball
    /// far off, re-encoded, was missed once in seven frames); a larger blob that drops out is
    /// more often something else taking its place (turf falling after a strike, missed once
    /// in nine frames, is what a chain of 3 px blobs with a gap turned out to be). Two misses
    /// in so few points is a chain picked from specks.
    func framesMayBeMissed(by track: Track) -> Int {
        let radii = track.points.map(\.radius).sorted()
        return radii[radii.count / 2] <= Self.speckRadius * settings.analysisPixel ? 1 : 0
    }

    /// The largest radius of a speck, pixels of the analysed picture: a blob of seven pixels or
    /// fewer.
    static let speckRadius = 1.5

    /// A flight too short to be reported as it was followed, judged whole once it is lost: a
    /// ball crossing the picture for fewer frames than `trajectoryLength` (struck outside the
    /// picture, then too small or faint to see) is still a flight when it was seen alone, in
    /// every frame (a speck may miss one, see `framesMayBeMissed(by:)`), moving, on a ballistic
    /// path (a faint spot found where it was missed, see `extendSpeckChainsByAFaintSpot`, stands
    /// for that miss): each detection without a moving neighbour (in clutter, chance chains are made of
    /// crowded blobs), each a visible step (more than the association's least gate) from the
    /// last (a speck that hovers, stops or flickers in place is not a ball crossing the
    /// picture in a few frames).
    /// It needs the points a trajectory needs less the launch frames a flight may lose at
    /// either end (the strike's smear at one, the fade at the other), never fewer than Vision's
    /// least trajectory length, and they must lie closer to their path than a full window's
    /// may: with fewer points to agree, each must agree more closely (see
    /// ``shortFlightMisfitShare(points:least:)``). Judged once, whole, its fall is measured
    /// against the exact error of a curvature from so few points, not a window's margin (see
    /// ``BallisticTest/accelerationNoise(_:fit:once:)``).
    func shortFlightSeenAlone(_ track: Track) -> Track? {
        shortFlightSeenAlone(track, joinedToItsPast: false)
    }

    /// A chain too short to be a flight on its own, lost (the ball caught, or gone), judged as
    /// a short flight seen alone (see ``shortFlightSeenAlone(_:)``) together with what another
    /// chain followed before its first detection (see ``pointsFollowedBefore(_:)``): a ball
    /// that merged for a frame with something it passed (a catcher's glove, a batter) and came
    /// out on its path, when the chain that had followed it from its release took the merged
    /// blob, jumped, and gave way to a chain begun there that followed the ball on for the
    /// few frames left. Neither is a flight alone; one ball seen on one path in every frame is.
    func shortFlightJoinedToItsPast(_ track: Track) -> Track? {
        let points = track.points
        guard track.tookOverFromALongerChain, points.count >= Self.leastPointsFollowedBefore,
              points.count < settings.trajectoryLength else { return nil }
        // Only a chain that took a longer one's place has a past another chain followed; and
        // what the whole must show, its own points show first (alone, in every frame but one
        // at most, each a visible step on): in clutter hundreds of chains are lost a frame, and
        // looking through every chain followed before costs far more than these.
        guard isSeenAloneMoving(points, missing: 1) else { return nil }
        let before = pointsFollowedBefore(track)
        guard !before.isEmpty else { return nil }
        var joined = track
        joined.prepend(before)
        // Pieced together from two chains, it needs the points one chain needs to be confirmed:
        // a ball's shadow crossing the court, taken up by a chain from a blob a frame off its
        // line, bends like a fall over the seven points of the two.
        guard joined.points.count >= settings.trajectoryLength else { return nil }
        return shortFlightSeenAlone(joined, joinedToItsPast: true)
    }

    private func shortFlightSeenAlone(_ track: Track, joinedToItsPast: Bool) -> Track? {
        let count = track.points.count
        let least = max(AnalysisSettings.minimumTrajectoryLength, settings.trajectoryLength - 2 * Self.launchFramesLost)
        guard count >= least, count < settings.trajectoryLength || joinedToItsPast,
              isSeenAloneMoving(track.points, missing: framesMayBeMissed(by: track)),
              !isLeavingThePicture(track), !speedsUpAcross(track.points),
              let path = test.evaluate(track.points, once: true).path,
              path.rms <= shortFlightMisfitShare(points: count, least: least) * BallisticTest.smoothnessTolerance(radius: track.recentRadius()),
              !test.fliesStraightWithoutFalling(track.points), !isPulledUpwardSomewhere(track.points),
              !isDebrisOfAStrike(track, path: path), !isPickedFromThingsAtRest(track.points) else { return nil }
        var flight = track
        flight.dropFirst(unrelatedLeadingPoints(of: flight, path: path))
        guard flight.points.count >= least else { return nil }
        flight.reportedAtFrame = recentFrames.last?.frame ?? flight.last.frame
        if path.isInDepth { flight.isSeenInDepth = true }
        return flight
    }

    /// Whether `points` are each without a moving neighbour, in consecutive frames but at most
    /// `missing` (a faint spot standing for a miss counts as one), each a visible step (more
    /// than the association's least gate) from the last: what a short flight shows.
    func isSeenAloneMoving(_ points: [TrackPoint], missing: Int) -> Bool {
        let gaps = points[points.count - 1].step - points[0].step - (points.count - 1) + points.count(where: \.isFaint)
        return gaps <= missing && !points.contains(where: \.isCrowded)
            && zip(points, points.dropFirst()).allSatisfy { a, b in a.position.distance(to: b.position) > settings.minimumGate }
    }

    /// The share of a full window's smoothness tolerance a short flight of `points` may miss
    /// its path by: half at the fewest points it may have (`least`), rising evenly to the
    /// whole at `trajectoryLength`. Fewer points fit a path more easily by chance (each one
    /// less leaves the fit one freedom less to be caught out by), so the fewest are held
    /// closest; a flight one point short of a full window is held nearly as a full window is
    /// (a speck far off, whose place a moving camera's registration puts a pixel out here and
    /// there, misses a parabola by 2 px over nine points).
    func shortFlightMisfitShare(points: Int, least: Int) -> Double {
        let span = max(1, settings.trajectoryLength - least)
        return 0.5 + 0.5 * Double(min(max(points - least, 0), span)) / Double(span)
    }

    /// Whether these points speed up across the picture more than perspective allows: nothing
    /// pushes a ball sideways, so its horizontal speed in the picture changes only with its
    /// distance, as its size does (both scale with one over depth). A hand or a club swung
    /// along an arc speeds up without growing. Compared over the first two steps and the last
    /// two (a quarter more, and two least gates of detection noise, allowed).
    func speedsUpAcross(_ points: [TrackPoint]) -> Bool {
        let n = points.count
        guard n >= 5 else { return false }
        let early = abs(points[2].position.x - points[0].position.x)
        let late = abs(points[n - 1].position.x - points[n - 3].position.x)
        let (head, tail) = PerspectiveFit.endRadii(points)
        let growth = max(1, tail / max(head, 0.5))
        return late > 1.25 * growth * early + 2 * settings.minimumGate
    }

    /// A lost flight without what it took after its last long gap, unless that confirms it.
    /// A flight is followed through a gap longer than a chain may miss (`settings.maximumGap`:
    /// a ball behind a player), and what it takes when the gap ends lies only where a guess
    /// made that long ago put it. A ball that came out from behind something is seen again in
    /// the next frames, on the same path: at least two points after the gap, the judged window
    /// through them still ballistic. One point, or points off the path, are most often what was
    /// near the guess once the ball was gone (a toss struck by the racket, then the player's arm
    /// where the toss would have fallen): dropped, and the flight ends where it was last seen.
    /// Only when what came before the gap is a flight on its own (`trajectoryLength` points): a
    /// flight confirmed on what it saw after a gap (a launch hidden behind the golfer) keeps it.
    func withoutUnconfirmedResumption(_ track: Track) -> Track {
        let points = track.points
        if let resumed = resumption(of: points, missingMoreThan: settings.maximumMissedFrames) {
            let after = points.count - resumed
            guard after >= 2, test.evaluate(judgedWindow(of: points), bridged: true).path != nil else {
                var ended = track
                ended.dropLast(after)
                return ended
            }
        }
        return withoutSpecksAfterAShortGap(withoutWhatItTookAfterAShortGap(track))
    }

    /// A lost flight without what it took after its last short gap when that was not its ball:
    /// a point alone (see ``withoutALonePointAfterAGap(_:)``), then a few that stood still (see
    /// ``withoutAStopAfterAShortGap(_:)``). Also for a flight the clip ended while it was lost.
    func withoutWhatItTookAfterAShortGap(_ track: Track) -> Track {
        withoutAStopAfterAShortGap(withoutALonePointAfterAGap(track))
    }

    /// A lost flight without its last point when that point came alone after it last missed
    /// two frames or more: the rule for a long gap (two points at least after it), for a short
    /// one. One point is confirmed by nothing but lying near a guess made frames before, and by
    /// then the guess is wide: a pitch caught in a glove was followed, four frames after the
    /// catch, to the glove moving on along the pitch's line. A ball seen again after a gap is
    /// seen in the frames after too, unless the flight ends there; one missed in single frames
    /// (a far ball flickering at the edge of visibility) is not judged here. Only for a flight
    /// on its own before the gap (`trajectoryLength` points).
    private func withoutALonePointAfterAGap(_ track: Track) -> Track {
        guard let resumed = resumption(of: track.points, missingMoreThan: 1), resumed == track.points.count - 1 else { return track }
        var ended = track
        ended.dropLast(1)
        return ended
    }

    /// The index of the point that ends a flight's last gap of more than `missed` missed frames,
    /// when what came before it is a flight on its own (`trajectoryLength` points); nil otherwise.
    private func resumption(of points: [TrackPoint], missingMoreThan missed: Int) -> Int? {
        guard let resumed = points.indices.dropFirst().last(where: { points[$0].step - points[$0 - 1].step > missed + 1 }),
              resumed >= settings.trajectoryLength else { return nil }
        return resumed
    }

    /// A lost flight without what it took after it last missed two frames or more, when that is
    /// two points or more that stood still: a ball seen again after a gap flies on at about the
    /// pace it crossed the gap at,
    /// and one that was caught (a glove, a net) or is gone stops dead, where what stopped it
    /// lies on its path a few frames later. Stood still is moving on from the first of them at
    /// under half that pace a frame (the least share of its step a receding ball keeps from one
    /// frame to the next, see ``Track/fewestRecedingRatio``: a ball flying away slows in the
    /// picture, but not by half within a frame or two of a gap), where the pace is more than a
    /// ball's detections scatter (a far ball creeping a pixel a frame is not judged by its
    /// steps). However many points it took there: a glove that caught a pitch, held in view
    /// for five frames more, stands still as a glove seen for two does. Also for a flight the
    /// clip cut short (see ``finish()``): the glove may still be in view when the clip ends.
    func withoutAStopAfterAShortGap(_ track: Track) -> Track {
        let points = track.points
        guard let resumed = resumption(of: points, missingMoreThan: 1),
              points.count - resumed >= 2 else { return track }
        let last = points[resumed - 1], first = points[resumed], end = points[points.count - 1]
        let pace = first.position.distance(to: last.position) / Double(first.step - last.step)
        guard pace > BallisticTest.smoothnessTolerance(radius: last.radius) else { return track }
        let onward = end.position.distance(to: first.position) / Double(end.step - first.step)
        guard onward < Track.fewestRecedingRatio * pace else { return track }
        var ended = track
        ended.dropLast(points.count - resumed)
        return ended
    }

    /// A lost flight without what it took after it last missed two frames or more, when none of
    /// that is of the ball's size: the ball comes back whole, or the flight lost it. What lies
    /// where a ball that struck something (a rim, a net, a player) would have flown on is not
    /// the ball, and its path fits what was taken there only because it was taken there: a
    /// basketball of 10 px radius that struck the rim was followed on to specks of 3 px in the
    /// net, 200 px along a parabola the ball had left, and the flight ended lost, not at the rim.
    private func withoutSpecksAfterAShortGap(_ track: Track) -> Track {
        let points = track.points
        guard let resumed = resumption(of: points, missingMoreThan: 1) else { return track }
        let before = points[..<resumed].suffix(5).map(\.radius).sorted()
        let ballRadius = before[before.count / 2]
        guard !points[resumed...].contains(where: { isSimilarSize($0.radius, ballRadius) }) else { return track }
        var ended = track
        ended.dropLast(points.count - resumed)
        return ended
    }

    /// Whether a flight's recent points (its last three windows) turn back horizontally or fly
    /// straight without falling: no ball does either.
    func turnsBackOrFliesStraight(_ flight: Track) -> Bool {
        let recent = Array(flight.points.suffix(3 * settings.trajectoryLength))
        return test.reversesHorizontally(recent, tolerance: BallisticTest.smoothnessTolerance(radius: flight.recentRadius()))
            || test.fliesStraightWithoutFalling(recent)
    }

    /// A reported flight that turns back, flies straight or is pulled upward only in what it
    /// took after it was first missed once reported, ended where it was last seen before that;
    /// nil when the flight itself does, or when it may have flown on.
    ///
    /// A ball does not stop in mid-air: once it is caught, hidden or gone, what lies near its
    /// guessed path a frame or two later is what it left behind (a compressed clip smears a
    /// small fast ball into the next pictures; the background model holds a trace where it
    /// was), or something that was there all along, and a flight that took it seems to stop
    /// dead or turn back. It is taken for such an end when the flight went out of sight at
    /// speed (its last steps at least half as long as its usual step: a club swung back slows
    /// to a stop at the top before it turns back), or what it took after the gap lies farther
    /// from where it was last seen than its usual step for every frame of the gap and one more
    /// (a club that stopped at the top comes back from there; a ball receding from the camera
    /// slows as it goes, and a speck far off that its widened gate reached is no ball coming
    /// back); when nothing it took after the gap lies ahead of where it was last seen; and when
    /// up to the gap it was reported on its own points and neither turns back, flies straight
    /// nor is pulled upward. (Its last points there may be crowded: it was caught or hidden by
    /// something that moves.)
    func endedBeforeResuming(_ track: Track) -> Track? {
        let points = track.points
        guard let reported = track.reportedAtFrame,
              let resumed = points.indices.first(where: {
                  $0 >= settings.trajectoryLength && points[$0 - 1].frame >= reported && points[$0].step - points[$0 - 1].step > 1
              }) else { return nil }
        let seen = points[..<resumed], lastSeen = points[resumed - 1]
        let steps = zip(seen, seen.dropFirst()).map { a, b in a.position.distance(to: b.position) / Double(b.step - a.step) }
        let usual = steps.sorted()[steps.count / 2], closing = steps.suffix(3).reduce(0, +) / Double(min(3, steps.count))
        let scatter = BallisticTest.smoothnessTolerance(radius: lastSeen.radius)
        let reach = usual * Double(points[resumed].step - lastSeen.step + 1) + scatter
        guard closing >= 0.5 * usual || points[resumed].position.distance(to: lastSeen.position) > reach else { return nil }
        let before = points[resumed - 4].position
        let heading = (x: lastSeen.position.x - before.x, y: lastSeen.position.y - before.y)
        let length = (heading.x * heading.x + heading.y * heading.y).squareRoot()
        guard length > 0, points[resumed...].allSatisfy({
            ((($0.position.x - lastSeen.position.x) * heading.x + ($0.position.y - lastSeen.position.y) * heading.y) / length) <= scatter
        }) else { return nil }
        var ended = track
        ended.dropLast(points.count - resumed)
        return flies(ended) ? ended : nil
    }

    /// A reported flight that came to a dead stop, ended where it stopped; nil when it did not.
    ///
    /// A ball in flight does not stop dead. A flight that arrives at a point faster than
    /// detection scatters, then stands there for `standstillPoints` more frames (within that
    /// scatter of it) where its own path up to there would have carried it twice as far, was
    /// caught, hidden or left in the air by a compressed clip: the encoder goes on showing the
    /// small ball it last drew where nothing else moves, until its next key picture. What the
    /// flight took from then on is not the ball in flight. A toss slows into its apex and
    /// lingers there as its path says (fitted through the points standing there as well as
    /// through those before, see below: a parabola in the picture, or, for a flight seen in
    /// depth, its path in depth, since a drive receding to an apex inside the picture slows
    /// and turns there more sharply than any parabola in the picture bends); a far ball
    /// creeping a pixel or two a frame arrives slower than detection scatters; a ball that
    /// lands is no longer in flight; a ball cut by
    /// the picture's edge (see ``isCutByTheEdge(_:)``) shows only what of it is still inside.
    /// Only what came after the flight was reported is cut: it was judged a flight on the
    /// points before.
    func endedAtStandstill(_ track: Track) -> Track? {
        let points = track.points, needed = Self.standstillPoints, length = settings.trajectoryLength
        guard let reported = track.reportedAtFrame, points.count > length + needed else { return nil }
        for stop in length..<(points.count - needed) where points[stop].frame >= reported {
            let at = points[stop], scatter = BallisticTest.smoothnessTolerance(radius: at.radius)
            let arriving = at.position.distance(to: points[stop - 1].position) / Double(max(1, at.step - points[stop - 1].step))
            let standing = points[(stop + 1)...(stop + needed)]
            // A ball at the picture's edge is cut by it: what is left inside stays by the edge
            // however the ball moves beyond it, and says nothing of whether it stopped.
            guard !isCutByTheEdge(at), !standing.contains(where: isCutByTheEdge) else { continue }
            guard arriving > scatter, standing.allSatisfy({ $0.position.distance(to: at.position) <= scatter }),
                  let path = MotionFit(points[(stop + 1 - length)...stop]),
                  path.position(at: points[stop + needed].time).distance(to: at.position) > 2 * scatter else { continue }
            // Slowing into its apex, the ball stands where the same parabola goes: fitted through
            // the standing points as well, the path fits them about as well as the points before
            // (one rough detection on the way up can bend the path ahead by twice the scatter).
            // A catch or a frozen picture breaks it: a ball arriving faster than detection
            // scatters and then standing dead is a pixel or more off any one parabola.
            if let through = MotionFit(points[(stop + 1 - length)...(stop + needed)]),
               through.rms <= Self.apexFitGrowth * max(path.rms, Self.apexFitFloor) { continue }
            if track.isSeenInDepth, let before = PerspectiveFit(Array(points[(stop + 1 - length)...stop])),
               let through = PerspectiveFit(Array(points[(stop + 1 - length)...(stop + needed)])),
               through.rms <= Self.apexFitGrowth * max(before.rms, Self.apexFitFloor) { continue }
            var ended = track
            ended.dropLast(points.count - stop - 1)
            return flies(ended) ? ended : nil
        }
        return nil
    }

    /// Frames a flight must stand still after arriving to be taken for stopped.
    static let standstillPoints = 3

    /// Whether a point's blob reaches the picture's edge (within a pixel): the ball may be
    /// partly outside, and the blob only the part still in view.
    func isCutByTheEdge(_ point: TrackPoint) -> Bool {
        let p = point.picturePosition, r = point.radius
        return p.x - r <= 1 || p.y - r <= 1 || p.x + r >= settings.frameWidth - 1 || p.y + r >= settings.frameHeight - 1
    }

    /// How much worse, at most, a path fits once it is carried through the points standing
    /// still, for them to be the top of the same flight; and the least misfit it is compared
    /// with, pixels (the scatter of a clean detection).
    static let apexFitGrowth = 1.25
    static let apexFitFloor = 0.5

    /// Whether a flight cut short still flies as a ball: it neither turns back, flies straight
    /// nor is pulled upward at its end.
    private func flies(_ flight: Track) -> Bool {
        !turnsBackOrFliesStraight(flight) && !test.isPulledUpward(Array(flight.points.suffix(settings.trajectoryLength)), inDepth: flight.isSeenInDepth)
    }
}

import Foundation

/// Where blobs become tracks, and tracks become trajectories.
///
/// Fed the filtered blobs of each analysed frame in order, it extends every reported flight by
/// prediction and gating (one blob each, exclusively), lets every other chain take its nearest
/// blob without exclusivity until its motion is known (a chain of clutter cannot take a ball's
/// detection away from the ball's own chain), starts a chain at every blob no flight took, drops
/// chains that duplicate one another, ends chains missed too long, and reports a chain — under
/// the UUID it was born with — once its last `trajectoryLength` points pass the
/// ``BallisticTest``. Memory is bounded by what is in view, plus the reported trajectories.
public struct TrajectoryTracker: Sendable {
    public let settings: TrackerSettings
    private let test: BallisticTest
    private var active: [Track] = []
    /// Reported trajectories that have ended, in the order they ended.
    public private(set) var completed: [Track] = []
    /// Cap on live tracks: noise must not make association quadratic in the clip's length.
    private let maximumActiveTracks = 1000
    /// Analysed frames so far.
    private var step = 0
    /// Whether each blob of the current frame has moving neighbours, by index.
    private var crowded: [Bool] = []
    /// UUIDs for new chains (see ``TrackIdentities``).
    private var identities = TrackIdentities()
    /// The blobs of the last few analysed frames, to look back into when a flight is reported.
    private var recentFrames: [KeptFrame] = []
    private struct KeptFrame: Sendable {
        var frame: Int
        var time: Double
        var step: Int
        var blobs: [Blob]
        var crowded: [Bool]
        var sceneToPicture: SimilarityTransform
    }
    /// This frame's map from the scene the tracks live in to the frame's own picture.
    private var sceneToPicture = SimilarityTransform.identity

    public init(settings: TrackerSettings) {
        self.settings = settings
        test = BallisticTest(shorterSide: settings.shorterSide)
    }

    /// Reported trajectories still in flight.
    public var inFlight: [Track] { active.filter(\.isReported) }

    /// Every reported trajectory so far, ended ones first, by first detection.
    public var reported: [Track] {
        Self.markingBounces((completed + inFlight).sorted {
            ($0.points[0].time, $0.id.uuidString) < ($1.points[0].time, $1.id.uuidString)
        })
    }

    /// Frames a bounce may hide the ball for, between the flight that ends on it and the one
    /// that begins.
    static let bounceGap = 3

    /// The flights that ended in a bounce: falling when they were lost, with another flight
    /// starting from where they were, rising, within ``bounceGap`` frames. At 30 or 60 frames a
    /// second the ball is rarely seen close enough to the floor (or rim) for its own flight to
    /// take the first frames back up, so the bounce shows as one flight lost and the next
    /// beginning; the first is then marked `.bounced`, not `.lost`.
    static func markingBounces(_ flights: [Track]) -> [Track] {
        var result = flights
        for (i, flight) in flights.enumerated() where flight.ending == nil && flight.points.count >= 3 {
            let n = flight.points.count
            let a = flight.points[n - 3], b = flight.points[n - 2], last = flight.points[n - 1]
            guard b.position.y > a.position.y, last.position.y > b.position.y else { continue }  // falling
            let step = last.position.distance(to: b.position) / Double(max(1, last.step - b.step))
            let rebound = flights.contains { next in
                guard next.id != flight.id, next.points.count >= 3 else { return false }
                let gap = next.points[0].step - last.step
                guard gap >= 1, gap <= bounceGap else { return false }
                let reach = Double(gap) * step + 3 * max(last.radius, next.points[0].radius)
                let p = next.points
                return p[0].position.distance(to: last.position) <= reach
                    && p[1].position.y < p[0].position.y && p[2].position.y < p[1].position.y  // rising
            }
            if rebound { result[i].ending = .bounced }
        }
        return result
    }

    /// Tracks being followed, reported or not (diagnostics).
    public var activeTrackCount: Int { active.count }

    /// Follows the blobs of one analysed frame.
    /// - Parameters:
    ///   - blobs: in the scene's pixels (the frame's own when the camera stands still).
    ///   - sceneToPicture: where a point of the scene lies in this frame's picture (identity for
    ///     a camera that stands still).
    public mutating func update(frame: Int, time: Double, blobs: [Blob], sceneToPicture: SimilarityTransform = .identity) {
        step += 1
        self.sceneToPicture = sceneToPicture
        crowded = crowdedBlobs(blobs)
        recentFrames.append(KeptFrame(frame: frame, time: time, step: step, blobs: blobs, crowded: crowded,
                                      sceneToPicture: sceneToPicture))
        if recentFrames.count > 2 * settings.trajectoryLength + 1 { recentFrames.removeFirst() }
        let expectations = active.map { track -> Expectation in
            let p = track.prediction(at: time, settings: settings)
            // A ball growing in the picture is coming at the camera, where its image speeds up
            // beyond what a parabola predicts: the gate grows with it.
            let radius = track.expectedRadius()
            return Expectation(center: p.center, gate: p.gate + 2 * max(0, radius - track.recentRadius()), radius: radius,
                               alternatives: p.alternatives)
        }
        let flights = active.indices.filter { active[$0].isReported }
        let chains = active.indices.filter { !active[$0].isReported }
        // By index, not hashed: a thousand chains and hundreds of blobs a frame in clutter.
        var extended = [Bool](repeating: false, count: active.count)
        var free = [Bool](repeating: true, count: blobs.count)

        // Reported flights first, one blob each: a flight keeps its ball. A flight predicted
        // outside the picture has left it, and takes nothing that is still inside.
        let inView = flights.filter { isInView(expectations[$0]) }
        for (e, b) in associateExclusively(inView.map { expectations[$0] }, blobs) {
            active[inView[e]].append(point(b, of: blobs, frame: frame, time: time))
            extended[inView[e]] = true
            free[b] = false
        }
        // Every other chain takes its nearest remaining blob, shared: until a chain is known to
        // be a ball, a chain of clutter must not be able to take the ball's detection from the
        // ball's own chain. A chain of one point has no direction yet, so it branches to its few
        // nearest blobs (a ball just released is nearer the hand than where it will be next).
        var branches: [Track] = []
        for (e, chosen) in associateNearest(chains.map { expectations[$0] }, blobs, available: free, limit: 3) {
            let t = chains[e]
            if active[t].points.count == 1 {
                for b in chosen.dropFirst() {
                    var branch = Track(id: identities.next(), first: active[t].points[0])
                    branch.append(point(b, of: blobs, frame: frame, time: time))
                    branches.append(branch)
                }
            }
            active[t].append(point(chosen[0], of: blobs, frame: frame, time: time))
            extended[t] = true
        }
        for t in active.indices where !extended[t] { active[t].missedFrames += 1 }

        var ended = [Bool](repeating: false, count: active.count)
        // A reported track that turns back was not a ball after all (a club at the top of its
        // backswing decelerates like one): it is withdrawn.
        for t in active.indices where extended[t] && active[t].isReported {
            let recent = Array(active[t].points.suffix(3 * settings.trajectoryLength))
            if test.reversesHorizontally(recent, tolerance: BallisticTest.smoothnessTolerance(radius: active[t].recentRadius())) {
                active[t].reportedAtFrame = nil
                ended[t] = true
                continue
            }
            // Nothing pulls a ball upward. A bounce turns it back up sharply: the flight ends
            // there. Anything gentler is a person bobbing along, not a ball: withdrawn.
            let window = Array(active[t].points.suffix(settings.trajectoryLength))
            if window.count == settings.trajectoryLength, test.isPulledUpward(window) {
                if test.bounces(window, flight: active[t].points) {
                    active[t].ending = .bounced
                    completed.append(active[t])
                } else {
                    active[t].reportedAtFrame = nil
                }
                ended[t] = true
            }
        }
        // Longest chains first: when several follow the same ball, the one that has followed it
        // longest is reported and the others, which end on the same detection, are dropped.
        let ready = active.indices.filter { extended[$0] && !active[$0].isReported && active[$0].points.count >= settings.trajectoryLength }
            .sorted { (active[$0].points.count, $1) > (active[$1].points.count, $0) }
        for t in ready where !ended[t] {
            let recent = judgedWindow(of: active[t])
            var verdict = test.evaluate(recent)
            var continued: UUID?
            if case .tooSlow = verdict, let left = flightComingBack(active[t].points) {
                verdict = test.evaluate(recent, comingBack: true)
                continued = left
            }
            guard let path = verdict.path else { continue }
            var flight = active[t]
            flight.dropFirst(unrelatedLeadingPoints(of: flight, path: path))
            flight.prepend(earlierDetections(of: flight, like: path))
            guard flight.points.count >= settings.trajectoryLength, !isPulledUpwardSomewhere(flight.points) else { continue }
            flight.reportedAtFrame = frame
            flight.continues = continued
            if case .depth = path { flight.isSeenInDepth = true }
            active[t] = flight
            let last = active[t].last
            for other in active.indices where extended[other] && other != t && !active[other].isReported && active[other].last == last {
                ended[other] = true
            }
        }

        var kept: [Track] = []
        for (t, track) in active.enumerated() {
            // Occlusion is bridged for chains long enough to predict well; short ones are
            // mostly clutter and go sooner.
            let limit = track.points.count < 3 ? 1 : track.points.count < 6 ? 2 : settings.maximumMissedFrames
            if ended[t] { continue }
            let bridging = track.isReported && time - track.last.time <= settings.maximumGap
            if track.missedFrames > limit && !bridging {
                if track.isReported { completed.append(track) }
            } else {
                kept.append(track)
            }
        }
        active = withoutDuplicates(kept + branches)
        // Every blob no reported flight took starts a new chain, even one another chain took:
        // that chain may have taken it wrongly (a ball leaving a hand is first seen on the
        // hand's chain). Duplicates following the same ball are dropped when one is reported.
        for b in blobs.indices where free[b] {
            active.append(Track(id: identities.next(), first: point(b, of: blobs, frame: frame, time: time)))
        }
        if active.count > maximumActiveTracks { keepMostPromising() }
    }

    /// How likely a track is to be, or become, a reported flight: the cap on live tracks drops
    /// the least likely first, never by arrival order (which, in a cluttered frame, dropped
    /// every new chain, the ball's among them). In order: reported flights; chains that travel
    /// smoothly (within twice the smoothness a flight is held to, over their last six points),
    /// longest first, as the more points, the more evidence; chains of one or two points (a
    /// ball's first detections are among them); chains that hop about (clutter picked from
    /// frame to frame); last, chains that stay put (flickering edges, foliage, a ball at rest,
    /// which a flight leaves at once).
    private func promise(of track: Track) -> (tier: Int, points: Int) {
        let n = track.points.count
        if track.isReported { return (0, n) }
        if n == 1 { return (2, 1) }
        let recent = Array(track.points.suffix(6))
        let extent = recent.reduce(0.0) { max($0, $1.position.distance(to: recent[0].position)) }
        guard extent >= max(settings.minimumGate, 2 * track.recentRadius()) else { return (n == 2 ? 2 : 4, n) }
        guard n >= 4 else { return (n == 2 ? 2 : 1, n) }
        let smooth = (MotionFit(recent)?.rms ?? .infinity) <= 2 * BallisticTest.smoothnessTolerance(radius: track.recentRadius())
        return (smooth ? 1 : 3, n)
    }

    private mutating func keepMostPromising() {
        let ranked = active.indices.map { (index: $0, promise: promise(of: active[$0])) }
            .sorted { ($0.promise.tier, -$0.promise.points, $0.index) < ($1.promise.tier, -$1.promise.points, $1.index) }
        let kept = ranked.prefix(maximumActiveTracks).map(\.index).sorted()
        active = kept.map { active[$0] }
    }

    /// Ends every track, as at the end of the clip.
    public mutating func finish() {
        // A flight seen in the last frame analysed was cut short by the clip, not lost.
        completed.append(contentsOf: active.filter(\.isReported).map { track in
            var ended = track
            if ended.last.step == step { ended.ending = .clipEnded }
            return ended
        })
        active.removeAll()
    }

    /// Chains that end on the same two detections follow the same object from here on; only
    /// one is worth keeping: a reported flight if there is one, else the longest whose recent
    /// points it explains well (a chain that began on a hand and jumped to the ball explains
    /// them badly, and gives way to the ball's own), else the longest.
    private func withoutDuplicates(_ tracks: [Track]) -> [Track] {
        // A detection is named by its frame and its centre. Tracks are grouped by their last two
        // by sorting (a thousand chains a frame in clutter: cheaper than hashing each ending).
        struct Ending: Comparable {
            var step, previousStep: Int
            var x, y, previousX, previousY: Double
            static func < (a: Ending, b: Ending) -> Bool {
                (a.step, a.previousStep, a.x, a.y, a.previousX, a.previousY) < (b.step, b.previousStep, b.x, b.y, b.previousX, b.previousY)
            }
        }
        var endings: [(ending: Ending, index: Int)] = []
        endings.reserveCapacity(tracks.count)
        var kept: [Int] = []
        kept.reserveCapacity(tracks.count)
        for (i, track) in tracks.enumerated() {
            guard track.points.count >= 2 else { kept.append(i); continue }
            let last = track.last, previous = track.points[track.points.count - 2]
            endings.append((Ending(step: last.step, previousStep: previous.step, x: last.position.x, y: last.position.y,
                                   previousX: previous.position.x, previousY: previous.position.y), i))
        }
        endings.sort { ($0.ending, $0.index) < ($1.ending, $1.index) }
        // Whether each track explains its recent points, worked out once and only for tracks
        // that meet another on the same two detections.
        var explains = [Bool?](repeating: nil, count: tracks.count)
        func fits(_ i: Int) -> Bool {
            if let known = explains[i] { return known }
            let result = explainsRecentPoints(tracks[i])
            explains[i] = result
            return result
        }
        func preferred(_ a: Int, over b: Int) -> Bool {
            if tracks[a].isReported != tracks[b].isReported { return tracks[a].isReported }
            let aFits = fits(a), bFits = fits(b)
            if aFits != bFits { return aFits }
            return tracks[a].points.count > tracks[b].points.count
        }
        // Within a group, in the order the tracks come: each that is preferred to the best so
        // far takes its place.
        var start = 0
        while start < endings.count {
            var end = start + 1
            while end < endings.count, endings[end].ending == endings[start].ending { end += 1 }
            var best = endings[start].index
            for k in (start + 1)..<end where preferred(endings[k].index, over: best) { best = endings[k].index }
            kept.append(best)
            start = end
        }
        return kept.sorted().map { tracks[$0] }
    }

    private func explainsRecentPoints(_ track: Track) -> Bool {
        let recent = Array(track.points.suffix(6))
        guard recent.count >= 4, let fit = MotionFit(recent) else { return true }
        let tolerance = max(1, 0.5 * track.recentRadius())
        if fit.rms <= tolerance { return true }
        // A ball flying away or coming closer is explained by a path in depth (tried only for
        // a chain that travels: clutter that stays put is most of what is followed).
        guard recent[0].position.distance(to: recent[recent.count - 1].position) > 0.05 * settings.shorterSide else { return false }
        return (PerspectiveFit(recent)?.rms ?? .infinity) <= tolerance
    }

    /// The points a chain is judged on: its last `trajectoryLength`, or more at a high frame
    /// rate, so that they span `settings.minimumJudgedSpan`: over a few hundredths of a second
    /// gravity has not yet bent a path measurably.
    private func judgedWindow(of track: Track) -> [TrackPoint] {
        let last = track.last.time
        let spanning = track.points.reversed().prefix { last - $0.time <= settings.minimumJudgedSpan }.count
        return Array(track.points.suffix(max(settings.trajectoryLength, spanning)))
    }

    /// Whether anything pulled the chain upward in some stretch of it: its latest window may
    /// look like a flight, but the same chain rising under a pull a moment earlier is a head
    /// bobbing along (the crest of each step falls like a ball), and a ball's flight has no such
    /// stretch (a bounce ends it).
    private func isPulledUpwardSomewhere(_ points: some Collection<TrackPoint>) -> Bool {
        let all = Array(points), length = settings.trajectoryLength
        guard all.count > length else { return false }
        return (0...(all.count - length)).contains { start in
            test.isPulledUpward(Array(all[start..<start + length]))
        }
    }

    /// How many of a track's first points, before its ballistic window, the flight does not
    /// explain: a chain may start on a club head or a hand and only then find the ball.
    private func unrelatedLeadingPoints(of track: Track, path: FlightPath) -> Int {
        var first = track.points.count - judgedWindow(of: track).count
        let tolerance = max(2, 1.5 * track.recentRadius(), 3 * path.rms)
        while first > 0 {
            let p = track.points[first - 1]
            // Compared with its neighbour in time: a ball coming at the camera grows.
            let next = track.points[first]
            guard path.position(at: p.time).distance(to: p.position) <= tolerance,
                  isSimilarSize(p.radius, next.radius),
                  p.contrast >= Self.backfillContrastShare * next.contrast else { break }
            first -= 1
        }
        // Within the window too, a first point far fainter than the next is what the chain
        // started on (a club head passing the ball at the launch), not the ball.
        while first < track.points.count - 1,
              track.points[first].contrast < Self.backfillContrastShare * track.points[first + 1].contrast {
            first += 1
        }
        return first
    }

    /// Detections of a just-reported flight in the frames before its first point, found in the
    /// blobs kept from those frames: the first frames after a launch are the hardest to follow
    /// (the ball leaves a hand or a club face, is smeared, or moves fastest), but once the
    /// flight is known its path says where to look. Walks back while each frame has a blob
    /// near the path.
    /// Least contrast of a blob taken into a flight's earlier frames (or kept there), as a share
    /// of its neighbour's.
    static let backfillContrastShare = 0.35
    /// How far a picture's time may be from when it was taken, as a share of the interval to
    /// the next.
    static let timingUncertainty = 0.1

    private func earlierDetections(of track: Track, like path: FlightPath) -> [TrackPoint] {
        let early = Array(track.points.prefix(settings.trajectoryLength))
        guard let fit = path.refitted(to: early), let first = track.points.first else { return [] }
        let radius = early.map(\.radius).sorted()[early.count / 2]
        var found: [TrackPoint] = []
        var missed = 0
        // Pieces are taken only next to a whole detection: a trail of pieces is clutter.
        var neighbourIsPieces = false
        // A detection another flight already has is that flight's ball (a ball bouncing off a
        // rim ends one flight where the next begins): it is not taken twice.
        struct Taken: Hashable { var frame: Int; var x: Double; var y: Double }
        let oldest = recentFrames.first?.frame ?? first.frame
        let taken = Set((completed + active.filter(\.isReported)).flatMap { flight in
            flight.points.reversed().prefix { $0.frame >= oldest }.map { Taken(frame: $0.frame, x: $0.position.x, y: $0.position.y) }
        })
        for (k, past) in recentFrames.reversed().filter({ $0.step < first.step }).enumerated() {
            guard k < 2 * settings.trajectoryLength else { break }
            // The two earliest points so far, for a guess that follows a ball receding from the
            // camera back to where it was faster and larger (see `Track.recedingContinuation`).
            let known = Array(found.reversed()) + track.points.prefix(3)
            let receding = Track.recedingBackward(known[0], known[1], known[2], to: past.time)
            let expected = [fit.position(at: past.time)] + (receding.map { [$0] } ?? [])
            let neighbour = found.last ?? first
            // A fast ball's place at a time is only as certain as the time: a converted clip's
            // pictures are timed to about a tenth of a frame interval (see `CaptureCadence`).
            let velocity = fit.velocity(at: past.time)
            let stride = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() * (neighbour.time - past.time)
            let tolerance = max(2, radius, 4 * fit.rms, Self.timingUncertainty * stride) * (1 + 0.2 * Double(k))
            // A ball looks much the same a frame earlier: of similar size (or larger, as it
            // grows back toward the camera), not a faint shadow of itself, and not smeared
            // across its path (a club head passing the tee at the launch is near the path too).
            let grown = receding == nil ? neighbour.radius : neighbour.radius * max(1, known[0].radius / max(known[1].radius, 0.5))
            func distance(_ blob: Blob) -> Double { expected.map { blob.center.distance(to: $0) }.min()! }
            let nearest = past.blobs.indices.filter {
                let blob = past.blobs[$0]
                return isSimilarSize(blob.radius, grown) && blob.contrast >= Self.backfillContrastShare * neighbour.contrast
                    && !BallisticTest.isMisshapen(radius: blob.radius, elongation: blob.elongation, orientation: blob.orientation,
                                                  velocity: velocity, stepInterval: neighbour.time - past.time)
                    && !taken.contains(Taken(frame: past.frame, x: blob.center.x, y: blob.center.y))
            }
                .min { distance(past.blobs[$0]) < distance(past.blobs[$1]) }
            var blob: Blob, isCrowded: Bool
            if let index = nearest, distance(past.blobs[index]) <= tolerance + max(0, past.blobs[index].radius - radius) {
                blob = past.blobs[index]
                isCrowded = past.crowded[index]
                neighbourIsPieces = false
            } else if !neighbourIsPieces, let pieces = Self.pieces(of: max(grown, radius), near: expected, within: tolerance, in: past.blobs, usable: {
                $0.contrast >= Self.backfillContrastShare * neighbour.contrast
                    && !taken.contains(Taken(frame: past.frame, x: $0.center.x, y: $0.center.y))
            }) {
                blob = pieces
                isCrowded = false
                neighbourIsPieces = true
            } else {
                // A ball hidden for a frame (behind a club, under a caption) is looked for a
                // frame earlier; two frames without it end the search.
                missed += 1
                if missed > 1 { break }
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

    /// Longest a ball may be out of view above the picture before it comes back down, seconds
    /// (a drive's hang time is about seven).
    static let longestTimeAbove = 10.0

    /// The reported flight a chain is the ball of, coming back down into the picture where the
    /// flight left it through the top: a ball struck high (down the line, most of all) climbs
    /// out of the frame and falls back in far away, small and slowed by drag. The chain starts
    /// at the top edge, within a fifth of the frame's width of where the flight left, after it
    /// left and within ``longestTimeAbove``, and goes down. Of several such flights, the one
    /// that left last.
    private func flightComingBack(_ points: [TrackPoint]) -> UUID? {
        guard let first = points.first, let last = points.last, last.picturePosition.y > first.picturePosition.y else { return nil }
        let edge = max(3 * first.radius, 0.05 * settings.shorterSide)
        guard first.picturePosition.y <= edge else { return nil }
        return completed.last { flight in
            guard flight.isReported, flight.points.count >= 2 else { return false }
            let exit = flight.last, before = flight.points[flight.points.count - 2]
            guard first.time > exit.time, first.time - exit.time <= Self.longestTimeAbove,
                  abs(first.picturePosition.x - exit.picturePosition.x) <= 0.2 * Double(settings.frameWidth) else { return false }
            // It left through the top: last seen at the edge, or its last step carries it past.
            let carried = 2 * exit.picturePosition.y - before.picturePosition.y
            return exit.picturePosition.y <= exit.radius + 2 || carried < 0
        }?.id
    }

    /// Whether an expected position lies in the picture (or within a radius of its edge).
    private func isInView(_ expectation: Expectation) -> Bool {
        let c = sceneToPicture.apply(expectation.center), r = expectation.radius
        return c.x >= -r && c.y >= -r && c.x <= settings.frameWidth + r && c.y <= settings.frameHeight + r
    }

    /// Within a factor of two, or a pixel: a speck is not the ball it lies near.
    private func isSimilarSize(_ radius: Double, _ reference: Double) -> Bool {
        abs(radius - reference) <= 1 || (radius >= 0.5 * reference && radius <= 2 * reference)
    }

    private func point(_ index: Int, of blobs: [Blob], frame: Int, time: Double) -> TrackPoint {
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

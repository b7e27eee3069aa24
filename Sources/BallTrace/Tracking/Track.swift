import FoundationEssentials
import Glibc

/// A chain of detections the tracker believes belong to one moving object. It becomes a
/// reported trajectory once it is long enough and its motion is ballistic; its UUID is given
/// at birth and never changes, so a trajectory keeps its identity as it grows.
struct Track: Sendable, Hashable, Identifiable {
    private(set) var id: UUID
    private(set) var points: [TrackPoint]
    /// Analysed frames since the last detection was added.
    var missedFrames = 0
    /// The frame at which the track was first reported as a trajectory, nil while it is not.
    var reportedAtFrame: Int?
    /// Whether the flight was recognised flying toward or away from the camera: its path is
    /// then predicted in depth as well (see ``PerspectiveFit``).
    var isSeenInDepth = false {
        didSet { if isSeenInDepth != oldValue { fitted.value = nil } }
    }
    /// How the tracker saw a reported flight end, when that says more than its path: a bounce
    /// ended it, or it was still being followed when the clip ended. Nil otherwise.
    var ending: FlightExit.Reason?
    /// Whether the flight was cut where it came down and stopped (ended as bounced, what it met
    /// not known): it landed if its ball is then seen lying there (see
    /// `TrajectoryTracker+Landing.swift`).
    var stoppedWhereItCameDown = false
    /// With a tee hint, when the flight's path left the tee: the last frame the ball was there
    /// (the strike) and the time (see `TrajectoryTracker+Tee.swift`). Nil otherwise.
    var impact: FlightMoment?
    /// The flight this one continues: the same ball, come back down into the picture after
    /// climbing out of it through the top. Nil for a flight seen from its start.
    var continues: UUID?
    /// When the flight this one continues was launched (its first detection): the same ball's
    /// launch, which this stretch of its path did not see. Nil for a flight seen from its start.
    var continuedLaunch: FlightMoment?
    /// Whether the chain took the place of a longer one that ended on the same two detections
    /// and was dropped (see `TrajectoryTracker.distinctChains`): what that one followed before
    /// may be this one's past (see `TrajectoryTracker.shortFlightJoinedToItsPast`).
    var tookOverFromALongerChain = false
    /// The fits of the current points (see ``FittedMotion``): nil until worked out, and again
    /// whenever the points change.
    private var fitted = Memo<FittedMotion>()

    init(id: UUID = UUID(), first: TrackPoint) {
        self.id = id
        // Room for a few points: most chains end within a few frames, and growing the array
        // one point at a time reallocates it at each of its first appends.
        points = []
        points.reserveCapacity(4)
        points.append(first)
    }

    var last: TrackPoint { points[points.count - 1] }

    /// The chain so far under another UUID: a branch that follows another blob from here.
    func branch(as id: UUID) -> Track {
        var copy = self
        copy.id = id
        return copy
    }

    /// The track as the frames themselves show it: each point where it was in its own frame's
    /// picture rather than in the scene (they differ only when the camera moved).
    var inPicture: Track {
        var copy = self
        for i in copy.points.indices { copy.points[i].position = copy.points[i].picturePosition }
        copy.fitted.value = nil
        return copy
    }
    var isReported: Bool { reportedAtFrame != nil }

    /// The same track with every time (its points', its impact's, and the launch of the flight
    /// it continues) `factor` times as far from the clip's start: from the time a slow-motion
    /// clip was filmed in to the time it plays in.
    func timesStretched(by factor: Double) -> Track {
        var copy = self
        for i in copy.points.indices { copy.points[i].time *= factor }
        copy.impact?.time *= factor
        copy.continuedLaunch?.time *= factor
        copy.fitted.value = nil
        return copy
    }

    /// Drops points from the start (detections of something else the chain began on).
    mutating func dropFirst(_ count: Int) {
        points.removeFirst(min(count, points.count - 1))
        fitted.value = nil
    }

    /// Adds detections found afterwards in earlier frames (oldest first), before the first point.
    mutating func prepend(_ earlier: [TrackPoint]) {
        points.insert(contentsOf: earlier, at: 0)
        fitted.value = nil
    }

    /// Adds a detection found afterwards in a frame the track missed, in its place by time.
    mutating func insert(_ point: TrackPoint) {
        points.insert(point, at: points.firstIndex { $0.time > point.time } ?? points.count)
        fitted.value = nil
    }

    /// Drops points from the end (detections after the flight struck something).
    mutating func dropLast(_ count: Int) {
        points.removeLast(min(count, points.count - 1))
        fitted.value = nil
    }

    /// Drops the points at `indices` (ascending): detections that were not the ball.
    mutating func remove(pointsAt indices: [Int]) {
        guard !indices.isEmpty else { return }
        for index in indices.reversed() { points.remove(at: index) }
        fitted.value = nil
    }

    /// Moves one point in the picture and the scene alike (a streak placed along its length,
    /// see ``StreakPlacement``).
    mutating func move(pointAt index: Int, to position: PixelPoint) {
        let dx = position.x - points[index].position.x, dy = position.y - points[index].position.y
        points[index].position = position
        points[index].picturePosition = PixelPoint(x: points[index].picturePosition.x + dx, y: points[index].picturePosition.y + dy)
        fitted.value = nil
    }

    /// This flight, its identity and launch kept, with its first `kept` points and then
    /// `later` (the same ball, picked up again by another chain: see
    /// `TrajectoryTracker.lostFlight(continuedBy:extended:)`).
    func carriedOn(keeping kept: Int, by later: [TrackPoint]) -> Track {
        var carried = self
        carried.points.removeLast(points.count - kept)
        carried.points.append(contentsOf: later)
        carried.missedFrames = 0
        carried.ending = nil
        carried.stoppedWhereItCameDown = false
        carried.fitted.value = nil
        return carried
    }

    mutating func append(_ point: TrackPoint) {
        points.append(point)
        missedFrames = 0
        fitted.value = nil
    }

    /// Mean radius of the most recent points, pixels.
    func recentRadius(count: Int = 5) -> Double {
        let recent = points.suffix(count)
        return recent.reduce(0) { $0 + $1.radius } / Double(recent.count)
    }

    /// The median length of the last three detections (the ball and its smear along its
    /// motion), nil with fewer than three.
    func recentLength() -> Double? {
        medianOfLastThree { 2 * $0.radius * $0.elongation }
    }

    /// The median elongation of the last three detections (how much longer than wide the ball
    /// and its smear are), nil with fewer than three.
    func recentElongation() -> Double? {
        medianOfLastThree(\.elongation)
    }

    /// The median of `measure` over the last three detections: one odd detection (a blob merged
    /// for a frame) does not move it. Nil with fewer than three.
    private func medianOfLastThree(_ measure: (TrackPoint) -> Double) -> Double? {
        guard points.count >= 3 else { return nil }
        let n = points.count
        let a = measure(points[n - 3]), b = measure(points[n - 2]), c = measure(points[n - 1])
        return max(min(a, b), min(max(a, b), c))
    }

    /// The radius to expect next: the recent mean, or, for a ball clearly growing over its
    /// last three detections (coming at the camera), the last radius grown once more. Clearly
    /// growing is by a tenth at each step; for a reported flight, known to be a ball, by a tenth
    /// at the last step and never shrinking: a ball racing at the lens grows by its closing
    /// speed over its distance, unevenly from one frame to the next as its blob's edge is cut
    /// by blur and the threshold (a lobbed tennis ball: 23.8, 25.7, then 31.9 px). A chain not
    /// yet reported is held to both steps: a launch's blobs grow as the ball leaves the club.
    func expectedRadius() -> Double {
        let mean = recentRadius()
        let n = points.count
        guard n >= 3 else { return mean }
        let r = (points[n - 3].radius, points[n - 2].radius, points[n - 1].radius)
        let grew = isReported ? r.1 >= r.0 : r.1 > 1.1 * r.0
        guard grew, r.2 > 1.1 * r.1, r.2 > mean else { return mean }
        return r.2 * min(r.2 / r.1, 1.5)
    }

    /// A detection at most this share of the ball's expected radius shows part of the ball only.
    static let partialShare = 0.7

    /// The points without those much smaller than the trend of the ones kept before them: a
    /// ball going behind something shows only its near edge, whose centre lags behind the
    /// ball's, and a fit through those lagging centres bends the path back. A ball flying away
    /// shrinks too, but steadily, and its own trend (log-radius, straight through the last six
    /// kept points, and no larger than their median) expects that. When fewer than `least`
    /// points would be kept, all are (at least three: a parabola's own number).
    static func withoutPartialDetections(_ points: some Collection<TrackPoint>, keepingAtLeast least: Int = 3) -> [TrackPoint] {
        let all = Array(points)
        guard all.count > 3 else { return all }
        var kept: [TrackPoint] = []
        kept.reserveCapacity(all.count)
        // Log-radii of the kept points, and scratch for the median of the last six: worked out
        // once per point (this runs for every track at every frame).
        let logPartialShare = log(partialShare)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: all.count + 6) { buffer in
            let logs = UnsafeMutableBufferPointer(rebasing: buffer[0..<all.count])
            let radii = UnsafeMutableBufferPointer(rebasing: buffer[all.count..<all.count + 6])
            var count = 0
            for point in all {
                let logRadius = log(max(point.radius, 1e-3))
                if count >= 3 {
                    let recent = max(0, count - 6)..<count
                    if let trend = logRadiusTrend(times: kept[recent].lazy.map(\.time), logs: logs[recent], at: point.time) {
                        // The trend of a few noisy radii may point anywhere upward; their median caps it.
                        var n = 0
                        for p in kept[recent] { radii[n] = p.radius; n += 1 }
                        var sorted = UnsafeMutableBufferPointer(rebasing: radii[0..<n])
                        sorted.sort()
                        let expected = min(trend, log(max(sorted[n / 2], 1e-3)))
                        if logRadius < expected + logPartialShare { continue }
                    }
                }
                kept.append(point)
                logs[count] = logRadius
                count += 1
            }
            return kept.count >= max(3, least) ? kept : all
        }
    }

    /// The points without those much smaller than the ball (as ``withoutPartialDetections(_:)``
    /// finds them) that the path of the others places far off: not the ball's near edge, which
    /// moves on with it, but something small beside its path, taken while the ball itself merged
    /// with a player it passed. Such a point stands where the ball was not, and a few of them
    /// at the end of a flight read as a ball stopped. Small points on the others' path stay.
    static func withoutStrayPartialDetections(_ points: some Collection<TrackPoint>) -> [TrackPoint] {
        let all = Array(points)
        let whole = withoutPartialDetections(all)
        guard whole.count < all.count, let path = MotionFit(whole) else { return all }
        var kept: [TrackPoint] = []
        kept.reserveCapacity(all.count)
        var next = 0
        for point in all {
            if next < whole.count, whole[next] == point {
                next += 1
                kept.append(point)
            } else if !path.placesFarOff(point) {
                kept.append(point)
            }
        }
        return kept
    }

    /// The least-squares line through log-radius against time, evaluated at `time`.
    private static func logRadiusTrend(times: some Collection<Double>, logs: UnsafeMutableBufferPointer<Double>.SubSequence,
                                       at time: Double) -> Double? {
        let n = Double(logs.count)
        var st = 0.0, sl = 0.0, stt = 0.0, stl = 0.0
        for (pointTime, l) in zip(times, logs) {
            let t = pointTime - time
            st += t; sl += l; stt += t * t; stl += t * l
        }
        let denominator = n * stt - st * st
        guard denominator > 1e-12 else { return nil }
        let slope = (n * stl - st * sl) / denominator
        return (sl - slope * st) / n  // the line's value at t = 0, that is at `time`
    }

    /// Where the object should be at `time`, and how far from there a detection may lie and
    /// still be taken as the same object.
    ///
    /// When the newest detection lies far off the path of the ones before it, the path without
    /// it is offered as another centre: either the object changed course (a ball coming
    /// at the camera) or that detection was merged with something it passed over.
    func prediction(at time: Double, settings: TrackerSettings) -> (center: PixelPoint, gate: Double, alternatives: OtherCentres) {
        let radius = recentRadius()
        let dt = max(time - last.time, 1e-6)
        // Each missed frame widens the gate, up to a point: at a high frame rate a flight may
        // be followed through many missed frames, which its quadratic still predicts well.
        let slack = 1 + 0.5 * Double(min(missedFrames, 6))
        switch points.count {
        case 1:
            return (last.position, settings.maximumSpeed * dt + 2 * radius + settings.minimumGate, OtherCentres())
        case 2:
            let previous = points[0]
            let span = max(last.time - previous.time, 1e-6)
            let vx = (last.position.x - previous.position.x) / span
            let vy = (last.position.y - previous.position.y) / span
            let step = (vx * vx + vy * vy).squareRoot() * dt
            let center = PixelPoint(x: last.position.x + vx * dt, y: last.position.y + vy * dt)
            return (center, max(settings.minimumGate, 2 * radius, 0.6 * step) * slack, OtherCentres())
        default:
            // A long window averages detection noise and camera shake away; a short one follows
            // a path that bends more than a parabola (drag, a ball coming at the camera). The
            // long one sets the gate; the short one offers a second centre.
            // A flight recognised in depth is predicted in depth: a parabola lags far behind a
            // ball racing away (and its misfit would widen the gate onto clutter).
            guard let fits = fitted.value ?? FittedMotion(self, settings: settings) else {
                return (last.position, settings.minimumGate, OtherCentres())
            }
            let parabola = fits.parabola
            let depth = fits.depth.flatMap { $0.staysInFront(from: last.time, to: time) ? $0 : nil }
            let center = depth?.position(at: time) ?? parabola.position(at: time)
            let fit = (rms: depth?.rms ?? parabola.rms, velocity: depth?.velocity(at: last.time) ?? parabola.velocity(at: last.time))
            // The gate scales with the distance moved in one frame interval, not with the
            // whole gap: missed frames widen it once, through `slack`.
            let interval = last.time - points[points.count - 2].time
            let velocity = fit.velocity
            let stepPerFrame = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() * interval
            var alternatives = OtherCentres()
            if let short = fits.short { alternatives.append(short.position(at: time)) }
            if let earlier = fits.earlier { alternatives.append(earlier.position(at: time)) }
            // A flight hidden now, after it shrank: where it was going before it began to go
            // behind something. (Not offered to chains: in clutter, a chain's blobs shrink and
            // vanish for many reasons, and one more centre is one more blob it could take.)
            // A parabola that misses its own points by more than a ball's detections scatter is
            // no path of this ball (a flight racing away, seen in depth, bends far from one):
            // where it leads is not offered.
            let scatter = BallisticTest.smoothnessTolerance(radius: radius)
            if isReported, missedFrames > 0, let before = fits.beforeGoingBehind, before.rms <= scatter {
                alternatives.append(before.position(at: time))
            }
            // A path the parabola does not explain may be one in depth.
            if depth != nil {
                if parabola.rms <= scatter { alternatives.append(parabola.position(at: time)) }
            } else if let seen = fits.alternativeDepth {
                alternatives.append(seen.position(at: time))
            }
            // A parabola through a young chain's few points follows their noise (camera shake,
            // a smeared first frame): its prediction is looser, and the straight continuation
            // of the last step is as good a guess.
            var motionShare = 0.35
            if points.count < 6 {
                motionShare = 0.5
                let previous = points[points.count - 2]
                let span = max(last.time - previous.time, 1e-6)
                alternatives.append(PixelPoint(x: last.position.x + (last.position.x - previous.position.x) / span * dt,
                                               y: last.position.y + (last.position.y - previous.position.y) / span * dt))
            }
            // A frame missed is taken in the receding run's stride only by a speck alone in the
            // sky, as a far ball is: among moving specks (a club's shaft in a waggle, seen small)
            // a guess that bridges gaps joins them into a smooth run.
            let loneSpeck = radius <= TrajectoryTracker.speckRadius * settings.analysisPixel
                && !points.suffix(3).contains(where: \.isCrowded)
            if let receding = recedingContinuation(at: time, acrossAMissedFrame: loneSpeck),
               depth != nil || parabola.agreesWithStepRatio(of: points.suffix(3), interval: interval) {
                alternatives.append(receding)
            }
            return (center, max(settings.minimumGate, 2 * radius, motionShare * stepPerFrame, 3 * fit.rms) * slack, alternatives)
        }
    }

    /// Works out the fits of the current points, unless they are known already: called once a
    /// frame before predicting, so that a track whose points did not change is not fitted again.
    mutating func fitMotion(settings: TrackerSettings) {
        guard points.count >= 3, fitted.value == nil else { return }
        fitted.value = FittedMotion(self, settings: settings)
    }

    /// Where a ball flying away from the camera (or coming at it) goes next: on from its last
    /// step, shrunk (or grown) by the ratio of its last two steps. A ball receding at a steady
    /// speed covers less of the picture each frame, by nearly the same factor from one frame
    /// to the next (the picture divides by depth); a parabola in time, which lets the speed
    /// fall only linearly, overshoots it. With `acrossAMissedFrame`, one frame missed in either
    /// span of the last three points (a ball of a pixel or two, far away, is not seen in every
    /// frame) is a step of the same run, the ratio a frame the one that gives the two spans
    /// their lengths: a parabola through a receding path turns back within a frame or two of a
    /// gap, and a camera that moves adds a pixel of error to a speck's place here and there.
    /// Nil for fewer than three points, a frame missed (more than one with
    /// `acrossAMissedFrame`), or a step under half the one before or half again as long (not
    /// one ball's motion).
    func recedingContinuation(at time: Double, acrossAMissedFrame: Bool = false) -> PixelPoint? {
        guard points.count >= 3 else { return nil }
        let a = points[points.count - 3], b = points[points.count - 2], c = last
        let first = b.step - a.step, second = c.step - b.step, most = acrossAMissedFrame ? 2 : 1
        guard (1...most).contains(first), (1...most).contains(second) else { return nil }
        let previousSpan = a.position.distance(to: b.position), lastSpan = b.position.distance(to: c.position)
        guard previousSpan > 0.5 * Double(first), lastSpan > 0.5 * Double(second) else { return nil }
        guard let ratio = Self.stepRatio(spanRatio: lastSpan / previousSpan, first: first, second: second),
              ratio > Self.fewestRecedingRatio, ratio < 1.5 else { return nil }
        let interval = max(c.time - b.time, 1e-6) / Double(second)
        let steps = (time - c.time) / interval
        // The last frame's step, of the span b→c: its share of the span is ratio^(n-1)/(1 + … + ratio^(n-1)).
        let lastShare = second == 1 ? 1 : ratio / (1 + ratio)
        // Steps shrinking by `ratio` each: ratio + ratio² + … for `steps` of them.
        let reach = (abs(ratio - 1) < 1e-9 ? steps : ratio * (1 - pow(ratio, steps)) / (1 - ratio)) * lastShare
        return PixelPoint(x: c.position.x + (c.position.x - b.position.x) * reach,
                          y: c.position.y + (c.position.y - b.position.y) * reach)
    }

    /// Whether a ball at `position` at `time` went on from the last point as a ball flying away
    /// does: ahead along the last step, covering no more of the picture per frame than that
    /// step did (a receding ball's steps shrink with its distance), and no less than the least
    /// share of it a receding ball's next step keeps (``fewestRecedingRatio``: a ball that
    /// stopped, in a glove or a net, or the trace compression leaves where it vanished, has not
    /// gone on). False with fewer than two points, or when the last two coincide (no direction
    /// to go on in).
    func continuesReceding(_ position: PixelPoint, at time: Double) -> Bool {
        guard points.count >= 2 else { return false }
        let previous = points[points.count - 2]
        let span = max(last.time - previous.time, 1e-6)
        let stepX = last.position.x - previous.position.x, stepY = last.position.y - previous.position.y
        let aheadX = position.x - last.position.x, aheadY = position.y - last.position.y
        let stepLength = (stepX * stepX + stepY * stepY).squareRoot()
        let strideByThen = stepLength / span * (time - last.time)
        let oneFrameStride = stepLength / Double(max(last.step - previous.step, 1))
        let ahead = (aheadX * aheadX + aheadY * aheadY).squareRoot()
        return aheadX * stepX + aheadY * stepY > 0
            && ahead <= strideByThen && ahead >= Self.fewestRecedingRatio * oneFrameStride
    }

    /// The least share of the step before that a receding ball's next step may be.
    static let fewestRecedingRatio = 0.5

    /// The ratio r of each frame's step to the one before that makes a span of `second` frames
    /// `spanRatio` times as long as the span of `first` frames before it (each of one or two
    /// frames): r^first · (1 + … + r^(second-1)) / (1 + … + r^(first-1)) = spanRatio, solved in
    /// closed form.
    static func stepRatio(spanRatio d: Double, first: Int, second: Int) -> Double? {
        guard d > 0 else { return nil }
        switch (first, second) {
        case (1, 1): return d
        case (1, 2): return (-1 + (1 + 4 * d).squareRoot()) / 2
        case (2, 1): return (d + (d * d + 4 * d).squareRoot()) / 2
        case (2, 2): return d.squareRoot()
        default: return nil
        }
    }

    /// The receding guess run backward: where a ball was at `time`, before `a`, when `a`, `b`,
    /// `c` are its next three detections in consecutive frames: each step back larger by the
    /// ratio of `a`→`b` to `b`→`c`. Nil when the steps are not like one ball's (see
    /// ``recedingContinuation(at:acrossAMissedFrame:)``) or do not shrink.
    static func recedingBackward(_ a: TrackPoint, _ b: TrackPoint, _ c: TrackPoint, to time: Double) -> PixelPoint? {
        guard c.step - b.step == 1, b.step - a.step == 1, time < a.time else { return nil }
        let first = a.position.distance(to: b.position), second = b.position.distance(to: c.position)
        guard first > 0.5, second > 0.5 else { return nil }
        let growth = first / second
        guard growth > 1, growth < 1 / fewestRecedingRatio else { return nil }
        let interval = max(b.time - a.time, 1e-6)
        let steps = (a.time - time) / interval
        let reach = growth * (pow(growth, steps) - 1) / (growth - 1)
        return PixelPoint(x: a.position.x + (a.position.x - b.position.x) * reach,
                          y: a.position.y + (a.position.y - b.position.y) * reach)
    }
}

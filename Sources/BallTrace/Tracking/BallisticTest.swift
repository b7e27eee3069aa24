import FoundationEssentials
import Glibc

/// Whether a window of a track's points is a ball in free flight. In order: it was seen in most
/// of the frames it spans; it moves, and fast enough for its size and the frame; a quadratic in
/// time explains its path to within detection noise; nothing pulls it upward and it falls as a
/// ball of its size falls (or straight down at a shuttlecock's terminal speed, where drag has
/// cancelled gravity: ``fallsAtTerminalSpeed(_:fit:)``); it does not turn back horizontally,
/// nor speed up along a level or rising path; and its elongated blobs are smeared along the
/// motion, not across it. (Whether a longer path bends as gravity bends a ball's is asked
/// apart: ``fliesStraightWithoutFalling(_:)``.)
/// A ball at rest, a hand or shoulder drifting, a club head's arc, a swinging arm, a walking
/// person or a chain of clutter fails one of these.
struct BallisticTest: Sendable, Hashable {
    var shorterSide: Double
    /// Pixels per pixel of the picture blobs were found in (see ``TrackerSettings/analysisPixel``).
    var analysisPixel: Double

    init(shorterSide: Double, analysisPixel: Double = 1) {
        self.shorterSide = shorterSide
        self.analysisPixel = analysisPixel
    }

    enum Verdict: Sendable, Hashable {
        case ballistic(fit: MotionFit)
        /// Ballistic in depth: flying away from the camera or coming at it (see ``PerspectiveFit``).
        case ballisticInDepth(fit: PerspectiveFit)
        case tooFewPoints
        case notMoving(extent: Double)
        case notSmooth(rms: Double, tolerance: Double)
        case pulledUpward(acceleration: Double)
        /// Moves smoothly but does not fall as a ball of its size would.
        case weightless(acceleration: Double)
        /// Falls straight down at the steady speed drag leaves a shuttlecock (see
        /// ``fallsAtTerminalSpeed(_:fit:)``): a flight, on the parabola of its
        /// window (nearly a straight line).
        case fallingAtTerminalSpeed(fit: MotionFit)
        /// Mostly seen with other moving things close by (parts of a body).
        case crowded(points: Int)
        /// Its size jumps from frame to frame, as a limb's or a racket's does.
        case changesSize
        case reverses
        /// Speeds up along its path where nothing could speed a ball up: a hand or a club
        /// swung along.
        case pushedAlong(acceleration: Double)
        case sparse(steps: Int)
        case misshapen(misaligned: Int)
        case tooSlow(medianStep: Double)
    }

    /// Elongation above which a blob's axis must follow the motion.
    static let elongated = 1.6
    /// Slowest reported motion, in shorter sides of the frame per second.
    static let minimumSpeed = 0.25
    /// Smallest downward acceleration of a ball in flight, pixels per second squared per pixel
    /// of its apparent radius: two thirds of what gravity gives the largest ball (a basketball,
    /// 9.8 / 0.12 ≈ 82), leaving room for radii inflated by blur and compression. A walking
    /// person's head bobs at about half that. (A slow-motion export whose timestamps are
    /// stretched makes gravity look weaker than this.)
    static let minimumGravityPerRadius = 55.0
    /// The radius the detector gives a blob of one pixel of the picture it searches (its
    /// area's, √(1/π), in those pixels): the least it measures. Blobs this small at one end of a
    /// window have no size to compare, only a floor (a speck of sensor noise or compression is
    /// one), and a change of size down to it says nothing of depth.
    static let onePixelRadius = (1 / Double.pi).squareRoot()
    /// The share of the parabola's misfit a path in depth must come within to be considered
    /// for points whose size changes only a little (see ``pathInDepth(_:tolerance:stepInterval:pictureMisfit:)``).
    static let depthMisfitShare = 0.25
    /// Largest median deviation of log-radius from its trend (see ``sizeIsSteady(_:)``).
    static let sizeSteadiness = 0.15
    /// Share of a window's detections with moving neighbours that rejects it: a ball leaving
    /// a hand or a club face is crowded for its first frames only.
    static let crowdedShare = 0.3
    /// How far from a smooth path detections of a ball of this radius may scatter, pixels (rms).
    /// Detection noise grows with the blob, since a blurred or large ball has a less certain
    /// centre. The floor covers a camera that shakes by up to two pixels from frame to frame.
    static func smoothnessTolerance(radius: Double) -> Double {
        max(3, 0.35 * radius)
    }

    /// Largest angle between an elongated blob's axis and the motion, radians (35°).
    static let alignment = 35.0 * .pi / 180

    /// - Parameters:
    ///   - comingBack: the points are a ball coming back into the picture where a flight left
    ///     it (see `TrajectoryTracker`): far away and slowed by drag, it may cross the picture
    ///     slower, and over less of it, than a flight worth reporting otherwise does, and it
    ///     need not fall as gravity makes a ball of its apparent size fall: drag has taken most
    ///     of gravity's pull by then (a golf ball's descent nears its terminal speed, about
    ///     32 m/s), and a far ball's blob is blur more than ball. It must still move down the
    ///     picture smoothly and nowhere be pulled upward.
    ///   - bridged: the points are a reported flight's, judged for where it ended: the frames
    ///     the tracker bridged (a toss falling behind the hand that threw it, a ball behind a
    ///     player) are a gap in what was seen, not a sign of a chain picked from clutter.
    ///   - once: the points are judged once, whole (a short flight, once it is lost), not as
    ///     one of the windows a chain is judged by afresh each frame: its fall is measured
    ///     against the exact error of a curvature from so few samples (see
    ///     ``accelerationNoise(_:fit:once:)``).
    func evaluate(_ points: [TrackPoint], comingBack: Bool = false, bridged: Bool = false, once: Bool = false) -> Verdict {
        guard points.count >= 5, let fit = MotionFit(points) else { return .tooFewPoints }
        // A ball in view is seen in most frames; a chain of noise specks picked from many
        // frames' clutter is not.
        let steps = points[points.count - 1].step - points[0].step + 1
        guard bridged || Double(steps) <= 1.25 * Double(points.count) else { return .sparse(steps: steps) }
        // A ball in flight is alone; a body part has other parts moving around it.
        let crowded = points.filter(\.isCrowded).count
        guard Double(crowded) < Self.crowdedShare * Double(points.count) else { return .crowded(points: crowded) }
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        let first = points[0].position
        let extent = points.map { $0.position.distance(to: first) }.max() ?? 0
        guard extent >= max(3 * radius, 8, comingBack ? 0 : 0.04 * shorterSide) else { return .notMoving(extent: extent) }
        let motion = motionPerFrame(points, radius: radius, comingBack: comingBack)
        guard motion.median >= motion.least else { return .tooSlow(medianStep: motion.median) }
        let stepInterval = motion.interval
        // A ball keeps its size, or grows and shrinks smoothly with depth; a swinging arm or
        // racket changes shape from frame to frame.
        guard sizeIsSteady(points), !jumpsInSize(points) else { return .changesSize }
        let tolerance = Self.smoothnessTolerance(radius: radius)
        guard fit.rms <= tolerance else {
            if let seen = pathInDepth(points, tolerance: tolerance, stepInterval: stepInterval, pictureMisfit: fit.rms) {
                return .ballisticInDepth(fit: seen)
            }
            return .notSmooth(rms: fit.rms, tolerance: tolerance)
        }
        let accelerationNoise = accelerationNoise(points, fit: fit, once: once)
        let ay = fit.acceleration.y
        let atTerminalSpeed = fallsAtTerminalSpeed(points, fit: fit)
        guard ay >= -3 * accelerationNoise || atTerminalSpeed else {
            // Coming at the camera, a falling ball races away from the point it comes from,
            // faster as it nears: seen from below (a camera looking up at a ball dropping onto
            // it) that reads as a pull upward, and the path in depth falls.
            if let seen = pathInDepth(points, tolerance: tolerance, stepInterval: stepInterval, pictureMisfit: fit.rms) {
                return .ballisticInDepth(fit: seen)
            }
            return .pulledUpward(acceleration: ay)
        }
        // It visibly falls, and as fast as gravity makes a ball of its size fall: a ball of radius R metres that appears r
        // pixels wide falls at 9.8·r/R pixels per second squared. A person walking across the
        // frame or a car moves smoothly too, but nothing pulls it down.
        let radii = points.map(\.radius).sorted()
        let minimumGravity = Self.minimumGravityPerRadius * radii[radii.count / 4]
        let falls = ay >= 2 * accelerationNoise && ay + accelerationNoise >= minimumGravity
        let descends = comingBack && Self.velocityMidway(points, fit: fit).velocity.y > 0
        guard falls || atTerminalSpeed || descends else { return .weightless(acceleration: ay) }
        if reversesHorizontally(points, fit: fit, tolerance: tolerance) { return .reverses }
        if let pushed = pushAlongPath(points, fit: fit, noise: accelerationNoise) { return .pushedAlong(acceleration: pushed) }
        let misaligned = misalignedCount(points, stepInterval: stepInterval, velocity: { fit.velocity(at: $0) })
        if 2 * misaligned > points.count { return .misshapen(misaligned: misaligned) }
        return falls ? .ballistic(fit: fit) : .fallingAtTerminalSpeed(fit: fit)
    }

    /// Whether the points fall as a body whose drag has taken most of its acceleration: straight
    /// down (within ``terminalFallSlant`` of vertical) at about its terminal speed
    /// (``terminalSpeedPerRadius`` radii a second), its acceleration less than gravity gives it.
    /// A ball never falls far enough in a shot to get there; a shuttlecock does within half a
    /// second of its apex, and then falls at about 6.8 m/s whatever it was hit with: about 200
    /// of its 3.3 cm radii a second, at any distance and frame rate. Near that speed drag and
    /// gravity nearly cancel: slower, it still speeds up; faster (smashed down), drag slows it,
    /// which reads as a pull upward. A person walking moves across the picture, not down it,
    /// and a hand or a body lowered does not keep such a pace.
    func fallsAtTerminalSpeed(_ points: [TrackPoint], fit: MotionFit) -> Bool {
        let (v, speed) = Self.velocityMidway(points, fit: fit)
        let radius = Self.medianRadius(points[...])
        guard radius > 0, v.y > 0, abs(v.x) <= tan(Self.terminalFallSlant) * v.y,
              Self.terminalSpeedPerRadius.contains(speed / radius) else { return false }
        let a = fit.acceleration
        return (a.x * a.x + a.y * a.y).squareRoot() < Self.shuttleGravityPerRadius * radius
    }

    /// The fit's velocity (pixels per second) halfway through the points' time, and its speed.
    static func velocityMidway(_ points: [TrackPoint], fit: MotionFit) -> (velocity: (x: Double, y: Double), speed: Double) {
        let v = fit.velocity(at: 0.5 * (points[0].time + points[points.count - 1].time))
        return (v, (v.x * v.x + v.y * v.y).squareRoot())
    }

    /// The largest angle from vertical of a fall at terminal speed (17°): drag slows the
    /// sideways motion a shot gave it as fast as it slows the fall, so by the time the fall is
    /// steady little of that motion is left.
    static let terminalFallSlant = 17.0 * .pi / 180

    /// The terminal speed of a shuttlecock, radii of its skirt a second (6.8 m/s over 3.3 cm:
    /// about 200), within a factor of two either way for a blob's radius measured from a smeared
    /// streak of a few pixels.
    static let terminalSpeedPerRadius = 100.0...400.0

    /// Gravity per pixel of a shuttlecock's apparent radius, pixels per second squared
    /// (9.8 / 0.033).
    static let shuttleGravityPerRadius = 300.0

    /// The path in depth that explains the points, when one does: a ball flying away from the
    /// camera or coming at it follows a parabola in depth, which the picture shows bent by
    /// perspective, and its size changes as its depth does. The path must fall (or fly away
    /// steeply, see ``recedesSteeply(_:_:)``), and most elongated blobs lie along it.
    ///
    /// Depth is considered when the size changes by a quarter. Blur keeps a small ball's blob
    /// from shrinking as fast as the ball (see ``PerspectiveFit/blurredDepthSizeChange``): when
    /// the path in depth explains the points far better than the parabola in the picture
    /// (`pictureMisfit`, its rms; a quarter of it or less, where one more parameter alone gains
    /// little), a smaller change is enough, and the size is compared with the depth as seen
    /// through any blur up to ``largestBlur``.
    func pathInDepth(_ points: [TrackPoint], tolerance: Double, stepInterval: Double, pictureMisfit: Double) -> PerspectiveFit? {
        // `evaluate` judges five points or more: both ends are measured.
        let (head, tail) = PerspectiveFit.endRadii(points)
        let sizeChange = PerspectiveFit.sizeChange(head: head, tail: tail)
        guard min(head, tail) > Self.onePixelRadius * analysisPixel, sizeChange >= PerspectiveFit.blurredDepthSizeChange,
              let seen = PerspectiveFit(points), seen.rms <= tolerance
        else { return nil }
        let decisive = seen.rms <= Self.depthMisfitShare * pictureMisfit
        guard sizeChange >= PerspectiveFit.depthSizeChange || decisive,
              sizeFollowsDepth(points, seen, blurUpTo: decisive ? Self.largestBlur : 0),
              fallsInDepth(points, seen) || recedesSteeply(points, seen),
              !speedsUpWhileRecedingSteeply(points, seen),
              misalignedCount(points, stepInterval: stepInterval, velocity: { seen.velocity(at: $0) }) * 2 <= points.count
        else { return nil }
        return seen
    }

    /// How far the points move per analysed frame (the median), and the least a flight worth
    /// reporting moves: a ball in flight covers a good part of its own size between frames,
    /// even near the apex over a window this long (a hand or shoulder drifting to a stop does
    /// not), and in time it crosses a quarter of the frame's shorter side per second or more
    /// while it is followed (not asked of a ball `comingBack`). With the analysed frames'
    /// spacing, seconds.
    func motionPerFrame(_ points: some BidirectionalCollection<TrackPoint>, radius: Double,
                        comingBack: Bool = false) -> (median: Double, least: Double, interval: Double) {
        let stepLengths = zip(points, points.dropFirst()).map { a, b in
            a.position.distance(to: b.position) / Double(max(1, b.step - a.step))
        }.sorted()
        let first = points.first!, last = points.last!
        let interval = (last.time - first.time) / Double(max(1, last.step - first.step))
        let least = max(1, 0.5 * radius, comingBack ? 0 : Self.minimumSpeed * shorterSide * interval)
        return (stepLengths[stepLengths.count / 2], least, interval)
    }

    /// How many elongated blobs are not shaped as a ball smeared by the shutter. A ball is
    /// round, or smeared along its motion; a club head with its shaft, or a limb, is elongated
    /// across it. The smear is what the ball covers while the shutter is open, so it is no
    /// longer than its motion over one frame interval; an arm is long whatever its speed.
    func misalignedCount(_ points: [TrackPoint], stepInterval: Double, velocity: (Double) -> (x: Double, y: Double)) -> Int {
        points.filter { p in
            Self.isMisshapen(radius: p.radius, elongation: p.elongation, orientation: p.orientation,
                             velocity: velocity(p.time), stepInterval: stepInterval)
        }.count
    }

    /// Whether a blob is not a ball moving at `velocity` (pixels per second) over frames
    /// `stepInterval` seconds apart: elongated, and longer than the shutter could smear it or
    /// smeared across the motion.
    static func isMisshapen(radius: Double, elongation: Double, orientation: Double,
                            velocity v: (x: Double, y: Double), stepInterval: Double) -> Bool {
        guard elongation > elongated else { return false }
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        let smear = 2 * radius * (elongation - 1)
        if smear > 1.5 * speed * stepInterval + 2 { return true }
        guard speed > 1 else { return false }
        var difference = abs(atan2(v.y, v.x) - orientation).truncatingRemainder(dividingBy: .pi)
        if difference > .pi / 2 { difference = .pi - difference }
        return difference > alignment
    }

    /// Whether the blobs' radii follow a smooth trend in time (constant, or changing steadily
    /// with depth): the median distance of log-radius from its straight-line fit is at most
    /// 0.15 (about 16 %). Radii under 4 px are too rough to judge this way.
    func sizeIsSteady(_ points: [TrackPoint]) -> Bool {
        let radii = points.map(\.radius)
        guard radii.sorted()[radii.count / 2] >= Self.measurableRadius else { return true }
        let t = points.map { $0.time - points[0].time }, logs = radii.map { log(max($0, 0.1)) }
        let n = Double(t.count), mt = t.reduce(0, +) / n, ml = logs.reduce(0, +) / n
        let stt = t.reduce(0) { $0 + ($1 - mt) * ($1 - mt) }
        let slope = stt > 0 ? zip(t, logs).reduce(0) { $0 + ($1.0 - mt) * ($1.1 - ml) } / stt : 0
        let deviations = zip(t, logs).map { abs($1 - (ml + slope * ($0 - mt))) }.sorted()
        return deviations[deviations.count / 2] <= Self.sizeSteadiness
    }

    /// The largest factor by which a ball's blob changes size from one detection to the next.
    /// Depth changes a ball's size smoothly: even a ball flying at the camera from a few metres
    /// away does not triple its apparent size within a frame or two. A chain that jumps by more
    /// has passed from one thing to another: a speck to the arm that swings through it.
    static let largestSizeJump = 3.0

    /// The least radius whose changes say something of a ball's size, pixels: a blob's radius
    /// below it is as rough as its outline (see ``sizeIsSteady(_:)``, ``jumpsInSize(_:)``).
    static let measurableRadius = 4.0

    /// Whether two successive detections differ in size by more than ``largestSizeJump``, the
    /// larger big enough to measure (``measurableRadius``).
    func jumpsInSize(_ points: [TrackPoint]) -> Bool {
        zip(points, points.dropFirst()).contains { a, b in
            let larger = max(a.radius, b.radius), smaller = max(min(a.radius, b.radius), 1e-6)
            return larger >= Self.measurableRadius && larger > Self.largestSizeJump * smaller
        }
    }

    /// Whether the blobs grow or shrink as the perspective path says the depth changes:
    /// the apparent radius is inversely proportional to depth. Radii of small or smeared blobs
    /// are rough, so the two need only agree within a factor of about 1.6.
    ///
    /// With `blurUpTo` (pixels), the ball is taken as seen through blur of up to that much,
    /// which widens every blob by about the same amount in quadrature (see
    /// ``blurredSizeRatio(depthRatio:head:tail:blur:)``): a small ball's blob then changes less
    /// than its depth, a large one's nearly as much. How much blur a clip has is not known, only
    /// its bound, so the sizes follow the depth when some blur within it reconciles them: a
    /// ball of a pixel or two flying off into the distance, seen through a pixel of blur,
    /// shrinks less than without any and more than through the most.
    func sizeFollowsDepth(_ points: [TrackPoint], _ seen: PerspectiveFit, blurUpTo largest: Double = 0) -> Bool {
        let n = points.count
        let (head, tail) = PerspectiveFit.endRadii(points)
        let depthRatio = seen.depth(at: points[1].time) / seen.depth(at: points[n - 2].time)
        guard head > 0, tail > 0, depthRatio > 0 else { return false }
        let measured = log(tail / head)
        let steps = largest > 0 ? Self.blurSteps : 0
        return (0...steps).contains { step in
            let blur = steps == 0 ? 0 : largest * Double(step) / Double(steps)
            let predicted = Self.blurredSizeRatio(depthRatio: depthRatio, head: head, tail: tail, blur: blur)
            return abs(measured - log(predicted)) <= 0.5
        }
    }

    /// How finely ``sizeFollowsDepth(_:_:blurUpTo:)`` tries the blur between none and its bound:
    /// an eighth of a pixel at ``largestBlur``, far finer than the factor of 1.6 the sizes are
    /// compared within.
    static let blurSteps = 28

    /// The ratio of the last blob's radius to the first's that a ball whose image scales by
    /// `depthRatio` (first depth over last) shows through `blur` pixels of blur, given the
    /// radii measured at either end (`head`, `tail`): the far end's blob, blur taken out in
    /// quadrature (leaving at least half of it: a blob is never all blur), is the ball's image
    /// there; scaled to the near end and blurred again, it is the near end's expected blob.
    /// Without blur, `depthRatio` itself.
    static func blurredSizeRatio(depthRatio: Double, head: Double, tail: Double, blur: Double) -> Double {
        func image(_ blob: Double) -> Double { max(blob * blob - blur * blur, 0.25 * blob * blob).squareRoot() }
        func blurred(_ image: Double) -> Double { (image * image + blur * blur).squareRoot() }
        if depthRatio < 1 {
            return tail / blurred(image(tail) / depthRatio)  // receding: the tail is the far end
        }
        return blurred(image(head) * depthRatio) / head
    }

    /// The most blur (pixels) a ball's blob may owe its size to: a soft lens, a phone's
    /// processing and compression spread a small ball's edge by a Gaussian of up to about
    /// 2 px, which moves the edge a faint blob is cut at out by about twice that.
    static let largestBlur = 3.5

    /// The gravity test for a path in depth. The numerator of y is the 3-D height scaled by
    /// the first depth, so its curvature is gravity in pixels at that depth, where the ball's
    /// radius is the first radius: the same test as in the picture.
    func fallsInDepth(_ points: [TrackPoint], _ seen: PerspectiveFit) -> Bool {
        let ay = 2 * seen.y.a
        let noise = accelerationNoise(points, seen)
        let firstRadius = PerspectiveFit.endRadii(points).head
        return ay >= 2 * noise && ay + noise >= Self.minimumGravityPerRadius * firstRadius
    }

    /// Whether the path flies away fast enough to double its distance within the window
    /// (``steepRecession``) and yet crosses the picture faster at its end than at its start.
    /// The picture divides the motion across the line of sight by depth: to keep its pace while
    /// its distance doubles a ball would have to double its speed across, where within a
    /// fraction of a second drag only slows it and gravity or its spin's lift turn it by a few
    /// metres a second (near the apex, where gravity turns it most, its distance grows by a few
    /// percent, not twofold). A streak of an edge sliding along itself as a hand-held camera
    /// sways (a white stick on the grass: blobs 2–3 px across and up to fifteen times as long,
    /// their sizes scattered enough for a path in depth to follow them) was fitted as falling
    /// away at 5.2 depths a second while it sped up from 55 to 95 px a frame.
    func speedsUpWhileRecedingSteeply(_ points: [TrackPoint], _ seen: PerspectiveFit) -> Bool {
        guard recedesSteeply(points, seen) else { return false }
        let a = seen.velocity(at: points[0].time), b = seen.velocity(at: points[points.count - 1].time)
        return b.x * b.x + b.y * b.y > a.x * a.x + a.y * a.y
    }

    /// Whether the path flies away from the camera so fast that its depth grows by at least
    /// ``steepRecession`` over the points. Then the picture's curvature is not the place to
    /// look for gravity: a struck golf ball's backspin lifts it about as hard as gravity pulls
    /// it early in its flight, and a camera tilted up turns part of the fall into a change of
    /// depth the linear denominator does not follow. What a person, a car or a bird near the
    /// camera cannot do is double its distance within the window while shrinking to match,
    /// decelerating in the picture as it goes; that is asked instead (``sizeFollowsDepth(_:_:)``,
    /// with the fit within tolerance). Not for a path coming at the camera: a racket or an
    /// arm swung toward the lens grows and speeds up as such a ball would.
    func recedesSteeply(_ points: [TrackPoint], _ seen: PerspectiveFit) -> Bool {
        let start = seen.depth(at: points[0].time)
        guard start > 0 else { return false }
        return seen.depth(at: points[points.count - 1].time) / start >= Self.steepRecession
    }

    /// The factor by which depth must grow over a judged window for a path flying away to be
    /// accepted without visible gravity (see ``recedesSteeply(_:_:)``).
    static let steepRecession = 2.0

    /// The largest gravity per pixel of apparent radius any ball shows, pixels per second
    /// squared: a table-tennis ball's, 9.8 / 0.02 (a golf ball's is 9.8 / 0.021).
    static let maximumGravityPerRadius = 500.0

    /// The median radius of the points' last third over that of their first third: how much the
    /// ball grew (above 1) or shrank (below 1) while they were taken.
    static func sizeChange(_ points: [TrackPoint]) -> Double {
        let third = max(1, points.count / 3)
        return medianRadius(points.suffix(third)) / max(medianRadius(points.prefix(third)), 1e-6)
    }

    static func medianRadius(_ points: ArraySlice<TrackPoint>) -> Double {
        let radii = points.map(\.radius).sorted()
        return radii[radii.count / 2]
    }

    /// How much faster than anything could speed a ball up these points speed up along their
    /// path, pixels per second squared, when that is clear (more than three times the
    /// acceleration's noise); nil otherwise. Nothing pushes a ball in flight: drag slows it,
    /// gravity speeds it up only as it descends, and perspective only as it comes closer (and
    /// grows in the picture). A hand or a club head swung along a level arc speeds up along it.
    /// Judged where the path is level or rising at mid-window and the ball does not grow (its
    /// last third's median radius within 10 % of its first third's).
    func pushAlongPath(_ points: [TrackPoint], fit: MotionFit, noise: Double) -> Double? {
        let (v, speed) = Self.velocityMidway(points, fit: fit)
        guard speed > 0, v.y / speed <= 0.1 else { return nil }
        guard Self.sizeChange(points) <= 1.1 else { return nil }
        let a = fit.acceleration
        let along = (a.x * v.x + a.y * v.y) / speed
        let radius = Self.medianRadius(points[...])
        let gravityAlong = Self.maximumGravityPerRadius * radius * max(0, v.y / speed)
        let excess = along - gravityAlong
        return excess > 3 * noise ? excess : nil
    }

    /// Fewest points over which a path is judged for its bend (see
    /// ``fliesStraightWithoutFalling(_:)``): over fewer, detection noise bends a path as much
    /// as gravity does.
    static let bendPoints = 15

    /// Whether these points fly straight across the picture, as a bird or a drone does, rather
    /// than as a ball. Gravity is the only force that bends a ball's path: drag acts along it,
    /// and so does perspective for a ball flying away (a straight line in space is a straight
    /// line in the picture). A path whose direction has a horizontal share s therefore bends
    /// downward across itself by s times the gravity a ball of its size shows, at any depth.
    /// A path that slows as it climbs passes the plain gravity test (its deceleration points
    /// down), so the bend is what tells. Judged only where it can be: a path the parabola
    /// explains, at least 17° from vertical (a ball flying straight up or straight away
    /// shows no bend), not shrinking by a fifth, over ``bendPoints`` points or more; with twice
    /// the bend's noise in the points' favour, against half the smallest gravity the plain test
    /// allows (room for radii inflated by blur).
    func fliesStraightWithoutFalling(_ points: [TrackPoint]) -> Bool {
        guard points.count >= Self.bendPoints, let fit = MotionFit(points) else { return false }
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        guard fit.rms <= Self.smoothnessTolerance(radius: radius) else { return false }
        let (v, speed) = Self.velocityMidway(points, fit: fit)
        guard speed > 0 else { return false }
        let horizontalShare = abs(v.x) / speed
        guard horizontalShare >= 0.3 else { return false }
        // A ball flying straight away from a camera that looks down on it (its flight's plane
        // through the camera) is a straight line in the picture, slanted off-centre; it shrinks
        // as it goes, where a bird at a steady distance keeps its size.
        guard Self.sizeChange(points) >= 0.8 else { return false }
        // The unit normal to the path that points down (y grows downward).
        var normal = (x: -v.y / speed, y: v.x / speed)
        if normal.y < 0 { normal = (-normal.x, -normal.y) }
        let a = fit.acceleration
        let bend = a.x * normal.x + a.y * normal.y
        let radii = points.map(\.radius).sorted()
        let gravity = Self.minimumGravityPerRadius * radii[radii.count / 4]
        return bend + 2 * accelerationNoise(points, fit: fit) < 0.5 * gravity * horizontalShare
    }

    /// Whether something clearly pulls these points upward: their vertical acceleration is
    /// upward by more than three times what detection noise could make of it, and they do not
    /// fall at a shuttlecock's terminal speed (where drag slowing a fall a little faster than
    /// that reads as a pull upward).
    func isPulledUpward(_ points: [TrackPoint]) -> Bool {
        guard points.count >= 5, let fit = MotionFit(points) else { return false }
        return fit.acceleration.y < -3 * accelerationNoise(points, fit: fit) && !fallsAtTerminalSpeed(points, fit: fit)
    }

    /// ``isPulledUpward(_:)`` for a flight seen flying toward or away from the camera, judged
    /// on its path in depth where one explains the points: seen from behind, a ball falling
    /// away at the far end of its flight slows in the picture as it recedes, which the picture
    /// alone reads as a pull upward. The numerator of the path in depth is the 3-D height, and
    /// gravity pulls that down.
    func isPulledUpward(_ points: [TrackPoint], inDepth: Bool) -> Bool {
        guard isPulledUpward(points) else { return false }
        let radius = points.reduce(0) { $0 + $1.radius } / Double(points.count)
        guard inDepth, let seen = PerspectiveFit(points), seen.rms <= Self.smoothnessTolerance(radius: radius) else { return true }
        return 2 * seen.y.a < -3 * accelerationNoise(points, seen)
    }

    /// How far detection noise alone moves the vertical acceleration of a path in depth's
    /// numerator, pixels per second squared.
    func accelerationNoise(_ points: [TrackPoint], _ seen: PerspectiveFit) -> Double {
        let span = max(points[points.count - 1].time - points[0].time, 1e-3)
        return 2 * max(seen.rms, 0.5) * (180 / Double(points.count)).squareRoot() / (span * span)
    }

    /// Whether points that turn upward do so as a bounce: falling, then rising, with vertical
    /// speeds (over three steps either side of the lowest point) that add up to at least half
    /// the flight's typical speed, the rise at least ``leastBounceRebound`` of the fall. A head
    /// bobbing along moves mostly sideways.
    func bounces(_ points: [TrackPoint], flight: [TrackPoint]) -> Bool {
        guard let turn = fallAndRise(points, flight: flight) else { return false }
        return turn.rising >= Self.leastBounceRebound * turn.falling
    }

    /// Where points that turn upward met something they stopped at (the ground a ball lands
    /// on dead, a rim a flight lost its ball to and took instead): falling as fast as a bounce
    /// does, then rising less than a bounce gives back. The index of the lowest point; nil
    /// when they bounced or did not fall so.
    func landing(_ points: [TrackPoint], flight: [TrackPoint]) -> Int? {
        guard let turn = fallAndRise(points, flight: flight), turn.rising < Self.leastBounceRebound * turn.falling else { return nil }
        return turn.lowest
    }

    /// The lowest of the points (an inner one), and the vertical speeds over three steps
    /// before and after it (falling down, rising up), when they fall to it and add up to at
    /// least half the flight's typical speed; nil otherwise.
    private func fallAndRise(_ points: [TrackPoint], flight: [TrackPoint]) -> (lowest: Int, falling: Double, rising: Double)? {
        guard points.count >= 3, flight.count >= 2 else { return nil }
        let lowest = points.indices.max { points[$0].position.y < points[$1].position.y }!
        func verticalSpeed(_ a: TrackPoint, _ b: TrackPoint) -> Double {
            (b.position.y - a.position.y) / max(b.time - a.time, 1e-6)
        }
        let before = points[max(0, lowest - 3)], after = points[min(points.count - 1, lowest + 3)]
        guard lowest > 0, lowest < points.count - 1 else { return nil }
        let falling = verticalSpeed(before, points[lowest]), rising = -verticalSpeed(points[lowest], after)
        let speeds = zip(flight, flight.dropFirst()).map { a, b in
            a.position.distance(to: b.position) / max(b.time - a.time, 1e-6)
        }.sorted()
        guard falling > 0, rising >= 0, falling + rising >= 0.5 * speeds[speeds.count / 2] else { return nil }
        return (lowest, falling, rising)
    }

    /// The least share of its vertical speed a bounce is seen to give back, over the three
    /// frames either side of it: a golf ball landing on soft turf keeps a fifth or more (less
    /// over three frames, as gravity slows it again: a sixth at 30 fps for a ball landing at
    /// 600 px/s), a basketball off a rim or a floor far more. A ball that comes to a stop
    /// where it lands, or a flight that took something standing beside its path (a rim, a net)
    /// after losing its ball, has not bounced (a few pixels up over three frames, after a fall
    /// of tens a frame): its flight ends where it met it (see ``landing(_:flight:)``).
    static let leastBounceRebound = 0.1

    /// How well the acceleration is known from these points: the least-squares error of the
    /// curvature of n evenly spaced samples over a span T is σ·k(n)/T² (see
    /// ``curvatureNoiseFactor(samples:)``), for which a window takes its asymptote √(180/n),
    /// larger by a fifth at ten samples and a twentieth at forty. That margin is kept for the
    /// windows a chain is judged by: each chain is judged afresh every frame, window after
    /// window, and over so many looks one of them may fall by chance (a club head slowing at
    /// the top of its backswing, the end of a pitch running on into clutter). Points judged
    /// `once`, whole, are held to the exact error.
    func accelerationNoise(_ points: [TrackPoint], fit: MotionFit, once: Bool = false) -> Double {
        let span = max(points[points.count - 1].time - points[0].time, 1e-3)
        let factor = once ? Self.curvatureNoiseFactor(samples: points.count) : (180 / Double(points.count)).squareRoot()
        return 2 * max(fit.rms, 0.5) * factor / (span * span)
    }

    /// k(n): the standard error of the curvature a least-squares parabola finds in n evenly
    /// spaced samples over a span T, in units of σ/T², where σ is the samples' noise. The
    /// quadratic coefficient's variance is 180σ²/(h⁴·n(n²−1)(n²−4)) for samples h apart; with
    /// T = (n−1)h, k(n)² = 180(n−1)⁴/(n(n²−1)(n²−4)). It tends to √(180/n) for many samples
    /// and is smaller for few: at six the asymptote overstates it by a third, enough to hide
    /// the fall of a far ball seen for six or seven frames (a few pixels of curvature) in
    /// noise it does not have.
    static func curvatureNoiseFactor(samples n: Int) -> Double {
        let count = Double(max(n, 3))  // a parabola needs three
        let spans = count - 1
        return (180 * spans * spans * spans * spans / (count * (count * count - 1) * (count * count - 4))).squareRoot()
    }

    /// A ball does not turn back horizontally in flight; an arm or a club does. The turn must
    /// be clear on both sides: a nearly vertical toss wobbling by a pixel does not count.
    func reversesHorizontally(_ points: [TrackPoint], fit: MotionFit? = nil, tolerance: Double = 1) -> Bool {
        guard points.count >= 3, let fit = fit ?? MotionFit(points), fit.x.a != 0 else { return false }
        let start = points[0].time - fit.origin, end = points[points.count - 1].time - fit.origin
        let turn = -fit.x.b / (2 * fit.x.a)
        guard turn > start && turn < end else { return false }
        let extent = points.map { $0.position.distance(to: points[0].position) }.max() ?? 0
        let needed = max(2 * tolerance, 0.1 * extent)
        return abs(fit.x(turn) - fit.x(start)) > needed && abs(fit.x(end) - fit.x(turn)) > needed
    }
}

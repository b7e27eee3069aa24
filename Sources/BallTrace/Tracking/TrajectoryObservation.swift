import FoundationEssentials
import Glibc

/// A detected ball position as reported: normalized to the displayed frame in the caller's
/// coordinate system, with the frame it was seen in and that frame's time.
public struct DetectedPoint: Sendable, Hashable, Codable {
    public var frame: Int
    public var time: Double
    public var x: Double
    public var y: Double
    /// Radius normalized to the frame's shorter side, like `--min-radius`.
    public var radius: Double
}

/// Start and length of a trajectory in seconds (Vision's `CMTimeRange`).
public struct TimeRange: Sendable, Hashable, Codable {
    public var start: Double
    public var duration: Double
}

/// A ball flight as Vision's `VNTrajectoryObservation` describes it, with every point relative
/// to the whole frame (never to the region of interest).
public struct TrajectoryObservation: Sendable, Hashable, Identifiable {
    public var uuid: UUID
    public var id: UUID { uuid }
    public var detectedPoints: [DetectedPoint]
    /// The fitted parabola at the last five detections, as Vision does. A nearly vertical toss,
    /// whose x hardly changes, is fitted in time instead (x linear, y quadratic), and its
    /// parabola is the one that motion traces.
    public var projectedPoints: [NormalizedPoint]
    /// y = a·x² + b·x + c, in the observation's coordinate system.
    package var equation: Quadratic
    public var timeRange: TimeRange
    /// 0…1: how well a parabola explains the points, and how many there are (Vision's `Float`).
    public var confidence: Float
    /// Mean normalized radius of the last few detections.
    public var movingAverageRadius: Double
    /// Frame at which the trajectory was first reported (an overlay draws it from there on).
    public var firstReportedFrame: Int
    public var coordinateSystem: CoordinateSystem
    /// The flight as a function of time: carries any flight, a vertical toss too.
    public var motion: FlightMotion
    public var events: FlightEvents
    /// The path beyond the last detection, until it leaves the frame or falls to launch height.
    public var predictedPoints: [PredictedPoint]
    /// Metres and seconds, when the analysis was given a scale.
    public var physics: FlightPhysics?
    /// The trajectory this one continues: the same ball, come back down into the picture after
    /// climbing out of it through the top (Vision reports the two as unrelated observations).
    public var continues: UUID?

    /// Vision's `equationCoefficients` (a, b, c).
    public var equationCoefficients: SIMD3<Float> { SIMD3(Float(equation.a), Float(equation.b), Float(equation.c)) }

    /// Describes a reported track in normalized coordinates of `coordinates`.
    ///
    /// - Parameters:
    ///   - frameInterval: seconds between frames, the step of the predicted path; 0: taken
    ///     from the detections.
    ///   - scale: how pixels become metres; nil: no physics.
    ///   - slowMotion: how many times slower than life the track's times run (see
    ///     ``AnalysisSettings/slowMotion``): the physics is life's.
    init(track: Track, frameWidth: Int, frameHeight: Int, coordinates: CoordinateSystem, trajectoryLength: Int,
                frameInterval: Double = 0, scale: ScaleSetting? = nil, slowMotion: Double = 1) {
        let track = HiddenPartPlacement.placed(StreakPlacement.placed(track))
        let shorter = Double(min(frameWidth, frameHeight))
        uuid = track.id
        continues = track.continues
        coordinateSystem = coordinates
        detectedPoints = track.points.map { p in
            let n = coordinates.normalize(p.position, frameWidth: frameWidth, frameHeight: frameHeight)
            return DetectedPoint(frame: p.frame, time: p.time, x: n.x, y: n.y, radius: p.radius / shorter)
        }
        let start = track.points[0].time
        let path = VisionEquation(points: detectedPoints.map { ($0.time - start, $0.x, $0.y) })
        equation = path.equation
        projectedPoints = path.projected(detectedPoints.suffix(5).map { ($0.time - start, $0.x) })
        timeRange = TimeRange(start: start, duration: track.last.time - start)
        movingAverageRadius = track.recentRadius() / shorter
        firstReportedFrame = track.reportedAtFrame ?? track.last.frame
        confidence = Float(TrajectoryObservation.confidence(of: track, trajectoryLength: trajectoryLength))

        let points = track.points
        let pictureFit = MotionFit(points)!  // a reported track has well over three points
        motion = FlightMotion(pictureFit, frameWidth: frameWidth, frameHeight: frameHeight, coordinates: coordinates)
        let depthFit = track.isSeenInDepth ? PerspectiveFit(points) : nil
        let flightPath: FlightPath = depthFit.map(FlightPath.depth) ?? .picture(pictureFit)
        let interval = frameInterval > 0 ? frameInterval : Self.typicalInterval(points)
        let ahead = PathPrediction.extend(flightPath, from: track.last, launchHeight: points[0].position.y, interval: interval,
                                          frameWidth: frameWidth, frameHeight: frameHeight)
        predictedPoints = ahead.map {
            let n = coordinates.normalize($0.position, frameWidth: frameWidth, frameHeight: frameHeight)
            return PredictedPoint(time: $0.time, x: n.x, y: n.y)
        }
        events = FlightEvents(points: points, path: flightPath, predicted: ahead, interval: interval,
                              frameWidth: frameWidth, frameHeight: frameHeight, coordinates: coordinates,
                              endedBy: track.ending, impact: track.impact)
        // The ball coming back into the picture was launched where the flight it continues
        // began, not at the top edge where it is seen again.
        if let launch = track.continuedLaunch { events.launch = launch }
        physics = scale.flatMap { setting in
            let landed = track.ending == .landed
            guard slowMotion != 1 else {
                return FlightPhysics(points: points, fit: depthFit == nil ? pictureFit : nil, setting: setting, landed: landed,
                                     continuing: track.continues)
            }
            let lived = track.timesStretched(by: 1 / slowMotion).points
            return FlightPhysics(points: lived, fit: depthFit == nil ? MotionFit(lived) : nil, setting: setting, landed: landed,
                                 continuing: track.continues)
        }
    }

    /// The median time between consecutive detections.
    static func typicalInterval(_ points: [TrackPoint]) -> Double {
        let gaps = zip(points.dropFirst(), points).map { ($0.time - $1.time) / Double(max(1, $0.frame - $1.frame)) }.sorted()
        return gaps.isEmpty ? 0 : gaps[gaps.count / 2]
    }

    /// How sure the flight is a ball's: the product of three chances, each near 1 for a clean
    /// flight from its first report on (Apple's samples keep trajectories above 0.9).
    ///
    /// - Closeness: how far the points scatter from the path the tracker followed (a parabola
    ///   in the picture, or in depth for a ball flying away or toward the camera), in units of
    ///   the scatter a ball of its size may have (``BallisticTest/smoothnessTolerance(radius:)``),
    ///   the median over windows of `trajectoryLength` points (over a whole long flight, drag and
    ///   perspective bend the path away from one parabola without making the detections any less
    ///   certain). On the project's evaluation suites, real and generated, flights scatter by a
    ///   median 0.3 of that tolerance and tracks made of clutter by 0.3…1.2, most above 0.5: a
    ///   logistic step centred at 0.8 of the tolerance gives 0.98 at 0.4 and 0.5 at 0.8.
    ///   The windows start at every point of a short track and are spread evenly over a long
    ///   one (see ``windowStarts(points:length:)``), and an even count's median is the mean of
    ///   its middle two: a flight's ends are its roughest points (the strike's smear, a rim or
    ///   a net at the other end), and a median of two or three windows, one of them anchored
    ///   at the end, was the worst of them (a basketball shot of 16 points at 0.007 for the
    ///   two points after it hit the rim and one frame caught early).
    /// - Evidence: three points fit any parabola; each point beyond halves the chance that the
    ///   fit is a coincidence (1 − 2^−(n − 3): 0.75 at Vision's minimum of 5, 0.99 at 10).
    /// - Clutter: detections with other moving things around them (a club, a hand, a player)
    ///   may be any of those; a share s of such points leaves 1 − s².
    static func confidence(of track: Track, trajectoryLength: Int) -> Double {
        let points = track.points
        let length = max(5, min(trajectoryLength, points.count))
        var deviations: [Double] = []
        for start in windowStarts(points: points.count, length: length) {
            let window = points[start..<(start + length)]
            if var rms = MotionFit(window)?.rms {
                let radius = window.reduce(0) { $0 + $1.radius } / Double(window.count)
                let tolerance = BallisticTest.smoothnessTolerance(radius: radius)
                // A path that a parabola in the picture does not follow closely may be one in
                // depth (a ball flying away or toward the camera), whether or not the tracker
                // has yet seen the flight's size change enough to say so.
                if rms > 0.5 * tolerance, let depth = PerspectiveFit(Array(window)) { rms = min(rms, depth.rms) }
                deviations.append(rms / tolerance)
            }
        }
        guard !deviations.isEmpty else { return 0 }
        deviations.sort()
        let middle = deviations.count / 2
        let typical = deviations.count % 2 == 0 ? (deviations[middle - 1] + deviations[middle]) / 2 : deviations[middle]
        let closeness = 1 / (1 + exp((typical - 0.8) / 0.1))
        let evidence = 1 - pow(2, -Double(points.count - 3))
        let crowdedShare = Double(points.count { $0.isCrowded }) / Double(points.count)
        let clutter = 1 - crowdedShare * crowdedShare
        return closeness * evidence * clutter
    }

    /// Where the windows a track's closeness is measured over start: at every point while the
    /// track is short, at most ``closenessWindows`` windows spread evenly over a long one (the
    /// first and the last always among them). As many windows as points on a short track give
    /// its median something to stand on; a long flight's windows, at a fixed count, cost the
    /// same each frame however long it flies.
    static func windowStarts(points: Int, length: Int) -> [Int] {
        guard points >= length else { return [] }
        let last = points - length
        guard last >= closenessWindows else { return Array(0...last) }
        return (0..<closenessWindows).map { $0 * last / (closenessWindows - 1) }
    }

    /// How many windows, at most, a long track's closeness is measured over.
    static let closenessWindows = 9
}

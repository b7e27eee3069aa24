/// The parameters of one analysis: what Vision's `VNDetectTrajectoriesRequest` holds, plus the
/// coordinate system results are reported in.
public struct AnalysisSettings: Sendable, Hashable, Codable {
    /// Only blobs whose centre lies inside are considered; normalized, origin top-left.
    public var regionOfInterest: NormalizedRect
    public var minimumRadius: RadiusLimit
    public var maximumRadius: RadiusLimit
    /// Points a trajectory needs before it is reported in flight; at least 5. A flight lost with
    /// up to 4 fewer (never under 5), seen alone in every frame on a clean ballistic
    /// path, is among the analysis's trajectories once it has ended, never among those in flight.
    public var trajectoryLength: Int
    /// Analyse frames at least this many seconds apart; 0 analyses every frame.
    public var frameSpacing: Double
    public var coordinates: CoordinateSystem
    /// How pixels become metres for each flight's physics; nil: no physics.
    public var scale: ScaleSetting?
    /// Where the ball rests before it is struck (a tee, a mat), normalized to the displayed
    /// picture where it is seen resting, origin top-left; nil: not known. For footage where the
    /// launch is hard to see (the ball merged with the club for its first frames): a flight
    /// whose path comes from there was struck there, and its `impact` event says when its path
    /// left the spot.
    public var tee: NormalizedPoint?
    /// Whether the camera is known to stand still (a tripod): its motion is then not estimated
    /// and the background is not moved with it, which saves that work on every frame (0.1–0.9 ms
    /// of CPU a frame on the real clips measured, 0.17 ms at 1080p on a generated one: see
    /// `scripts/benchmark.sh`). A camera that does move is then seen as its whole picture
    /// moving, as Vision sees every camera. False by default: the camera's motion is followed,
    /// and a camera that stands still costs only its estimation. Fixed for a sequence: a
    /// request's later frames keep what its first was analysed with.
    public var fixedCamera: Bool
    /// How many times slower than life the clip plays: 8 for a phone's slow motion filmed at
    /// 240 frames a second and played at 30, 1 (the default) for a clip that plays in real
    /// time. A flight is judged by physics (how fast gravity pulls, how fast a ball crosses the
    /// picture) in the time it was filmed in, which the clip's timestamps stretch by this much:
    /// slowed eight times, gravity pulls 64 times weaker than any ball's, and a flight is not
    /// told from a walker's bobbing head. Reported times stay the clip's own; speeds in the
    /// physics are life's. Fixed for a sequence, as ``fixedCamera`` is. Left at 1, a file in
    /// which ``VideoAnalysis`` finds no flight, but followed something for a second or more
    /// that would be a ball's flight 2, 4, 8 or 16 times slower, is analysed again at the least
    /// of those, and the result says so in a warning (not a live source, standard input, or an
    /// analysis that reports each frame as it goes).
    public var slowMotion: Double

    public static let minimumTrajectoryLength = 5
    /// The slowest playback `slowMotion` may describe: a 960 fps capture played at 30.
    public static let slowMotionRange = 1.0...32.0

    public init(regionOfInterest: NormalizedRect = .fullFrame,
                minimumRadius: RadiusLimit = .normalized(0),
                maximumRadius: RadiusLimit = .normalized(0.15),
                trajectoryLength: Int = 10,
                frameSpacing: Double = 0,
                coordinates: CoordinateSystem = .topLeft,
                scale: ScaleSetting? = nil,
                tee: NormalizedPoint? = nil) {
        self.tee = tee
        fixedCamera = false
        slowMotion = 1
        self.regionOfInterest = regionOfInterest
        self.minimumRadius = minimumRadius
        self.maximumRadius = maximumRadius
        self.trajectoryLength = trajectoryLength
        self.frameSpacing = frameSpacing
        self.coordinates = coordinates
        self.scale = scale
    }

    private enum CodingKeys: String, CodingKey {
        case regionOfInterest, minimumRadius, maximumRadius, trajectoryLength, frameSpacing, coordinates, scale, tee, fixedCamera, slowMotion
    }

    /// Settings encoded before `fixedCamera` existed followed the camera; before `slowMotion`
    /// existed, clips played in real time.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(regionOfInterest: try c.decode(NormalizedRect.self, forKey: .regionOfInterest),
                  minimumRadius: try c.decode(RadiusLimit.self, forKey: .minimumRadius),
                  maximumRadius: try c.decode(RadiusLimit.self, forKey: .maximumRadius),
                  trajectoryLength: try c.decode(Int.self, forKey: .trajectoryLength),
                  frameSpacing: try c.decode(Double.self, forKey: .frameSpacing),
                  coordinates: try c.decode(CoordinateSystem.self, forKey: .coordinates),
                  scale: try c.decodeIfPresent(ScaleSetting.self, forKey: .scale),
                  tee: try c.decodeIfPresent(NormalizedPoint.self, forKey: .tee))
        fixedCamera = try c.decodeIfPresent(Bool.self, forKey: .fixedCamera) ?? false
        slowMotion = try c.decodeIfPresent(Double.self, forKey: .slowMotion) ?? 1
    }

    /// Checks what can be checked without the video.
    public func validate() throws(AnalysisSettingsError) {
        guard regionOfInterest.isValid else { throw .regionOutsideFrame(regionOfInterest) }
        guard trajectoryLength >= Self.minimumTrajectoryLength else { throw .trajectoryLengthTooShort(trajectoryLength) }
        guard frameSpacing.isFinite, frameSpacing >= 0 else { throw .negativeFrameSpacing(frameSpacing) }
        guard Self.slowMotionRange.contains(slowMotion) else { throw .slowMotionOutOfRange(slowMotion) }
        if let tee, !((0...1).contains(tee.x) && (0...1).contains(tee.y)) { throw .teeOutsideFrame(tee) }
        guard minimumRadius.value >= 0 else { throw .negativeRadius(minimumRadius) }
        guard maximumRadius.value > 0 else { throw .nonPositiveMaximumRadius(maximumRadius) }
        if case .normalized(let lo) = minimumRadius, case .normalized(let hi) = maximumRadius, lo > hi {
            throw .minimumAboveMaximum(minimumRadius, maximumRadius)
        }
        if case .pixels(let lo) = minimumRadius, case .pixels(let hi) = maximumRadius, lo > hi {
            throw .minimumAboveMaximum(minimumRadius, maximumRadius)
        }
        switch scale {
        case .pixelsPerMetre(let value)?:
            guard value.isFinite, value > 0 else { throw .nonPositiveScale(value) }
        case .ballDiameter(let length)?:
            guard length.metres.isFinite, length.metres > 0 else { throw .nonPositiveScale(length.metres) }
        case nil: break
        }
    }

    /// Checks the radius bounds once the frame size is known (they may mix units).
    public func validate(shorterSide: Int) throws(AnalysisSettingsError) {
        try validate()
        if minimumRadius.pixels(shorterSide: shorterSide) > maximumRadius.pixels(shorterSide: shorterSide) {
            throw .minimumAboveMaximum(minimumRadius, maximumRadius)
        }
    }
}

/// Settings that cannot be used, with the allowed range: of the analysis itself, of its overlay
/// video's encoder (``VideoEncoding``) and of its tracer picture (``TracerRequest``).
public enum AnalysisSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    case regionOutsideFrame(NormalizedRect)
    case trajectoryLengthTooShort(Int)
    case negativeFrameSpacing(Double)
    /// The slow-motion factor lies outside ``AnalysisSettings/slowMotionRange`` (or is not a number).
    case slowMotionOutOfRange(Double)
    case negativeRadius(RadiusLimit)
    case nonPositiveMaximumRadius(RadiusLimit)
    case minimumAboveMaximum(RadiusLimit, RadiusLimit)
    case nonPositiveScale(Double)
    /// The tee hint lies outside the picture.
    case teeOutsideFrame(NormalizedPoint)
    /// The tracer picture's path ends in neither `.png` nor `.jpg` (`.jpeg`).
    case unsupportedTracerFormat(path: String)
    case negativeTracerTime(Double)
    /// The tracer picture was asked over a frame after the clip's declared end.
    case tracerTimeBeyondClip(time: Double, duration: Double)
    case unknownVideoPreset(String)
    case videoCrfOutOfRange(Int)

    public var description: String {
        switch self {
        case let .regionOutsideFrame(r):
            return "region of interest \(r.x),\(r.y),\(r.width),\(r.height) must have positive size and lie within 0…1 of the frame"
        case let .trajectoryLengthTooShort(n):
            return "trajectory length must be at least \(AnalysisSettings.minimumTrajectoryLength) (got \(n))"
        case let .negativeFrameSpacing(s):
            return "frame spacing must be 0 or more seconds (got \(s))"
        case let .slowMotionOutOfRange(factor):
            let range = AnalysisSettings.slowMotionRange
            return "slow motion must be \(Int(range.lowerBound))…\(Int(range.upperBound)) times slower than life (got \(factor))"
        case let .negativeRadius(r):
            return "minimum radius must be 0 or more (got \(r))"
        case let .nonPositiveMaximumRadius(r):
            return "maximum radius must be more than 0 (got \(r))"
        case let .minimumAboveMaximum(lo, hi):
            return "minimum radius \(lo) is above maximum radius \(hi)"
        case let .nonPositiveScale(value):
            return "a scale must be more than 0 (got \(value))"
        case let .teeOutsideFrame(tee):
            return "the tee \(tee.x),\(tee.y) must lie within 0…1 of the frame each way (normalized, origin top-left)"
        case let .unsupportedTracerFormat(path):
            return "'\(path)' must end in .png or .jpg (.jpeg): the tracer picture is written in the format its name gives"
        case let .negativeTracerTime(time):
            return "the time of the frame to draw over must be 0 or more seconds (got \(time))"
        case let .tracerTimeBeyondClip(time, duration):
            return "\(time) s is past the end of the clip, which lasts \(String(printf: "%.2f", duration)) s"
        case let .unknownVideoPreset(name):
            return "unknown libx264 preset '\(name)'; one of \(VideoEncoding.presets.joined(separator: ", "))"
        case let .videoCrfOutOfRange(crf):
            return "constant rate factor must be \(VideoEncoding.crfRange.lowerBound)…\(VideoEncoding.crfRange.upperBound) (got \(crf))"
        }
    }
}

import BallTrace

/// Everything needed to render a clip with known ball flights: reproducible from its seed.
///
/// The scenario builders (``golfFaceOn(width:height:frameRate:seconds:seed:)`` and the others in
/// ``scenarioNames``) scale every size with the frame and every speed with time, so any size and
/// frame rate gives the same scene.
package struct SyntheticScene: Sendable, Hashable, Codable {
    package var name: String
    package var width: Int
    package var height: Int
    package var frameRate: Double
    package var frameCount: Int
    package var flights: [BallFlight]
    package var golfer: GolferFigure?
    /// Standard deviation of the sensor noise added to every frame, 8-bit levels.
    package var noise: Double
    /// Fraction of the frame interval the shutter is open: a fast ball is drawn as a streak.
    package var exposure: Double
    package var seed: UInt64
    package var ballColour: RGBColour
    /// How the file stores the picture: `.clockwise90` writes a portrait scene sideways with a
    /// display matrix, as phones do. `width` and `height` are always the displayed size.
    package var rotation: DisplayRotation
    /// How far each frame's time strays from the regular `1/frameRate` grid, as a fraction of
    /// the interval (0: constant frame rate). A webcam or phone that drops and delays frames
    /// gives a variable-frame-rate clip; the strays are reproducible from the seed.
    package var frameTimeJitter: Double
    /// How many times slower than life the clip plays: a phone's slow motion films at
    /// `frameRate` and writes the frames `playbackSlowdown` times as far apart (240 fps played
    /// at 30: 8). The scene moves in the time it was filmed in; the file's timestamps, and the
    /// truth's times, are the clip's.
    package var playbackSlowdown: Double = 1

    /// When a frame filmed at `time` (seconds into the scene) is shown: its timestamp in the file.
    package func shownTime(_ time: Double) -> Double { time * playbackSlowdown }
    /// The static picture behind everything.
    package var backdrop: Backdrop
    /// Things that do not move: painted into the backdrop, or drawn over the balls in every frame
    /// (then they hide them, and the truth says so).
    package var scenery: [SceneryItem]
    /// Moving people other than `golfer`, drawn behind the balls.
    package var figures: [SceneFigure]
    /// Camera shake, lighting flicker, fluttering leaves: what makes a clip hard.
    package var conditions: CaptureConditions
    /// libx264's constant rate factor when ``ClipSynthesizer/render(_:to:encoding:)`` is given
    /// no explicit encoding: 18 is nearly transparent, 32 and above smear small balls.
    package var encodingCRF: Int

    package init(name: String, width: Int, height: Int, frameRate: Double, frameCount: Int, flights: [BallFlight],
                golfer: GolferFigure? = nil, noise: Double = 2, exposure: Double = 0.5, seed: UInt64 = 1,
                ballColour: RGBColour = RGBColour(red: 245, green: 245, blue: 240), rotation: DisplayRotation = .none, frameTimeJitter: Double = 0,
                backdrop: Backdrop = .park, scenery: [SceneryItem] = [], figures: [SceneFigure] = [],
                conditions: CaptureConditions = CaptureConditions(), encodingCRF: Int = 18) {
        self.rotation = rotation
        self.frameTimeJitter = frameTimeJitter
        self.name = name
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.frameCount = frameCount
        self.flights = flights
        self.golfer = golfer
        self.noise = noise
        self.exposure = exposure
        self.seed = seed
        self.ballColour = ballColour
        self.backdrop = backdrop
        self.scenery = scenery
        self.figures = figures
        self.conditions = conditions
        self.encodingCRF = encodingCRF
    }

    /// When each frame is shown, seconds: the regular grid, strayed by `frameTimeJitter`, and
    /// always increasing.
    package var frameTimes: [Double] {
        var random = SplitMix64(seed: seed ^ 0x7153)
        let interval = 1 / frameRate
        return (0..<frameCount).map { i in
            let stray = i == 0 ? 0 : (random.unit() - 0.5) * min(frameTimeJitter, 0.9) * interval
            return Double(i) * interval + stray
        }
    }

    /// A face-on golf drive: the golfer swings, the ball sits on the tee until impact, then
    /// flies up and to the left, smeared into a streak at first, and leaves the frame.
    /// Sizes scale with the frame; `seed` varies the launch a little.
    package static func golfFaceOn(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
                                  seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed)
        let w = Double(width), h = Double(height)
        let ball = PixelPoint(x: 0.68 * w, y: 0.82 * h)
        let impact = 1.3
        let flight = BallFlight(
            start: ball, velocityX: -(0.55 + 0.1 * random.unit()) * w, velocityY: -(1.25 + 0.1 * random.unit()) * h,
            gravity: 1.35 * h, radius: max(1.5, h / 150), launchTime: impact, restsBeforeLaunch: true)
        return SyntheticScene(
            name: "golf-face-on", width: width, height: height, frameRate: frameRate,
            frameCount: Int((seconds * frameRate).rounded()), flights: [flight],
            golfer: GolferFigure(ballPosition: ball, height: 0.55 * h, impactTime: impact), seed: seed)
    }

    /// Frames in `seconds` at this scene's rate.
    static func frameCount(seconds: Double, frameRate: Double) -> Int { max(1, Int((seconds * frameRate).rounded())) }
}

extension SyntheticScene {
    /// Truth written before the backdrop, scenery, figures, conditions and encoding existed reads
    /// as the plain golf scene it was.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name), width: try c.decode(Int.self, forKey: .width),
            height: try c.decode(Int.self, forKey: .height), frameRate: try c.decode(Double.self, forKey: .frameRate),
            frameCount: try c.decode(Int.self, forKey: .frameCount), flights: try c.decode([BallFlight].self, forKey: .flights),
            golfer: try c.decodeIfPresent(GolferFigure.self, forKey: .golfer), noise: try c.decode(Double.self, forKey: .noise),
            exposure: try c.decode(Double.self, forKey: .exposure), seed: try c.decode(UInt64.self, forKey: .seed),
            ballColour: try c.decode(RGBColour.self, forKey: .ballColour),
            rotation: try c.decodeIfPresent(DisplayRotation.self, forKey: .rotation) ?? .none,
            frameTimeJitter: try c.decodeIfPresent(Double.self, forKey: .frameTimeJitter) ?? 0,
            backdrop: try c.decodeIfPresent(Backdrop.self, forKey: .backdrop) ?? .park,
            scenery: try c.decodeIfPresent([SceneryItem].self, forKey: .scenery) ?? [],
            figures: try c.decodeIfPresent([SceneFigure].self, forKey: .figures) ?? [],
            conditions: try c.decodeIfPresent(CaptureConditions.self, forKey: .conditions) ?? CaptureConditions(),
            encodingCRF: try c.decodeIfPresent(Int.self, forKey: .encodingCRF) ?? 18)
        playbackSlowdown = try c.decodeIfPresent(Double.self, forKey: .playbackSlowdown) ?? 1
    }
}

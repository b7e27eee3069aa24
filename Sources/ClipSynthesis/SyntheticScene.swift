import BallTrace

/// Everything needed to render a clip with known ball flights: reproducible from its seed.
public struct SyntheticScene: Sendable, Hashable, Codable {
    public var name: String
    public var width: Int
    public var height: Int
    public var frameRate: Double
    public var frameCount: Int
    public var flights: [BallFlight]
    public var golfer: GolferFigure?
    /// Standard deviation of the sensor noise added to every frame, 8-bit levels.
    public var noise: Double
    /// Fraction of the frame interval the shutter is open: a fast ball is drawn as a streak.
    public var exposure: Double
    public var seed: UInt64
    public var ballColour: RGBColour
    /// How the file stores the picture: `.clockwise90` writes a portrait scene sideways with a
    /// display matrix, as phones do. `width` and `height` are always the displayed size.
    public var rotation: DisplayRotation
    /// How far each frame's time strays from the regular `1/frameRate` grid, as a fraction of
    /// the interval (0: constant frame rate). A webcam or phone that drops and delays frames
    /// gives a variable-frame-rate clip; the strays are reproducible from the seed.
    public var frameTimeJitter: Double

    public init(name: String, width: Int, height: Int, frameRate: Double, frameCount: Int, flights: [BallFlight],
                golfer: GolferFigure? = nil, noise: Double = 2, exposure: Double = 0.5, seed: UInt64 = 1,
                ballColour: RGBColour = RGBColour(red: 245, green: 245, blue: 240), rotation: DisplayRotation = .none, frameTimeJitter: Double = 0) {
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
    }

    /// When each frame is shown, seconds: the regular grid, strayed by `frameTimeJitter`, and
    /// always increasing.
    public var frameTimes: [Double] {
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
    public static func golfFaceOn(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
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
}

/// A small, fast, reproducible generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Parameters of the tracker, in pixels and seconds of the displayed picture.
struct TrackerSettings: Sendable, Hashable {
    /// Points a track needs before it is reported (Vision's `trajectoryLength`).
    var trajectoryLength: Int
    /// Analysed frames a track may go without a detection (occlusion, a missed blob).
    var maximumMissedFrames: Int
    /// How long a reported flight is followed without a detection, seconds, when that is more
    /// than `maximumMissedFrames`: a ball behind a pole or a player for a few frames at a high
    /// frame rate keeps its UUID.
    var maximumGap: Double
    /// Fastest plausible ball, pixels per second: bounds the first association of a new track.
    var maximumSpeed: Double
    /// Smallest association gate, pixels: detection jitter.
    var minimumGate: Double
    /// Shortest time a chain's judged points must span, seconds (more than `trajectoryLength`
    /// points at a high frame rate).
    var minimumJudgedSpan: Double
    /// Points used to predict the next position, and the fewer used for a second prediction
    /// that follows a path bending more than a parabola.
    var predictionWindow: Int
    var shortPredictionWindow: Int
    /// Shorter side of the displayed frame, pixels (scales the motion thresholds).
    var shorterSide: Double
    /// The displayed frame, pixels: a flight predicted outside it has left the picture.
    var frameWidth: Double
    var frameHeight: Double

    init(trajectoryLength: Int, frameWidth: Int, frameHeight: Int) {
        self.trajectoryLength = trajectoryLength
        shorterSide = Double(min(frameWidth, frameHeight))
        self.frameWidth = Double(frameWidth)
        self.frameHeight = Double(frameHeight)
        let diagonal = (Double(frameWidth * frameWidth + frameHeight * frameHeight)).squareRoot()
        maximumMissedFrames = 4
        maximumGap = 0.3
        minimumJudgedSpan = 0.2
        // Crossing the whole frame in a fifth of a second: faster than any ball a camera
        // at this distance keeps in view for several frames.
        maximumSpeed = 5 * diagonal
        minimumGate = max(3, shorterSide / 180)
        predictionWindow = 12
        shortPredictionWindow = 6
    }
}

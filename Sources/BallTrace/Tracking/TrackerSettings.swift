/// Parameters of the tracker, in pixels and seconds of the displayed picture.
public struct TrackerSettings: Sendable, Hashable {
    /// Points a track needs before it is reported (Vision's `trajectoryLength`).
    public var trajectoryLength: Int
    /// Analysed frames a track may go without a detection (occlusion, a missed blob).
    public var maximumMissedFrames: Int
    /// Fastest plausible ball, pixels per second: bounds the first association of a new track.
    public var maximumSpeed: Double
    /// Smallest association gate, pixels: detection jitter.
    public var minimumGate: Double
    /// Points used to predict the next position.
    public var predictionWindow: Int
    /// Shorter side of the displayed frame, pixels (scales the motion thresholds).
    public var shorterSide: Double

    public init(trajectoryLength: Int, frameWidth: Int, frameHeight: Int) {
        self.trajectoryLength = trajectoryLength
        shorterSide = Double(min(frameWidth, frameHeight))
        let diagonal = (Double(frameWidth * frameWidth + frameHeight * frameHeight)).squareRoot()
        maximumMissedFrames = 4
        // Crossing the whole frame in a fifth of a second: faster than any ball a camera
        // at this distance keeps in view for several frames.
        maximumSpeed = 5 * diagonal
        minimumGate = max(3, shorterSide / 180)
        predictionWindow = 12
    }
}

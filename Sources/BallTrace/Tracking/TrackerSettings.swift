/// Parameters of the tracker, in pixels and seconds of the displayed picture: every number the
/// tracker decides by that is not a property of a ball's flight (those are `BallisticTest`'s),
/// with what it means and how it was chosen.
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
    /// Live chains at most. In clutter (a crowd, leaves, grass under a moving camera) a few
    /// hundred blobs a frame start as many chains, each new one branching to three, and the
    /// cap is full in every frame: the tracker's cost a frame grows with the cap, not with the
    /// rules that end chains (new ones take the places of those ended). Chains are dropped by
    /// promise, never by arrival order (see `TrajectoryTracker+Pruning.swift`), so those it
    /// drops are young, hopping or still ones. 500 keeps every chain of the real clips' balls,
    /// filmed still, panning and by hand, and of the generated suites (each suite scores as it
    /// did with 750), and drops a chain of turf rising slowly from where the panned
    /// down-the-line drive was struck before it can be reported, which a thousand kept; where
    /// the cap is full the tracker costs about a third less than with 750. (Caps under a
    /// thousand once brought back a false trajectory along a stick in the hand-held
    /// golf-dtl-slowmo; the rule that a path in depth must slow in the picture turns it away.)
    var maximumLiveChains = 500
    /// Blobs a chain of one point branches to: it has no direction yet, and a ball just released
    /// is nearer the hand than where it will be next. Three covers a hand, a club head and the
    /// ball around a launch.
    var branchesOfANewChain = 3
    /// Analysed frames a chain of fewer than three points, then of fewer than six, may go
    /// without a detection: short chains are mostly clutter, and only a chain long enough to
    /// predict well is worth bridging an occlusion (`maximumMissedFrames`).
    var missedFramesUnderThreePoints = 1
    var missedFramesUnderSixPoints = 2
    /// Frames a bounce may hide the ball for, between the flight that ends on it and the one
    /// that begins: at 30 or 60 fps the ball is rarely seen at the floor or the rim itself.
    var bounceGap = 3
    /// Longest a ball may be out of view above the picture before it comes back down, seconds
    /// (a drive's hang time is about seven).
    var longestTimeAbove = 10.0
    /// Longest a head bobbing along (a walker's two steps a second) falls like a ball at the
    /// crest of a step, seconds: a reported flight pulled upward after flying longer than
    /// this was stopped (caught, netted), not a crest (see `stoppedAfterFlying`).
    var longestFallingCrest = 0.4
    /// Least contrast of a blob taken into a flight's earlier frames (or kept there), as a share
    /// of its neighbour's: a ball a frame earlier is not a faint shadow of itself.
    var backfillContrastShare = 0.35
    /// How far a picture's time may be from when it was taken, as a share of the interval to
    /// the next (a converted clip's pictures, see `CaptureCadence`).
    var timingUncertainty = 0.1
    /// Share of the shorter side a chain must travel over its recent points before a path in
    /// depth is tried for it (fitting in depth costs far more than a parabola, and clutter that
    /// stays put is most of what is followed); also how near the top edge a ball coming back
    /// into the picture first shows.
    var travellingShare = 0.05

    /// Where the ball rests before it is struck, in the pixels of the picture it is seen
    /// resting in (not the scene's: with a camera that moves they differ); nil when not known
    /// (see ``AnalysisSettings/tee``).
    var tee: PixelPoint?

    /// Pixels of the frame per pixel of the picture blobs are found in, each way (the detector's
    /// reduction, see ``BlobDetector``): a blob of one such pixel is the smallest there is.
    var analysisPixel = 1.0

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

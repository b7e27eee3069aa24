/// One detection of a ball on a track, in pixels of the displayed picture.
struct TrackPoint: Sendable, Hashable, Codable {
    /// Index of the decoded frame, presentation order.
    var frame: Int
    /// Seconds since the first frame, from the frame's timestamp.
    var time: Double
    /// Where the ball was in the scene the tracker follows it in: the picture of the clip's
    /// first frame, carried along as the camera moved since (the same as `picturePosition`
    /// when the camera stood still).
    var position: PixelPoint
    /// Where the ball was in this frame's own picture: what is reported and drawn.
    var picturePosition: PixelPoint
    var radius: Double
    /// Index among analysed frames (differs from `frame` when frames are skipped by spacing):
    /// how densely a track was seen.
    var step: Int
    /// Shape of the blob: major over minor axis, and the major axis's angle (radians).
    var elongation: Double
    var orientation: Double
    /// Whether other moving things of some size were close by in that frame: a ball in flight
    /// is alone in its patch of sky; a hand, a head or a limb moves among other parts of a body.
    var isCrowded: Bool
    /// Mean luma difference of the blob from the background, 0 when unknown.
    var contrast: Double
    /// Whether the point is a faint spot, or a disc inside foreground the ball merged with,
    /// found where the chain expected its ball (track-before-detect), not a blob of its own.
    var isFaint = false

    init(frame: Int, time: Double, position: PixelPoint, radius: Double, step: Int? = nil,
                elongation: Double = 1, orientation: Double = 0, isCrowded: Bool = false, contrast: Double = 0,
                picturePosition: PixelPoint? = nil) {
        self.picturePosition = picturePosition ?? position
        self.isCrowded = isCrowded
        self.contrast = contrast
        self.step = step ?? frame
        self.elongation = elongation
        self.orientation = orientation
        self.frame = frame
        self.time = time
        self.position = position
        self.radius = radius
    }
}

extension TrackPoint {
    /// The detection a point was made of, named by its analysed frame and its centre: chains
    /// that took the same blob have points with the same detection.
    struct Detection: Hashable {
        var step: Int
        var position: PixelPoint
    }

    var detection: Detection { Detection(step: step, position: position) }
}

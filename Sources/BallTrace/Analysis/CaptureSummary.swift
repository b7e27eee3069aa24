/// How the clip was filmed, as the analysis measured it: whether the camera moved, and how many
/// frames only repeated the picture before them (a clip converted to a higher frame rate).
/// Points are always reported in each frame's own pixels; a user reads here whether the
/// camera's motion was taken out to follow the balls.
public struct CaptureSummary: Sendable, Hashable, Codable {
    /// Whether the camera moved (pan, zoom, a hand's drift) by more than a pixel at some point.
    public var cameraMoved: Bool
    /// The farthest any corner of the picture moved from where it was in the first frame,
    /// pixels of the displayed picture.
    public var largestCameraDisplacement: Double
    /// Frames that repeated the picture before them and were not analysed.
    public var repeatedFrames: Int

    public init(cameraMoved: Bool, largestCameraDisplacement: Double, repeatedFrames: Int) {
        self.cameraMoved = cameraMoved
        self.largestCameraDisplacement = largestCameraDisplacement
        self.repeatedFrames = repeatedFrames
    }
}

/// What balltrace knows about an input video before and after reading it.
public struct VideoSourceInfo: Sendable, Hashable, Codable {
    public var path: String
    /// Size of the stored (decoded) picture.
    public var storedWidth: Int
    public var storedHeight: Int
    /// Clockwise rotation from the container's display matrix.
    public var rotation: DisplayRotation
    /// Nominal frames per second from the container (average rate), 0 when unknown.
    public var frameRate: Double
    /// Duration in seconds from the container, 0 when unknown.
    public var duration: Double
    /// Frame count the container claims, 0 when unknown; often wrong for variable-rate clips.
    public var claimedFrameCount: Int
    public var codecName: String
    public var hasAudio: Bool

    public var geometry: FrameGeometry {
        FrameGeometry(storedWidth: storedWidth, storedHeight: storedHeight, rotation: rotation)
    }
}

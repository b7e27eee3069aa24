/// Where an overlay video goes and how it is encoded.
public struct OverlayVideoRequest: Sendable, Hashable {
    public var path: String
    public var encoding: VideoEncoding

    public init(path: String, encoding: VideoEncoding = .default) {
        self.path = path
        self.encoding = encoding
    }
}

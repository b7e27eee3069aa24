/// Where an overlay video goes and how it is encoded.
public struct OverlayVideoRequest: Sendable, Hashable {
    public var path: String
    public var encoding: VideoEncoding
    /// How the flights are drawn: as Vision's sample app draws them unless asked otherwise.
    package var drawing: OverlayDrawing = .vision

    public init(path: String, encoding: VideoEncoding = .default) {
        self.path = path
        self.encoding = encoding
    }

    package init(path: String, encoding: VideoEncoding = .default, drawing: OverlayDrawing) {
        self.init(path: path, encoding: encoding)
        self.drawing = drawing
    }
}

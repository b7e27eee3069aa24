import FoundationEssentials

/// A picture the shot report carries inside itself: its encoded bytes (PNG or JPEG), and the
/// size it is shown at.
package struct ReportPicture: Sendable, Hashable {
    package var data: Data
    package var format: StillImageFormat
    package var width: Int
    package var height: Int

    package init(data: Data, format: StillImageFormat, width: Int, height: Int) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }

    /// The picture as a `data:` URI, the only kind of address the report holds: it needs no
    /// file beside it and nothing from a network.
    package var dataURI: String {
        "data:image/\(format == .png ? "png" : "jpeg");base64,\(data.base64EncodedString())"
    }

    /// Widest picture the report embeds, pixels: a 1080p frame is halved (some 55 kB as a JPEG
    /// for the generated range session), so that a session of fifty shots stays a file a browser
    /// opens at once and a mail can carry; smaller frames are kept as they are.
    package static let maximumWidth = 960

    /// The size a `width`×`height` picture is embedded at: scaled down to ``maximumWidth``
    /// keeping its proportions (even sizes, as the JPEG encoder's chroma prefers).
    package static func embeddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > maximumWidth else { return (width, height) }
        let scaled = Double(height) * Double(maximumWidth) / Double(width)
        return (maximumWidth, max(2, Int((scaled / 2).rounded()) * 2))
    }
}

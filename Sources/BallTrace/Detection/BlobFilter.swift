/// Which blobs may be a ball: inside the region of interest and within the radius bounds.
/// Applied in the displayed picture, where the user's region and sizes are stated.
struct BlobFilter: Sendable, Hashable {
    /// Region of interest in displayed pixels; nil for the whole frame.
    var region: PixelRect?
    var minimumRadius: Double
    var maximumRadius: Double

    init(region: PixelRect?, minimumRadius: Double, maximumRadius: Double) {
        self.region = region
        self.minimumRadius = minimumRadius
        self.maximumRadius = maximumRadius
    }

    func accepts(_ blob: Blob) -> Bool {
        if let region, !region.contains(blob.center) { return false }
        return blob.radius >= minimumRadius && blob.radius <= maximumRadius
    }

    func apply(_ blobs: [Blob]) -> [Blob] { blobs.filter(accepts) }
}

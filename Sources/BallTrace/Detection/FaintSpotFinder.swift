internal import CBallTraceVision

/// Where a tracked flight expects its ball in a frame, something to look for when the ball was
/// not among the frame's blobs (track-before-detect): in the scene's pixels the tracker works in.
protocol FaintSpotSource: Sendable {
    /// A compact spot standing out of its surroundings' noise within `reach` of `center`, no
    /// larger than a ball of `radius`; nil when there is none.
    func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob?
    /// A blob the detector found but left out for the cap on blobs a frame (weaker than the
    /// few hundred strongest of a cluttered frame) within `reach` of `center`, of about the size
    /// of a ball of `radius`; nil when there is none.
    func leftOutBlob(near center: PixelPoint, reach: Double, radius: Double) -> Blob?
    /// A disc of a ball of `radius` within `reach` of `center`, inside foreground it merged
    /// with, as strong as half the ball's own `contrast` (0: unknown, the strongest foreground's);
    /// nil when there is none.
    func disc(near center: PixelPoint, reach: Double, radius: Double, contrast: Double) -> Blob?
}

extension FaintSpotSource {
    func leftOutBlob(near center: PixelPoint, reach: Double, radius: Double) -> Blob? { nil }
    /// A source that does not tell the two apart finds a disc as it finds a faint spot.
    func disc(near center: PixelPoint, reach: Double, radius: Double, contrast: Double) -> Blob? {
        faintSpot(near: center, reach: reach, radius: radius)
    }
}

/// The detector's memory of its last few frames, as the tracking thread reads it.
///
/// The tracker runs a few frames behind detection; the detector keeps each analysed frame's
/// difference from its background for as many frames as the tracker can fall behind and more
/// (``BlobDetector/keptFrames``), and this reads only those. Keeps the detector alive.
final class FaintSpotFinder: @unchecked Sendable {
    /// The largest ball looked for as a faint spot, radius in analysis pixels; a larger one is
    /// looked for as a disc inside foreground it merged with.
    static let largestFaintRadius: Double = BT_LARGEST_FAINT_RADIUS

    private let detector: BlobDetector

    init(detector: BlobDetector) { self.detector = detector }

    func spot(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double) -> bt_blob? {
        detector.faintSpot(inFrame: serial, near: point, reach: reach, radius: radius)?.blob
    }

    func leftOutBlob(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double) -> bt_blob? {
        detector.leftOutBlob(inFrame: serial, near: point, reach: reach, radius: radius)
    }

    func disc(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double, contrast: Double) -> bt_blob? {
        detector.disc(inFrame: serial, near: point, reach: reach, radius: radius, contrast: contrast)
    }
}

/// One analysed frame's faint spots, in the scene's pixels: the tracker's point goes to the
/// frame's own picture, to the stored picture, and the spot found back.
struct FrameFaintSpots: FaintSpotSource {
    let finder: FaintSpotFinder
    let serial: Int
    let geometry: FrameGeometry
    let sceneToPicture: SimilarityTransform

    func faintSpot(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
        inScene(finder.spot(inFrame: serial, near: stored(center), reach: reach, radius: radius))
    }

    func leftOutBlob(near center: PixelPoint, reach: Double, radius: Double) -> Blob? {
        inScene(finder.leftOutBlob(inFrame: serial, near: stored(center), reach: reach, radius: radius))
    }

    func disc(near center: PixelPoint, reach: Double, radius: Double, contrast: Double) -> Blob? {
        inScene(finder.disc(inFrame: serial, near: stored(center), reach: reach, radius: radius, contrast: contrast))
    }

    /// A point of the scene in the stored picture of this frame.
    private func stored(_ center: PixelPoint) -> PixelPoint {
        geometry.stored(fromDisplayed: sceneToPicture.apply(center))
    }

    /// A shim blob of this frame (stored pixels) in the scene.
    private func inScene(_ raw: bt_blob?) -> Blob? {
        raw.map { Blob($0, geometry: geometry).transformed(by: sceneToPicture.inverse) }
    }
}

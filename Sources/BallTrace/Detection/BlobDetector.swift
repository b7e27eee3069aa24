import FoundationEssentials
import Glibc
internal import CBallTraceVision

/// Background subtraction on the luma plane, then connected components: each frame in, the
/// moving blobs out, in pixels of the stored picture.
///
/// The background model is a sigma-delta estimate: per pixel a mean and a threshold that each
/// step one level a frame toward the new value and toward a multiple of the pixel's difference
/// from the mean (see `Detector.cpp`). It costs a few percent of decoding the frame, where
/// OpenCV's MOG2 cost twice the decoding. Owns its state and frees it in `deinit`.
///
/// Frames are first reduced by a whole factor to about 540 lines: subtraction cost grows with
/// pixels, sensor noise shrinks with averaging, and a ball of a few pixels survives an
/// area-averaging reduction as a fainter spot.
final class BlobDetector {
    let analysisWidth: Int
    let analysisHeight: Int
    /// Stored pixels per analysis pixel, each way.
    let reduction: Int
    let method = "sigma-delta"
    /// A pixel is foreground when it differs from the background by more than its threshold,
    /// which follows six times its median difference (about 4σ of noise), within these bounds
    /// (8-bit levels).
    let thresholdRange = 8...48
    /// A pixel unchanged for this long is something at rest, not foreground.
    static let stillTime = 0.5
    /// ``stillTime`` in analysed frames.
    let stillFrames: Int
    private let handle: OpaquePointer
    private var buffer: [bt_blob]
    /// Blobs found before the cap in the last frame (diagnostics).
    private(set) var lastFoundCount = 0

    /// The whole reduction factor for a picture: about 540 lines, but never so far that the
    /// smallest ball asked for falls under ~0.8 px.
    static func reduction(shorterSide: Int, minimumRadius: Double) -> Int {
        var factor = max(1, Int((Double(shorterSide) / 540).rounded()))
        if minimumRadius > 0 { factor = min(factor, max(1, Int(minimumRadius / 0.8))) }
        return factor
    }

    /// - Parameters:
    ///   - maximumRadius: the largest ball radius asked for, stored pixels; larger blobs are
    ///     dropped early. A motion-blurred streak may be several radii long, which is allowed.
    ///   - minimumRadius: the smallest ball radius asked for; the analysis keeps enough
    ///     resolution for it.
    ///   - analysisInterval: seconds between analysed frames (the frame interval, or the
    ///     spacing asked for when that is longer).
    ///   - followsCamera: estimate the camera's motion every frame and move the background model
    ///     with it (a handheld, panning or zooming camera).
    ///   - narrowVectors: update the model 16 pixels at a time even where the processor could do
    ///     32 (AVX2): the same arithmetic, to test that both give the same blobs.
    ///   - lookBack: how many frames before the one it tracks the tracker may ask about (see
    ///     ``historyFrames(lookingBack:)``).
    init(frameWidth: Int, frameHeight: Int, minimumRadius: Double, maximumRadius: Double,
         analysisInterval: Double, followsCamera: Bool = true, capacity: Int = 256, narrowVectors: Bool = false,
         lookBack: Int = TrajectoryTracker.framesKept(trajectoryLength: AnalysisSettings().trajectoryLength)) throws {
        reduction = Self.reduction(shorterSide: min(frameWidth, frameHeight), minimumRadius: minimumRadius)
        let interval = analysisInterval > 0 ? analysisInterval : 1.0 / 30
        stillFrames = min(255, max(4, Int((Self.stillTime / interval).rounded())))
        var config = bt_detector_config(
            frame_width: Int32(frameWidth), frame_height: Int32(frameHeight), reduction: Int32(reduction),
            threshold_minimum: Int32(thresholdRange.lowerBound), threshold_maximum: Int32(thresholdRange.upperBound),
            threshold_initial: 16, still_frames: Int32(stillFrames), min_area: 2,
            max_extent: max(4, 8 * maximumRadius / Double(reduction) + 4), compensate_motion: followsCamera ? 1 : 0,
            kept_frames: Int32(Self.keptFrames), history_frames: Int32(Self.historyFrames(lookingBack: lookBack)),
            narrow_vectors: narrowVectors ? 1 : 0)
        var created: OpaquePointer?
        try callShim("background subtraction setup") { bt_detector_create(&config, &created, $0, $1) }
        handle = created!
        var width: Int32 = 0, height: Int32 = 0
        bt_detector_analysis_size(handle, &width, &height)
        analysisWidth = Int(width)
        analysisHeight = Int(height)
        buffer = [bt_blob](repeating: bt_blob(), count: capacity)
    }

    deinit { bt_detector_destroy(handle) }

    /// The last analysed frames ``faintSpot(inFrame:near:reach:radius:)`` can search: the
    /// tracker runs behind detection by at most its queue (``TrackingPipeline/depth``) and the
    /// frame it is tracking, and one more is being detected meanwhile.
    static let keptFrames = TrackingPipeline.depth + 2

    /// The last analysed frames ``leftOutBlob(inFrame:near:reach:radius:)`` can search: the
    /// tracker looks back `lookBack` frames before the one it is tracking (a flight just
    /// confirmed, for its ball in the frames its chain missed), and detection runs up to
    /// ``keptFrames`` ahead of it. Kept that long, no frame the tracker may still read is
    /// overwritten meanwhile, however far detection has run ahead: what it finds does not
    /// depend on how busy the machine is.
    static func historyFrames(lookingBack lookBack: Int) -> Int { min(4096, keptFrames + max(0, lookBack)) }

    /// What one frame showed as a whole.
    struct FrameReport {
        /// The picture repeats the last one (a clip converted to a higher frame rate): it was
        /// not analysed, and it has no blobs.
        var isRepeat: Bool
        /// How the picture differs from the last one.
        var change: CaptureCadence.Change
        /// Where a point of this frame lies in the scene (the first frame's picture, carried
        /// along by the camera's measured motion), stored pixels; nil while the camera has not
        /// moved.
        var cameraPose: SimilarityTransform?
        /// Whether the camera's motion since the last frame could be measured at all.
        var isMotionMeasured: Bool
        /// This frame among the analysed ones (repeats aside), from 0: names it to
        /// ``faintSpot(inFrame:near:reach:radius:)``.
        var serial: Int
        /// The CPU time this frame's detection spent following the camera, seconds (see
        /// ``StageTimes``).
        var cameraSeconds: Double
    }

    /// Moving blobs in one luma plane of the stored size, strongest first, and what the frame
    /// showed as a whole.
    func detect(luma: UnsafePointer<UInt8>, stride: Int) throws -> (blobs: [bt_blob], report: FrameReport) {
        var count: Int32 = 0, found: Int32 = 0
        var report = bt_frame_report()
        let capacity = Int32(buffer.count)
        try buffer.withUnsafeMutableBufferPointer { blobs in
            try callShim("background subtraction") {
                bt_detector_process(handle, luma, stride, blobs.baseAddress, capacity, &count, &found, &report, $0, $1)
            }
        }
        lastFoundCount = Int(found)
        let motion = report.moved != 0 ? SimilarityTransform(a: report.a, b: report.b, tx: report.tx, ty: report.ty) : nil
        return (Array(buffer.prefix(Int(count))),
                FrameReport(isRepeat: report.repeated != 0, change: CaptureCadence.Change(mean: report.change, strongShare: report.strong_change),
                            cameraPose: motion, isMotionMeasured: report.motion_known != 0, serial: Int(report.serial),
                            cameraSeconds: report.camera_seconds))
    }

    /// A spot too faint or small to be a blob, within `reach` of `point` in the analysed frame
    /// `serial` (one of the last ``keptFrames``), no larger than a ball of `radius`; stored pixels. Reads
    /// only what that frame left behind, so the tracking thread may ask while later frames are
    /// being detected (see ``FaintSpotFinder``).
    func faintSpot(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double) -> (blob: bt_blob, significance: Double)? {
        var spot = bt_faint_spot()
        guard bt_detector_find_faint_spot(handle, serial, point.x, point.y, reach, radius, &spot) == 1 else { return nil }
        let blob = bt_blob(x: spot.x, y: spot.y, radius: spot.radius, area: Double.pi * spot.radius * spot.radius, elongation: 1,
                           length: 2 * spot.radius, orientation: 0, contrast: spot.contrast)
        return (blob, spot.significance)
    }

    /// A disc of a ball of `radius` within `reach` of `point` in the analysed frame `serial`,
    /// inside foreground it merged with: its differences from the background at least half the
    /// ball's own `contrast` (within ``thresholdRange``; the strongest foreground's when it is
    /// not known) over nearly all of it, its ring mostly under that; stored pixels. Read as
    /// ``faintSpot(inFrame:near:reach:radius:)`` is.
    func disc(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double, contrast: Double) -> bt_blob? {
        let level = contrast > 0 ? min(max(Int((contrast / 2).rounded()), thresholdRange.lowerBound), thresholdRange.upperBound)
            : thresholdRange.upperBound
        var spot = bt_faint_spot()
        guard bt_detector_find_disc(handle, serial, point.x, point.y, reach, radius, Int32(level), &spot) == 1 else { return nil }
        return bt_blob(x: spot.x, y: spot.y, radius: spot.radius, area: Double.pi * spot.radius * spot.radius, elongation: 1,
                       length: 2 * spot.radius, orientation: 0, contrast: spot.contrast)
    }

    /// A blob the analysed frame `serial` found but did not hand over, being weaker than the
    /// `capacity` strongest: the nearest within `reach` of `point` of about the size of a ball
    /// of `radius`; stored pixels. Read as ``faintSpot(inFrame:near:reach:radius:)`` is.
    func leftOutBlob(inFrame serial: Int, near point: PixelPoint, reach: Double, radius: Double) -> bt_blob? {
        var blob = bt_blob()
        guard bt_detector_find_left_out_blob(handle, serial, point.x, point.y, reach, radius, &blob) == 1 else { return nil }
        return blob
    }
}

extension Blob {
    /// A shim blob (stored pixels) as seen in the displayed picture.
    init(_ raw: bt_blob, geometry: FrameGeometry) {
        let center = geometry.displayed(fromStored: PixelPoint(x: raw.x, y: raw.y))
        let tip = geometry.displayed(fromStored: PixelPoint(x: raw.x + cos(raw.orientation), y: raw.y + sin(raw.orientation)))
        self.init(
            center: center, radius: raw.radius, area: raw.area, elongation: raw.elongation, length: raw.length,
            orientation: atan2(tip.y - center.y, tip.x - center.x), contrast: raw.contrast)
    }
}

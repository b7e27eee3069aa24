import Foundation
import CBallTraceVision

/// Background subtraction (OpenCV MOG2) on the luma plane, then connected components: each
/// frame in, the moving blobs out, in pixels of the stored picture.
///
/// Owns its OpenCV state and frees it in `deinit`. Frames larger than the analysis size are
/// reduced first: subtraction cost grows with pixels, and a ball of a few pixels survives an
/// area-averaging reduction as a fainter spot.
final class BlobDetector {
    let analysisWidth: Int
    let analysisHeight: Int
    /// The background model: OpenCV's Gaussian mixture (MOG2), over this many frames, with this
    /// squared-distance threshold for foreground.
    let method = "MOG2"
    let history = 120
    let varianceThreshold = 16.0
    private let handle: OpaquePointer
    private var buffer: [bt_blob]
    /// Blobs found before the cap in the last frame (diagnostics).
    private(set) var lastFoundCount = 0

    /// - Parameters:
    ///   - maximumRadius: the largest ball radius asked for, stored pixels; larger blobs are
    ///     dropped early. A motion-blurred streak may be several radii long, which is allowed.
    ///   - minimumRadius: the smallest ball radius asked for; the analysis keeps enough
    ///     resolution for it.
    init(frameWidth: Int, frameHeight: Int, minimumRadius: Double, maximumRadius: Double, capacity: Int = 256) throws {
        let shorter = Double(min(frameWidth, frameHeight))
        // Reduce to about 540 lines, but never so far that the smallest ball falls under ~0.8 px.
        var scale = min(1, 540 / shorter)
        if minimumRadius > 0 { scale = max(scale, min(1, 0.8 / minimumRadius)) }
        analysisWidth = max(1, Int((Double(frameWidth) * scale).rounded()))
        analysisHeight = max(1, Int((Double(frameHeight) * scale).rounded()))
        var config = bt_detector_config(
            frame_width: Int32(frameWidth), frame_height: Int32(frameHeight),
            analysis_width: Int32(analysisWidth), analysis_height: Int32(analysisHeight),
            history: Int32(history), var_threshold: varianceThreshold, min_area: 2,
            max_extent: max(4, 8 * maximumRadius * scale + 4))
        var created: OpaquePointer?
        try callShim("background subtraction setup") { bt_detector_create(&config, &created, $0, $1) }
        handle = created!
        buffer = [bt_blob](repeating: bt_blob(), count: capacity)
    }

    deinit { bt_detector_destroy(handle) }

    /// Moving blobs in one luma plane of the stored size, strongest first.
    func detect(luma: UnsafePointer<UInt8>, stride: Int) throws -> [bt_blob] {
        var count: Int32 = 0, found: Int32 = 0
        let capacity = Int32(buffer.count)
        try buffer.withUnsafeMutableBufferPointer { blobs in
            try callShim("background subtraction") {
                bt_detector_process(handle, luma, stride, blobs.baseAddress, capacity, &count, &found, $0, $1)
            }
        }
        lastFoundCount = Int(found)
        return Array(buffer.prefix(Int(count)))
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

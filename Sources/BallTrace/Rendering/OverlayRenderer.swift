internal import CBallTraceVision
import FoundationEssentials

/// Draws the region of interest and the trajectories in flight onto frames of the stored
/// picture: the one drawing of both the overlay video and ``TrajectoryOverlay``. The overlay is rasterized (with OpenCV, anti-aliased) only when what it shows
/// changes, then blended into each frame inside its bounding box.
final class OverlayRenderer {
    private let handle: OpaquePointer
    private let geometry: FrameGeometry
    private let region: PixelRect?
    private let style: OverlayStyle
    /// What is drawn: each trajectory and its number of detections.
    private var shown: [(id: UUID, points: Int)] = []

    /// - Parameters:
    ///   - region: the region of interest in displayed pixels, drawn when not nil.
    ///   - width, height: the frames composited onto (the stored picture, or the even-sized part
    ///     of it an encoder takes); what falls outside is not drawn.
    init(geometry: FrameGeometry, region: PixelRect?, width: Int, height: Int) throws {
        self.geometry = geometry
        self.region = region
        style = OverlayStyle(shorterSide: geometry.shorterSide)
        var created: OpaquePointer?
        try callShim("overlay setup") {
            bt_overlay_create(Int32(width), Int32(height), &created, $0, $1)
        }
        handle = created!
        try redraw([])
    }

    deinit { bt_overlay_destroy(handle) }

    /// Shows these trajectories from now on. Re-rasterizes only when one was reported, gained a
    /// detection or ended: the paths are worked out only then.
    func show(_ trajectories: [TrajectoryObservation]) throws {
        let unchanged = trajectories.count == shown.count && zip(trajectories, shown).allSatisfy {
            $0.uuid == $1.id && $0.detectedPoints.count == $1.points
        }
        guard !unchanged else { return }
        shown = trajectories.map { (id: $0.uuid, points: $0.detectedPoints.count) }
        try redraw(trajectories.map {
            OverlayPaths($0, frameWidth: geometry.displayedWidth, frameHeight: geometry.displayedHeight)
        })
    }

    private func redraw(_ paths: [OverlayPaths]) throws {
        bt_overlay_clear(handle)
        if let r = region {
            let corners = [PixelPoint(x: r.x, y: r.y), PixelPoint(x: r.x + r.width, y: r.y),
                           PixelPoint(x: r.x + r.width, y: r.y + r.height), PixelPoint(x: r.x, y: r.y + r.height)]
            try polyline(corners, closed: true, colour: style.regionColour)
        }
        for path in paths {
            try polyline(path.detected, closed: false, colour: style.detectedColour)
            try polyline(path.projected, closed: false, colour: style.projectedColour)
            for dash in OverlayPaths.dashes(path.predicted, dash: 4 * style.lineWidth) {
                try polyline(dash, closed: false, colour: style.projectedColour)
            }
        }
        try callShim("overlay rasterization") { bt_overlay_finish(handle, $0, $1) }
    }

    private func polyline(_ points: [PixelPoint], closed: Bool, colour: RGBColour) throws {
        guard points.count >= 2 else { return }
        var xy: [Double] = []
        geometry.storedCoordinates(of: points, into: &xy)
        let count = Int32(points.count)
        try callShim("overlay drawing") {
            bt_overlay_polyline(handle, xy, count, closed ? 1 : 0, colour.red, colour.green, colour.blue, style.lineWidth, $0, $1)
        }
    }

    /// Blends the overlay into a YUV 4:2:0 frame of the stored size.
    func composite(onto frame: OwnedFrame) throws {
        try frame.withYUV420Planes { p in
            try composite(y: p.y, yStride: p.yStride, u: p.u, uStride: p.uStride, v: p.v, vStride: p.vStride)
        }
    }

    /// Blends the overlay into YUV 4:2:0 planes of the stored size.
    func composite(y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                   v: UnsafeMutablePointer<UInt8>, vStride: Int) throws {
        try callShim("overlay compositing") {
            bt_overlay_composite_yuv420(handle, y, yStride, u, uStride, v, vStride, $0, $1)
        }
    }
}

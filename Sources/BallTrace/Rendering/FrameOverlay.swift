/// What an overlay video draws its frames with: Vision's drawing (``OverlayRenderer``) or the
/// broadcast tracer (``BroadcastTracerRenderer``).
protocol FrameOverlay: AnyObject {
    /// Shows these trajectories from the frame at `time` (seconds, the frames' clock) on.
    func show(_ trajectories: [TrajectoryObservation], at time: Double) throws
    /// Blends what is shown into YUV 4:2:0 planes of the stored size.
    func composite(y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                   v: UnsafeMutablePointer<UInt8>, vStride: Int) throws
}

extension FrameOverlay {
    /// Blends what is shown into a YUV 4:2:0 frame of the stored size.
    func composite(onto frame: OwnedFrame) throws {
        try frame.withYUV420Planes { p in
            try composite(y: p.y, yStride: p.yStride, u: p.u, uStride: p.uStride, v: p.v, vStride: p.vStride)
        }
    }
}

/// Vision's drawing changes only with the trajectories, never with time.
extension OverlayRenderer: FrameOverlay {
    func show(_ trajectories: [TrajectoryObservation], at time: Double) throws { try show(trajectories) }
}

/// The overlay that draws as `drawing` says; the region of interest is drawn by Vision's drawing only.
func makeFrameOverlay(_ drawing: OverlayDrawing, geometry: FrameGeometry, region: PixelRect?, width: Int,
                      height: Int) throws -> any FrameOverlay {
    switch drawing {
    case .vision: return try OverlayRenderer(geometry: geometry, region: region, width: width, height: height)
    case .broadcast(let style): return try BroadcastTracerRenderer(geometry: geometry, style: style, width: width, height: height)
    }
}

/// The tracer picture of one shot, as the report embeds it: the frame at the end of the shot's
/// flight with the flight drawn on it, as `analyze --tracer` draws it (``TracerRenderer``:
/// detected path, predicted path, launch and apex marked, the figures beside them), then made
/// no wider than ``ReportPicture/maximumWidth`` and encoded as a JPEG.
enum ShotPicture {
    /// JPEG quantizer: 4 rather than the tracer file's 2, for a smaller file (55 kB for a
    /// 960-pixel frame of the generated range session) with lines and figures still sharp.
    static let jpegQuality = 4

    /// - Parameters:
    ///   - flights: the shot's trajectory and those continuing it, as the analysis ended them.
    ///   - path: the report being made, named in errors.
    static func render(over frame: OwnedFrame, geometry: FrameGeometry, flights: [TrajectoryObservation],
                       path: String) throws -> ReportPicture {
        let picture = try TracerRenderer.draw(over: frame, geometry: geometry, trajectories: flights)
        let size = ReportPicture.embeddedSize(width: picture.width, height: picture.height)
        let encoder = try StillImageEncoder(format: .jpeg, width: size.width, height: size.height, path: path,
                                            jpegQuality: jpegQuality)
        let data = try picture.withPixels { rows, stride in
            guard size.width != picture.width || size.height != picture.height else {
                return try encoder.encode(rgb: rows, stride: stride)
            }
            let smaller = try RGBResizing.resized(rows, stride: stride, width: picture.width, height: picture.height,
                                                  to: size.width, size.height, path: path)
            return try smaller.withUnsafeBufferPointer { try encoder.encode(rgb: $0.baseAddress!, stride: size.width * 3) }
        }
        return ReportPicture(data: data, format: .jpeg, width: size.width, height: size.height)
    }
}

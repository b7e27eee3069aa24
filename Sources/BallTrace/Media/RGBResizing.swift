internal import CFFmpeg

/// Packed RGB pictures made smaller with libswscale's area averaging, which keeps thin drawn
/// lines as lines (each output pixel the mean of those it covers) where sampling would break
/// them into dots.
enum RGBResizing {
    /// The `width`×`height` picture at `rows`, its rows `stride` bytes apart, resized to
    /// `newWidth`×`newHeight`: packed rows `newWidth * 3` bytes apart.
    ///
    /// - Throws: ``MediaError/encodeFailed(path:reason:)`` naming `path` (the output the picture
    ///   is for) when libswscale takes no such sizes.
    static func resized(_ rows: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
                        to newWidth: Int, _ newHeight: Int, path: String) throws -> [UInt8] {
        guard newWidth > 0, newHeight > 0,
              let context = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24, Int32(newWidth), Int32(newHeight),
                                           AV_PIX_FMT_RGB24, Int32(SWS_AREA), nil, nil, nil)
        else {
            throw MediaError.encodeFailed(path: path, reason: "a \(width)×\(height) picture cannot be scaled to \(newWidth)×\(newHeight)")
        }
        defer { sws_freeContext(context) }
        var resized = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        resized.withUnsafeMutableBufferPointer { target in
            let sources: [UnsafePointer<UInt8>?] = [rows, nil, nil, nil]
            let sourceStrides: [Int32] = [Int32(stride), 0, 0, 0]
            let targets: [UnsafeMutablePointer<UInt8>?] = [target.baseAddress, nil, nil, nil]
            let targetStrides: [Int32] = [Int32(newWidth * 3), 0, 0, 0]
            _ = sws_scale(context, sources, sourceStrides, 0, Int32(height), targets, targetStrides)
        }
        return resized
    }
}

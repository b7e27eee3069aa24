internal import CFFmpeg

/// The three planes of a YUV 4:2:0 picture being written (BT.601, limited range).
package struct YUVPlanes {
    package let y: UnsafeMutablePointer<UInt8>
    package let u: UnsafeMutablePointer<UInt8>
    package let v: UnsafeMutablePointer<UInt8>
    package let yStride: Int
    package let uStride: Int
    package let vStride: Int
}

/// Writes pictures the caller paints into YUV 4:2:0 planes as H.264 in MP4, with the
/// timestamps the caller gives: for synthetic clips, and for servers that produce their own
/// frames. One frame buffer is reused for the whole file.
package final class PlanarVideoWriter {
    private let writer: VideoFileWriter
    private let frame: OwnedFrame

    /// - Parameters:
    ///   - timeScale: timestamps given to ``write(timestamp:paint:)`` count 1/timeScale seconds.
    ///   - rotation: stored as the display matrix, so players show the picture turned clockwise
    ///     by this much (a phone clip shot in portrait).
    package init(path: String, width: Int, height: Int, timeScale: Int, frameRate: Double,
                encoding: VideoEncoding = .default, rotation: DisplayRotation = .none) throws {
        var matrix: [Int32]? = nil
        if rotation != .none {
            var values = [Int32](repeating: 0, count: 9)
            // This setter takes the clockwise angle (its getter returns the counter-clockwise one).
            av_display_rotation_set(&values, Double(rotation.rawValue))
            matrix = values
        }
        writer = try VideoFileWriter(
            path: path, width: width, height: height, timeBase: AVRational(num: 1, den: Int32(timeScale)),
            frameRate: av_d2q(frameRate, 100_000), encoding: encoding, displayMatrix: matrix)
        frame = try OwnedFrame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    }

    /// Paints and encodes one picture shown at `timestamp` (in 1/timeScale seconds).
    package func write(timestamp: Int64, paint: (YUVPlanes) throws -> Void) throws {
        let f = frame.pointer
        let status = av_frame_make_writable(f)
        guard status >= 0 else { throw MediaError.encodeFailed(path: writer.path, reason: ffmpegErrorText(status)) }
        let p = f.pointee
        try paint(YUVPlanes(y: p.data.0!, u: p.data.1!, v: p.data.2!,
                            yStride: Int(p.linesize.0), uStride: Int(p.linesize.1), vStride: Int(p.linesize.2)))
        f.pointee.pts = timestamp
        try writer.write(f)
    }

    /// Completes the file and moves it into place.
    package func finish() throws { try writer.finish() }
}

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
    private let timeScale: Int
    /// The sound still to be written, and its rate.
    private let soundtrack: [Float]
    private let soundRate: Int
    private var soundWritten = 0

    /// - Parameters:
    ///   - timeScale: timestamps given to ``write(timestamp:paint:)`` count 1/timeScale seconds.
    ///   - rotation: stored as the display matrix, so players show the picture turned clockwise
    ///     by this much (a phone clip shot in portrait).
    ///   - soundtrack: mono samples (full scale ±1) at `soundSampleRate`, from time 0, encoded
    ///     as an AAC stream beside the picture; nil, the default: no sound.
    package init(path: String, width: Int, height: Int, timeScale: Int, frameRate: Double,
                encoding: VideoEncoding = .default, rotation: DisplayRotation = .none,
                soundtrack: [Float]? = nil, soundSampleRate: Int = 48_000) throws {
        self.timeScale = timeScale
        self.soundtrack = soundtrack ?? []
        soundRate = soundSampleRate
        var matrix: [Int32]? = nil
        if rotation != .none {
            var values = [Int32](repeating: 0, count: 9)
            // This setter takes the clockwise angle (its getter returns the counter-clockwise one).
            av_display_rotation_set(&values, Double(rotation.rawValue))
            matrix = values
        }
        writer = try VideoFileWriter(
            path: path, width: width, height: height, timeBase: AVRational(num: 1, den: Int32(timeScale)),
            frameRate: av_d2q(frameRate, 100_000), encoding: encoding, displayMatrix: matrix,
            soundSampleRate: soundtrack == nil ? nil : soundSampleRate)
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
        // The sound up to a little past this picture, so that the file's streams interleave.
        try writeSound(until: Int((Double(timestamp) / Double(timeScale) + 0.1) * Double(soundRate)))
    }

    private func writeSound(until end: Int) throws {
        let end = min(end, soundtrack.count)
        guard end > soundWritten else { return }
        try soundtrack.withUnsafeBufferPointer { try writer.writeSound(UnsafeBufferPointer(rebasing: $0[soundWritten..<end])) }
        soundWritten = end
    }

    /// Completes the file (the rest of the sound too) and moves it into place.
    package func finish() throws {
        try writeSound(until: soundtrack.count)
        try writer.finish()
    }
}

internal import CFFmpeg

/// Turns decoded frames of any pixel format into the YUV 4:2:0 frames the encoder takes, in one
/// frame buffer reused for the whole clip (re-allocated only if the encoder still holds it).
/// A frame larger than the encoder's size (an odd last column or row) is cut to it.
final class EncoderFrameSource {
    private let frame: OwnedFrame
    private var converter: ScaleContext?

    init(width: Int, height: Int) throws {
        frame = try OwnedFrame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    }

    /// A writable copy of `decoded` in YUV 4:2:0 with the same timestamp: this source's own
    /// frame, valid until the next call.
    func prepare(from source: OwnedFrame) throws -> OwnedFrame {
        let decoded = source.pointer
        let target = frame.pointer
        let status = av_frame_make_writable(target)
        guard status >= 0 else { throw MediaError.allocationFailed("an encoder frame (\(ffmpegErrorText(status)))") }
        let format = AVPixelFormat(rawValue: decoded.pointee.format)
        let width = Int(target.pointee.width), height = Int(target.pointee.height)
        if format == AV_PIX_FMT_YUV420P && decoded.pointee.width == target.pointee.width
            && decoded.pointee.height == target.pointee.height {
            av_frame_copy(target, decoded)
        } else {
            // Reading only the target's size of the source cuts off what is beyond it.
            if converter?.matches(width: width, height: height, format: format) != true {
                converter = try ScaleContext(width: width, height: height, from: format, to: AV_PIX_FMT_YUV420P)
            }
            let t = target.pointee
            converter!.convert(decoded, into: [t.data.0, t.data.1, t.data.2], strides: [t.linesize.0, t.linesize.1, t.linesize.2])
        }
        target.pointee.pts = decoded.pointee.pts
        return frame
    }
}

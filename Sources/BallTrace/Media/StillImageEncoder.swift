internal import CFFmpeg
import FoundationEssentials

/// The still-picture formats balltrace writes, known by a path's extension.
package enum StillImageFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case jpeg

    /// The format a path's extension names (`.png`, `.jpg`, `.jpeg`, any case); nil for others.
    package init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }
}

/// Encodes one RGB picture as PNG or JPEG with FFmpeg's own encoders (OpenCV's image codecs
/// would bring in about 120 more shared libraries). Owns its codec context and frees it in
/// `deinit`.
final class StillImageEncoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let frame: OwnedFrame
    private let converter: ScaleContext?
    private let width: Int
    private let height: Int
    private let path: String

    /// - Parameters:
    ///   - path: where the picture goes, named in errors.
    ///   - jpegQuality: FFmpeg's fixed quantizer for JPEG, 1 (best, largest) … 31; 2 by default,
    ///     for a picture meant to be looked at closely.
    init(format: StillImageFormat, width: Int, height: Int, path: String, jpegQuality: Int = 2) throws {
        self.path = path
        let id = format == .png ? AV_CODEC_ID_PNG : AV_CODEC_ID_MJPEG
        // JPEG in 4:4:4, so that thin coloured lines keep their colour.
        let pixelFormat = format == .png ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_YUVJ444P
        guard let codec = avcodec_find_encoder(id) else {
            throw MediaError.encodeFailed(path: path, reason: "this FFmpeg build has no \(format.rawValue.uppercased()) encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { fatalError("avcodec_alloc_context3: out of memory") }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: 1)
        if format == .jpeg {
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = Int32(min(31, max(1, jpegQuality))) * FF_QP2LAMBDA
            context.pointee.color_range = AVCOL_RANGE_JPEG
        }
        let status = avcodec_open2(context, codec, nil)
        guard status >= 0 else {
            var pointer: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&pointer)
            throw MediaError.encodeFailed(path: path, reason: "\(format.rawValue.uppercased()) encoder: \(ffmpegErrorText(status))")
        }
        self.context = context
        self.width = width
        self.height = height
        frame = try OwnedFrame(width: width, height: height, format: pixelFormat)
        converter = format == .png ? nil : try ScaleContext(width: width, height: height, from: AV_PIX_FMT_RGB24, to: pixelFormat)
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&pointer)
    }

    /// The encoded file's bytes for a picture of packed RGB rows `stride` bytes apart.
    func encode(rgb: UnsafePointer<UInt8>, stride: Int) throws -> Data {
        let target = frame.pointer
        if let converter {
            let source = try OwnedFrame(width: width, height: height, format: AV_PIX_FMT_RGB24)
            copyRows(from: rgb, stride: stride, into: source.pointer)
            let t = target.pointee
            converter.convert(source.pointer, into: [t.data.0, t.data.1, t.data.2], strides: [t.linesize.0, t.linesize.1, t.linesize.2])
        } else {
            copyRows(from: rgb, stride: stride, into: target)
        }
        target.pointee.pts = 0
        var status = avcodec_send_frame(context, target)
        if status >= 0 { status = avcodec_send_frame(context, nil) }
        guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: ffmpegErrorText(status)) }
        let packet = OwnedPacket()
        var data = Data()
        while true {
            let received = avcodec_receive_packet(context, packet.pointer)
            if received == bt_averror_eof() { break }
            guard received >= 0 else { throw MediaError.encodeFailed(path: path, reason: ffmpegErrorText(received)) }
            data.append(packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
            av_packet_unref(packet.pointer)
        }
        return data
    }

    private func copyRows(from rgb: UnsafePointer<UInt8>, stride: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        let destination = frame.pointee.data.0!, destinationStride = Int(frame.pointee.linesize.0)
        for row in 0..<height {
            (destination + row * destinationStride).update(from: rgb + row * stride, count: width * 3)
        }
    }
}

internal import CFFmpeg

/// A decoded frame converted to packed 8-bit RGB, in the colours a player shows: the frame's
/// own colour matrix and range are honoured (BT.709 for HD video that does not say).
final class RGBFrame {
    private let frame: OwnedFrame
    private let converter: ScaleContext
    let width: Int
    let height: Int

    /// The frame is read during the conversion only (its owner, a parameter, lives through it).
    convenience init(converting frame: OwnedFrame) throws {
        try self.init(converting: UnsafePointer(frame.pointer))
    }

    init(converting source: UnsafePointer<AVFrame>) throws {
        width = Int(source.pointee.width)
        height = Int(source.pointee.height)
        let format = AVPixelFormat(rawValue: source.pointee.format)
        frame = try OwnedFrame(width: width, height: height, format: AV_PIX_FMT_RGB24)
        converter = try ScaleContext(width: width, height: height, from: format, to: AV_PIX_FMT_RGB24)
        var matrix = Int32(source.pointee.colorspace.rawValue)
        if source.pointee.colorspace == AVCOL_SPC_UNSPECIFIED || source.pointee.colorspace == AVCOL_SPC_RGB {
            matrix = height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
        let fullRange: Int32 = source.pointee.color_range == AVCOL_RANGE_JPEG || Self.fullRangeFormats.contains(format) ? 1 : 0
        // Only meaningful for YUV sources; libswscale ignores it (and says so with -1) otherwise.
        _ = sws_setColorspaceDetails(converter.pointer, sws_getCoefficients(matrix), fullRange,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let target = frame.pointer.pointee
        converter.convert(source, into: [target.data.0], strides: [target.linesize.0])
    }

    /// The first row; rows are `stride` bytes apart. Valid while this object lives.
    var pixels: UnsafePointer<UInt8> { UnsafePointer(frame.pointer.pointee.data.0!) }
    var stride: Int { Int(frame.pointer.pointee.linesize.0) }

    private static let fullRangeFormats: [AVPixelFormat] = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P]
}

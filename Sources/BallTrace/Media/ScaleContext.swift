internal import CFFmpeg

/// Owns one libswscale context converting frames of one size and format to another format of
/// the same size; frees it in `deinit`.
final class ScaleContext {
    let pointer: OpaquePointer
    let width: Int
    let height: Int
    let source: AVPixelFormat

    init(width: Int, height: Int, from source: AVPixelFormat, to target: AVPixelFormat) throws {
        guard let context = sws_getContext(
            Int32(width), Int32(height), source, Int32(width), Int32(height), target,
            Int32(SWS_BILINEAR), nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "unknown"
            throw MediaError.unsupportedPixelFormat(name)
        }
        pointer = context
        self.width = width
        self.height = height
        self.source = source
    }

    func matches(width: Int, height: Int, format: AVPixelFormat) -> Bool {
        self.width == width && self.height == height && source == format
    }

    /// Converts `frame` into the caller's planes.
    func convert(_ frame: UnsafePointer<AVFrame>, into planes: [UnsafeMutablePointer<UInt8>?], strides: [Int32]) {
        withUnsafePointer(to: frame.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                withUnsafePointer(to: frame.pointee.linesize) { lineTuple in
                    lineTuple.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                        planes.withUnsafeBufferPointer { dst in
                            strides.withUnsafeBufferPointer { dstStride in
                                _ = sws_scale(pointer, src, srcStride, 0, Int32(height), dst.baseAddress, dstStride.baseAddress)
                            }
                        }
                    }
                }
            }
        }
    }

    deinit { sws_freeContext(pointer) }
}

/// The pixel formats whose first plane is 8-bit luma: analysis reads that plane in place.
func hasLumaFirstPlane(_ format: AVPixelFormat) -> Bool {
    switch format {
    case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P,
         AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV440P, AV_PIX_FMT_YUVJ440P,
         AV_PIX_FMT_YUV411P, AV_PIX_FMT_YUV410P, AV_PIX_FMT_NV12, AV_PIX_FMT_NV21, AV_PIX_FMT_GRAY8,
         AV_PIX_FMT_YUVA420P:
        return true
    default:
        return false
    }
}

internal import CFFmpeg

/// Owns one `AVFrame` for its whole life and frees it in `deinit`. Whoever reads the frame's
/// planes keeps this owner alive for as long as it uses them.
final class OwnedFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() {
        guard let frame = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = frame
    }

    /// A frame with its own buffers of the given format and size, for writing into.
    convenience init(width: Int, height: Int, format: AVPixelFormat) throws {
        self.init()
        pointer.pointee.width = Int32(width)
        pointer.pointee.height = Int32(height)
        pointer.pointee.format = format.rawValue
        let status = av_frame_get_buffer(pointer, 0)
        guard status >= 0 else {
            throw MediaError.allocationFailed("a \(width)×\(height) frame (\(ffmpegErrorText(status)))")
        }
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    /// The first plane (luma, for the YUV formats), if the frame holds a picture.
    var firstPlane: UnsafeMutablePointer<UInt8>? { pointer.pointee.data.0 }

    /// Makes this frame another reference to `other`'s picture (reference-counted, not copied),
    /// letting go of the one it held.
    func reference(_ other: OwnedFrame) throws {
        av_frame_unref(pointer)
        let status = av_frame_ref(pointer, other.pointer)
        guard status >= 0 else { throw MediaError.allocationFailed("a reference to a decoded frame (\(ffmpegErrorText(status)))") }
    }

    /// Lends the planes of a YUV 4:2:0 frame to `body`, for drawing into.
    func withYUV420Planes<T>(_ body: (YUV420Planes) throws -> T) rethrows -> T {
        let f = pointer.pointee
        return try withExtendedLifetime(self) {
            try body(YUV420Planes(y: f.data.0!, yStride: Int(f.linesize.0), u: f.data.1!, uStride: Int(f.linesize.1),
                                  v: f.data.2!, vStride: Int(f.linesize.2)))
        }
    }
}

/// The planes of a YUV 4:2:0 picture: full-size luma, chroma halved both ways.
struct YUV420Planes {
    var y: UnsafeMutablePointer<UInt8>
    var yStride: Int
    var u: UnsafeMutablePointer<UInt8>
    var uStride: Int
    var v: UnsafeMutablePointer<UInt8>
    var vStride: Int
}

/// Owns one `AVPacket` and frees it in `deinit`.
final class OwnedPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let packet = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = packet
    }

    /// Takes ownership of a packet allocated elsewhere (`av_packet_clone`).
    init(adopting packet: UnsafeMutablePointer<AVPacket>) {
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}

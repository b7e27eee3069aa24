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

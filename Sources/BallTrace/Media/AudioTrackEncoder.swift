internal import CFFmpeg
import FoundationEssentials

/// Encodes mono float samples given in pieces as AAC (libavcodec's native encoder) into a
/// stream of a file being written: the sound of a generated clip. Owns its codec context and
/// its one reused frame, freed in `deinit`; samples are gathered into the encoder's frame
/// size, and timestamps count samples.
final class AudioTrackEncoder {
    let stream: UnsafeMutablePointer<AVStream>
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let frame = OwnedFrame()
    private let packet = OwnedPacket()
    private var filled = 0
    private var samplesSent: Int64 = 0
    private let path: String

    /// Adds the audio stream to `format`, before its header is written.
    init(sampleRate: Int, format: UnsafeMutablePointer<AVFormatContext>, path: String) throws {
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_AAC), let context = avcodec_alloc_context3(encoder) else {
            throw MediaError.encodeFailed(path: path, reason: "this FFmpeg build has no AAC encoder")
        }
        codec = context
        self.path = path
        context.pointee.sample_rate = Int32(sampleRate)
        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        av_channel_layout_default(&context.pointee.ch_layout, 1)
        context.pointee.bit_rate = 128_000
        context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        guard let stream = avformat_new_stream(format, nil) else { fatalError("avformat_new_stream: out of memory") }
        self.stream = stream
        var status = avcodec_open2(context, encoder, nil)
        guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: "the AAC encoder: \(ffmpegErrorText(status))") }
        avcodec_parameters_from_context(stream.pointee.codecpar, context)
        stream.pointee.time_base = context.pointee.time_base
        let f = frame.pointer
        f.pointee.nb_samples = context.pointee.frame_size
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.sample_rate = Int32(sampleRate)
        av_channel_layout_copy(&f.pointee.ch_layout, &context.pointee.ch_layout)
        status = av_frame_get_buffer(f, 0)
        guard status >= 0 else { throw MediaError.allocationFailed("an audio frame (\(ffmpegErrorText(status)))") }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&context)
    }

    /// Encodes `samples`; `write` takes each packet, its timestamps in ``stream``'s time base.
    func encode(_ samples: UnsafeBufferPointer<Float>, write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let size = Int(codec.pointee.frame_size)
        var taken = 0
        while taken < samples.count {
            if filled == 0 {
                let status = av_frame_make_writable(frame.pointer)
                guard status >= 0 else { throw MediaError.allocationFailed("an audio frame (\(ffmpegErrorText(status)))") }
            }
            let plane = UnsafeMutableRawPointer(frame.pointer.pointee.data.0!).assumingMemoryBound(to: Float.self)
            let n = min(size - filled, samples.count - taken)
            for i in 0..<n { plane[filled + i] = samples[taken + i] }
            filled += n
            taken += n
            if filled == size { try send(frameOf: size, write: write) }
        }
    }

    /// Encodes what is left, then drains the encoder.
    func finish(write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        if filled > 0 { try send(frameOf: filled, write: write) }
        avcodec_send_frame(codec, nil)
        try drain(write: write)
    }

    private func send(frameOf count: Int, write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        frame.pointer.pointee.nb_samples = Int32(count)
        frame.pointer.pointee.pts = samplesSent
        samplesSent += Int64(count)
        filled = 0
        let status = avcodec_send_frame(codec, frame.pointer)
        guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: "AAC: \(ffmpegErrorText(status))") }
        try drain(write: write)
    }

    private func drain(write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        while avcodec_receive_packet(codec, packet.pointer) >= 0 {
            defer { av_packet_unref(packet.pointer) }
            av_packet_rescale_ts(packet.pointer, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointer.pointee.stream_index = stream.pointee.index
            try write(packet.pointer)
        }
    }
}

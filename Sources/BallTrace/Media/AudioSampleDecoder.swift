internal import CFFmpeg
import FoundationEssentials

/// Decodes one audio stream's packets to mono float samples (the channels averaged), for
/// listening to a session (``StrikeListener``). Owns its codec context and its frame, freed in
/// `deinit`. The common sample formats are read directly (8-, 16-, 32-bit integers, float,
/// double; packed or planar), so no resampler is needed: the detector works at the stream's own
/// rate. One mono buffer is reused for every frame; it grows only when a frame is longer than
/// any before it.
final class AudioSampleDecoder {
    let sampleRate: Int
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let frame = OwnedFrame()
    private let timeBase: AVRational
    private var mono: [Float] = []
    /// Packets the decoder refused and frames in a format it does not read: skipped, not fatal.
    private(set) var skipped = 0

    /// Nil when the stream's codec cannot be decoded by this FFmpeg build, or its rate is unknown.
    init?(stream: UnsafeMutablePointer<AVStream>) {
        let parameters = stream.pointee.codecpar!
        guard parameters.pointee.sample_rate > 0, let decoder = avcodec_find_decoder(parameters.pointee.codec_id),
              let context = avcodec_alloc_context3(decoder) else { return nil }
        var cleanup: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_parameters_to_context(context, parameters)
        context.pointee.pkt_timebase = stream.pointee.time_base
        guard avcodec_open2(context, decoder, nil) >= 0 else {
            avcodec_free_context(&cleanup)
            return nil
        }
        codec = context
        sampleRate = Int(parameters.pointee.sample_rate)
        timeBase = stream.pointee.time_base
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&context)
    }

    /// Decodes one packet; `deliver` is called for each decoded frame with its mono samples (on
    /// loan for the call) and when its first sample plays, seconds on the stream's clock (nil
    /// when the frame has no timestamp).
    func decode(_ packet: OwnedPacket, deliver: (UnsafeBufferPointer<Float>, Double?) -> Void) {
        if avcodec_send_packet(codec, packet.pointer) < 0 {
            skipped += 1
            return
        }
        while avcodec_receive_frame(codec, frame.pointer) >= 0 {
            defer { av_frame_unref(frame.pointer) }
            let f = frame.pointer.pointee
            let count = Int(f.nb_samples)
            let channels = Int(f.ch_layout.nb_channels)
            guard count > 0, channels > 0, let format = SampleLayout(f.format) else {
                skipped += 1
                continue
            }
            if mono.count < count { mono = [Float](repeating: 0, count: count) }
            mono.withUnsafeMutableBufferPointer { out in
                format.mix(frame.pointer, channels: channels, count: count, into: out)
            }
            let stamp = f.best_effort_timestamp != bt_av_nopts_value() ? f.best_effort_timestamp : f.pts
            let time = stamp != bt_av_nopts_value() ? seconds(stamp, timeBase) : nil
            mono.withUnsafeBufferPointer { deliver(UnsafeBufferPointer(rebasing: $0[0..<count]), time) }
        }
    }
}

/// How a decoded audio frame stores its samples, and the averaging of its channels to mono.
private struct SampleLayout {
    enum Kind { case u8, s16, s32, float, double }
    let kind: Kind
    let planar: Bool

    init?(_ format: Int32) {
        switch AVSampleFormat(format) {
        case AV_SAMPLE_FMT_U8: (kind, planar) = (.u8, false)
        case AV_SAMPLE_FMT_U8P: (kind, planar) = (.u8, true)
        case AV_SAMPLE_FMT_S16: (kind, planar) = (.s16, false)
        case AV_SAMPLE_FMT_S16P: (kind, planar) = (.s16, true)
        case AV_SAMPLE_FMT_S32: (kind, planar) = (.s32, false)
        case AV_SAMPLE_FMT_S32P: (kind, planar) = (.s32, true)
        case AV_SAMPLE_FMT_FLT: (kind, planar) = (.float, false)
        case AV_SAMPLE_FMT_FLTP: (kind, planar) = (.float, true)
        case AV_SAMPLE_FMT_DBL: (kind, planar) = (.double, false)
        case AV_SAMPLE_FMT_DBLP: (kind, planar) = (.double, true)
        default: return nil
        }
    }

    /// Full scale is ±1 in every format.
    func mix(_ frame: UnsafeMutablePointer<AVFrame>, channels: Int, count: Int, into out: UnsafeMutableBufferPointer<Float>) {
        let scale = 1 / Float(channels)
        for i in 0..<count { out[i] = 0 }
        // extended_data holds a pointer per channel for planar formats (more than data's eight).
        let planes = frame.pointee.extended_data!
        for c in 0..<channels {
            let plane = UnsafeRawPointer(planes[planar ? c : 0]!)
            let step = planar ? 1 : channels, first = planar ? 0 : c
            for i in 0..<count {
                let at = first + i * step
                let value: Float
                switch kind {
                case .u8: value = (Float(plane.load(fromByteOffset: at, as: UInt8.self)) - 128) / 128
                case .s16: value = Float(plane.load(fromByteOffset: at * 2, as: Int16.self)) / 32768
                case .s32: value = Float(plane.load(fromByteOffset: at * 4, as: Int32.self)) / 2_147_483_648
                case .float: value = plane.load(fromByteOffset: at * 4, as: Float.self)
                case .double: value = Float(plane.load(fromByteOffset: at * 8, as: Double.self))
                }
                out[i] += value * scale
            }
        }
    }
}

internal import CFFmpeg
import FoundationEssentials
import Glibc

/// Settings of the H.264 encoder an overlay video is written with.
public struct VideoEncoding: Sendable, Hashable, Codable {
    /// libx264 preset (`ultrafast` … `veryslow`).
    public var preset: String
    /// Constant rate factor, 0 (lossless) … 51.
    public var crf: Int

    public static let `default` = VideoEncoding(preset: "veryfast", crf: 20)
    /// libx264's presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
                                 "veryslow", "placebo"]
    public static let crfRange = 0...51

    public init(preset: String, crf: Int) {
        self.preset = preset
        self.crf = crf
    }

    /// Checked before any frame is decoded, so that a typo does not cost a whole analysis.
    public func validate() throws(AnalysisSettingsError) {
        guard Self.presets.contains(preset) else { throw .unknownVideoPreset(preset) }
        guard Self.crfRange.contains(crf) else { throw .videoCrfOutOfRange(crf) }
    }
}

/// Writes H.264 video (libx264) into an MP4 file, keeping the timestamps it is given, and copies
/// an audio stream's packets alongside.
///
/// The file is written under a temporary name beside the target and renamed into place by
/// ``finish()``; a writer dropped before that removes its temporary file, so nobody ever sees a
/// half-written video.
final class VideoFileWriter {
    let path: String
    private let temporaryPath: String
    private var format: UnsafeMutablePointer<AVFormatContext>
    private var encoder: UnsafeMutablePointer<AVCodecContext>
    private let videoStream: UnsafeMutablePointer<AVStream>
    private var audioOut: (stream: UnsafeMutablePointer<AVStream>, sourceTimeBase: AVRational)?
    /// The sound encoded from samples (``writeSound(_:)``), when asked for.
    private var sound: AudioTrackEncoder?
    private let packet = OwnedPacket()
    private var headerWritten = false
    private var finished = false
    private(set) var framesWritten = 0
    /// Subtracted from every timestamp written, in the frames' time base: a clip cut from the
    /// middle of its source starts at 0.
    private let timestampOffset: Int64
    private let frameTimeBase: AVRational

    /// - Parameters:
    ///   - timeBase: the time base of the timestamps of frames handed to ``write(_:)``.
    ///   - displayMatrix: copied to the output so players turn it as they turned the input.
    ///   - audio: a stream whose packets ``writeAudio(_:)`` will receive, or nil.
    ///   - timestampOffset: the timestamp (in `timeBase`) that becomes 0 in the file; the
    ///     audio is moved by the same time, and what would fall before 0 is left out.
    ///   - soundSampleRate: encode a mono AAC stream from the samples ``writeSound(_:)`` is given
    ///     (not with `audio`).
    init(path: String, width: Int, height: Int, timeBase: AVRational, frameRate: AVRational,
         encoding: VideoEncoding, displayMatrix: [Int32]? = nil,
         audio: UnsafeMutablePointer<AVStream>? = nil, timestampOffset: Int64 = 0, soundSampleRate: Int? = nil) throws {
        FFmpegLog.install()
        self.path = path
        self.timestampOffset = timestampOffset
        frameTimeBase = timeBase
        temporaryPath = AtomicFile.temporaryPath(for: path, suffix: ".mp4")

        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        var status = avformat_alloc_output_context2(&context, nil, "mp4", temporaryPath)
        guard status >= 0, let output = context else {
            throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(status))
        }
        format = output
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            avformat_free_context(output)
            throw MediaError.encodeFailed(path: path, reason: "this FFmpeg build has no libx264 encoder")
        }
        guard let codecContext = avcodec_alloc_context3(codec) else { fatalError("avcodec_alloc_context3: out of memory") }
        encoder = codecContext
        guard let stream = avformat_new_stream(output, nil) else { fatalError("avformat_new_stream: out of memory") }
        videoStream = stream

        codecContext.pointee.width = Int32(width)
        codecContext.pointee.height = Int32(height)
        codecContext.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codecContext.pointee.time_base = timeBase
        if frameRate.isUsable { codecContext.pointee.framerate = frameRate }
        codecContext.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        // One encoding thread per core. libx264's own choice is one and a half per core: each
        // thread holds pictures of its own (23 MB each at 1080p), and on two cores the third made
        // encoding no faster, while decoding and analysis share the cores too.
        codecContext.pointee.thread_count = Int32(ProcessInfo.processInfo.activeProcessorCount)
        if (output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        av_opt_set(codecContext.pointee.priv_data, "preset", encoding.preset, 0)
        av_opt_set(codecContext.pointee.priv_data, "crf", String(encoding.crf), 0)
        status = avcodec_open2(codecContext, codec, nil)
        guard status >= 0 else {
            throw MediaError.encodeFailed(path: path, reason: "libx264 refused preset '\(encoding.preset)' / crf \(encoding.crf) at \(width)×\(height): \(ffmpegErrorText(status))")
        }
        avcodec_parameters_from_context(stream.pointee.codecpar, codecContext)
        stream.pointee.time_base = timeBase
        if let matrix = displayMatrix, matrix.count == 9,
           let side = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 36) {
            side.withMemoryRebound(to: Int32.self, capacity: 9) { target in
                for i in 0..<9 { target[i] = matrix[i] }
            }
        }
        if let source = audio,
           avformat_query_codec(output.pointee.oformat, source.pointee.codecpar.pointee.codec_id, FF_COMPLIANCE_NORMAL) == 1,
           let out = avformat_new_stream(output, nil) {
            avcodec_parameters_copy(out.pointee.codecpar, source.pointee.codecpar)
            out.pointee.codecpar.pointee.codec_tag = 0
            out.pointee.time_base = source.pointee.time_base
            audioOut = (out, source.pointee.time_base)
        }
        // From here on every stored property is set, so a throw runs `deinit`, which closes and
        // removes the temporary file and frees the contexts.
        if let soundSampleRate, audioOut == nil {
            sound = try AudioTrackEncoder(sampleRate: soundSampleRate, format: output, path: path)
        }
        status = avio_open(&output.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
        guard status >= 0 else {
            throw MediaError.cannotWrite(path: path, reason: unwritableFolderReason(for: temporaryPath) ?? ffmpegErrorText(status))
        }
        status = avformat_write_header(output, nil)
        guard status >= 0 else { throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(status)) }
        headerWritten = true
    }

    /// True when the input's audio stream is being copied (MP4 cannot carry every codec).
    var copiesAudio: Bool { audioOut != nil }

    private static func release(format: UnsafeMutablePointer<AVFormatContext>, encoder: UnsafeMutablePointer<AVCodecContext>) {
        var codec: UnsafeMutablePointer<AVCodecContext>? = encoder
        avcodec_free_context(&codec)
        avformat_free_context(format)
    }

    deinit {
        if !finished {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            unlink(temporaryPath)
        }
        Self.release(format: format, encoder: encoder)
    }

    /// Encodes one YUV 4:2:0 frame whose `pts` is in the time base given at creation.
    func write(_ frame: OwnedFrame) throws {
        try write(frame.pointer)
    }

    func write(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        frame.pointee.pts -= timestampOffset
        defer { frame.pointee.pts += timestampOffset }
        let status = avcodec_send_frame(encoder, frame)
        guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: ffmpegErrorText(status)) }
        framesWritten += 1
        try drainEncoder()
    }

    /// Copies one packet of the audio stream given at creation.
    func writeAudio(_ source: OwnedPacket) throws {
        guard let audio = audioOut else { return }
        let p = packet.pointer
        av_packet_ref(p, source.pointer)
        defer { av_packet_unref(p) }
        if timestampOffset != 0 {
            let shift = av_rescale_q(timestampOffset, frameTimeBase, audio.sourceTimeBase)
            if p.pointee.pts != bt_av_nopts_value() { p.pointee.pts -= shift }
            if p.pointee.dts != bt_av_nopts_value() { p.pointee.dts -= shift }
            if p.pointee.pts != bt_av_nopts_value() && p.pointee.pts < 0 { return }
        }
        av_packet_rescale_ts(p, audio.sourceTimeBase, audio.stream.pointee.time_base)
        p.pointee.stream_index = audio.stream.pointee.index
        p.pointee.pos = -1
        let status = av_interleaved_write_frame(format, p)
        guard status >= 0 else { throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(status)) }
    }

    /// Encodes mono samples (full scale ±1) into the sound stream asked for at creation, after
    /// those given before.
    func writeSound(_ samples: UnsafeBufferPointer<Float>) throws {
        try sound?.encode(samples, write: writeSoundPacket)
    }

    private func writeSoundPacket(_ p: UnsafeMutablePointer<AVPacket>) throws {
        let status = av_interleaved_write_frame(format, p)
        guard status >= 0 else { throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(status)) }
    }

    private func drainEncoder() throws {
        while true {
            let status = avcodec_receive_packet(encoder, packet.pointer)
            if status == bt_averror_eagain() || status == bt_averror_eof() { return }
            guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: ffmpegErrorText(status)) }
            if packet.pointer.pointee.duration <= 0 && encoder.pointee.framerate.isUsable {
                // Without a duration the muxer cannot tell how long the last frame lasts, and the
                // file's nominal frame rate comes out a little off.
                packet.pointer.pointee.duration = av_rescale_q(1, av_inv_q(encoder.pointee.framerate), encoder.pointee.time_base)
            }
            av_packet_rescale_ts(packet.pointer, encoder.pointee.time_base, videoStream.pointee.time_base)
            packet.pointer.pointee.stream_index = videoStream.pointee.index
            let written = av_interleaved_write_frame(format, packet.pointer)
            guard written >= 0 else { throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(written)) }
        }
    }

    /// Flushes the encoder, completes the file and moves it into place.
    func finish() throws {
        guard !finished else { return }
        var status = avcodec_send_frame(encoder, nil)
        guard status >= 0 else { throw MediaError.encodeFailed(path: path, reason: ffmpegErrorText(status)) }
        try drainEncoder()
        try sound?.finish(write: writeSoundPacket)
        status = av_write_trailer(format)
        guard status >= 0 else { throw MediaError.cannotWrite(path: path, reason: ffmpegErrorText(status)) }
        avio_closep(&format.pointee.pb)
        try AtomicFile.moveIntoPlace(temporaryPath, as: path)
        finished = true
    }
}

internal import CFFmpeg
import FoundationEssentials

/// Reads a video file with libavformat and decodes its video stream with libavcodec, using the
/// decoder's own frame threads. Frames come out in presentation order with timestamps from the
/// stream, so variable-frame-rate clips keep their real timing.
///
/// Synchronous: ``nextFrame()`` decodes on the caller's thread. ``DecodeAhead`` runs a reader on
/// a thread of its own, ahead of its consumer.
final class MediaDecoder {
    let info: VideoSourceInfo
    /// Problems that are not the input's own (a timestamp put right); the input's damage is
    /// in ``integrity``.
    private(set) var warnings: [String] = []
    /// The video stream's time base, for the writer that keeps its timestamps.
    let timeBase: AVRational
    let averageFrameRate: AVRational
    /// The audio stream copied into an overlay video, when the file has one.
    var audioStream: UnsafeMutablePointer<AVStream>? { audioIndex.map { format.pointee.streams[$0]! } }
    /// Receives every packet of the audio stream as it is read.
    var audioPacketHandler: ((UnsafeMutablePointer<AVPacket>) throws -> Void)?
    let displayMatrix: [Int32]?

    /// The opened input; owns the format context every stream pointer here lives in.
    private var input: OpenedInput
    private var format: UnsafeMutablePointer<AVFormatContext> { input.context }
    /// Set to make a read blocked on a network or a pipe give up at once.
    let interruption: InterruptFlag
    private var codec: UnsafeMutablePointer<AVCodecContext>
    private var videoIndex: Int
    private var audioIndex: Int?
    private let packet = OwnedPacket()
    /// The slot ``nextFrame()`` decodes into.
    private let ownSlot = FrameSlot()
    private var greyConverter: ScaleContext?
    private var draining = false
    private(set) var finished = false
    private(set) var decodedCount = 0
    private(set) var originTimestamp: Int64?
    private(set) var lastTimestamp: Int64?
    private(set) var lastDuration: Int64 = 0
    private(set) var repairedFrames = 0
    private(set) var damagedPackets = 0
    private(set) var damageSpan: ClosedRange<Double>?
    private(set) var stoppedEarlyBecause: String?
    /// Whether reading ended because the live source sent nothing for its stall timeout.
    private(set) var stalled = false
    private var failuresInARow = 0
    /// How a lost live source is opened again; nil: a loss ends the stream.
    private let reconnectPolicy: ReconnectPolicy?
    /// Why the current input stopped giving packets, when it did.
    private var lostBecause: String?
    private var join = TimestampJoin()
    private var lastDeliveredAt = Date()
    /// Each time the live source was lost and opened again.
    private(set) var reconnections: [SourceReconnection] = []
    /// The video stream's first timestamp as the container declares it, for damage met before
    /// any frame is decoded.
    let declaredStart: Int64?
    /// Whether `info.duration` is the video stream's own, rather than the whole file's.
    let durationIsTheVideoStreams: Bool

    /// - Parameters:
    ///   - path: a file, a URL FFmpeg can open (`rtsp://`, `tcp://`, …), or `-` for standard input.
    ///   - interruption: once set, opening and reading give up at once, even when blocked.
    ///   - reconnect: how a live source of unknown length is opened again when it is lost.
    init(path: String, interruption: InterruptFlag = InterruptFlag(), reconnect: ReconnectPolicy? = nil) throws {
        self.interruption = interruption
        let opened = try OpenedInput(path: path, interruption: interruption)
        input = opened
        let format = opened.context, stream = opened.videoStream
        videoIndex = opened.videoIndex
        let parameters = stream.pointee.codecpar!
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        codec = try Self.openCodec(for: stream, path: path)

        let matrix = OpenedInput.displayMatrix(of: stream)
        let rotation = matrix.map { DisplayRotation(displayMatrix: $0) } ?? .none
        displayMatrix = matrix

        let audio = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        audioIndex = audio >= 0 ? Int(audio) : nil
        timeBase = stream.pointee.time_base
        declaredStart = stream.pointee.start_time == bt_av_nopts_value() ? nil : stream.pointee.start_time
        let average = stream.pointee.avg_frame_rate.isUsable ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        averageFrameRate = average
        var duration = 0.0
        durationIsTheVideoStreams = stream.pointee.duration > 0
        if stream.pointee.duration > 0 {
            duration = seconds(stream.pointee.duration, stream.pointee.time_base)
        } else if format.pointee.duration > 0 {
            duration = Double(format.pointee.duration) / Double(AV_TIME_BASE)
        }
        info = VideoSourceInfo(
            path: path, storedWidth: width, storedHeight: height, rotation: rotation,
            frameRate: average.isUsable ? average.doubleValue : 0, duration: duration,
            claimedFrameCount: Int(max(0, stream.pointee.nb_frames)), codecName: codecName,
            hasAudio: audioIndex != nil)
        // A source of known length is a file, wherever it is served from: its end is the end.
        reconnectPolicy = OpenedInput.isLive(path) && duration <= 0 ? reconnect : nil
        // Only the streams read are demuxed.
        for i in 0..<Int(format.pointee.nb_streams) where i != videoIndex && i != audioIndex {
            format.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
        }
    }

    deinit {
        var codecPointer: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&codecPointer)
    }

    /// Frames decoded so far.
    var framesDecoded: Int { decodedCount }

    /// Reads on from the key frame at or before `time`, seconds on the frames' clock (once a frame was decoded): times
    /// still count from the first frame, indexes count frames delivered. Throws, reading unchanged, if it cannot seek.
    func seek(to time: Double) throws {
        guard let origin = originTimestamp else { return }
        let target = origin + Int64((time * Double(timeBase.den) / Double(timeBase.num)).rounded(.down))
        let status = av_seek_frame(format, Int32(videoIndex), target, AVSEEK_FLAG_BACKWARD)
        guard status >= 0 else { throw MediaError.decodeFailed(path: info.path, reason: "cannot seek: \(ffmpegErrorText(status))") }
        avcodec_flush_buffers(codec)
        (draining, finished, lastTimestamp) = (false, false, nil)
    }

    /// The next frame in presentation order, or nil at the end of the stream. The frame is on
    /// loan until the next call.
    func nextFrame() throws -> DecodedFrame? { try nextFrame(into: ownSlot) }

    /// The next frame in presentation order, decoded into `slot`, or nil at the end of the stream.
    ///
    /// Damage does not stop reading: a packet the decoder rejects is skipped, a frame it
    /// repaired is delivered, and both are counted in ``integrity``.
    func nextFrame(into slot: FrameSlot) throws -> DecodedFrame? {
        guard !finished else { return nil }
        let eagain = bt_averror_eagain(), eof = bt_averror_eof()
        while true {
            let received = avcodec_receive_frame(codec, slot.frame.pointer)
            if received >= 0 {
                if let frame = try deliver(slot) { return frame }
                finished = true
                return nil
            }
            if received == eof {
                if try reopenIfLost() { continue }
                finished = true
                return nil
            }
            if received != eagain {
                noteDamagedPacket(at: lastTimestamp)
                // A decoder that fails again and again without being fed would spin forever.
                failuresInARow += 1
                if failuresInARow >= 64 {
                    stoppedEarlyBecause = "the decoder failed \(failuresInARow) times in a row: \(ffmpegErrorText(received))"
                    finished = true
                    return nil
                }
                continue
            }
            if draining {
                if try reopenIfLost() { continue }
                finished = true
                return nil
            }
            failuresInARow = 0
            try feedDecoder()
        }
    }

    /// Reads packets until one video packet has been handed to the decoder (or the end).
    private func feedDecoder() throws {
        while true {
            let status = av_read_frame(format, packet.pointer)
            if status < 0 {
                lostBecause = interruption.hasStalled ? OpenedInput.stallReason(interruption)
                    : status == bt_averror_eof() ? "the source closed the stream" : ffmpegErrorText(status)
                if interruption.hasStalled {
                    stalled = true
                    stoppedEarlyBecause = "after \(decodedCount) frames, \(OpenedInput.stallReason(interruption))"
                } else if status != bt_averror_eof() {
                    stoppedEarlyBecause = "after \(decodedCount) frames, \(ffmpegErrorText(status))"
                }
                interruption.stopExpectingData()
                avcodec_send_packet(codec, nil)  // enter draining mode
                draining = true
                return
            }
            defer { av_packet_unref(packet.pointer) }
            interruption.expectData()
            let index = Int(packet.pointer.pointee.stream_index)
            if index == videoIndex {
                let p = packet.pointer.pointee
                let timestamp = p.pts != bt_av_nopts_value() ? p.pts : (p.dts != bt_av_nopts_value() ? p.dts : nil)
                if p.flags & AV_PKT_FLAG_CORRUPT != 0 {
                    noteDamagedPacket(at: timestamp)
                }
                let sent = avcodec_send_packet(codec, packet.pointer)
                if sent < 0 && sent != bt_averror_eagain() && p.flags & AV_PKT_FLAG_CORRUPT == 0 {
                    noteDamagedPacket(at: timestamp)
                }
                return
            }
            if index == audioIndex, let handler = audioPacketHandler {
                try handler(packet.pointer)
            }
        }
    }

    private func noteDamagedPacket(at timestamp: Int64?) {
        damagedPackets += 1
        noteDamage(at: timestamp.map { join.place($0, in: timeBase) })
    }

    /// Opens a lost live source again when asked to (see ``ReconnectPolicy``): true when it
    /// came back and reading goes on. One that does not is given up as stalled.
    private func reopenIfLost() throws -> Bool {
        guard let policy = reconnectPolicy, let lost = lostBecause, stoppedEarlyBecause == nil || stalled,
              !interruption.isSet else { return false }
        interruption.stopExpectingData()
        input.closeConnection()
        switch Reconnector.reopen(path: info.path, width: info.storedWidth, height: info.storedHeight,
                                  policy: policy, interruption: interruption) {
        case .reopened(let opened, let newCodec, let attempts):
            var old: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&old)
            codec = newCodec
            input = opened
            videoIndex = opened.videoIndex
            // The overlay's audio track was made for the first input's stream: it stops here.
            audioIndex = nil
            for i in 0..<Int(format.pointee.nb_streams) where i != videoIndex {
                format.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
            }
            join.reopened(timeBase: opened.videoStream.pointee.time_base, lostAt: lastDeliveredAt, lostBecause: lost, attempts: attempts)
            (stalled, stoppedEarlyBecause, lostBecause, draining) = (false, nil, nil, false)
            interruption.expectData()
            return true
        case .gaveUp(let attempts, let problem):
            stalled = true
            stoppedEarlyBecause = "after \(decodedCount) frames, \(policy.givenUp(lost, attempts: attempts, lastProblem: problem))"
            return false
        case .interrupted:
            return false
        }
    }

    private func noteDamage(at timestamp: Int64?) {
        guard let timestamp, let reference = originTimestamp ?? declaredStart else { return }
        let time = max(0, seconds(timestamp - reference, timeBase))
        damageSpan = damageSpan.map { min($0.lowerBound, time)...max($0.upperBound, time) } ?? time...time
    }

    /// The decoded frame, or nil when reading must stop at it (its size changed).
    private func deliver(_ slot: FrameSlot) throws -> DecodedFrame? {
        let f = slot.frame.pointer
        var timestamp = f.pointee.best_effort_timestamp
        if timestamp == bt_av_nopts_value() { timestamp = f.pointee.pts }
        var reconnection: SourceReconnection?
        if timestamp != bt_av_nopts_value() {
            reconnection = join.join(timestamp, in: timeBase, after: lastTimestamp, frame: decodedCount,
                                     frameInterval: info.frameRate > 0 ? 1 / info.frameRate : 0)
            timestamp = join.place(timestamp, in: timeBase)
        }
        if timestamp == bt_av_nopts_value() {
            // No timestamp at all: continue from the previous one by its duration.
            timestamp = (lastTimestamp ?? 0) + max(lastDuration, 1)
        }
        if let last = lastTimestamp, timestamp <= last {
            warnings.append("frame \(decodedCount) has a timestamp that does not increase; it was moved after its predecessor")
            timestamp = last + 1
        }
        if originTimestamp == nil { originTimestamp = timestamp }
        lastTimestamp = timestamp
        lastDuration = f.pointee.pkt_duration > 0 ? join.place(f.pointee.pkt_duration, in: timeBase) - join.place(0, in: timeBase) : lastDuration
        lastDeliveredAt = Date()
        f.pointee.pts = timestamp

        let width = Int(f.pointee.width), height = Int(f.pointee.height)
        guard width == info.storedWidth, height == info.storedHeight else {
            // Every stage is sized for the first picture; what came before is still good.
            stoppedEarlyBecause = "the picture size changes from \(info.storedWidth)×\(info.storedHeight) to \(width)×\(height) after \(decodedCount) frames"
            av_frame_unref(f)
            return nil
        }
        if f.pointee.decode_error_flags != 0 || f.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 {
            repairedFrames += 1
            noteDamage(at: timestamp)
        }
        let (luma, stride) = try slot.luma(converter: &greyConverter)
        let time = seconds(timestamp - originTimestamp!, timeBase)
        reconnection?.time = time
        if let reconnection { reconnections.append(reconnection) }
        let decoded = DecodedFrame(
            index: decodedCount, time: time, timestamp: timestamp,
            frame: slot.frame, luma: luma, lumaStride: stride, reconnection: reconnection)
        decodedCount += 1
        return decoded
    }
}

internal import CFFmpeg
import Foundation

/// What balltrace sees in a file: its container, its video stream as balltrace turns it for
/// display, the video's real frame timing, and its audio.
///
/// Frames are counted and timed from the video stream's packets, read without decoding: one
/// packet is one frame for every codec balltrace reads, so the count is exact where the
/// container's own claim (often absent or wrong for phone clips) is not, and a long clip is
/// probed in about the time it takes to read it from disk.
package struct MediaProbe: Codable, Sendable, Hashable {
    /// The input as given; `-` for standard input.
    package var path: String
    package var container: Container
    package var video: Video
    /// Nil when the file has no audio stream.
    package var audio: Audio?
    /// Seconds, as the container states them for the whole file; nil when it states none.
    package var duration: Double?
    /// Problems met while reading the packets (the file ends in damage, packets without
    /// timestamps); the figures cover what could be read.
    package var warnings: [String]

    package struct Container: Codable, Sendable, Hashable {
        /// FFmpeg's short name of the demuxer: "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm".
        package var name: String
        /// FFmpeg's long name: "QuickTime / MOV".
        package var longName: String
    }

    package struct Video: Codable, Sendable, Hashable {
        /// FFmpeg's codec name: "h264", "hevc".
        package var codec: String
        package var codecLongName: String
        /// The codec profile ("High", "Main 10"), when the stream states one FFmpeg knows.
        package var profile: String?
        /// FFmpeg's name of the stored pixel format ("yuv420p"), when known.
        package var pixelFormat: String?
        /// Size of the stored (decoded) picture.
        package var storedWidth: Int
        package var storedHeight: Int
        /// Size of the displayed picture: the stored one turned by `rotation`.
        package var width: Int
        package var height: Int
        /// Clockwise degrees (0, 90, 180, 270) balltrace turns the stored picture for display.
        package var rotation: Int
        /// Average frames per second over the counted frames, or the container's figure when
        /// it agrees within timestamp rounding (30, not the 29.997 that millisecond timestamps
        /// measure) or when fewer than two frames carry timestamps; nil when neither is known.
        package var frameRate: Double?
        /// Whether the frame intervals vary by more than timestamps can round (see
        /// `FrameTiming`).
        package var variableFrameRate: Bool
        /// Shortest and longest time between consecutive frames, seconds; nil with fewer than
        /// two timed frames.
        package var minimumFrameInterval: Double?
        package var maximumFrameInterval: Double?
        /// Frames counted, one per packet of the video stream.
        package var frameCount: Int
        /// Seconds from the first frame's timestamp to the end of the last frame.
        package var duration: Double
        /// Bits per second: the container's figure, or, when it states none (Matroska, a pipe),
        /// the counted packets' bytes over their duration; nil when neither is known.
        package var bitRate: Int?
    }

    package struct Audio: Codable, Sendable, Hashable {
        package var codec: String
        package var sampleRate: Int
        package var channels: Int
    }

    /// The probe as pretty-printed JSON, keys in declaration order, ending in a newline.
    package func jsonData() throws -> Data {
        try OrderedJSONEncoder().encode(self)
    }

    /// `audio` is written as `null` when there is none, rather than left out: its absence is a
    /// fact about the file, not a figure unknown (as a missing `profile` or `bitRate` is).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(container, forKey: .container)
        try c.encode(video, forKey: .video)
        if let audio { try c.encode(audio, forKey: .audio) } else { try c.encodeNil(forKey: .audio) }
        try c.encodeIfPresent(duration, forKey: .duration)
        try c.encode(warnings, forKey: .warnings)
    }
}

extension MediaProbe {
    /// Probes a file, or standard input for `-`, reading every packet of its video stream.
    ///
    /// Throws a ``MediaError`` for the inputs `balltrace analyze` refuses on opening, in the
    /// same words: missing, a folder, empty, unreadable, not a video, no video stream, an
    /// absurd picture size.
    package init(path: String) throws {
        FFmpegLog.install()
        let readsStandardInput = path == "-"
        // Standard input is a stream, not a file: the local checks (exists, not a folder, not
        // empty) mean nothing for it. `pipe:0` is FFmpeg's name for file descriptor 0.
        if !readsStandardInput, let reason = InputFileCheck.problem(with: path) {
            throw MediaError.cannotOpen(path: path, reason: reason)
        }
        let input = try ProbedInput(path: path, url: readsStandardInput ? "pipe:0" : path)
        // Every pointer below lives in the input's context, which must stay open until the end.
        self = try withExtendedLifetime(input) { try MediaProbe(path: path, reading: input) }
    }

    private init(path: String, reading input: ProbedInput) throws {
        let format = input.context
        let stream = input.videoStream
        let parameters = stream.pointee.codecpar.pointee
        let rotation = Self.rotation(of: stream)
        let geometry = FrameGeometry(storedWidth: Int(parameters.width), storedHeight: Int(parameters.height), rotation: rotation)

        var audio: Audio?
        let audioIndex = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        if audioIndex >= 0, let a = format.pointee.streams[Int(audioIndex)]?.pointee.codecpar?.pointee {
            audio = Audio(codec: String(cString: avcodec_get_name(a.codec_id)), sampleRate: Int(a.sample_rate),
                          channels: Int(a.ch_layout.nb_channels))
        }

        // Only the video stream's packets are wanted: the demuxer skips the others' data.
        for i in 0..<Int(format.pointee.nb_streams) where i != input.videoIndex {
            format.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
        }
        let packets = PacketCount(reading: input)
        let demuxer = format.pointee.iformat.pointee
        let demuxerName = demuxer.name.map { String(cString: $0) } ?? "unknown"
        if packets.frameCount == 0, let reason = packets.stoppedBecause {
            // Reading failed before the first frame: there is nothing to describe.
            let seekable = format.pointee.pb.map { $0.pointee.seekable != 0 } ?? true
            if !seekable && demuxerName.hasPrefix("mov") {
                throw MediaError.cannotOpen(path: path, reason: "its index comes after the media, which a pipe cannot go back to; "
                    + "give the file's path, or remux it with 'ffmpeg -i IN -c copy -movflags +faststart OUT.mp4'")
            }
            throw MediaError.cannotOpen(path: path, reason: "no video packet could be read (\(reason))")
        }
        var warnings: [String] = []
        if let reason = packets.stoppedBecause {
            warnings.append("reading stopped after \(packets.frameCount) video packets (\(reason)); the figures cover those")
        }
        let listed = Int(stream.pointee.nb_frames)
        // The container's count includes the packets an edit list discards.
        if packets.stoppedBecause == nil, listed > packets.frameCount + packets.discardedCount {
            // An MP4 cut short keeps its whole index: the demuxer ends quietly at the last byte.
            warnings.append("the container lists \(listed) video frames, but only \(packets.frameCount) could be read: "
                + "the file is cut short or damaged, and the figures cover what is there")
        }
        if packets.untimedCount > 0 {
            warnings.append("\(packets.untimedCount) of \(packets.frameCount) video packets carry no timestamp; the timing leaves them out")
        }

        let timing = FrameTiming(sortedTimestamps: packets.timestamps, lastFrameDuration: packets.lastFrameDuration,
                                 tick: stream.pointee.time_base.isUsable ? stream.pointee.time_base.doubleValue : 0)
        let declaredRates = [stream.pointee.avg_frame_rate, stream.pointee.r_frame_rate].filter(\.isUsable).map(\.doubleValue)
        let frameRate = timing.frameRate(declared: declaredRates)
        var bitRate: Int? = parameters.bit_rate > 0 ? Int(parameters.bit_rate) : nil
        if bitRate == nil, timing.duration > 0, packets.byteCount > 0 {
            bitRate = Int((Double(packets.byteCount) * 8 / timing.duration).rounded())
        }

        self.init(
            path: path,
            container: Container(name: demuxerName, longName: demuxer.long_name.map { String(cString: $0) } ?? demuxerName),
            video: Video(
                codec: String(cString: avcodec_get_name(parameters.codec_id)),
                codecLongName: Self.codecLongName(parameters),
                profile: avcodec_profile_name(parameters.codec_id, parameters.profile).map { String(cString: $0) },
                pixelFormat: av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) },
                storedWidth: geometry.storedWidth, storedHeight: geometry.storedHeight,
                width: geometry.displayedWidth, height: geometry.displayedHeight, rotation: rotation.rawValue,
                frameRate: frameRate.map { rounded($0, 4) },
                variableFrameRate: timing.isVariable,
                minimumFrameInterval: timing.minimumInterval.map { rounded($0, 6) },
                maximumFrameInterval: timing.maximumInterval.map { rounded($0, 6) },
                frameCount: packets.frameCount,
                duration: rounded(timing.duration, 6),
                bitRate: bitRate),
            audio: audio,
            duration: format.pointee.duration > 0 ? rounded(Double(format.pointee.duration) / Double(AV_TIME_BASE), 6) : nil,
            warnings: warnings)
    }

    /// The clockwise turn balltrace gives the stored picture, from the stream's display matrix.
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> DisplayRotation {
        MediaDecoder.displayMatrix(of: stream).map { DisplayRotation(displayMatrix: $0) } ?? .none
    }

    /// FFmpeg's long name of the codec, or the container's tag for a codec FFmpeg does not know.
    private static func codecLongName(_ parameters: AVCodecParameters) -> String {
        if let descriptor = avcodec_descriptor_get(parameters.codec_id), let long = descriptor.pointee.long_name {
            return String(cString: long)
        }
        return MediaDecoder.describeCodec(parameters)
    }
}

/// The frame timing that timestamps show, and whether the rate varies.
///
/// The rate is variable when the longest interval exceeds the shortest by more than 10 % of the
/// median interval, plus one tick of the time base: a constant 30 fps stored in milliseconds
/// (Matroska) alternates 33 and 34 ms, which is rounding, not variation; a phone that drops to
/// 24 fps in low light is variation. The bound uses the extremes, so that the interval range
/// reported beside the verdict never contradicts it.
struct FrameTiming: Sendable, Hashable {
    var minimumInterval: Double?
    var maximumInterval: Double?
    var medianInterval: Double?
    /// Frames per second over the timed frames: one over the mean interval.
    var averageFrameRate: Double?
    /// Seconds from the first timestamp to the end of the last frame.
    var duration: Double
    var isVariable: Bool
    /// Seconds from the first timestamp to the last.
    private var span: Double = 0
    /// Seconds per tick of the time base.
    private var tick: Double = 0

    /// - Parameters:
    ///   - sortedTimestamps: presentation timestamps in ascending order, in ticks.
    ///   - lastFrameDuration: how long the last frame lasts, in ticks, 0 when unknown (the mean
    ///     interval is taken then).
    ///   - tick: seconds per tick (the stream's time base).
    init(sortedTimestamps timestamps: [Int64], lastFrameDuration: Int64, tick: Double) {
        let intervals = zip(timestamps.dropFirst(), timestamps).map { Double($0 - $1) * tick }.sorted()
        guard let first = timestamps.first, let last = timestamps.last else {
            self.init(minimumInterval: nil, maximumInterval: nil, medianInterval: nil, averageFrameRate: nil, duration: 0, isVariable: false)
            return
        }
        let span = Double(last - first) * tick
        let meanInterval = intervals.isEmpty ? 0 : span / Double(intervals.count)
        let lastDuration = lastFrameDuration > 0 ? Double(lastFrameDuration) * tick : meanInterval
        guard let shortest = intervals.first, let longest = intervals.last else {
            self.init(minimumInterval: nil, maximumInterval: nil, medianInterval: nil, averageFrameRate: nil,
                      duration: lastDuration, isVariable: false)
            return
        }
        let median = intervals[intervals.count / 2]
        self.init(minimumInterval: shortest, maximumInterval: longest, medianInterval: median,
                  averageFrameRate: meanInterval > 0 ? 1 / meanInterval : nil,
                  duration: span + lastDuration,
                  isVariable: longest - shortest > 0.1 * median + tick)
        self.span = span
        self.tick = tick
    }

    /// The average rate, as the container declares it when the declared rate lies within what
    /// timestamp rounding allows of the measured one, else as measured; the first declared rate
    /// when fewer than two frames are timed.
    ///
    /// Each timestamp is rounded to its tick, so the measured span is off by up to one: 90
    /// frames at 30 fps stored in milliseconds (Matroska) measure 29.997 fps. The container's
    /// 30/1 is then the better figure.
    func frameRate(declared: [Double]) -> Double? {
        guard let measured = averageFrameRate else { return declared.first }
        let tolerance = measured * tick / span + 1e-9 * measured
        return declared.first { abs($0 - measured) <= tolerance } ?? measured
    }

    private init(minimumInterval: Double?, maximumInterval: Double?, medianInterval: Double?, averageFrameRate: Double?,
                 duration: Double, isVariable: Bool) {
        self.minimumInterval = minimumInterval
        self.maximumInterval = maximumInterval
        self.medianInterval = medianInterval
        self.averageFrameRate = averageFrameRate
        self.duration = duration
        self.isVariable = isVariable
    }
}

/// The video stream's packets, counted and timed: every packet read with `av_read_frame`,
/// none decoded.
private struct PacketCount {
    private(set) var frameCount = 0
    /// Presentation timestamps (decode timestamps where a packet has none), ascending: decoders
    /// reorder B-frames, so packets arrive out of presentation order.
    private(set) var timestamps: [Int64] = []
    /// The duration of the packet shown last, 0 when the container does not say.
    private(set) var lastFrameDuration: Int64 = 0
    private(set) var byteCount = 0
    /// Packets marked for discarding: read, but not frames anyone sees.
    private(set) var discardedCount = 0
    /// Packets with neither timestamp, counted but not timed.
    private(set) var untimedCount = 0
    /// Why reading ended before the end of the input, when it did.
    private(set) var stoppedBecause: String?

    init(reading input: ProbedInput) {
        let packet = OwnedPacket()
        let noTimestamp = bt_av_nopts_value()
        var timed: [(timestamp: Int64, duration: Int64)] = []
        while true {
            let status = av_read_frame(input.context, packet.pointer)
            if status < 0 {
                if status != bt_averror_eof() { stoppedBecause = ffmpegErrorText(status) }
                break
            }
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            // A packet the container marks for discarding (before an edit list's start) is
            // decoded only to prime the decoder, never shown.
            guard Int(p.stream_index) == input.videoIndex else { continue }
            guard p.flags & AV_PKT_FLAG_DISCARD == 0 else { discardedCount += 1; continue }
            frameCount += 1
            byteCount += Int(p.size)
            let timestamp = p.pts != noTimestamp ? p.pts : p.dts
            if timestamp == noTimestamp {
                untimedCount += 1
            } else {
                timed.append((timestamp, p.duration))
            }
        }
        timed.sort { $0.timestamp < $1.timestamp }
        timestamps = timed.map(\.timestamp)
        lastFrameDuration = timed.last?.duration ?? 0
    }
}

/// An opened input whose video stream has been found, opened as `MediaDecoder` opens one
/// and refused for the same reasons, in the same words.
private struct ProbedInput {
    /// Keeps the context open for as long as this value is used.
    let owner: OwnedInputContext
    let videoIndex: Int
    /// The video stream, with its codec parameters; lives in the context.
    let videoStream: UnsafeMutablePointer<AVStream>
    var context: UnsafeMutablePointer<AVFormatContext> { owner.pointer }

    /// - Parameters:
    ///   - path: the input as the user named it, for messages.
    ///   - url: what FFmpeg opens (`pipe:0` for standard input).
    init(path: String, url: String) throws {
        var opening: UnsafeMutablePointer<AVFormatContext>? = nil
        let (openStatus, openErrors) = FFmpegLog.collectingErrors { avformat_open_input(&opening, url, nil, nil) }
        guard openStatus >= 0, let opened = opening else {
            // avformat_open_input frees what it allocated when it fails.
            throw MediaError.cannotOpen(path: path, reason: InputFileCheck.explanation(path: url, status: openStatus, ffmpegErrors: openErrors))
        }
        // Owned from here: a refusal below closes it as the owner goes, and not before.
        let owner = OwnedInputContext(adopting: opened)
        let (index, stream) = try withExtendedLifetime(owner) { () throws -> (Int, UnsafeMutablePointer<AVStream>) in
            // A header may claim any size; refused before anything of that size is probed.
            for i in 0..<Int(opened.pointee.nb_streams) {
                guard let parameters = opened.pointee.streams[i]?.pointee.codecpar?.pointee,
                      parameters.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
                if let reason = MediaDecoder.unusableSize(width: Int(parameters.width), height: Int(parameters.height), unknownAllowed: true) {
                    throw MediaError.invalidVideo(path: path, reason: reason)
                }
            }
            let (status, probeErrors) = FFmpegLog.collectingErrors { MediaDecoder.findStreamInfo(opened) }
            guard status >= 0 else {
                throw MediaError.cannotOpen(path: path, reason: "no readable streams: "
                    + InputFileCheck.explanation(path: url, status: status, ffmpegErrors: probeErrors))
            }
            let best = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard best >= 0, let stream = opened.pointee.streams[Int(best)], let parameters = stream.pointee.codecpar else {
                throw MediaError.noVideoStream(path: path)
            }
            if let reason = MediaDecoder.unusableSize(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height),
                                                         unknownAllowed: false) {
                throw MediaError.invalidVideo(path: path, reason: reason)
            }
            return (Int(best), stream)
        }
        self.owner = owner
        videoIndex = index
        videoStream = stream
    }
}

/// Owns an opened input's `AVFormatContext` and closes it in `deinit`.
private final class OwnedInputContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>

    /// Takes ownership of a context `avformat_open_input` opened.
    init(adopting context: UnsafeMutablePointer<AVFormatContext>) {
        pointer = context
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }
}

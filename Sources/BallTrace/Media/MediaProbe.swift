internal import CFFmpeg
import FoundationEssentials

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
        let input = try OpenedInput(path: path, interruption: InterruptFlag())
        // Every pointer below lives in the input's context, which must stay open until the end.
        self = try withExtendedLifetime(input) { try MediaProbe(path: path, reading: input) }
    }

    private init(path: String, reading input: OpenedInput) throws {
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
        OpenedInput.displayMatrix(of: stream).map { DisplayRotation(displayMatrix: $0) } ?? .none
    }

    /// FFmpeg's long name of the codec, or the container's tag for a codec FFmpeg does not know.
    private static func codecLongName(_ parameters: AVCodecParameters) -> String {
        if let descriptor = avcodec_descriptor_get(parameters.codec_id), let long = descriptor.pointee.long_name {
            return String(cString: long)
        }
        return OpenedInput.describeCodec(parameters)
    }
}

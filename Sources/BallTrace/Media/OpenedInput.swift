internal import CFFmpeg
import FoundationEssentials

/// An input opened with libavformat and its video stream found: the one opening sequence the
/// decoder and the probe share, so that both accept and refuse the same inputs, in the same
/// words. Owns the `AVFormatContext` and closes it in `deinit`; whatever reads a pointer into
/// it keeps this object alive.
final class OpenedInput {
    /// The input as the user named it, for messages; `-` for standard input.
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    let videoIndex: Int
    /// The video stream, with its codec parameters; lives in the context.
    let videoStream: UnsafeMutablePointer<AVStream>
    /// The flag FFmpeg's I/O reads while it waits: kept as long as the context that points to it.
    let interruption: InterruptFlag

    /// Opens a file, a URL FFmpeg can open (`rtsp://`, `tcp://`, …), a Video4Linux camera, or
    /// `-` for standard input, and finds its video stream. A header that claims an absurd
    /// picture size is refused before anything of that size is read.
    /// - Parameter interruption: once set, opening and reading give up at once, even when
    ///   blocked on a network or a pipe.
    init(path: String, interruption: InterruptFlag) throws {
        FFmpegLog.install()
        self.path = path
        // Standard input is a stream, not a file: the local checks (exists, not a folder, not
        // empty) mean nothing for it. `pipe:0` is FFmpeg's name for file descriptor 0.
        let isStandardInput = path == "-"
        if !isStandardInput, let reason = InputFileCheck.problem(with: path) { throw MediaError.cannotOpen(path: path, reason: reason) }
        let input = CaptureDevice.isVideo4Linux(path) ? try CaptureDevice.video4LinuxInput(for: path) : nil
        guard let allocated = avformat_alloc_context() else { fatalError("avformat_alloc_context: out of memory") }
        // Before opening: a network source may block in the open itself, and a live one that
        // answers nothing is given up after the interruption's stall timeout.
        bt_format_set_interrupt(allocated, interruption.pointer)
        if !Self.isLive(path) { interruption.stallTimeout = 0 }
        interruption.expectData()
        var opening: UnsafeMutablePointer<AVFormatContext>? = allocated
        let url = isStandardInput ? "pipe:0" : path
        let (openStatus, openErrors) = FFmpegLog.collectingErrors { avformat_open_input(&opening, url, input, nil) }
        guard openStatus >= 0, let opened = opening else {
            // avformat_open_input frees what it allocated when it fails.
            if interruption.hasStalled { throw MediaError.cannotOpen(path: path, reason: Self.stallReason(interruption)) }
            throw MediaError.cannotOpen(path: path, reason: InputFileCheck.explanation(path: path, status: openStatus, ffmpegErrors: openErrors))
        }
        interruption.expectData()
        // The one place a refusal closes the context by hand: once this object exists, its
        // deinit does.
        let found: (index: Int, stream: UnsafeMutablePointer<AVStream>)
        do {
            found = try Self.findVideoStream(in: opened, path: path)
        } catch {
            var closing: UnsafeMutablePointer<AVFormatContext>? = opened
            avformat_close_input(&closing)
            if interruption.hasStalled { throw MediaError.cannotOpen(path: path, reason: Self.stallReason(interruption)) }
            throw error
        }
        context = opened
        self.interruption = interruption
        videoIndex = found.index
        videoStream = found.stream
    }

    deinit {
        var closing: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&closing)
    }

    /// Closes the connection (a socket) at once, before the context is freed: a lost source
    /// opened again may need the same port (a UDP listener). Nothing is read from it after.
    func closeConnection() {
        guard context.pointee.flags & AVFMT_FLAG_CUSTOM_IO == 0 else { return }
        avio_closep(&context.pointee.pb)
    }

    /// Whether the input is live (a URL or a camera), where waiting may never end: only such an
    /// input is given up when it stalls. A file, or standard input, is read as fast or as
    /// slowly as it comes.
    static func isLive(_ path: String) -> Bool {
        CaptureDevice.isVideo4Linux(path) || (path.contains("://") && !path.hasPrefix("file://"))
    }

    /// What a stalled source did, for messages.
    static func stallReason(_ interruption: InterruptFlag) -> String {
        "the source sent nothing for \(String(printf: "%g", interruption.stallTimeout)) s and was given up as stalled"
    }

    private static func findVideoStream(in opened: UnsafeMutablePointer<AVFormatContext>, path: String) throws
        -> (Int, UnsafeMutablePointer<AVStream>) {
        for i in 0..<Int(opened.pointee.nb_streams) {
            guard let parameters = opened.pointee.streams[i]?.pointee.codecpar?.pointee,
                  parameters.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
            if let reason = unusableSize(width: Int(parameters.width), height: Int(parameters.height), unknownAllowed: true) {
                throw MediaError.invalidVideo(path: path, reason: reason)
            }
        }
        let (status, probeErrors) = FFmpegLog.collectingErrors { findStreamInfo(opened) }
        guard status >= 0 else {
            throw MediaError.cannotOpen(path: path, reason: "no readable streams: "
                + InputFileCheck.explanation(path: path, status: status, ffmpegErrors: probeErrors))
        }
        let best = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard best >= 0, let stream = opened.pointee.streams[Int(best)], let parameters = stream.pointee.codecpar else {
            throw MediaError.noVideoStream(path: path)
        }
        if let reason = unusableSize(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height),
                                                 unknownAllowed: false) {
            throw MediaError.invalidVideo(path: path, reason: reason)
        }
        return (Int(best), stream)
    }

    /// The stream's display matrix (nine values, as the container stores it), if it has one.
    static func displayMatrix(of stream: UnsafeMutablePointer<AVStream>) -> [Int32]? {
        var size = 0
        guard let side = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return side.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }

    /// Why a picture of this size cannot be analysed; nil when it can. A size the header leaves
    /// unknown (0) is allowed while opening, before the stream has been probed.
    static func unusableSize(width: Int, height: Int, unknownAllowed: Bool) -> String? {
        if width == 0 && height == 0 && unknownAllowed { return nil }
        guard width > 0, height > 0 else {
            return "the video stream has no usable picture size (\(width)×\(height)); its header is damaged"
        }
        guard width <= PictureLimits.largestSide, height <= PictureLimits.largestSide, width * height <= PictureLimits.maximumPixels else {
            return "the video stream claims a picture of \(width)×\(height), more than the \(PictureLimits.maximumPixels) pixels (8192×8192) balltrace accepts; its header is damaged or the clip is not camera footage"
        }
        return nil
    }

    /// `avformat_find_stream_info` with FFmpeg's own size limit lowered to ours, so that probing
    /// does not decode an absurd picture either.
    static func findStreamInfo(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int32 {
        let count = Int(context.pointee.nb_streams)
        var options = [OpaquePointer?](repeating: nil, count: max(count, 1))
        for i in 0..<count { av_dict_set(&options[i], "max_pixels", "\(PictureLimits.maximumPixels)", 0) }
        defer { for i in 0..<count { av_dict_free(&options[i]) } }
        return avformat_find_stream_info(context, &options)
    }

    /// The codec's name and long name as FFmpeg knows them, or the container's tag for one it
    /// does not know.
    static func describeCodec(_ parameters: AVCodecParameters) -> String {
        if let descriptor = avcodec_descriptor_get(parameters.codec_id) {
            let name = String(cString: descriptor.pointee.name)
            return descriptor.pointee.long_name.map { "\(name) (\(String(cString: $0)))" } ?? name
        }
        var tag = [CChar](repeating: 0, count: Int(AV_FOURCC_MAX_STRING_SIZE))
        av_fourcc_make_string(&tag, parameters.codec_tag)
        return "tagged '\(string(fromNulTerminated: tag))' and unknown to FFmpeg"
    }
}

extension DisplayRotation {
    /// The turn a display matrix asks for. FFmpeg gives its angle counter-clockwise; the
    /// picture must be turned by the opposite.
    init(displayMatrix matrix: [Int32]) {
        self = DisplayRotation(nearestDegrees: -av_display_rotation_get(matrix))
    }
}

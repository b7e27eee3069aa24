internal import CFFmpeg
import FoundationEssentials

extension MediaDecoder {
    /// A decoder for the video stream, opened: shared by the first opening and by each
    /// reconnection, so that a reopened source is decoded exactly as the first was.
    static func openCodec(for stream: UnsafeMutablePointer<AVStream>, path: String) throws -> UnsafeMutablePointer<AVCodecContext> {
        let parameters = stream.pointee.codecpar!
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError.unsupportedCodec(path: path, codec: OpenedInput.describeCodec(parameters.pointee))
        }
        guard let codecContext = avcodec_alloc_context3(decoder) else { fatalError("avcodec_alloc_context3: out of memory") }
        var codecCleanup: UnsafeMutablePointer<AVCodecContext>? = codecContext
        avcodec_parameters_to_context(codecContext, parameters)
        // One frame thread per core. FFmpeg's own choice is one more, which holds one more
        // picture in flight and decodes no faster when analysis shares the cores.
        codecContext.pointee.thread_count = Int32(ProcessInfo.processInfo.activeProcessorCount)
        codecContext.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        codecContext.pointee.pkt_timebase = stream.pointee.time_base
        codecContext.pointee.max_pixels = Int64(PictureLimits.maximumPixels)
        let opening = avcodec_open2(codecContext, decoder, nil)
        guard opening >= 0 else {
            avcodec_free_context(&codecCleanup)
            throw MediaError.unsupportedCodec(path: path, codec: "\(codecName) (\(ffmpegErrorText(opening)))")
        }
        return codecContext
    }
}

/// What went wrong while reading or writing a video file, with what the user needs to fix it.
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or is not a container FFmpeg recognises.
    case cannotOpen(path: String, reason: String)
    /// The container has no video stream.
    case noVideoStream(path: String)
    /// The video stream uses a codec this build of FFmpeg cannot decode.
    case unsupportedCodec(path: String, codec: String)
    /// The video's header is not usable (zero or absurd dimensions, unknown pixel format).
    case invalidVideo(path: String, reason: String)
    /// Decoding failed in a way that is not just the end of the file.
    case decodeFailed(path: String, reason: String)
    /// The file opened, but not one frame of its video could be decoded.
    case noDecodableFrames(path: String, codec: String, detail: String?)
    /// The output could not be created or written.
    case cannotWrite(path: String, reason: String)
    /// The encoder refused the settings or a frame.
    case encodeFailed(path: String, reason: String)
    /// A frame buffer could not be allocated.
    case allocationFailed(String)
    /// Frames come in a pixel format that cannot be converted.
    case unsupportedPixelFormat(String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "cannot open \(named(path)): \(reason)"
        case let .noVideoStream(path): return "\(named(path)) has no video stream"
        case let .unsupportedCodec(path, codec): return "\(named(path)): its video codec, \(codec), cannot be decoded by this FFmpeg build"
        case let .invalidVideo(path, reason): return "\(named(path)): \(reason)"
        case let .decodeFailed(path, reason): return "decoding \(named(path)) failed: \(reason)"
        case let .noDecodableFrames(path, codec, detail):
            return "\(named(path)): no frame of its \(codec) video could be decoded" + (detail.map { "; \($0)" } ?? "")
        case let .cannotWrite(path, reason): return "cannot write \(named(path)): \(reason)"
        case let .encodeFailed(path, reason): return "encoding \(named(path)) failed: \(reason)"
        case let .allocationFailed(what): return "cannot allocate \(what)"
        case let .unsupportedPixelFormat(name): return "frames in pixel format '\(name)' cannot be converted"
        }
    }

    /// A path as the user typed it; `-` is standard input.
    private func named(_ path: String) -> String { path == "-" ? "standard input" : "'\(path)'" }
}

extension MediaError {
    /// Which file the problem is with: a command line tells the user whether to look at what
    /// they gave it or where they asked it to write.
    package enum AffectedFile: Sendable {
        case input, output
        /// Neither: the machine (memory, a library's limits).
        case neither
    }

    package var affectedFile: AffectedFile {
        switch self {
        case .cannotOpen, .noVideoStream, .unsupportedCodec, .invalidVideo, .decodeFailed, .noDecodableFrames,
             .unsupportedPixelFormat:
            return .input
        case .cannotWrite, .encodeFailed:
            return .output
        case .allocationFailed:
            return .neither
        }
    }
}

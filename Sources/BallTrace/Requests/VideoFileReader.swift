import Dispatch
import FoundationEssentials

/// The frames of a video file (or a URL, or `-` for standard input) as an `AsyncSequence` of
/// ``VideoFrame``s, for ``SequenceRequestHandler``.
///
/// Decoding runs ahead on a thread of its own, at most a few frames, so that the consumer never
/// waits for the decoder nor the decoder blocks a task. Frames hold the decoder's buffers by
/// reference, from FFmpeg's pool: nothing is copied or allocated per frame for the usual
/// formats.
///
/// ```swift
/// for try await frame in try VideoFileReader(path: "swing.mp4") {
///     try handler.perform([request], on: frame)
/// }
/// ```
///
/// The reader is its own iterator: each iteration reads from the start, in a copy of its own.
public struct VideoFileReader: AsyncSequence, AsyncIteratorProtocol, Sendable {
    public let path: String
    /// What the file says about its video: size, rotation, frame rate, duration.
    public let info: VideoSourceInfo
    /// Frames decoded ahead of the consumer at most.
    public var depth = 3

    /// The decoder opened for ``info``, kept for the first iteration: standard input can be
    /// read only once, and a URL is better connected once.
    private let opened: OpenedDecoder
    /// The frames this copy is reading, from its first ``next()`` on.
    private var frames: FrameStream?

    /// Opens the input now, so that a missing or unreadable one is reported here, with the
    /// message the command line prints. The first iteration reads from this opening; a later
    /// one opens the input again (a file or a URL: standard input is read once).
    public init(path: String) throws {
        self.path = path
        let stop = InterruptFlag()
        let decoder = try MediaDecoder(path: path, interruption: stop)
        info = decoder.info
        opened = OpenedDecoder(decoder, stop: stop)
    }

    /// A copy of the reader that reads from the start.
    public func makeAsyncIterator() -> VideoFileReader {
        var fresh = self
        fresh.frames = nil
        return fresh
    }

    public mutating func next() async throws -> VideoFrame? {
        if frames == nil { frames = FrameStream(path: path, depth: depth, opened: opened.take()) }
        return try await frames!.next()
    }
}

/// The frames of one iteration of a ``VideoFileReader``, decoded on a thread of their own.
private final class FrameStream: @unchecked Sendable {
    private var frames: AsyncThrowingStream<VideoFrame, any Error>.AsyncIterator
    private let credits: DispatchSemaphore

    init(path: String, depth: Int, opened: (decoder: MediaDecoder, stop: InterruptFlag)?) {
        let credits = DispatchSemaphore(value: Swift.max(1, depth))
        let stop = opened?.stop ?? InterruptFlag()
        let handOver = OpenedDecoder.HandOver(opened?.decoder)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: VideoFrame.self)
        continuation.onTermination = { _ in
            // The consumer stopped early: the decoder gives up and its thread ends.
            stop.set()
            credits.signal()
        }
        detachThread(named: "balltrace.decode") {
            do {
                let decoder = try handOver.decoder ?? MediaDecoder(path: path, interruption: stop)
                let interval = decoder.info.frameRate > 0 ? 1 / decoder.info.frameRate : nil
                let slot = FrameSlot()
                while true {
                    credits.wait()
                    if stop.isSet { break }
                    guard let decoded = try decoder.nextFrame(into: slot) else { break }
                    continuation.yield(try VideoFrame(decoded: decoded, rotation: decoder.info.rotation, nominalInterval: interval))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        frames = stream.makeAsyncIterator()
        self.credits = credits
    }

    func next() async throws -> VideoFrame? {
        let frame = try await frames.next()
        credits.signal()
        return frame
    }
}

/// The decoder a ``VideoFileReader`` opened for its info, until an iterator takes it.
private final class OpenedDecoder: @unchecked Sendable {
    private let lock = ConditionLock()
    private var decoder: MediaDecoder?
    private let stop: InterruptFlag

    init(_ decoder: MediaDecoder, stop: InterruptFlag) {
        self.decoder = decoder
        self.stop = stop
    }

    /// The decoder and its interrupt flag the first time; nil after.
    func take() -> (decoder: MediaDecoder, stop: InterruptFlag)? {
        lock.withLock {
            defer { decoder = nil }
            return decoder.map { ($0, stop) }
        }
    }

    /// Carries a decoder to the decoding thread, which alone uses it from then on.
    struct HandOver: @unchecked Sendable {
        let decoder: MediaDecoder?
        init(_ decoder: MediaDecoder?) { self.decoder = decoder }
    }
}

import Logging

/// The overlay video as an output of an analysis: every decoded frame with the region of
/// interest and the flights in view drawn on it, as ``TrajectoryOverlay`` draws them (or the
/// broadcast tracer, as the request asks), encoded
/// with the source's timestamps (and its sound, when MP4 can hold it).
///
/// The overlay is causal, like Vision's live overlay: each frame shows the trajectories
/// reported up to that frame.
final class OverlayVideoSink: AnalysisSink {
    private let writer: VideoFileWriter
    private let renderer: any FrameOverlay
    private let frames: EncoderFrameSource
    private let source: VideoSourceInfo
    /// The encoded size: H.264 in 4:2:0 needs even sizes, so an odd last column or row is left out.
    private let width: Int, height: Int

    /// - Parameters:
    ///   - region: the region of interest in displayed pixels, drawn when not nil.
    ///   - startTimestamp: the frame timestamp that becomes the video's 0 (a clip cut from the
    ///     middle of the source); 0 keeps the source's timestamps.
    init(_ request: OverlayVideoRequest, reading reader: MediaDecoder, region: PixelRect?, logger: Logger,
         startTimestamp: Int64 = 0) throws {
        source = reader.info
        width = source.storedWidth & ~1
        height = source.storedHeight & ~1
        writer = try VideoFileWriter(
            path: request.path, width: width, height: height, timeBase: reader.timeBase,
            frameRate: reader.averageFrameRate, encoding: request.encoding, displayMatrix: reader.displayMatrix,
            audio: reader.audioStream, timestampOffset: startTimestamp)
        renderer = try makeFrameOverlay(request.drawing, geometry: source.geometry, region: region, width: width, height: height)
        frames = try EncoderFrameSource(width: width, height: height)
        logger.debug("rendering: overlay video \(request.path), libx264 \(request.encoding.preset) crf \(request.encoding.crf)")
    }

    /// Whether the source's sound goes into the video.
    var copiesAudio: Bool { writer.copiesAudio }

    var needs: SinkNeeds { copiesAudio ? [.flightsEveryFrame, .audio] : .flightsEveryFrame }

    func audio(_ packet: OwnedPacket) throws { try writer.writeAudio(packet) }

    func take(_ frame: SessionFrame) throws {
        let target = try frames.prepare(from: frame.decoded.frame)
        try renderer.show(frame.inFlight, at: frame.decoded.time)
        try renderer.composite(onto: target)
        try writer.write(target)
    }

    /// Ends the video: the last frames are encoded and the file is closed.
    func finish() throws { try writer.finish() }

    /// What the video leaves out of the source.
    var warnings: [String] {
        var warnings: [String] = []
        if source.hasAudio, !copiesAudio {
            warnings.append("the audio stream's codec cannot be stored in MP4; the overlay video has no audio")
        }
        if width != source.storedWidth || height != source.storedHeight {
            warnings.append("the overlay video is \(width)×\(height): H.264 needs even sizes, so the last odd column or row of \(source.storedWidth)×\(source.storedHeight) was left out")
        }
        return warnings
    }
}

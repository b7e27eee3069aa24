import Foundation
import Logging

/// Where an overlay video goes and how it is encoded.
public struct OverlayVideoRequest: Sendable, Hashable {
    public var path: String
    public var encoding: VideoEncoding

    public init(path: String, encoding: VideoEncoding = .default) {
        self.path = path
        self.encoding = encoding
    }
}

/// The whole job in one pass over the file: decode → detect → track → (draw → encode).
///
/// It streams: a few decoded frames (decoding runs ahead on its own thread, see `DecodeAhead`),
/// one encoder frame and the tracks in view are all it holds, whatever the clip's length. The
/// overlay is causal, like Vision's live overlay: each frame shows the trajectories reported up
/// to that frame.
public enum VideoAnalysis {
    /// - Parameters:
    ///   - path: a file, a URL FFmpeg can open, or `-` for standard input.
    ///   - tracer: the tracer picture to write once the clip has been read.
    ///   - cancellation: looked at between frames (and by a read blocked on a network or pipe);
    ///     once set, the analysis stops, removes what it was writing and throws
    ///     ``AnalysisCancelled``.
    ///   - sourceTimeout: seconds a live source (a URL, a camera) may send nothing before the
    ///     analysis gives it up as stalled and ends with what it has (``AnalysisResult/sourceStalled``);
    ///     0 waits for ever. Files are never given up.
    ///   - reconnect: a live source of unknown length that is lost (it closes the stream or
    ///     stalls) is opened again, after 0.5 s and then waits that double, for up to
    ///     `sourceTimeout` seconds (for ever when 0); see ``SourceReconnection`` for how its
    ///     frames are joined to those before. One that does not come back ends the analysis as
    ///     a stall does.
    ///   - logger: each stage is logged at `debug` level.
    ///   - progress: called after each decoded frame, on the calling thread.
    ///   - reconnected: called on the calling thread when the first frame after a reconnection
    ///     comes, before that frame is analysed; an error it throws stops the analysis.
    ///   - frameAnalysed: called after each analysed frame with the trajectories in flight; an
    ///     error it throws stops the analysis.
    public static func run(path: String, settings: AnalysisSettings, overlay: OverlayVideoRequest? = nil,
                           tracer: TracerRequest? = nil, cancellation: Cancellation? = nil,
                           sourceTimeout: Double = 10, reconnect: Bool = false, logger: Logger = Logger(label: "balltrace"),
                           progress: ((AnalysisProgress) -> Void)? = nil,
                           reconnected: ((SourceReconnection) throws -> Void)? = nil,
                           frameAnalysed: ((AnalysedFrame) throws -> Void)? = nil) throws -> AnalysisResult {
        try settings.validate()
        try overlay?.encoding.validate()
        let started = Date()
        let interruption = InterruptFlag()
        interruption.stallTimeout = max(0, sourceTimeout)
        cancellation?.whenCancelled { interruption.set() }
        let reader: MediaDecoder
        do {
            reader = try MediaDecoder(path: path, interruption: interruption,
                                      reconnect: reconnect ? ReconnectPolicy(window: max(0, sourceTimeout)) : nil)
        } catch where cancellation?.isCancelled == true {
            throw AnalysisCancelled()  // a stream that never answered, given up
        }
        let info = reader.info
        logger.debug("media: opened \(path == "-" ? "standard input" : path): \(info.codecName), \(info.storedWidth)×\(info.storedHeight) stored, turned \(info.rotation.rawValue)°, \(String(format: "%.3f", info.frameRate)) fps, \(info.duration > 0 ? String(format: "%.2f s", info.duration) : "length unknown")\(info.hasAudio ? ", with audio" : "")")
        let geometry = info.geometry
        let frameInterval = info.frameRate > 0 ? 1 / info.frameRate : 0
        var analyzer = try FrameAnalyzer(geometry: geometry, settings: settings, frameInterval: frameInterval)
        // What tracking found before a reconnection that started it afresh.
        var earlier = (trajectories: [TrajectoryObservation](), analysed: 0, capture: CaptureSummary?.none)
        if let time = tracer?.time, info.duration > 0, time > info.duration {
            throw TracerRequestError.timeBeyondClip(time: time, duration: info.duration)
        }
        let detector = analyzer.detector
        logger.debug("detection: \(detector.method) on \(detector.analysisWidth)×\(detector.analysisHeight), ball radius \(String(format: "%.1f", analyzer.minimumRadius))…\(String(format: "%.1f", analyzer.maximumRadius)) px\(analyzer.region.map { " inside \(Int($0.x)),\(Int($0.y)) \(Int($0.width))×\(Int($0.height)) px" } ?? "")")

        var writer: VideoFileWriter?
        var renderer: OverlayRenderer?
        var frames: EncoderFrameSource?
        // H.264 in 4:2:0 needs even sizes: an odd last column or row is left out of the video.
        let encodedWidth = info.storedWidth & ~1, encodedHeight = info.storedHeight & ~1
        if let overlay {
            let w = try VideoFileWriter(
                path: overlay.path, width: encodedWidth, height: encodedHeight, timeBase: reader.timeBase,
                frameRate: reader.averageFrameRate, encoding: overlay.encoding, displayMatrix: reader.displayMatrix,
                audio: reader.audioStream)
            writer = w
            renderer = try OverlayRenderer(geometry: geometry, region: analyzer.region, width: encodedWidth, height: encodedHeight,
                                           frameInterval: frameInterval)
            frames = try EncoderFrameSource(width: encodedWidth, height: encodedHeight)
            logger.debug("rendering: overlay video \(overlay.path), libx264 \(overlay.encoding.preset) crf \(overlay.encoding.crf)")
        }

        let backdrop = tracer.map { TracerBackdrop(requestedTime: $0.time, duration: info.duration) }

        let decoded = DecodeAhead(reader, forwardingAudio: writer?.copiesAudio == true)
        var inFlightBefore = Set<UUID>()
        while let item = try decoded.next() {
            if cancellation?.isCancelled == true { throw AnalysisCancelled() }
            let frame: DecodedFrame
            switch item {
            case .audio(let packet):
                try writer?.writeAudio(packet)
                continue
            case .frame(let f):
                frame = f
            }
            if let joined = frame.reconnection {
                if !joined.timeContinues {
                    // A restarted source: nothing seen before is joined with what is seen now.
                    analyzer.finish()
                    earlier.trajectories += analyzer.observations(analyzer.reported)
                    earlier.analysed += analyzer.analysedCount
                    earlier.capture = earlier.capture.map { $0.merged(with: analyzer.capture) } ?? analyzer.capture
                    analyzer = try FrameAnalyzer(geometry: geometry, settings: settings, frameInterval: frameInterval)
                    inFlightBefore = []
                }
                logger.debug("media: reconnected at frame \(frame.index) after \(joined.attempts) attempt(s), \(String(format: "%.1f", joined.secondsWithoutFrames)) s without frames; \(joined.timeContinues ? "time continues" : "tracking starts afresh")")
                try reconnected?(joined)
            }
            let analyseThis = analyzer.wantsFrame(at: frame.time)
            if analyseThis {
                try analyzer.analyse(luma: frame.luma, stride: frame.lumaStride, frame: frame.index, time: frame.time)
                // Read only when something needs it every frame: reading waits for the tracker
                // to catch up with detection, which otherwise runs a few frames ahead of it.
                let logsFlights = logger.logLevel <= .debug
                let inFlight = logsFlights || frameAnalysed != nil ? analyzer.inFlight : []
                // Which flights began or ended, for the log: only worked out when it is read.
                let ids = logsFlights ? Set(inFlight.map(\.id)) : inFlightBefore
                if ids != inFlightBefore {
                    for track in inFlight where !inFlightBefore.contains(track.id) {
                        logger.debug("tracking: trajectory \(track.id.uuidString.prefix(8)) reported at frame \(frame.index) (\(String(format: "%.3f", frame.time)) s) with \(track.points.count) points")
                    }
                    for id in inFlightBefore.subtracting(ids) {
                        logger.debug("tracking: trajectory \(id.uuidString.prefix(8)) ended before frame \(frame.index)")
                    }
                    inFlightBefore = ids
                }
                if let frameAnalysed {
                    try frameAnalysed(AnalysedFrame(frame: frame.index, time: frame.time, trajectories: analyzer.observations(inFlight),
                                                     camera: analyzer.frameCamera))
                }
            }
            let inFlight = backdrop != nil || renderer != nil ? analyzer.inFlight : []
            try backdrop?.consider(frame, interval: frameInterval, flights: analyseThis ? inFlight : nil)
            if let writer, let renderer, let frames {
                let target = try frames.prepare(from: frame.frame)
                try renderer.show(inFlight)
                try renderer.composite(onto: target)
                try writer.write(target)
            }
            progress?(AnalysisProgress(framesDecoded: frame.index + 1, time: frame.time,
                                       duration: info.duration > 0 ? info.duration : nil))
        }
        // A read interrupted by the cancellation ends the stream early: not a result.
        if cancellation?.isCancelled == true { throw AnalysisCancelled() }
        let integrity = reader.integrity
        guard reader.framesDecoded > 0 else {
            throw MediaError.noDecodableFrames(path: path, codec: info.codecName, detail: integrity.warnings.first)
        }
        analyzer.finish()
        try writer?.finish()
        let analysed = earlier.analysed + analyzer.analysedCount
        let tracker = analyzer.tracker
        let seconds = Date().timeIntervalSince(started)
        logger.debug("media: read \(reader.framesDecoded) frames (\(analysed) analysed) in \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", Double(reader.framesDecoded) / max(seconds, 1e-9))) frames/s")
        logger.debug("tracking: \(tracker.reported.count) trajector\(tracker.reported.count == 1 ? "y" : "ies") reported")

        let trajectories = earlier.trajectories + analyzer.observations(analyzer.reported)
        var warnings = integrity.warnings + reader.warnings + reader.reconnections.map(\.warning)
        if !reader.reconnections.isEmpty, writer?.copiesAudio == true {
            warnings.append("the overlay video's sound stops at the first reconnection")
        }
        let ending: AnalysisEnding = reader.stalled ? .sourceStalled : integrity.stoppedEarlyBecause != nil ? .stoppedEarly
            : OpenedInput.isLive(path) && info.duration <= 0 ? .sourceClosed : .endOfInput
        if ending == .sourceClosed {
            // A live source has no natural end: one that closes the stream has gone away.
            warnings.append("the source closed the stream after \(String(format: "%.1f", reader.decodedDuration)) s")
        }
        if let tracer, let backdrop, let picture = backdrop.frame {
            let data = try TracerRenderer.render(over: picture, geometry: geometry, trajectories: trajectories,
                                                 format: tracer.format, path: tracer.path)
            try AtomicFile.write(data, to: tracer.path)
            logger.debug("rendering: tracer picture \(tracer.path) drawn over the frame at \(String(format: "%.3f", backdrop.time ?? 0)) s")
            if backdrop.endedBeforeRequestedTime, let time = tracer.time {
                warnings.append("the clip ends before \(time) s: the tracer picture is drawn over its last frame, at \(String(format: "%.3f", backdrop.time ?? 0)) s")
            }
        }
        if overlay != nil, info.hasAudio, writer?.copiesAudio == false {
            warnings.append("the audio stream's codec cannot be stored in MP4; the overlay video has no audio")
        }
        if overlay != nil, encodedWidth != info.storedWidth || encodedHeight != info.storedHeight {
            warnings.append("the overlay video is \(encodedWidth)×\(encodedHeight): H.264 needs even sizes, so the last odd column or row of \(info.storedWidth)×\(info.storedHeight) was left out")
        }
        return AnalysisResult(
            source: info, decodedFrameCount: reader.framesDecoded, decodedDuration: reader.decodedDuration,
            integrity: integrity,
            settings: settings,
            applied: analyzer.appliedSettings,
            trajectories: trajectories, warnings: warnings, analysedFrameCount: analysed,
            capture: earlier.capture.map { $0.merged(with: analyzer.capture) } ?? analyzer.capture,
            tracerFrameTime: backdrop?.time, sourceStalled: reader.stalled, ending: ending, reconnections: reader.reconnections)
    }
}

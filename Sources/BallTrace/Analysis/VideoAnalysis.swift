import FoundationEssentials
import Logging

/// The whole job in one pass over the file: decode → detect → track → observe, and the
/// outputs asked for (the overlay video, the tracer picture, a callback at each analysed frame)
/// fed the observations as frames go by.
///
/// It streams: a few decoded frames (decoding runs ahead on its own thread), one encoder frame
/// and the tracks in view are all it holds, whatever the clip's length. The overlay video is
/// causal, like Vision's live overlay: each frame shows the trajectories reported up to that
/// frame, drawn as ``TrajectoryOverlay`` draws them.
public enum VideoAnalysis {
    /// The warning a result analysed as slow motion without being asked carries.
    static func slowMotionFound(_ slowing: Double) -> String {
        "no flight moved as fast as a ball does in life, but one does as slow motion played at least "
            + "\(String(printf: "%g", slowing)) times slower than filmed: analysed so, speeds as if that slow "
            + "(give --slow-motion to say how slow the clip is)"
    }

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
        try run(path: path, settings: settings, overlay: overlay, tracer: tracer, cancellation: cancellation,
                sourceTimeout: sourceTimeout, reconnect: reconnect, logger: logger, progress: progress, reconnected: reconnected,
                frameAnalysed: frameAnalysed, also: [])
    }

    /// ``run(path:settings:overlay:tracer:cancellation:sourceTimeout:reconnect:logger:progress:reconnected:frameAnalysed:)``
    /// with more sinks of the library's own, fed every frame after the others (the shots of a
    /// session record what the overlay shows with one).
    static func run(path: String, settings: AnalysisSettings, overlay: OverlayVideoRequest? = nil,
                    tracer: TracerRequest? = nil, cancellation: Cancellation? = nil,
                    sourceTimeout: Double = 10, reconnect: Bool = false, logger: Logger = Logger(label: "balltrace"),
                    progress: ((AnalysisProgress) -> Void)? = nil,
                    reconnected: ((SourceReconnection) throws -> Void)? = nil,
                    frameAnalysed: ((AnalysedFrame) throws -> Void)? = nil, also extra: [any AnalysisSink]) throws -> AnalysisResult {
        try settings.validate()
        try overlay?.encoding.validate()
        let started = Date()
        let session = try AnalysisSession(path: path, settings: settings, cancellation: cancellation,
                                          sourceTimeout: sourceTimeout, reconnect: reconnect, logger: logger)
        let info = session.info
        if let time = tracer?.time, info.duration > 0, time > info.duration {
            throw AnalysisSettingsError.tracerTimeBeyondClip(time: time, duration: info.duration)
        }
        session.logDetection()

        // The sinks, in the order each frame reaches them.
        var sinks: [any AnalysisSink] = []
        if logger.logLevel <= .debug { sinks.append(FlightLog(logger: logger)) }
        if let frameAnalysed { sinks.append(FrameReports(frameAnalysed)) }
        let tracerSink = tracer.map { TracerSink($0, duration: info.duration, frameInterval: session.frameInterval) }
        if let tracerSink { sinks.append(tracerSink) }
        let video = try overlay.map {
            try OverlayVideoSink($0, reading: session.reader, region: session.analyzer.region, logger: logger)
        }
        if let video { sinks.append(video) }
        sinks += extra

        try session.run(sinks: sinks, progress: progress, reconnected: reconnected)
        try video?.finish()
        session.logSummary(since: started)

        let reader = session.reader
        let integrity = reader.integrity
        let trajectories = session.trajectories
        var warnings = integrity.warnings + reader.warnings + reader.reconnections.map(\.warning)
        if !reader.reconnections.isEmpty, video?.copiesAudio == true {
            warnings.append("the overlay video's sound stops at the first reconnection")
        }
        let ending = session.ending
        if ending == .sourceClosed {
            // A live source has no natural end: one that closes the stream has gone away.
            warnings.append("the source closed the stream after \(String(printf: "%.1f", reader.decodedDuration)) s")
        }
        // A file in which nothing flew as fast as a ball, but something followed for a second or
        // more would be a ball's flight in slow motion: analysed again in that time, once.
        if trajectories.isEmpty, settings.slowMotion == 1, frameAnalysed == nil, extra.isEmpty, ending == .endOfInput,
           path != "-", !OpenedInput.isLive(path), reader.reconnections.isEmpty,
           let slowing = session.analyzer.slowingThatWouldMakeAFlight {
            var slowed = settings
            slowed.slowMotion = slowing
            logger.debug("tracking: no flight; a path followed would be one in slow motion \(Int(slowing)) times, analysing again")
            var again = try run(path: path, settings: slowed, overlay: overlay, tracer: tracer, cancellation: cancellation,
                                sourceTimeout: sourceTimeout, reconnect: reconnect, logger: logger, progress: progress,
                                reconnected: reconnected, frameAnalysed: nil, also: [])
            if !again.trajectories.isEmpty {
                again.warnings.insert(Self.slowMotionFound(slowing), at: 0)
                return again
            }
            // Nothing in that time either: the first analysis stands (the overlay video written
            // again shows no flight either; the tracer picture is written below).
        }
        warnings += try tracerSink?.write(trajectories, geometry: info.geometry, logger: logger) ?? []
        warnings += video?.warnings ?? []
        return AnalysisResult(
            source: info, decodedFrameCount: reader.framesDecoded, decodedDuration: reader.decodedDuration,
            integrity: integrity,
            settings: settings,
            applied: session.analyzer.appliedSettings,
            trajectories: trajectories, warnings: warnings, analysedFrameCount: session.analysedCount,
            capture: session.capture,
            tracerFrameTime: tracerSink?.frameTime, sourceStalled: reader.stalled, ending: ending,
            reconnections: reader.reconnections, stageTimes: session.stageTimes)
    }
}

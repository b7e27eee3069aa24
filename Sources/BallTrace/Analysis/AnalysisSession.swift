import FoundationEssentials
import Logging

/// One analysis of one source, as a pipeline: read → detect → track → observe, every decoded
/// frame then handed to the sinks (``AnalysisSink``) with the flights in view as observations.
///
/// It streams: a few decoded frames (decoding runs ahead on its own thread, see `DecodeAhead`)
/// and the tracks in view are all it holds, whatever the clip's length. A live source that comes
/// back from a reconnection with its time started afresh starts the tracking afresh too: what
/// was found before is kept, and joined to what is found after in ``trajectories``.
final class AnalysisSession {
    let path: String
    let settings: AnalysisSettings
    let reader: MediaDecoder
    /// Seconds between frames, 0 when the stream does not say.
    let frameInterval: Double
    private(set) var analyzer: FrameAnalyzer
    private let cancellation: Cancellation?
    private let logger: Logger
    /// What tracking found before a reconnection that started it afresh.
    private var earlier = (trajectories: [TrajectoryObservation](), analysed: 0, capture: CaptureSummary?.none, stageTimes: StageTimes())

    /// Opens the source and sets up detection for it; the parameters are those of
    /// `VideoAnalysis.run`.
    init(path: String, settings: AnalysisSettings, cancellation: Cancellation?, sourceTimeout: Double, reconnect: Bool,
         logger: Logger) throws {
        self.path = path
        self.settings = settings
        self.cancellation = cancellation
        self.logger = logger
        let interruption = InterruptFlag()
        interruption.stallTimeout = max(0, sourceTimeout)
        cancellation?.whenCancelled { interruption.set() }
        do {
            reader = try MediaDecoder(path: path, interruption: interruption,
                                      reconnect: reconnect ? ReconnectPolicy(window: max(0, sourceTimeout)) : nil)
        } catch where cancellation?.isCancelled == true {
            throw AnalysisCancelled()  // a stream that never answered, given up
        }
        let info = reader.info
        logger.debug("media: opened \(path == "-" ? "standard input" : path): \(info.codecName), \(info.storedWidth)×\(info.storedHeight) stored, turned \(info.rotation.rawValue)°, \(String(printf: "%.3f", info.frameRate)) fps, \(info.duration > 0 ? String(printf: "%.2f s", info.duration) : "length unknown")\(info.hasAudio ? ", with audio" : "")")
        frameInterval = info.frameRate > 0 ? 1 / info.frameRate : 0
        analyzer = try FrameAnalyzer(geometry: info.geometry, settings: settings, frameInterval: frameInterval)
    }

    var info: VideoSourceInfo { reader.info }

    /// Logs how detection was set up for this source.
    func logDetection() {
        let detector = analyzer.detector
        logger.debug("detection: \(detector.method) on \(detector.analysisWidth)×\(detector.analysisHeight), ball radius \(String(printf: "%.1f", analyzer.minimumRadius))…\(String(printf: "%.1f", analyzer.maximumRadius)) px\(analyzer.region.map { " inside \(Int($0.x)),\(Int($0.y)) \(Int($0.width))×\(Int($0.height)) px" } ?? "")")
    }

    /// Reads the source to its end, analysing the frames the settings ask for and handing every
    /// frame to `sinks` in turn; then ends the tracking (flights still in the air are complete).
    ///
    /// - Throws: ``AnalysisCancelled`` once the cancellation is set; ``MediaError`` for a source
    ///   without one decodable frame; whatever a sink or a callback throws.
    func run(sinks: [any AnalysisSink], progress: ((AnalysisProgress) -> Void)?,
             reconnected: ((SourceReconnection) throws -> Void)?) throws {
        for sink in sinks { try sink.opened(reader) }
        let needs = sinks.reduce(SinkNeeds()) { $0.union($1.needs) }
        let duration = info.duration
        let decoded = DecodeAhead(reader, depth: DecodeAhead.depth(width: info.storedWidth, height: info.storedHeight),
                                  forwardingAudio: needs.contains(.audio))
        var inView = InFlightObservations()
        while let item = try decoded.next() {
            if cancellation?.isCancelled == true { throw AnalysisCancelled() }
            let frame: DecodedFrame
            switch item {
            case .audio(let packet):
                for sink in sinks { try sink.audio(packet) }
                continue
            case .frame(let f):
                frame = f
            }
            if let joined = frame.reconnection {
                if !joined.timeContinues {
                    try startAfresh()
                    inView = InFlightObservations()
                }
                logger.debug("media: reconnected at frame \(frame.index) after \(joined.attempts) attempt(s), \(String(printf: "%.1f", joined.secondsWithoutFrames)) s without frames; \(joined.timeContinues ? "time continues" : "tracking starts afresh")")
                try reconnected?(joined)
            }
            let analysed = analyzer.wantsFrame(at: frame.time)
            if analysed {
                try analyzer.analyse(luma: frame.luma, stride: frame.lumaStride, frame: frame.index, time: frame.time)
            }
            var report: AnalysedFrame?
            if needs.contains(.flightsEveryFrame) || analysed && !needs.isDisjoint(with: [.flightsWhenAnalysed, .reports]) {
                let tracks = analyzer.inFlight
                inView.update(tracks, from: analyzer)
                if analysed && needs.contains(.reports) {
                    report = AnalysedFrame(frame: frame.index, time: frame.time, trajectories: analyzer.observations(tracks),
                                           camera: analyzer.frameCamera, takenAt: analyzer.lastTakenAt)
                }
            }
            let seen = SessionFrame(decoded: frame, analysed: analysed, inFlight: inView.observations, report: report)
            for sink in sinks { try sink.take(seen) }
            progress?(AnalysisProgress(framesDecoded: frame.index + 1, time: frame.time, duration: duration > 0 ? duration : nil))
        }
        // A read interrupted by the cancellation ends the stream early: not a result.
        if cancellation?.isCancelled == true { throw AnalysisCancelled() }
        guard reader.framesDecoded > 0 else {
            throw MediaError.noDecodableFrames(path: path, codec: info.codecName, detail: reader.integrity.warnings.first)
        }
        analyzer.finish()
    }

    /// A restarted source: nothing seen before is joined with what is seen now.
    private func startAfresh() throws {
        analyzer.finish()
        earlier.trajectories += analyzer.observations(analyzer.reported)
        earlier.analysed += analyzer.analysedCount
        earlier.capture = earlier.capture.map { $0.merged(with: analyzer.capture) } ?? analyzer.capture
        earlier.stageTimes = earlier.stageTimes.adding(analyzer.stageTimes)
        analyzer = try FrameAnalyzer(geometry: info.geometry, settings: settings, frameInterval: frameInterval)
    }

    /// Every trajectory reported, once ``run(sinks:progress:reconnected:)`` returned.
    var trajectories: [TrajectoryObservation] { earlier.trajectories + analyzer.observations(analyzer.reported) }
    var analysedCount: Int { earlier.analysed + analyzer.analysedCount }
    var capture: CaptureSummary { earlier.capture.map { $0.merged(with: analyzer.capture) } ?? analyzer.capture }
    /// Where the analysis spent its CPU time, every source opened together.
    var stageTimes: StageTimes { earlier.stageTimes.adding(analyzer.stageTimes) }

    /// Why reading ended.
    var ending: AnalysisEnding {
        reader.stalled ? .sourceStalled : reader.integrity.stoppedEarlyBecause != nil ? .stoppedEarly
            : OpenedInput.isLive(path) && info.duration <= 0 ? .sourceClosed : .endOfInput
    }

    /// Logs how much was read, how fast, and what tracking reported.
    func logSummary(since started: Date) {
        let seconds = Date().timeIntervalSince(started)
        logger.debug("media: read \(reader.framesDecoded) frames (\(analysedCount) analysed) in \(String(printf: "%.2f", seconds)) s, \(String(printf: "%.0f", Double(reader.framesDecoded) / max(seconds, 1e-9))) frames/s")
        let reported = analyzer.tracker.reported.count
        logger.debug("tracking: \(reported) trajector\(reported == 1 ? "y" : "ies") reported")
        logger.debug("stages: \(stageTimes.summary)")
    }
}

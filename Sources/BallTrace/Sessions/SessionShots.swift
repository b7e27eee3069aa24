import FoundationEssentials
import Logging

/// What `balltrace shots` asks of one session: where it is, how to analyse it, where its shots go.
package struct SessionShotsRequest: Sendable {
    package var path: String
    /// The folder that receives `shots.json`, `shots.csv`, `analysis.json`, `report.html` and
    /// `shot-NN.mp4`; it must exist.
    package var folder: String
    package var settings: AnalysisSettings
    /// Seconds of the session each clip shows before impact, and after the flight's end.
    package var preRoll: Double
    package var postRoll: Double
    package var encoding: VideoEncoding
    /// How the clips draw the flights.
    package var drawing: OverlayDrawing

    /// How the clips are encoded unless asked otherwise: libx264 `ultrafast`, where an overlay
    /// video is `veryfast`. Each clip is encoded again from the session, which at 1080p is most of
    /// what a shot costs beyond the analysis, and a session's clips are short and many:
    /// `ultrafast` takes about half of `veryfast`'s CPU a clip and half its memory (one encoder per
    /// clip being written), for clips about 2.7 times larger at the same rate factor (a 10-minute
    /// 1080p session with 20 shots: 1.71 of FFmpeg's decoding against 2.07,
    /// `scripts/benchmark.sh --session-only`).
    package static let clipEncoding = VideoEncoding(preset: "ultrafast", crf: VideoEncoding.default.crf)

    package init(path: String, folder: String, settings: AnalysisSettings, preRoll: Double = 2, postRoll: Double = 1,
                 encoding: VideoEncoding = clipEncoding, drawing: OverlayDrawing = .vision) {
        self.drawing = drawing
        self.path = path
        self.folder = folder
        self.settings = settings
        self.preRoll = preRoll
        self.postRoll = postRoll
        self.encoding = encoding
    }

    package var logPath: String { "\(folder)/shots.json" }
    /// The session's analysis, the document `balltrace analyze --json` writes: where each
    /// shot's `trajectory` UUID is found (UUIDs differ from one analysis to the next).
    package var analysisPath: String { "\(folder)/analysis.json" }
    package var tablePath: String { "\(folder)/shots.csv" }
    /// The shot report, one self-contained HTML file (``ShotReport``).
    package var reportPath: String { "\(folder)/report.html" }
    package func clipPath(_ shot: Shot) -> String { "\(folder)/\(shot.clipName)" }
}

/// One session's shots, once written.
package struct SessionShotsResult: Sendable {
    package var analysis: AnalysisResult
    package var shots: [Shot]
    package var log: ShotLog
    /// Frames decoded the second time, to cut the clips, and the seeks that spared the rest.
    package var framesReadForClips: Int
    package var seeksForClips: Int
    /// The strikes heard in the session's sound, shots or not; nil when it has no sound.
    package var strikes: [Strike]?
    /// The analysis's warnings, and those of the clips.
    package var warnings: [String]
}

/// A range session in, shots out: the session is analysed once, and listened to in the same
/// pass (``StrikeListener``); its shots are found among the trajectories (``ShotFinder``) and
/// timed by the strikes heard with them (``ShotHearing``); each shot's clip written with its
/// flight drawn on it (``ShotClipPass``, which also draws each shot's tracer picture), then the
/// analysis document (`analysis.json`, which the log's UUIDs refer to), the shot table
/// `shots.csv`, the shot report `report.html` (``ShotReport``) and the shot log `shots.json`.
/// Every file appears complete or not at all; the log, written last, names only clips that exist.
package enum SessionShots {
    package static func run(_ request: SessionShotsRequest, cancellation: Cancellation? = nil,
                            logger: Logger = Logger(label: "balltrace"),
                            progress: ((AnalysisProgress) -> Void)? = nil) throws -> SessionShotsResult {
        // Found out now rather than after a long analysis.
        try AtomicFile.checkWritableFolder(for: request.logPath)
        try request.encoding.validate()
        let timeline = OverlayTimeline()
        let listener = StrikeListener()
        let analysis = try VideoAnalysis.run(path: request.path, settings: request.settings, cancellation: cancellation,
                                             logger: logger, progress: progress, also: [timeline, listener])
        let strikes = listener.envelope.map(StrikeDetector.strikes(in:))
        let frameRate = analysis.source.frameRate
        let seen = ShotFinder.shots(in: analysis.trajectories, fromTee: request.settings.tee != nil)
        let shots = ShotHearing.fuse(seen, strikes: strikes, frameInterval: frameRate > 0 ? 1 / frameRate : 0)
        if let strikes {
            logger.debug("sound: \(strikes.count) strike\(strikes.count == 1 ? "" : "s") heard at \(strikes.map { String(printf: "%.3f s", $0.onset) }.joined(separator: ", ")); \(shots.count { $0.heard == true }) of \(shots.count) shots heard")
        }
        let duration = analysis.decodedDuration
        let trajectories = Dictionary(analysis.trajectories.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let clips = shots.map {
            ShotClipPass.Clip(path: request.clipPath($0),
                              span: $0.clipSpan(preRoll: request.preRoll, postRoll: request.postRoll, duration: duration),
                              flights: Set([$0.trajectory] + $0.continuations),
                              still: ShotClipPass.Still(time: $0.flightEndTime,
                                                        flights: ([$0.trajectory] + $0.continuations).compactMap { trajectories[$0] },
                                                        reportPath: request.reportPath))
        }
        let pass = ShotClipPass(path: request.path, clips: clips, timeline: timeline, settings: request.settings,
                                encoding: request.encoding, drawing: request.drawing, cancellation: cancellation, logger: logger)
        let frames = try pass.run()
        logger.debug("shots: \(shots.count) clip\(shots.count == 1 ? "" : "s") from \(pass.framesRead) frames read again, \(pass.seeks) seek\(pass.seeks == 1 ? "" : "s")")
        // A log never names a clip that is not there.
        if let (shot, _) = zip(shots, frames).first(where: { $0.1 == 0 }) {
            throw MediaError.decodeFailed(path: request.path, reason: "read a second time, it had no frame for the clip of shot \(shot.number) (\(String(printf: "%.2f", shot.impactTime)) s)")
        }
        let log = ShotLog(shots: shots, preRoll: request.preRoll, postRoll: request.postRoll, duration: duration)
        try AtomicFile.write(try AnalysisDocument(result: analysis).jsonData(), to: request.analysisPath)
        try AtomicFile.write(Data(log.csvText.utf8), to: request.tablePath)
        let report = Self.report(request, analysis: analysis, log: log, shots: shots, clips: clips, pictures: pass.pictures)
        try AtomicFile.write(Data(report.html.utf8), to: request.reportPath)
        try AtomicFile.write(try log.jsonData(), to: request.logPath)
        return SessionShotsResult(analysis: analysis, shots: shots, log: log, framesReadForClips: pass.framesRead,
                                  seeksForClips: pass.seeks, strikes: strikes,
                                  warnings: analysis.warnings + listener.warnings + pass.warnings)
    }

    /// The report of the shots: their pictures from the clips' pass, their flights plotted.
    private static func report(_ request: SessionShotsRequest, analysis: AnalysisResult, log: ShotLog, shots: [Shot],
                               clips: [ShotClipPass.Clip], pictures: [(picture: ReportPicture, time: Double)?]) -> ShotReport {
        let geometry = analysis.source.geometry
        let parts = shots.indices.map { i in
            let shot = shots[i]
            let flight = ShotFlightSeries(flights: clips[i].still?.flights ?? [], impactTime: shot.impactTime,
                                          frameWidth: geometry.displayedWidth, frameHeight: geometry.displayedHeight)
            return ShotReport.Shot(number: shot.number, impactTime: shot.impactTime, clip: shot.clipName, picture: pictures[i]?.picture,
                                   pictureTime: pictures[i]?.time ?? shot.flightEndTime, flight: flight)
        }
        return ShotReport(session: URL(fileURLWithPath: request.path).lastPathComponent, log: log, shots: parts)
    }
}

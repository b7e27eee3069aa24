import Logging

/// The tracer picture as an output of an analysis: its backdrop chosen while the clip is read
/// (``TracerBackdrop``), every flight drawn over it once the clip has been read.
final class TracerSink: AnalysisSink {
    let request: TracerRequest
    private let backdrop: TracerBackdrop
    private let frameInterval: Double

    /// - Parameters:
    ///   - duration: the clip's declared length (0 when unknown).
    ///   - frameInterval: seconds between frames, 0 when unknown.
    init(_ request: TracerRequest, duration: Double, frameInterval: Double) {
        self.request = request
        self.frameInterval = frameInterval
        backdrop = TracerBackdrop(requestedTime: request.time, duration: duration)
    }

    var needs: SinkNeeds { .flightsWhenAnalysed }

    func take(_ frame: SessionFrame) throws {
        try backdrop.consider(frame.decoded, interval: frameInterval, flights: frame.analysed ? frame.inFlight : nil)
    }

    /// The time of the frame drawn over, once one was seen.
    var frameTime: Double? { backdrop.time }

    /// Draws `trajectories` over the chosen frame and writes the picture (nothing when no frame
    /// was seen); returns the warnings to report.
    func write(_ trajectories: [TrajectoryObservation], geometry: FrameGeometry, logger: Logger) throws -> [String] {
        guard let picture = backdrop.frame else { return [] }
        let data = try TracerRenderer.render(over: picture, geometry: geometry, trajectories: trajectories,
                                             format: request.format, path: request.path)
        try AtomicFile.write(data, to: request.path)
        let time = String(printf: "%.3f", backdrop.time ?? 0)
        logger.debug("rendering: tracer picture \(request.path) drawn over the frame at \(time) s")
        if backdrop.endedBeforeRequestedTime, let requested = request.time {
            return ["the clip ends before \(requested) s: the tracer picture is drawn over its last frame, at \(time) s"]
        }
        return []
    }
}

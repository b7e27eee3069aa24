import FoundationEssentials

/// Vision's `VNSequenceRequestHandler`: performs requests on the frames of one sequence, in
/// order, carrying each request's tracking state from frame to frame.
///
/// One handler follows one sequence; two handlers share nothing, so two clips can be analysed
/// on two threads at once.
public final class SequenceRequestHandler {
    private var states: [ObjectIdentifier: SequenceState] = [:]

    public init() {}

    /// Analyses `frame` for each request and updates its ``DetectTrajectoriesRequest/results``.
    ///
    /// A request's region of interest, radius bounds, coordinate system and scale are read at
    /// every call, as Vision reads them: a change applies from this frame on.
    ///
    /// - Parameter orientation: how the buffer is turned relative to the picture a viewer sees
    ///   (Vision's `.right` for a buffer stored sideways); nil: as the frame says (its file's
    ///   display matrix, or upright).
    public func perform(_ requests: [DetectTrajectoriesRequest], on frame: VideoFrame,
                        orientation: FrameOrientation? = nil) throws {
        for request in requests {
            do {
                let key = ObjectIdentifier(request)
                let state = try states[key] ?? SequenceState(request: request)
                states[key] = state
                try state.perform(frame, rotation: orientation?.rotation ?? frame.rotation, settings: request.settings())
                request.results = state.results
                request.completionHandler?(request, nil)
            } catch {
                request.completionHandler?(request, error)
                throw error
            }
        }
    }
}

/// What a handler keeps for one request: the analysis, once the first frames have said what
/// it needs (size, orientation, frame interval).
private final class SequenceState {
    private var settings: AnalysisSettings
    private var analyzer: FrameAnalyzer?
    /// The first frame, kept until the second gives the frame interval (when no file said).
    private var first: (frame: VideoFrame, geometry: FrameGeometry)?
    private var framesSeen = 0
    private var lastTime: Double?
    private(set) var results: [TrajectoryObservation]?

    init(request: DetectTrajectoriesRequest) throws {
        settings = try request.settings()
    }

    func perform(_ frame: VideoFrame, rotation: DisplayRotation, settings new: AnalysisSettings) throws {
        if let analyzer {
            try analyzer.refilter(new)
        } else {
            settings = new
        }
        if let lastTime, frame.time <= lastTime { throw VideoFrameError.timeNotIncreasing(previous: lastTime, time: frame.time) }
        lastTime = frame.time
        let geometry = FrameGeometry(storedWidth: frame.width, storedHeight: frame.height, rotation: rotation)
        if let analyzer {
            guard analyzer.geometry == geometry else {
                throw VideoFrameError.frameChanged(from: analyzer.geometry, to: geometry)
            }
            try analyse(frame, analyzer)
        } else if let interval = frame.nominalInterval {
            let analyzer = try FrameAnalyzer(geometry: geometry, settings: settings, frameInterval: interval)
            self.analyzer = analyzer
            try analyse(frame, analyzer)
        } else if let first {
            guard first.geometry == geometry else { throw VideoFrameError.frameChanged(from: first.geometry, to: geometry) }
            let analyzer = try FrameAnalyzer(geometry: geometry, settings: settings, frameInterval: frame.time - first.frame.time)
            self.analyzer = analyzer
            self.first = nil
            try analyse(first.frame, analyzer)
            try analyse(frame, analyzer)
        } else {
            // Settings that cannot suit this size are reported now, not a frame later.
            try settings.validate(shorterSide: geometry.shorterSide)
            first = (frame, geometry)
            results = []
        }
    }

    private func analyse(_ frame: VideoFrame, _ analyzer: FrameAnalyzer) throws {
        let index = framesSeen
        framesSeen += 1
        if analyzer.wantsFrame(at: frame.time) {
            try frame.withLuma { try analyzer.analyse(luma: $0, stride: frame.bytesPerRow, frame: index, time: frame.time) }
        }
        results = analyzer.observations(analyzer.inFlight)
    }
}

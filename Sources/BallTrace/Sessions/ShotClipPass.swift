import FoundationEssentials
import Logging

/// The second reading of a session, after its analysis: each shot's span of it written as a
/// clip with the shot's flight drawn on it, as the overlay video of `analyze --video` draws it
/// (the same ``OverlayVideoSink``, fed what the analysis showed, from an ``OverlayTimeline``),
/// with the source's sound when MP4 can hold it; and, for the shot report, each shot's tracer
/// picture, drawn over the clip's frame at the flight's end as it goes by.
///
/// One reading, every clip written as its frames go by (spans that overlap are written side by
/// side), stopping after the last clip's end. Between clips more than ``seekDistance`` apart it
/// seeks to the key frame before the next one rather than decode what lies between, so a long
/// session is decoded once for the analysis and then only around its shots.
final class ShotClipPass {
    /// One clip to write: where, the seconds of the session it shows, and the flights drawn
    /// on it (the shot's own, and those that continue it: not the tail of the shot before).
    struct Clip {
        var path: String
        var span: ClosedRange<Double>
        var flights: Set<UUID>
        /// The report's picture of the shot, if one is wanted.
        var still: Still?
    }

    /// The frame of a clip that the report's picture of its shot is drawn over, and what is drawn.
    struct Still {
        /// Seconds from the session's start: the first frame at or after it is taken (the
        /// flight's last detection, which is inside the clip).
        var time: Double
        /// The shot's trajectories as the analysis ended them, predicted path and figures included.
        var flights: [TrajectoryObservation]
        /// The report the picture is for, named in errors.
        var reportPath: String
    }

    /// Seconds of the session ahead of the next clip beyond which a seek is cheaper than decoding.
    static let seekDistance = 3.0

    private let path: String
    /// In the order they start.
    private let clips: [Clip]
    private let timeline: OverlayTimeline
    private let settings: AnalysisSettings
    private let encoding: VideoEncoding
    private let drawing: OverlayDrawing
    private let cancellation: Cancellation?
    private let logger: Logger
    /// What the clips leave out of the session (its sound, when MP4 cannot hold it; an odd
    /// last row or column), once ``run()`` opened one.
    private(set) var warnings: [String] = []
    private var warned = false
    /// Frames decoded by ``run()``, and the seeks it made.
    private(set) var framesRead = 0
    private(set) var seeks = 0
    /// After ``run()``, each clip's picture and the time of its frame (seconds from the
    /// session's start), in the order the clips were given; nil where none was wanted or the
    /// clip ended first.
    private(set) var pictures: [(picture: ReportPicture, time: Double)?] = []

    init(path: String, clips: [Clip], timeline: OverlayTimeline, settings: AnalysisSettings, encoding: VideoEncoding,
         drawing: OverlayDrawing = .vision, cancellation: Cancellation?, logger: Logger) {
        self.drawing = drawing
        self.path = path
        self.clips = clips
        self.timeline = timeline
        self.settings = settings
        self.encoding = encoding
        self.cancellation = cancellation
        self.logger = logger
    }

    /// Writes every clip; returns the frames each holds (0 for one whose span has no frame),
    /// in the order the clips were given.
    ///
    /// - Throws: ``AnalysisCancelled`` once the cancellation is set; ``MediaError`` when the
    ///   session cannot be read again or a clip cannot be written. Clips finished before stay;
    ///   those being written are removed.
    func run() throws -> [Int] {
        pictures = Array(repeating: nil, count: clips.count)
        guard !clips.isEmpty else { return [] }
        let order = clips.indices.sorted { clips[$0].span.lowerBound < clips[$1].span.lowerBound }
        let interruption = InterruptFlag()
        cancellation?.whenCancelled { interruption.set() }
        let reader = try MediaDecoder(path: path, interruption: interruption)
        let region = FrameAnalyzer.bounds(settings, reader.info.geometry).region
        // Half a frame either side: a span's ends are frame times computed, not read.
        let slack = reader.info.frameRate > 0 ? 0.5 / reader.info.frameRate : 1e-3
        var decoded: DecodeAhead? = DecodeAhead(reader, forwardingAudio: reader.info.hasAudio)
        var writers: [Int: OverlayVideoSink] = [:]
        var waitingAudio: [Int: [OwnedPacket]] = [:]
        var beforeFirstFrame: [OwnedPacket] = []
        var done = Set<Int>()
        var frames = Array(repeating: 0, count: clips.count)
        var origin: Int64?
        var soughtFor = Set<Int>()
        // The broadcast tracer is drawn from each flight's whole course, known by now.
        let whole = drawing == .vision ? [] : clips.map { timeline.lastObservations(of: $0.flights) }

        func route(_ packet: OwnedPacket, origin: Int64) throws {
            guard let time = reader.time(ofAudio: packet, origin: origin) else { return }
            for (i, clip) in clips.enumerated() where !done.contains(i) && clip.span.contains(time) {
                if let writer = writers[i] { try writer.audio(packet) } else { waitingAudio[i, default: []].append(packet) }
            }
        }

        while done.count < clips.count, let item = try decoded?.next() {
            if cancellation?.isCancelled == true { throw AnalysisCancelled() }
            guard case .frame(let frame) = item else {
                if case .audio(let packet) = item {
                    if let origin { try route(packet, origin: origin) } else { beforeFirstFrame.append(packet) }
                }
                continue
            }
            framesRead += 1
            if origin == nil {
                origin = frame.timestamp
                for packet in beforeFirstFrame { try route(packet, origin: frame.timestamp) }
                beforeFirstFrame = []
            }
            for (i, clip) in clips.enumerated() where !done.contains(i) {
                if frame.time > clip.span.upperBound + slack {
                    try writers.removeValue(forKey: i)?.finish()
                    done.insert(i)
                    continue
                }
                guard frame.time >= clip.span.lowerBound - slack else { continue }
                let writer = try writers[i] ?? open(clip, at: frame, reader: reader, region: region,
                                                     audio: waitingAudio.removeValue(forKey: i) ?? [])
                writers[i] = writer
                if pictures[i] == nil, let still = clip.still, frame.time >= still.time - slack {
                    let picture = try ShotPicture.render(over: frame.frame, geometry: reader.info.geometry, flights: still.flights,
                                                         path: still.reportPath)
                    pictures[i] = (picture, frame.time)
                }
                let shown = drawing == .vision ? timeline.inFlight(at: frame.time).filter { clip.flights.contains($0.uuid) } : whole[i]
                try writer.take(SessionFrame(decoded: frame, analysed: false, inFlight: shown, report: nil))
                frames[i] += 1
            }
            // Far from the next clip, with none being written: skip ahead, once per clip (a seek
            // that lands no nearer, in a file of rare key frames, is not made again).
            if writers.isEmpty, let next = order.first(where: { !done.contains($0) }), !soughtFor.contains(next),
               clips[next].span.lowerBound - frame.time > Self.seekDistance {
                soughtFor.insert(next)
                decoded = nil  // its decoding thread stops: the reader is this thread's until the next one
                decoded = try skip(reader, to: clips[next].span.lowerBound - slack, audio: reader.info.hasAudio)
                // Audio read ahead before the seek comes again after it.
                waitingAudio = [:]
            }
        }
        if cancellation?.isCancelled == true { throw AnalysisCancelled() }
        for i in order { try writers.removeValue(forKey: i)?.finish() }
        return frames
    }

    /// Seeks `reader` to the key frame before `time` and reads on from there (from where it was,
    /// if the input cannot seek). The reader's decoding thread has stopped: it is this thread's.
    private func skip(_ reader: MediaDecoder, to time: Double, audio: Bool) throws -> DecodeAhead {
        do {
            try reader.seek(to: time)
            seeks += 1
        } catch let error as MediaError {
            logger.debug("shots: reading on without seeking: \(error)")
        }
        return DecodeAhead(reader, forwardingAudio: audio)
    }

    /// Starts a clip at its first frame, which becomes its time 0, with the sound that came before it.
    private func open(_ clip: Clip, at frame: DecodedFrame, reader: MediaDecoder, region: PixelRect?,
                      audio: [OwnedPacket]) throws -> OverlayVideoSink {
        let writer = try OverlayVideoSink(OverlayVideoRequest(path: clip.path, encoding: encoding, drawing: drawing), reading: reader, region: region,
                                          logger: logger, startTimestamp: frame.timestamp)
        for packet in audio { try writer.audio(packet) }
        if !warned {
            warned = true
            let info = reader.info
            if info.hasAudio && !writer.copiesAudio {
                warnings.append("the audio stream's codec cannot be stored in MP4; the shot clips have no sound")
            }
            if info.storedWidth % 2 != 0 || info.storedHeight % 2 != 0 {
                warnings.append("the shot clips are \(info.storedWidth & ~1)×\(info.storedHeight & ~1): H.264 needs even sizes, so the last odd column or row of \(info.storedWidth)×\(info.storedHeight) was left out")
            }
        }
        return writer
    }
}

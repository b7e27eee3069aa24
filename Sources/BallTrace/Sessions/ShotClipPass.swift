import Foundation
import Logging

/// The second reading of a session, after its analysis: each shot's span of it written as a
/// clip with the shot's flight drawn on it, as the overlay video of `analyze --video` draws it
/// (the same ``OverlayVideoSink``, fed what the analysis showed, from an ``OverlayTimeline``),
/// with the source's sound when MP4 can hold it.
///
/// One reading from the start, every clip written as its frames go by (spans that overlap are
/// written side by side), stopping after the last clip's end: a session is decoded once for
/// the analysis and at most once more, however many shots it has.
final class ShotClipPass {
    /// One clip to write: where, the seconds of the session it shows, and the flights drawn
    /// on it (the shot's own, and those that continue it: not the tail of the shot before).
    struct Clip {
        var path: String
        var span: ClosedRange<Double>
        var flights: Set<UUID>
    }

    private let path: String
    private let clips: [Clip]
    private let timeline: OverlayTimeline
    private let settings: AnalysisSettings
    private let encoding: VideoEncoding
    private let cancellation: Cancellation?
    private let logger: Logger
    /// What the clips leave out of the session (its sound, when MP4 cannot hold it; an odd
    /// last row or column), once ``run()`` opened one.
    private(set) var warnings: [String] = []

    init(path: String, clips: [Clip], timeline: OverlayTimeline, settings: AnalysisSettings, encoding: VideoEncoding,
         cancellation: Cancellation?, logger: Logger) {
        self.path = path
        self.clips = clips
        self.timeline = timeline
        self.settings = settings
        self.encoding = encoding
        self.cancellation = cancellation
        self.logger = logger
    }

    /// Writes every clip; returns the frames each holds (0 for one whose span has no frame).
    ///
    /// - Throws: ``AnalysisCancelled`` once the cancellation is set; ``MediaError`` when the
    ///   session cannot be read again or a clip cannot be written. Clips finished before stay;
    ///   the one being written is removed.
    func run() throws -> [Int] {
        guard !clips.isEmpty else { return [] }
        let interruption = InterruptFlag()
        cancellation?.whenCancelled { interruption.set() }
        let reader = try MediaDecoder(path: path, interruption: interruption)
        let region = FrameAnalyzer.bounds(settings, reader.info.geometry).region
        // Half a frame either side: a span's ends are frame times computed, not read.
        let slack = reader.info.frameRate > 0 ? 0.5 / reader.info.frameRate : 1e-3
        let decoded = DecodeAhead(reader, forwardingAudio: reader.info.hasAudio)
        var writers: [Int: OverlayVideoSink] = [:]
        var waitingAudio: [Int: [OwnedPacket]] = [:]
        var beforeFirstFrame: [OwnedPacket] = []
        var done = Set<Int>()
        var frames = Array(repeating: 0, count: clips.count)
        var origin: Int64?

        func route(_ packet: OwnedPacket, origin: Int64) throws {
            guard let time = reader.time(ofAudio: packet, origin: origin) else { return }
            for (i, clip) in clips.enumerated() where !done.contains(i) && clip.span.contains(time) {
                if let writer = writers[i] { try writer.audio(packet) } else { waitingAudio[i, default: []].append(packet) }
            }
        }

        while done.count < clips.count, let item = try decoded.next() {
            if cancellation?.isCancelled == true { throw AnalysisCancelled() }
            switch item {
            case .audio(let packet):
                if let origin { try route(packet, origin: origin) } else { beforeFirstFrame.append(packet) }
            case .frame(let frame):
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
                    let shown = timeline.inFlight(atFrame: frame.index).filter { clip.flights.contains($0.uuid) }
                    try writer.take(SessionFrame(decoded: frame, analysed: false, inFlight: shown, report: nil))
                    frames[i] += 1
                }
            }
        }
        if cancellation?.isCancelled == true { throw AnalysisCancelled() }
        for i in clips.indices.sorted() { try writers.removeValue(forKey: i)?.finish() }
        return frames
    }

    /// Starts a clip at its first frame, which becomes its time 0, with the sound that came before it.
    private func open(_ clip: Clip, at frame: DecodedFrame, reader: MediaDecoder, region: PixelRect?,
                      audio: [OwnedPacket]) throws -> OverlayVideoSink {
        let writer = try OverlayVideoSink(OverlayVideoRequest(path: clip.path, encoding: encoding), reading: reader, region: region,
                                          logger: logger, startTimestamp: frame.timestamp)
        for packet in audio { try writer.audio(packet) }
        if warnings.isEmpty { warnings = writer.warnings }
        return writer
    }
}

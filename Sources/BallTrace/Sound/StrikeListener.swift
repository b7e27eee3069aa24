import FoundationEssentials

/// Listens to a session while it is analysed: one more sink of the analysis (``AnalysisSink``)
/// that decodes the audio packets the reader already reads for it, in the same pass, and keeps
/// the sound's ``SoundEnvelope`` only. Decoding AAC and filtering it costs well under 1 % of
/// decoding the video.
final class StrikeListener: AnalysisSink {
    private var decoder: AudioSampleDecoder?
    private var builder: SoundEnvelopeBuilder?
    private var origin: Double?
    private weak var reader: MediaDecoder?
    /// Whether the session has an audio stream at all, and whether it could be decoded.
    private(set) var hasAudio = false
    private(set) var warnings: [String] = []

    var needs: SinkNeeds { decoder == nil ? [] : .audio }

    func opened(_ reader: MediaDecoder) throws {
        self.reader = reader
        hasAudio = reader.info.hasAudio
        guard hasAudio else { return }
        decoder = reader.makeAudioDecoder()
        if let decoder {
            builder = SoundEnvelopeBuilder(sampleRate: decoder.sampleRate)
            if Double(decoder.sampleRate) < 2.5 * SoundEnvelope.highBandCutoff {
                warnings.append("the sound is sampled at \(decoder.sampleRate) Hz, too low to hear a strike's click; shots found by sight alone")
                self.decoder = nil
                builder = nil
            }
        } else {
            warnings.append("the session's sound could not be decoded; shots found by sight alone")
        }
    }

    func audio(_ packet: OwnedPacket) throws {
        decoder?.decode(packet) { samples, time in builder?.append(samples, at: time) }
    }

    /// The first frame's time, which audio times are taken from, is known once it is decoded.
    func take(_ frame: SessionFrame) throws {
        if origin == nil { origin = reader?.originSeconds }
    }

    /// The sound heard, on the frames' clock; nil when the session has none to listen to.
    var envelope: SoundEnvelope? {
        guard var envelope = builder?.envelope, !envelope.high.isEmpty else { return nil }
        envelope.start -= origin ?? 0
        return envelope
    }
}

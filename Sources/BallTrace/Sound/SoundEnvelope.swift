import FoundationEssentials

/// A session's sound reduced to what strike detection reads: per block of about a millisecond,
/// the mean energy of the whole signal and of its high band. A millisecond resolves a strike's
/// onset well inside the 2 ms it is wanted to, and keeps an hour of sound in 29 MB instead of
/// the 690 MB its samples would take.
package struct SoundEnvelope: Sendable {
    /// Where the high band starts. A voice's energy lies below it (fundamentals 85–300 Hz,
    /// formants up to about 3.5 kHz); a club meeting a ball, or hands clapping, is a click whose
    /// spectrum stays flat far above it.
    package static let highBandCutoff = 4000.0
    /// Seconds one block spans (a whole number of samples, the nearest to 1 ms).
    package let blockDuration: Double
    /// When the first block starts, seconds of the session.
    package var start: Double
    /// Mean squared sample (full scale ±1) of the high band, and of the whole signal, per block.
    package var high: [Float]
    package var full: [Float]

    package init(blockDuration: Double, start: Double, high: [Float], full: [Float]) {
        self.blockDuration = blockDuration
        self.start = start
        self.high = high
        self.full = full
    }

    package func time(ofBlock index: Int) -> Double { start + Double(index) * blockDuration }
}

/// Builds a ``SoundEnvelope`` from mono samples given in pieces (a decoder's frames): no
/// allocation per sample, only the envelope's arrays growing by one entry a millisecond.
package struct SoundEnvelopeBuilder: Sendable {
    package let sampleRate: Double
    private let blockLength: Int
    private var highPass: (Biquad, Biquad)
    private var filled = 0
    private var sums: (high: Float, full: Float) = (0, 0)
    private(set) package var envelope: SoundEnvelope
    private var started = false

    package init(sampleRate: Int) {
        self.sampleRate = Double(sampleRate)
        blockLength = max(1, Int((Double(sampleRate) / 1000).rounded()))
        // Two sections: 24 dB per octave, so a voice's strong harmonics an octave below the cut
        // count for little beside a click's high band.
        let section = Biquad.highPass(cutoff: SoundEnvelope.highBandCutoff, sampleRate: Double(sampleRate))
        highPass = (section, section)
        envelope = SoundEnvelope(blockDuration: Double(blockLength) / Double(sampleRate), start: 0, high: [], full: [])
    }

    /// The time the next sample plays at, seconds.
    private var nextTime: Double { envelope.start + Double(envelope.high.count * blockLength + filled) / sampleRate }

    /// Appends samples whose first plays at `time` (seconds; nil: right after the last ones).
    /// A gap in the timestamps is filled with silence, so blocks keep their times; samples
    /// that overlap ones already given are taken as they come.
    package mutating func append(_ samples: UnsafeBufferPointer<Float>, at time: Double?) {
        if !started {
            started = true
            envelope.start = time ?? 0
        } else if let time {
            // A gap of more than a block; at most a minute of silence is made up.
            let missing = Int(((time - nextTime) * sampleRate).rounded())
            if missing > blockLength {
                for _ in 0..<min(missing, Int(60 * sampleRate)) { take(0) }
            }
        }
        for x in samples { take(x) }
    }

    @inline(__always)
    private mutating func take(_ x: Float) {
        let h = highPass.1(highPass.0(x))
        sums.high += h * h
        sums.full += x * x
        filled += 1
        if filled == blockLength {
            envelope.high.append(sums.high / Float(blockLength))
            envelope.full.append(sums.full / Float(blockLength))
            sums = (0, 0)
            filled = 0
        }
    }
}

import Foundation

/// A generated soundtrack: room noise and ``SoundEvent``s, mono float samples.
package struct Soundtrack: Sendable {
    package static let sampleRate = 48_000.0
    package var seconds: Double
    package var events: [SoundEvent]
    /// RMS of the room's noise, full scale 1: a low rumble (traffic, wind, a ventilation fan)
    /// and a little broadband hiss (about −60 dBFS).
    package var rumble = 0.02
    package var hiss = 0.001
    package var seed: UInt64

    package init(seconds: Double, events: [SoundEvent], seed: UInt64) {
        self.seconds = seconds
        self.events = events
        self.seed = seed
    }

    package func samples() -> [Float] {
        var random = SplitMix64(seed: seed ^ 0x50_0DD5)
        var samples = [Float](repeating: 0, count: Int(seconds * Self.sampleRate))
        var low = 0.0
        let pole = exp(-2 * Double.pi * 300 / Self.sampleRate)  // rumble below about 300 Hz
        for i in samples.indices {
            low = pole * low + (1 - pole) * random.uniform(-1...1)
            // A one-pole low-pass at 300 Hz keeps √((1−p)/(1+p)) ≈ 1/7 of white noise's RMS: × 8 brings it
            // back to about `rumble`; × 1.7 makes uniform noise's RMS (1/√3) about 1.
            samples[i] = Float(rumble * 8 * low * 1.7 + hiss * 1.7 * random.uniform(-1...1))
        }
        for event in events { event.add(into: &samples, sampleRate: Self.sampleRate, random: &random) }
        return samples
    }
}

extension SyntheticScene {
    /// The sound of ``rangeSession(width:height:frameRate:seconds:seed:)``: a strike at each
    /// struck impact, a whoosh at the bottom of every swing (the practice swing's alone), a clap
    /// while no ball is in the air, and voices, one of them talking on just after the second
    /// strike, over room noise.
    package static func rangeSessionSoundtrack(seconds: Double = 9, seed: UInt64 = 1) -> Soundtrack {
        let swings = rangeSessionSwings
        // The club head is fastest just before it reaches the ball.
        var events: [SoundEvent] = ([swings.practice] + swings.struck).map { .whoosh(time: $0 - 0.01) }
        events += swings.struck.map { .strike(time: $0) }
        events += [.clap(time: 2.7),
                   .voice(time: 0.3, duration: 0.8, pitch: 120), .voice(time: 3.0, duration: 0.7, pitch: 190),
                   .voice(time: 5.6, duration: 0.9, pitch: 130), .voice(time: swings.struck[1] + 0.15, duration: 0.9, pitch: 200)]
        return Soundtrack(seconds: seconds, events: events, seed: seed)
    }
}

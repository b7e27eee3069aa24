import Foundation

/// One sound of a generated soundtrack, at a known time: what a session's strike detection
/// must find (strikes) and must not (a swing's whoosh, a voice; a clap it may hear, but no
/// ball leaves with it).
package enum SoundEvent: Sendable, Hashable {
    /// A club meeting a ball at `time`: a broadband click, white noise decaying with a 4 ms
    /// time constant, and the head's ring near 5.5 kHz (6 ms). Full scale about 0.5.
    case strike(time: Double)
    /// Hands clapping at `time`: a click as well, a little longer (7 ms) and duller.
    case clap(time: Double)
    /// A club swung through the air, loudest at `time` (the bottom of the swing): noise in a
    /// band sweeping from 400 Hz to 1.6 kHz, rising over 120 ms and dying over 130 ms.
    case whoosh(time: Double)
    /// A voice speaking from `time` for `duration` seconds at fundamental `pitch` Hz: harmonics
    /// up to 5 kHz shaped by formants at 700, 1220 and 2600 Hz (an open vowel), in syllables of
    /// about 0.3 s with 40 ms onsets.
    case voice(time: Double, duration: Double, pitch: Double)

    /// Adds this sound into `samples` (mono, `sampleRate` Hz, sample 0 at time 0).
    package func add(into samples: inout [Float], sampleRate: Double, random: inout SplitMix64) {
        switch self {
        case .strike(let time):
            addClick(into: &samples, at: time, decay: 0.004, ring: (5500, 0.006, 0.2), level: 0.5, dullness: 0, sampleRate, &random)
        case .clap(let time):
            addClick(into: &samples, at: time, decay: 0.007, ring: (1800, 0.004, 0.1), level: 0.4, dullness: 0.5, sampleRate, &random)
        case .whoosh(let time):
            addWhoosh(into: &samples, peak: time, sampleRate, &random)
        case .voice(let time, let duration, let pitch):
            addVoice(into: &samples, from: time, duration: duration, pitch: pitch, sampleRate)
        }
    }
}

private func span(_ from: Double, _ to: Double, _ count: Int, _ rate: Double) -> Range<Int> {
    let a = max(0, min(count, Int((from * rate).rounded(.up)))), b = max(a, min(count, Int((to * rate).rounded(.up))))
    return a..<b
}

/// Decaying noise from `time` on, with a decaying sine; `dullness` 0…1 smooths the noise (a
/// one-pole low-pass), taking some of its high band away.
private func addClick(into samples: inout [Float], at time: Double, decay: Double, ring: (Double, Double, Double), level: Double,
                      dullness: Double, _ rate: Double, _ random: inout SplitMix64) {
    var smooth = 0.0
    for i in span(time, time + 12 * decay, samples.count, rate) {
        let t = Double(i) / rate - time
        let noise = random.uniform(-1...1) * 1.7
        smooth = dullness * smooth + (1 - dullness) * noise
        let x = level * exp(-t / decay) * smooth + ring.2 * exp(-t / ring.1) * sin(2 * .pi * ring.0 * t)
        samples[i] += Float(x)
    }
}

private func addWhoosh(into samples: inout [Float], peak: Double, _ rate: Double, _ random: inout SplitMix64) {
    let (rise, fall) = (0.12, 0.13)
    // A state-variable band-pass, its centre swept with the club head's speed.
    var low = 0.0, band = 0.0
    for i in span(peak - rise, peak + fall, samples.count, rate) {
        let t = Double(i) / rate - (peak - rise)
        let phase = t < rise ? t / rise : 1 + (t - rise) / fall
        let envelope = t < rise ? pow(sin(.pi / 2 * t / rise), 2) : pow(cos(.pi / 2 * (t - rise) / fall), 2)
        let centre = 400 + 1200 * phase / 2
        let f = 2 * sin(.pi * centre / rate), damping = 0.5
        let input = random.uniform(-1...1)
        low += f * band
        let high = input - low - damping * band
        band += f * high
        samples[i] += Float(0.3 * envelope * band)
    }
}

private func addVoice(into samples: inout [Float], from time: Double, duration: Double, pitch: Double, _ rate: Double) {
    let formants: [(centre: Double, width: Double)] = [(700, 130), (1220, 70), (2600, 160)]
    let harmonics = Int(5000 / pitch)
    let gains = (1...harmonics).map { k -> Double in
        let f = Double(k) * pitch
        return formants.reduce(0) { $0 + 1 / (1 + pow((f - $1.centre) / $1.width, 2)) } / Double(k).squareRoot()
    }
    let total = gains.reduce(0, +)
    let syllable = 0.3, (attack, release) = (0.04, 0.06)
    for i in span(time, time + duration, samples.count, rate) {
        let t = Double(i) / rate - time
        let s = t.truncatingRemainder(dividingBy: syllable)
        let envelope = min(1, s / attack, max(0, (syllable - s) / release), (duration - t) / release)
        // A slow vibrato and the intonation falling through the phrase.
        let f0 = pitch * (1 + 0.01 * sin(2 * .pi * 5.5 * t) - 0.05 * t / duration)
        var x = 0.0
        for k in 0..<harmonics { x += gains[k] * sin(2 * .pi * Double(k + 1) * f0 * t) }
        samples[i] += Float(0.15 * envelope * x / total * 3)
    }
}

import FoundationEssentials
import Glibc

/// Finds club–ball strikes in a session's sound (``SoundEnvelope``): a pure function, tested on
/// synthetic signals.
///
/// A strike is a click: the club face meets the ball for about half a millisecond, and the
/// sound it makes is broadband, rising within a few milliseconds and gone (the head's ring
/// included) within a few tens. So a strike is a block where the high band's energy
///
/// - jumps at least 20 dB above the sound of the 10 ms just before, and peaks within 5 ms
///   (``riseTime``): a voice's onset takes tens of milliseconds, a practice swing's whoosh rises
///   over about 100 ms, so neither jumps that far that fast, and steady noise never does;
/// - does not keep building: nothing in the 30 ms after the onset is more than twice (3 dB)
///   the early peak (a sound that swells is not a click);
/// - is at least 10 dB down 30–50 ms after its peak (a voice, a whoosh, a clatter is still
///   sounding then);
/// - is broadband: at the peak, at least a fifth of what was added to the whole signal is in
///   the high band (a voice's added energy there is a few percent).
///
/// A clap passes all of this: it is a click too. It is not a shot because no ball is seen to
/// leave with it (``ShotFinder``).
package enum StrikeDetector {
    /// Energy ratios (dB: 10·log10): the onset's and the peak's rise over the sound before.
    static let onsetRise: Float = 10       // 10 dB
    static let peakRise: Float = 100       // 20 dB
    /// The sound before an onset: from 12 ms to 2 ms before it (the 2 ms are the onset's own
    /// edge, which a block's boundary can cut).
    static let before = (from: 0.012, to: 0.002)
    static let riseTime = 0.005
    static let buildUp = (span: 0.030, ratio: Float(2))
    static let decay = (from: 0.030, to: 0.050, ratio: Float(10))
    static let highShare: Float = 0.2
    /// A peak below −70 dBFS (energy 1e-7) is nothing a camera's microphone heard of a strike
    /// in its scene; below −100 dBFS the sound before counts as silence.
    static let quietest: Float = 1e-7
    static let silence: Float = 1e-10
    /// After a strike, the next is looked for from 50 ms after its peak on: two balls are not
    /// struck closer together, and the first one's ring is not a second strike.
    static let refractory = 0.050

    package static func strikes(in envelope: SoundEnvelope) -> [Strike] {
        let high = envelope.high, full = envelope.full
        let count = high.count
        func blocks(_ seconds: Double) -> Int { max(1, Int((seconds / envelope.blockDuration).rounded())) }
        let (beforeFrom, beforeTo) = (blocks(before.from), blocks(before.to))
        let (rise, build, decayFrom, decayTo, rest) = (blocks(riseTime), blocks(buildUp.span), blocks(decay.from),
                                                      blocks(decay.to), blocks(refractory))
        // Running sums, so the sound before each block costs two subtractions.
        var sumHigh = [Double](repeating: 0, count: count + 1), sumFull = sumHigh
        for i in 0..<count {
            sumHigh[i + 1] = sumHigh[i] + Double(high[i])
            sumFull[i + 1] = sumFull[i] + Double(full[i])
        }
        func mean(_ sums: [Double], _ range: Range<Int>) -> Float {
            range.isEmpty ? 0 : Float((sums[range.upperBound] - sums[range.lowerBound]) / Double(range.count))
        }

        var strikes: [Strike] = []
        var i = beforeTo + 1
        while i < count {
            let earlier = max(0, i - beforeFrom)..<(i - beforeTo)
            let floor = max(mean(sumHigh, earlier), silence)
            guard high[i] >= onsetRise * floor else { i += 1; continue }
            let early = i..<min(count, i + rise)
            let peakAt = early.max { high[$0] < high[$1] }!
            let peak = high[peakAt]
            let swell = high[i..<min(count, i + build)].max()!
            let after = mean(sumHigh, min(count, peakAt + decayFrom)..<min(count, peakAt + decayTo))
            let addedHigh = peak - mean(sumHigh, earlier), addedFull = full[peakAt] - mean(sumFull, earlier)
            guard peak >= peakRise * floor, peak >= quietest, swell <= buildUp.ratio * peak,
                  peakAt + decayTo <= count, after * decay.ratio <= peak,
                  addedHigh >= highShare * addedFull else { i += 1; continue }
            // The click starts inside the block that first rises: its middle is within half a block.
            strikes.append(Strike(onset: envelope.time(ofBlock: i) + envelope.blockDuration / 2,
                                  strength: Double(10 * log10(peak / floor))))
            i = peakAt + rest
        }
        return strikes
    }
}

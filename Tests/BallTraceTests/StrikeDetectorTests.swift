@testable import BallTrace
import ClipSynthesis
import Testing

/// The strike detector on synthetic sound: room noise and one event at a known time.
@Suite("Strikes heard in sound")
struct StrikeDetectorTests {
    /// The strikes heard in `seconds` of room noise with `events`, the samples given in the
    /// 1024-sample pieces an AAC decoder gives.
    func strikes(_ events: [SoundEvent], seconds: Double = 2, seed: UInt64 = 7) -> [Strike] {
        let samples = Soundtrack(seconds: seconds, events: events, seed: seed).samples()
        var builder = SoundEnvelopeBuilder(sampleRate: Int(Soundtrack.sampleRate))
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 1024) {
                let piece = UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + 1024)])
                builder.append(piece, at: start == 0 ? 0 : nil)
            }
        }
        return StrikeDetector.strikes(in: builder.envelope)
    }

    @Test(arguments: [0.5, 0.8137, 1.2509])
    func aStrikeIsFoundOnceWithinTwoMillisecondsOfItsOnset(time: Double) {
        let found = strikes([.strike(time: time)])
        #expect(found.count == 1, "found \(found)")
        #expect(found.allSatisfy { abs($0.onset - time) <= 0.002 }, "strike at \(time) s; found \(found)")
        #expect(found.allSatisfy { $0.strength >= 20 })
    }

    @Test func aStrikeUnderAVoiceAndAfterItsSwingsWhooshIsStillFound() {
        let found = strikes([.voice(time: 0.6, duration: 1, pitch: 150), .whoosh(time: 0.99), .strike(time: 1)])
        #expect(found.count == 1, "found \(found)")
        #expect(found.allSatisfy { abs($0.onset - 1) <= 0.002 }, "found \(found)")
    }

    @Test func aPracticeSwingsWhooshIsNoStrike() {
        #expect(strikes([.whoosh(time: 1)]).isEmpty)
    }

    @Test(arguments: [110.0, 200.0])
    func aVoiceIsNoStrike(pitch: Double) {
        #expect(strikes([.voice(time: 0.4, duration: 1.2, pitch: pitch)]).isEmpty)
    }

    @Test func steadyNoiseIsNoStrike() {
        var loud = Soundtrack(seconds: 3, events: [], seed: 11)
        for (rumble, hiss) in [(0.02, 0.001), (0.1, 0.05)] {
            loud.rumble = rumble
            loud.hiss = hiss
            let samples = loud.samples()
            var builder = SoundEnvelopeBuilder(sampleRate: 48_000)
            samples.withUnsafeBufferPointer { builder.append($0, at: 0) }
            #expect(StrikeDetector.strikes(in: builder.envelope).isEmpty, "rumble \(rumble), hiss \(hiss)")
        }
    }

    @Test func silenceIsNoStrike() {
        var builder = SoundEnvelopeBuilder(sampleRate: 44_100)
        let zeros = [Float](repeating: 0, count: 44_100)
        zeros.withUnsafeBufferPointer { builder.append($0, at: 0) }
        #expect(StrikeDetector.strikes(in: builder.envelope).isEmpty)
    }

    @Test func aGapInTheTimestampsKeepsLaterBlocksOnTime() {
        var builder = SoundEnvelopeBuilder(sampleRate: 48_000)
        let piece = [Float](repeating: 0, count: 4800)
        piece.withUnsafeBufferPointer {
            builder.append($0, at: 1)
            builder.append($0, at: 1.5)  // 0.4 s missing
        }
        #expect(builder.envelope.start == 1)
        #expect(builder.envelope.high.count == 600)
    }
}

extension StrikeDetectorTests {
    /// A clap is a click too: the detector hears it, and it is the fusion with sight that
    /// makes it no shot (``ShotHearing``).
    @Test func aClapIsHeardAsAClick() {
        let found = strikes([.clap(time: 0.7)])
        #expect(found.count == 1 && found.allSatisfy { abs($0.onset - 0.7) <= 0.002 }, "found \(found)")
    }
}

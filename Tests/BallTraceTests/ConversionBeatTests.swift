import Testing
@testable import BallTrace

@Suite struct ConversionBeatTests {
    /// The half steps of a camera at 42.5 fps kept whole to make 25 fps: every 3⅓ frames,
    /// in a beat of 3, 3, 4.
    private func halfSteps(from first: Int, through last: Int) -> [Double] {
        (first...last).filter { frame in frame * 17 / 10 - (frame - 1) * 17 / 10 == 1 }.map(Double.init)
    }

    @Test func theBeatOfAConversionSaysWhichFrameIsDueWhereTheFrameBeforeDippedToo() throws {
        // Dips seen: the half steps, two frames just before one (a camera slowing down makes a
        // whole step dip nearly as far), and one half step not seen at all.
        let steps = halfSteps(from: 10, through: 60)
        var seen = Set(steps)
        seen.insert(steps[4] - 1)
        seen.insert(steps[9] - 1)
        seen.remove(steps[12])
        let beat = try #require(ConversionBeat.fit(seen.sorted(), outliers: 4, fewest: 12))
        // The next 60 frames, as they come.
        let due = Set(halfSteps(from: 61, through: 120))
        for frame in 61...120 {
            #expect(beat.isHalfStep(at: Double(frame)) == due.contains(Double(frame)), "frame \(frame)")
        }
        #expect(!beat.isHalfStep(at: steps[4] - 1))
        #expect(beat.isHalfStep(at: steps[4]))
    }

    @Test func aSwingsUnevenLullsKeepNoBeat() {
        let lulls: [Double] = [4, 9, 11, 17, 20, 26, 33, 35, 41, 44, 52, 55, 58, 66]
        #expect(ConversionBeat.fit(lulls, outliers: 3, fewest: 12) == nil)
    }

    @Test func aBeatTwiceAsFastIsNotTakenForIt() throws {
        // Every one of these lies on a beat of 5/3 too, which has twice as many half steps.
        let seen = halfSteps(from: 10, through: 60)
        let beat = try #require(ConversionBeat.fit(seen, outliers: 3, fewest: 12))
        #expect(abs(beat.period - 10.0 / 3) < 0.02)
    }

    @Test func aBeatWithAThirdOfItsHalfStepsHiddenIsStillFoundWhenHalfMayBe() throws {
        // A camera that sways hides some half steps: 24 dips seen, every third one after the
        // first few missing (12 of the 36 due between the first and the last).
        let steps = halfSteps(from: 10, through: 130)
        let seen = steps.enumerated().filter { $0.offset < 3 || $0.offset % 3 != 0 }.map(\.element).prefix(24)
        #expect(ConversionBeat.fit(Array(seen), outliers: 6, fewest: 12) == nil)
        let beat = try #require(ConversionBeat.fit(Array(seen), outliers: 6, unseen: 12, fewest: 12))
        #expect(abs(beat.period - 10.0 / 3) < 0.02)
        // And the swing's uneven lulls still keep none, however many may be unseen.
        let lulls: [Double] = [4, 9, 11, 17, 20, 26, 33, 35, 41, 44, 52, 55, 58, 66]
        #expect(ConversionBeat.fit(lulls, outliers: 3, unseen: 7, fewest: 12) == nil)
    }
}

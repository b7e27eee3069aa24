import Testing
@testable import BallTrace

@Suite struct RepeatCadenceTests {
    /// Frames of a 25 fps recording shown at 30 fps: each slot shows the picture taken last.
    private func converted(slots: Int) -> [(shown: Double, picture: Int)] {
        (0..<slots).map { slot in (Double(slot) / 30, slot * 25 / 30) }
    }

    @Test func newPicturesOfAConvertedClipAreTimedWhenTheyWereTaken() {
        var cadence = RepeatCadence()
        var lastPicture = -1
        var worstRaw = 0.0, worstTaken = 0.0
        for (slot, frame) in converted(slots: 150).enumerated() {
            let isRepeat = frame.picture == lastPicture
            lastPicture = frame.picture
            let taken = cadence.timeTaken(shownAt: frame.shown, isRepeat: isRepeat)
            guard !isRepeat, slot >= 30 else { continue }
            // A new picture is first shown 0, 0.2, … 0.8 of a slot after it was taken: the line
            // through those timestamps runs 0.4 slot late on average.
            let truth = Double(frame.picture) / 25
            worstRaw = max(worstRaw, abs(frame.shown - truth - 0.4 / 30))
            worstTaken = max(worstTaken, abs(taken - truth - (0.4 / 30)))
        }
        #expect(worstRaw > 0.3 / 30, "raw timestamps stray \(worstRaw * 30) frame intervals")
        #expect(worstTaken < 0.15 / 30, "timed pictures stray \(worstTaken * 30) frame intervals")
    }

    @Test func aClipWithoutRepeatsKeepsItsTimestamps() {
        var cadence = RepeatCadence()
        // Variable frame rate, as a webcam records: uneven, but every frame new.
        let times = (0..<60).map { Double($0) / 30 + ($0 % 3 == 0 ? 0.004 : 0) }
        for time in times {
            #expect(cadence.timeTaken(shownAt: time, isRepeat: false) == time)
        }
    }
}

import Foundation
import Testing
@testable import BallTrace

@Suite struct CaptureCadenceTests {
    /// Frames of a 25 fps recording shown at 30 fps: each slot shows the picture taken last.
    private func converted(slots: Int) -> [(shown: Double, picture: Int)] {
        (0..<slots).map { slot in (Double(slot) / 30, slot * 25 / 30) }
    }

    @Test func newPicturesOfAConvertedClipAreTimedWhenTheyWereTaken() {
        var cadence = CaptureCadence()
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
        var cadence = CaptureCadence()
        // Variable frame rate, as a webcam records: uneven, but every frame new.
        let times: [Double] = (0..<60).map { (frame: Int) -> Double in Double(frame) / 30 + (frame % 3 == 0 ? 0.004 : 0) }
        for time in times {
            #expect(cadence.timeTaken(shownAt: time, isRepeat: false) == time)
        }
    }

    /// A still stretch of a clip that was not converted: a drive climbs out of the picture and
    /// the golfer has stopped, so frames in a row show nothing new and are taken for repeats.
    /// The clip repeated no picture before: the camera took them one a frame, and the pictures
    /// after them (the ball falling back into view) keep their timestamps.
    @Test(arguments: [3, 7, 10])
    func picturesAfterAStillStretchKeepTheirTimestamps(frames still: Int) {
        var cadence = CaptureCadence()
        for frame in 0..<90 {
            let shown = Double(frame) / 30, isRepeat = (54..<(54 + still)).contains(frame)
            let taken = cadence.timeTaken(shownAt: shown, isRepeat: isRepeat)
            if !isRepeat { #expect(abs(taken - shown) < 1e-9, "frame \(frame): timed \(taken), shown at \(shown)") }
        }
    }

    /// A slow-motion export that shows each picture three or four times still counts one
    /// picture taken for each three or four frames, once the window is past its first run.
    @Test(arguments: [3, 4])
    func aPictureShownSeveralTimesIsOnePictureTaken(shown: Int) {
        var cadence = CaptureCadence()
        var times: [Double] = []
        for frame in 0..<120 {
            let taken = cadence.timeTaken(shownAt: Double(frame) / 30, isRepeat: frame % shown != 0)
            if frame % shown == 0, frame >= 36 { times.append(taken) }
        }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { abs($0 - Double(shown) / 30) < 1e-6 }, "\(steps)")
    }

    @Test func aVariableFrameRateClipKeepsItsTimestampsAfterAStillMomentTakenForARepeat() {
        var cadence = CaptureCadence()
        // A phone's variable frame rate: each picture taken up to 0.4 interval off the even
        // beat, its timestamp when it was taken. At the top of a backswing one picture, taken
        // just after the last, shows nothing new and is taken for a repeat; the pictures after
        // it are still timed by their own timestamps (retimed on an even beat, the ball would
        // be placed up to 0.4 interval from where it was).
        var jitter = Jitter(state: 11)
        var shown = 0.0
        for frame in 0..<90 {
            shown = Double(frame) / 30 + jitter.next(0.4) / 30
            let isRepeat = frame == 20
            let taken = cadence.timeTaken(shownAt: shown, isRepeat: isRepeat)
            #expect(taken == shown, "frame \(frame): timed \(taken), shown at \(shown)")
        }
    }

    /// Pictures of a camera at 41⅔ fps kept whole to make 25 fps: each frame shows the picture
    /// one or two after the last, in a beat of 2, 2, 1. A frame's change from the last grows with
    /// how far things moved, so it is about half in the one-picture steps (with some noise).
    /// `sway` scales how far things move from frame to frame, slowly (a camera swaying);
    /// `pictures` / `frames` is the camera's rate over the clip's.
    private func dropped(frames: Int, movingShare: Double = 0.02, pictures: Int = 5, per: Int = 3,
                         sway: (Int) -> Double = { _ in 1 }) -> [(shown: Double, taken: Double, change: CaptureCadence.Change)] {
        (0..<frames).map { frame in
            let picture = frame * pictures / per, previous = max(0, (frame - 1) * pictures / per)
            let steps = Double(picture - previous), wobble = (1 + 0.06 * sin(Double(frame) * 1.7)) * sway(frame)
            return (Double(frame) / 25, Double(picture) / (25 * Double(pictures) / Double(per)),
                    CaptureCadence.Change(mean: 2 * steps * wobble, strongShare: movingShare * steps * wobble))
        }
    }

    /// Largest distance of `times` from `truth` once their mean offset is taken out, in frame intervals of 25 fps.
    private func stray(_ times: [Double], from truth: [Double]) -> Double {
        let offset = zip(times, truth).reduce(0) { $0 + $1.0 - $1.1 } / Double(times.count)
        return zip(times, truth).map { abs($0 - $1 - offset) }.max()! * 25
    }

    @Test func picturesOfAClipConvertedToALowerRateAreTimedWhenTheyWereTaken() {
        var cadence = CaptureCadence()
        let frames = dropped(frames: 120)
        let taken = frames.map { cadence.timeTaken(shownAt: $0.shown, isRepeat: false, change: $0.change) }
        let settled = 40..<120
        let truth = settled.map { frames[$0].taken }
        let raw = stray(settled.map { frames[$0].shown }, from: truth)
        let timed = stray(settled.map { taken[$0] }, from: truth)
        #expect(raw > 0.18, "raw timestamps stray \(raw) frame intervals")
        #expect(timed < 0.1, "timed pictures stray \(timed) frame intervals")
    }

    @Test func aConvertedClipFilmedByASwayingCameraIsTimedWhenItsPicturesWereTaken() {
        // A camera at 42.5 fps made 25 fps: half steps in a beat of 3, 3, 4. A handheld camera
        // speeds up and slows down over a second or two: while it slows, a whole step changes
        // less than the steps before it, and a frame one before a half step that comes after
        // four looks due. The beat of the conversion does not wander.
        var cadence = CaptureCadence()
        let frames = dropped(frames: 200, pictures: 17, per: 10) { 1 + 0.6 * sin(2 * Double.pi * Double($0) / 37) }
        let taken = frames.map { cadence.timeTaken(shownAt: $0.shown, isRepeat: false, change: $0.change) }
        let settled = 80..<200
        let timed = stray(settled.map { taken[$0] }, from: settled.map { frames[$0].taken })
        #expect(timed < 0.1, "timed pictures stray \(timed) frame intervals")
    }

    @Test func aConvertedClipFilmedByAFastPanIsTimedByTheCameraStep() {
        // The same conversion (42.5 -> 25 fps) filmed by a camera panning 3 % of the picture a
        // frame: nearly every edge changes strongly at a half step as at a whole one, and the
        // picture's change hardly dips (a tenth less, with the scene's own wobble); the camera
        // moves half as far in half a step.
        var cadence = CaptureCadence()
        let frames = dropped(frames: 200, pictures: 17, per: 10).map { frame -> (shown: Double, taken: Double, change: CaptureCadence.Change) in
            var change = frame.change
            let steps = change.strongShare / 0.02  // 1 for a half step, 2 for a whole one
            change.mean = 12 * (0.9 + 0.05 * steps) * (1 + 0.06 * sin(frame.shown * 41))
            change.strongShare = 0.3 * (0.9 + 0.05 * steps) * (1 + 0.06 * sin(frame.shown * 41))
            change.cameraStep = 0.015 * steps
            return (frame.shown, frame.taken, change)
        }
        let taken = frames.map { cadence.timeTaken(shownAt: $0.shown, isRepeat: false, change: $0.change) }
        let settled = 80..<200
        let timed = stray(settled.map { taken[$0] }, from: settled.map { frames[$0].taken })
        #expect(timed < 0.1, "timed pictures stray \(timed) frame intervals")
    }

    @Test func aStillSceneWhoseCompressionNoiseBeatsKeepsItsTimestamps() {
        // The same beat, but in noise: almost no pixel changes strongly.
        var cadence = CaptureCadence()
        for frame in dropped(frames: 90, movingShare: 0.0005) {
            #expect(cadence.timeTaken(shownAt: frame.shown, isRepeat: false, change: frame.change) == frame.shown)
        }
    }

    @Test func motionThatSlowsOffTheBeatKeepsItsTimestamps() {
        // A swing: steady change, then a few frames that changed little at uneven gaps (the top of
        // the backswing, a pause), then faster motion.
        var cadence = CaptureCadence()
        let lows: Set<Int> = [20, 27, 29, 41, 50]
        for frame in 0..<70 {
            let base = frame < 45 ? 2.0 : 3.5
            let change = lows.contains(frame) ? CaptureCadence.Change(mean: 0.5 * base, strongShare: 0.005)
                : CaptureCadence.Change(mean: base, strongShare: 0.01 * base / 2)
            let time = Double(frame) / 30
            #expect(cadence.timeTaken(shownAt: time, isRepeat: false, change: change) == time)
        }
    }
}

/// When the pictures of a clip converted to another frame rate were taken.
///
/// A conversion keeps the camera's pictures but not their spacing, and the timestamps say when
/// a picture is shown, not when it was taken. A ball followed through those timestamps seems to
/// speed up and slow down by a fifth or more, enough to fall out of its own prediction.
/// - **Repeats.** Converted to a higher rate (25 → 30 fps, or a slow-motion export), some
///   pictures are shown twice or more. A repeat shows nothing new and is not analysed.
/// - **Dropped pictures.** Converted to a lower rate by keeping whole pictures (about 42 → 25
///   fps), most new frames are two of the camera's pictures after the last and some only one:
///   everything moves about half as far in those. They show as a regular beat of frames that
///   changed much less than their neighbours (counted in strongly changed pixels, which grow
///   with how far edges move; under a fast pan, whose change is nearly every edge at either
///   step, the camera's measured step), every three or four frames; that beat is what tells
///   them from a swing slowing down.
///
/// Either way the pictures were taken at an even rate, so timestamps against the count of
/// camera pictures are a straight line plus the conversion's rounding: the least-squares line
/// through the last 30 frames, at the newest, says when it was taken to within about a tenth of
/// a frame interval. A clip with neither in that window keeps its timestamps, and so does one
/// whose timestamps are uneven (a variable frame rate: they say when each picture was taken).
struct CaptureCadence {
    /// How one frame's picture differs from the last one's.
    struct Change {
        /// Mean absolute luma difference, 8-bit levels.
        var mean: Double
        /// Share of pixels that changed strongly.
        var strongShare: Double
        /// How far the camera moved the picture since the last new one, as a share of the
        /// picture's shorter side (0 while it was not measured to move).
        var cameraStep = 0.0
        static let none = Change(mean: 0, strongShare: 0)
    }

    /// The frames looked back over.
    static let window = 30
    /// New pictures whose change is the yardstick for the next one.
    static let yardstickLength = 6
    /// A frame is half a step when its strongly changed pixels are fewer than this share of
    /// the yardstick's, and its mean change smaller than ``dipMeanShare`` of it (both halve
    /// with a half step; noise or one slow limb moves only one of them).
    static let dipStrongShare = 0.75
    static let dipMeanShare = 0.9
    /// Where the beat says a half step is due, a change this far below the yardstick is enough.
    static let dueDipStrongShare = 0.85
    /// The yardstick must show motion: at least this share of pixels changing strongly. A still
    /// picture's compression noise has a beat of its own (B-frames against P-frames).
    static let movingShare = 0.004
    /// Dips the beat is fitted to: about 80 frames of a typical conversion. A quarter of them
    /// may be off the beat (a lull in the swing, a frame before a half step), and half of the
    /// beat's own half steps unseen between them (a camera that sways hides some).
    static let beatDips = 24
    /// The share of the beat's own half steps that may be unseen among the dips.
    static let unseenShare = 0.5
    /// A camera step (share of the shorter side a frame: 1 % is 5 px at 540 lines) from which
    /// a half step is also told by the step: a pan that fast changes nearly every edge
    /// strongly at either step, and a hand holding a camera still rarely moves it that far in
    /// a frame.
    static let fastPanStep = 0.01
    /// Dips before a beat is looked for: about 40 frames.
    static let fewestBeatDips = 12
    /// A frame dips when its strongly changed pixels are fewer than this share of each of the
    /// two frames before it (whole steps).
    static let localDipShare = 0.65

    private var recent: [(time: Double, isRepeat: Bool, index: Double, isHalf: Bool)] = []
    private var yardstick: [Change] = []
    /// New pictures seen, and the ones among them that changed about half as much as usual.
    private var newPictures = 0
    /// Where the last four low-change frames were, in new pictures (fractional where the beat
    /// was carried on unseen).
    private var halfSteps: [Double] = []
    /// Camera pictures counted so far: one per new picture, half for a half step.
    private var cameraPictures = 0.0
    /// Frames timed as half a step so far.
    private(set) var shortSteps = 0
    /// The last dips seen (new-picture counts): frames that changed much less than either of the
    /// two before them.
    private var dips: [Double] = []
    /// The beat fitted to `dips`, while it explains them.
    private var beat: ConversionBeat?
    /// Dips noted since every period was last tried.
    private var dipsSinceSearch = 4
    private var lastTaken = -Double.infinity

    /// The time the picture shown at `time` was taken, for a frame that is new (for a repeat,
    /// its own timestamp, unused).
    mutating func timeTaken(shownAt time: Double, isRepeat: Bool, change: Change = .none) -> Double {
        var isHalf = false
        if !isRepeat {
            countStillRun()
            newPictures += 1
            isHalf = isHalfStep(change)
            cameraPictures += isHalf ? 0.5 : 1
            if isHalf { shortSteps += 1 }
            yardstick.append(change)
            if yardstick.count > Self.yardstickLength { yardstick.removeFirst() }
        }
        recent.append((time, isRepeat, cameraPictures, isHalf))
        if recent.count > Self.window { recent.removeFirst() }
        guard !isRepeat else { return time }
        var taken = time
        // The line through the new pictures of the window (repeats left out), read in place:
        // this runs for every frame.
        var count = 0, anyHalf = false, sumIndex = 0.0, sumTime = 0.0
        for p in recent where !p.isRepeat {
            count += 1
            anyHalf = anyHalf || p.isHalf
            sumIndex += p.index
            sumTime += p.time
        }
        if count >= 4, count < recent.count || anyHalf, isEvenlyShown {
            let n = Double(count)
            let mk = sumIndex / n, mt = sumTime / n
            var skk = 0.0, skt = 0.0
            for p in recent where !p.isRepeat {
                skk += (p.index - mk) * (p.index - mk)
                skt += (p.index - mk) * (p.time - mt)
            }
            if skk > 0 { taken = mt + skt / skk * (cameraPictures - mk) }
        }
        // Always later than the picture before.
        if taken <= lastTaken { taken = min(time, lastTaken + 1e-4) }
        lastTaken = taken
        return taken
    }

    /// The most repeats in a row a conversion is taken to make before any run of them has been
    /// seen: a slow-motion export at twice or three times the rate, or 25 fps shown at 60,
    /// repeats a picture once or twice.
    static let shortRepeatRun = 2
    /// Repeats in a row seen so far in the clip, at most.
    private var longestRun = 0

    /// Counts the repeats just before a new picture as pictures taken, when they were a still
    /// stretch rather than a conversion's: more in a row than ``shortRepeatRun`` and than twice
    /// any run before them. A conversion repeats each picture about as often throughout the
    /// file (its runs alike from the first); a clip that was not converted shows nothing new only
    /// where nothing in view moved (the ball out of the picture, the golfer done), in one run,
    /// however long, whose pictures the camera took one a frame like any others. Left out as
    /// repeats, ten frames of such a stretch were ten frames of time with one camera picture in
    /// them: the line through the window then timed every picture after them as taken at two
    /// thirds of the camera's rate, and a ball falling back into view seemed to speed up and
    /// slow down as the window moved on. (The first run of a conversion that repeats a picture
    /// three times or more is taken for a still stretch: the window's first 30 frames only.)
    private mutating func countStillRun() {
        var run = 0
        for p in recent.reversed() {
            guard p.isRepeat else { break }
            run += 1
        }
        guard run > 0 else { return }
        defer { longestRun = max(longestRun, run) }
        guard run > max(Self.shortRepeatRun, 2 * longestRun) else { return }
        for k in (recent.count - run)..<recent.count {
            cameraPictures += 1
            recent[k] = (recent[k].time, false, cameraPictures, false)
        }
    }

    /// Whether the frames of the window are shown at an even rate, as a conversion writes them:
    /// their timestamps lie on a straight line against their count, to within a quarter of
    /// the interval (more than a container's rounding). Timestamps that do not (a phone's or a
    /// webcam's variable frame rate) say when each picture was taken, and are kept as they are:
    /// a still moment there can look like a repeat, and retiming the pictures around it evenly
    /// would move them away from where the ball was.
    private var isEvenlyShown: Bool {
        let n = Double(recent.count)
        guard recent.count >= 3 else { return true }
        let mk = (n - 1) / 2
        var mt = 0.0
        for p in recent { mt += p.time }
        mt /= n
        var skk = 0.0, skt = 0.0
        for (k, p) in recent.enumerated() {
            skk += (Double(k) - mk) * (Double(k) - mk)
            skt += (Double(k) - mk) * (p.time - mt)
        }
        let interval = skt / skk
        guard interval > 0 else { return true }
        for (k, p) in recent.enumerated() where abs(p.time - (mt + interval * (Double(k) - mk))) > 0.25 * interval {
            return false
        }
        return true
    }

    /// Whether the newest picture (`change` from the one before) is half a step: it changed
    /// much less than the pictures before it, and such frames come at a steady beat. A frame
    /// that changed little off the beat (a swing stopping, a still moment) is a whole step.
    /// Once a dozen dips keep the exact beat of a conversion (``ConversionBeat``), the beat
    /// decides: a camera that sways makes the change sway too, and a frame one before a half
    /// step can dip as far as the half step. Where too little moves to see the beat (a tripod
    /// shot once the swing is over, with only the ball flying), it goes on as it was: a
    /// conversion's beat belongs to the file.
    private mutating func isHalfStep(_ change: Change) -> Bool {
        guard yardstick.count == Self.yardstickLength else { return false }
        let now = Double(newPictures)
        let period = beatPeriod(at: now - 1)
        // Two in three of the recent pictures are whole steps in a 2, 2, 1 beat: the yardstick
        // is the second largest of six.
        let strong = secondLargest(of: \.strongShare), mean = secondLargest(of: \.mean)
        // A dip below both of the two frames before (whole steps: at the beats looked for, half
        // steps come two in a row only at the fastest): the camera and the swing change speed
        // over several frames, a half step from one frame to the next. Below the more of the two
        // only, a hand slowing down over three or four frames made a burst of dips, one a frame,
        // and the beat was lost among them.
        let before = yardstick[yardstick.count - 1], beforeThat = yardstick[yardstick.count - 2]
        // A camera panning fast moves the picture half as far in half a step; its change, most
        // of it the pan's, barely dips then (a step of a few pixels already changes nearly
        // every edge strongly), but the measured step does.
        let panning = min(before.cameraStep, beforeThat.cameraStep)
        let isDip = strong >= Self.movingShare
            && ((change.strongShare < Self.localDipShare * min(before.strongShare, beforeThat.strongShare)
                    && change.mean < Self.dipMeanShare * min(before.mean, beforeThat.mean))
                || (panning >= Self.fastPanStep && change.cameraStep < Self.localDipShare * panning))
        if isDip { noteDip(now) }
        // A beat not seen for three periods (a still stretch: nothing dips) is left to the
        // rule below, which carries the last beat on.
        if let beat, let last = dips.last, now - last <= 3 * beat.period {
            let isHalf = beat.isHalfStep(at: now)
            if isHalf {
                halfSteps.append(now)
                if halfSteps.count > 4 { halfSteps.removeFirst() }
            }
            return isHalf
        }
        return isHalfStepByItsChange(change, strong: strong, mean: mean, period: period, now: now)
    }

    private mutating func noteDip(_ position: Double) {
        dips.append(position)
        if dips.count > Self.beatDips { dips.removeFirst() }
        dipsSinceSearch += 1
        // A quarter of the dips may be off the beat, and half of its half steps unseen: a camera
        // that sways or pans, or a still moment, hides a half step (a pan speeding up hid every
        // one for 20 frames); it does not make one up.
        let outliers = dips.count / 4
        if let near = beat?.nearbyPeriods,
           let beat = ConversionBeat.fit(dips, outliers: outliers, unseenShare: Self.unseenShare,
                                         fewest: Self.fewestBeatDips, periods: near) {
            self.beat = beat
        } else if dips.count >= Self.fewestBeatDips, dipsSinceSearch >= 4 {
            // Every period, every fourth dip at most: in a clip that was not converted, dips
            // come at random (a swing's lulls) and no beat fits them.
            beat = ConversionBeat.fit(dips, outliers: outliers, unseenShare: Self.unseenShare, fewest: Self.fewestBeatDips)
            dipsSinceSearch = 0
        } else {
            beat = nil
        }
    }

    /// Whether the newest picture is half a step, judged by its change against the recent
    /// ones and the beat of the last four low-change frames.
    private mutating func isHalfStepByItsChange(_ change: Change, strong: Double, mean: Double, period: Double?, now: Double) -> Bool {
        guard strong >= Self.movingShare else {
            guard let period, let last = halfSteps.last, now >= last + period - 0.5 else { return false }
            halfSteps.append(last + period)
            halfSteps.removeFirst()
            return true
        }
        if let period, let last = halfSteps.last, now - last < period - 0.75 { return false }
        let isDue = period.map { now - halfSteps[halfSteps.count - 1] >= $0 - 0.5 } ?? false
        let strongLimit = isDue ? Self.dueDipStrongShare : Self.dipStrongShare
        guard change.strongShare < strongLimit * strong, change.mean < Self.dipMeanShare * mean else {
            return false
        }
        halfSteps.append(now)
        if halfSteps.count > 4 { halfSteps.removeFirst() }
        return beatPeriod(at: now) != nil
    }

    /// The mean gap between the last four low-change frames when they keep a beat: gaps within
    /// a frame of each other, two to six frames long, the last of them recent at `now`.
    private func beatPeriod(at now: Double) -> Double? {
        guard halfSteps.count == 4 else { return nil }
        var shortest = Double.infinity, longest = -Double.infinity
        for i in 1..<4 {
            shortest = min(shortest, halfSteps[i] - halfSteps[i - 1])
            longest = max(longest, halfSteps[i] - halfSteps[i - 1])
        }
        guard shortest >= 1.75, longest <= 6, longest - shortest <= 1.01, now - halfSteps[3] <= longest + 1 else { return nil }
        return (halfSteps[3] - halfSteps[0]) / 3
    }

    /// The second largest of one measure over the yardstick (the largest again when it occurs
    /// twice), in one pass.
    private func secondLargest(of measure: KeyPath<Change, Double>) -> Double {
        var largest = -Double.infinity, second = -Double.infinity
        for change in yardstick {
            let value = change[keyPath: measure]
            if value >= largest {
                second = largest
                largest = value
            } else if value > second {
                second = value
            }
        }
        return second
    }
}

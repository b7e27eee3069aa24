/// When the pictures of a clip converted to a higher frame rate were taken.
///
/// A conversion by repeating pictures (25 → 30 fps shows every fifth picture twice; a
/// slow-motion export shows each two or three times) gives each new picture the timestamp of
/// the first frame that shows it: later than when it was taken by anything up to a frame
/// interval, unevenly. A ball followed through those timestamps seems to speed up and slow down
/// by a fifth or more, enough to fall out of its own prediction. The pictures themselves were
/// taken at an even rate, so the new pictures' timestamps against their count are a straight
/// line plus that rounding: the least-squares line through the new pictures of the last 30
/// frames, at the newest, says when it was taken to within about a tenth of a frame interval.
/// A clip without repeats in that window keeps its timestamps.
struct RepeatCadence {
    /// The frames looked back over.
    static let window = 30
    private var recent: [(time: Double, isRepeat: Bool, index: Int)] = []
    private var newPictures = 0
    private var lastTaken = -Double.infinity

    /// The time the picture shown at `time` was taken, for a frame that is new (for a repeat,
    /// its own timestamp, unused).
    mutating func timeTaken(shownAt time: Double, isRepeat: Bool) -> Double {
        if !isRepeat { newPictures += 1 }
        recent.append((time, isRepeat, newPictures))
        if recent.count > Self.window { recent.removeFirst() }
        guard !isRepeat else { return time }
        var taken = time
        let new = recent.filter { !$0.isRepeat }
        if new.count >= 4, new.count < recent.count {
            let n = Double(new.count)
            let mk = new.reduce(0.0) { $0 + Double($1.index) } / n, mt = new.reduce(0.0) { $0 + $1.time } / n
            var skk = 0.0, skt = 0.0
            for p in new {
                skk += (Double(p.index) - mk) * (Double(p.index) - mk)
                skt += (Double(p.index) - mk) * (p.time - mt)
            }
            if skk > 0 { taken = mt + skt / skk * (Double(newPictures) - mk) }
        }
        // Always later than the picture before.
        if taken <= lastTaken { taken = min(time, lastTaken + 1e-4) }
        lastTaken = taken
        return taken
    }
}

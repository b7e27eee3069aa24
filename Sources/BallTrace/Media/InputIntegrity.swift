import FoundationEssentials

/// How much of an input could be read as its header says it should: a clip cut short by a
/// failed copy, or with damaged bytes from a flaky card, is still analysed as far as it goes,
/// and the result says what was missing so that nobody mistakes it for the whole swing.
package struct InputIntegrity: Sendable, Hashable, Codable {
    /// True when nothing below went wrong.
    package var complete: Bool
    /// True when the frames stop well before the end the header promises.
    package var endsEarly: Bool
    /// What the container's header promises, when it says.
    package var claimedDuration: Double?
    package var claimedFrameCount: Int?
    /// Frames the decoder returned repaired: parts of them were guessed from their neighbours.
    package var repairedFrames: Int
    /// Packets of the video stream that were damaged or could not be decoded at all.
    package var damagedPackets: Int
    /// Seconds from the first frame to the first and to the last damage met, when any was.
    package var damageStart: Double?
    package var damageEnd: Double?
    /// Why reading stopped before the end of the file, when it did.
    package var stoppedEarlyBecause: String?

    package init(endsEarly: Bool = false, claimedDuration: Double? = nil, claimedFrameCount: Int? = nil,
                repairedFrames: Int = 0, damagedPackets: Int = 0, damageStart: Double? = nil,
                damageEnd: Double? = nil, stoppedEarlyBecause: String? = nil) {
        self.endsEarly = endsEarly
        self.claimedDuration = claimedDuration
        self.claimedFrameCount = claimedFrameCount
        self.repairedFrames = repairedFrames
        self.damagedPackets = damagedPackets
        self.damageStart = damageStart
        self.damageEnd = damageEnd
        self.stoppedEarlyBecause = stoppedEarlyBecause
        complete = !endsEarly && repairedFrames == 0 && damagedPackets == 0 && stoppedEarlyBecause == nil
    }

    /// Whether frames reaching `decodedEnd` seconds (`decodedFrames` of them) fall short of what
    /// the header claims.
    ///
    /// A container's frame count (MP4's sample table) is exact, so a couple of frames' slack
    /// covers edit lists. A duration of the video stream itself is nearly as good. A duration of
    /// the whole file may be the audio's, which can outlast the picture by a fraction of a
    /// second, so it gets half a second of slack.
    package static func endsEarly(decodedFrames: Int, decodedEnd: Double, frameInterval: Double,
                                 claimedFrameCount: Int?, claimedDuration: Double?,
                                 durationIsTheVideoStreams: Bool) -> Bool {
        if let claimed = claimedFrameCount, claimed > 0 {
            let slack = max(2, Int((0.01 * Double(claimed)).rounded(.up)))
            if decodedFrames < claimed - slack { return true }
        }
        if let claimed = claimedDuration, claimed > 0 {
            let interval = frameInterval > 0 ? frameInterval : 0
            let slack = durationIsTheVideoStreams
                ? max(2 * interval, 0.01 * claimed)
                : max(0.5, 2 * interval, 0.02 * claimed)
            if decodedEnd < claimed - slack { return true }
        }
        return false
    }

    /// One line for each problem, in the user's terms; empty when the input is complete.
    package var warnings: [String] {
        var lines: [String] = []
        if endsEarly {
            var promised: [String] = []
            if let d = claimedDuration { promised.append(format(seconds: d)) }
            if let n = claimedFrameCount { promised.append("\(n) frames") }
            lines.append("the file ends early: its header promises \(promised.joined(separator: ", ")); it may have been "
                + "cut short by an unfinished copy or recording; the frames that are there were analysed")
        }
        if repairedFrames > 0 || damagedPackets > 0 {
            var what: [String] = []
            if repairedFrames > 0 { what.append("\(repairedFrames) \(repairedFrames == 1 ? "frame was" : "frames were") repaired by the decoder") }
            if damagedPackets > 0 { what.append("\(damagedPackets) damaged \(damagedPackets == 1 ? "packet was" : "packets were") skipped") }
            var span = ""
            if let start = damageStart, let end = damageEnd {
                span = start == end ? " at \(format(seconds: start))" : " between \(format(seconds: start)) and \(format(seconds: end))"
            }
            lines.append("the video data is damaged: \(what.joined(separator: " and "))\(span); detections there may be missing or misplaced")
        }
        if let reason = stoppedEarlyBecause {
            lines.append("reading stopped before the end of the file: \(reason); the frames before were analysed")
        }
        return lines
    }

    private func format(seconds: Double) -> String { String(printf: "%.2f s", seconds) }
}

internal import CFFmpeg
import FoundationEssentials

// What has been read so far, from the reading state ``MediaDecoder`` keeps (read-only here).
extension MediaDecoder {
    /// Seconds from the first frame's timestamp to the end of the last one decoded.
    var decodedDuration: Double {
        guard let origin = originTimestamp, let last = lastTimestamp else { return 0 }
        // The last frame lasts its own duration or, when the stream does not say, the average.
        var final = lastDuration
        if final <= 0 && decodedCount > 1 { final = (last - origin) / Int64(decodedCount - 1) }
        return seconds(last - origin + final, timeBase)
    }

    /// What was missing or damaged in what has been read so far; complete once the end is reached.
    var integrity: InputIntegrity {
        var end = decodedDuration
        if let origin = originTimestamp, let start = declaredStart { end += seconds(origin - start, timeBase) }
        let endsEarly = finished && stoppedEarlyBecause == nil && InputIntegrity.endsEarly(
            decodedFrames: decodedCount + damagedPackets, decodedEnd: end,
            frameInterval: info.frameRate > 0 ? 1 / info.frameRate : 0,
            claimedFrameCount: info.claimedFrameCount > 0 ? info.claimedFrameCount : nil,
            claimedDuration: info.duration > 0 ? info.duration : nil,
            durationIsTheVideoStreams: durationIsTheVideoStreams)
        return InputIntegrity(
            endsEarly: endsEarly,
            claimedDuration: info.duration > 0 ? info.duration : nil,
            claimedFrameCount: info.claimedFrameCount > 0 ? info.claimedFrameCount : nil,
            repairedFrames: repairedFrames, damagedPackets: damagedPackets,
            damageStart: damageSpan?.lowerBound, damageEnd: damageSpan?.upperBound,
            stoppedEarlyBecause: stoppedEarlyBecause)
    }
}

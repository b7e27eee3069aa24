import FoundationEssentials

/// What the overlay video would have shown at each frame of an analysis, kept for drawing it
/// again later on the frames of a second reading (the shot clips): the flights in view at
/// every analysed frame where they changed. Between two changes nothing differs, so a frame's
/// flights are those of the last change at or before it. Frames are known by their time (from
/// their timestamps, the same at every reading of the file), since a reading that seeks does not
/// know their indexes.
///
/// It reads the flights at analysed frames only (``SinkNeeds/flightsWhenAnalysed``): the
/// tracker changes nothing between them. What it holds grows with the number of frames in which
/// a flight was in view, not with the session's length.
final class OverlayTimeline: AnalysisSink {
    private var times: [Double] = []
    private var shown: [[TrajectoryObservation]] = []
    private var last: [(id: UUID, points: Int)] = []

    var needs: SinkNeeds { .flightsWhenAnalysed }

    func take(_ frame: SessionFrame) throws {
        guard frame.analysed else { return }
        let now = frame.inFlight
        let unchanged = now.count == last.count && zip(now, last).allSatisfy { $0.uuid == $1.id && $0.detectedPoints.count == $1.points }
        guard !unchanged else { return }
        last = now.map { (id: $0.uuid, points: $0.detectedPoints.count) }
        times.append(frame.decoded.time)
        shown.append(now)
    }

    /// The flights in view at the frame shown at `time`, as ``OverlayVideoSink`` was given them.
    func inFlight(at time: Double) -> [TrajectoryObservation] {
        // The last change at or before `time`.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? [] : shown[low - 1]
    }

    /// The last observation of each of these flights: all it was seen to do. Drawn on a clip made
    /// after the analysis, it lets the broadcast tracer grow with the ball from its launch, where
    /// the analysis could report it only some frames later.
    func lastObservations(of flights: Set<UUID>) -> [TrajectoryObservation] {
        var found: [UUID: TrajectoryObservation] = [:]
        for observations in shown.reversed() {
            for o in observations where flights.contains(o.uuid) && found[o.uuid] == nil { found[o.uuid] = o }
        }
        return found.values.sorted { $0.timeRange.start < $1.timeRange.start }
    }
}

/// Where blobs become tracks, and tracks become trajectories.
///
/// Fed the filtered blobs of each analysed frame in order, it extends established tracks by
/// prediction and gating (one blob per track), lets young tracks share candidate blobs until
/// their motion is known, starts new tracks from the blobs left over, ends tracks that have
/// been missed too long, and reports a track — under the UUID it was born with — once it has
/// `trajectoryLength` points and passes the ``BallisticTest``. Memory is bounded by what is
/// in view, plus the reported trajectories.
public struct TrajectoryTracker: Sendable {
    public let settings: TrackerSettings
    private let test: BallisticTest
    private var active: [Track] = []
    /// Reported trajectories that have ended, in the order they ended.
    public private(set) var completed: [Track] = []
    /// Cap on live tracks: noise must not make association quadratic in the clip's length.
    private let maximumActiveTracks = 400
    /// Analysed frames so far.
    private var step = 0

    public init(settings: TrackerSettings) {
        self.settings = settings
        test = BallisticTest(shorterSide: settings.shorterSide)
    }

    /// Reported trajectories still in flight.
    public var inFlight: [Track] { active.filter(\.isReported) }

    /// Every reported trajectory so far, ended ones first, by first detection.
    public var reported: [Track] {
        (completed + inFlight).sorted { ($0.points[0].time, $0.id.uuidString) < ($1.points[0].time, $1.id.uuidString) }
    }

    /// Tracks being followed, reported or not (diagnostics).
    public var activeTrackCount: Int { active.count }

    public mutating func update(frame: Int, time: Double, blobs: [Blob]) {
        step += 1
        let expectations = active.map { track -> Expectation in
            let p = track.prediction(at: time, settings: settings)
            return Expectation(center: p.center, gate: p.gate, radius: track.recentRadius())
        }
        let established = active.indices.filter { active[$0].points.count >= 3 }
        let young = active.indices.filter { active[$0].points.count < 3 }
        var available = Set(blobs.indices)
        var extended = Set<Int>()

        // Reported tracks first, then other established ones: a flight keeps its ball.
        for tier in [established.filter { active[$0].isReported }, established.filter { !active[$0].isReported }] {
            let pairs = associateExclusively(tier.map { expectations[$0] }, blobs, available: available)
            for (e, b) in pairs {
                let t = tier[e]
                active[t].append(point(blobs[b], frame: frame, time: time))
                available.remove(b)
                extended.insert(t)
            }
        }
        for (e, b) in associateNearest(young.map { expectations[$0] }, blobs, available: available) {
            let t = young[e]
            active[t].append(point(blobs[b], frame: frame, time: time))
            extended.insert(t)
        }

        for t in active.indices where !extended.contains(t) { active[t].missedFrames += 1 }
        for t in extended where !active[t].isReported && active[t].points.count >= settings.trajectoryLength {
            let recent = Array(active[t].points.suffix(settings.trajectoryLength))
            if case .ballistic = test.evaluate(recent) { active[t].reportedAtFrame = frame }
        }
        var kept: [Track] = []
        for track in active {
            let limit = track.points.count < 3 ? 1 : settings.maximumMissedFrames
            if track.missedFrames > limit {
                if track.isReported { completed.append(track) }
            } else {
                kept.append(track)
            }
        }
        active = kept
        // Blobs no track took start new tracks; so do those only young tracks took, since a
        // young track may have taken them wrongly.
        for b in available.sorted() where active.count < maximumActiveTracks {
            active.append(Track(first: point(blobs[b], frame: frame, time: time)))
        }
    }

    /// Ends every track, as at the end of the clip.
    public mutating func finish() {
        completed.append(contentsOf: active.filter(\.isReported))
        active.removeAll()
    }

    private func point(_ blob: Blob, frame: Int, time: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: time, position: blob.center, radius: blob.radius, step: step)
    }
}

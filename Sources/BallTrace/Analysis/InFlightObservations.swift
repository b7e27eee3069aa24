import FoundationEssentials

/// The flights in view as observations, built again only when one is reported, extended or
/// ended: describing a flight fits it again, which the sinks that look at every frame (the
/// overlay video) must not pay for at every frame.
struct InFlightObservations {
    private struct Key: Equatable {
        let id: UUID
        let points: Int
        let lastFrame: Int
    }

    private var keys: [Key] = []
    private(set) var observations: [TrajectoryObservation] = []

    /// Takes the tracks in flight now; `analyzer` describes them when they changed.
    mutating func update(_ tracks: [Track], from analyzer: FrameAnalyzer) {
        let unchanged = tracks.count == keys.count && zip(tracks, keys).allSatisfy {
            $0.id == $1.id && $0.points.count == $1.points && $0.last.frame == $1.lastFrame
        }
        guard !unchanged else { return }
        keys = tracks.map { Key(id: $0.id, points: $0.points.count, lastFrame: $0.last.frame) }
        observations = analyzer.observations(tracks, listingRepeats: false)
    }
}

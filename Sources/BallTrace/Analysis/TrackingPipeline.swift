import FoundationEssentials

/// What the tracker is given for one analysed frame: the frame's blobs in the scene's pixels
/// and where the scene lies in the frame's picture.
struct TrackerInput: Sendable {
    var frame: Int
    var time: Double
    var blobs: [Blob]
    /// Blobs only a reported flight may take, by index (see ``SpeckClutter``).
    var clutter: [Bool]
    var sceneToPicture: SimilarityTransform
    /// Where to look for a ball too faint to be a blob (nil: nowhere).
    var faintSpots: (any FaintSpotSource)?
}

/// Runs the tracker on a thread of its own, a few frames behind detection.
///
/// Detection (the picture) and tracking (the chains of blobs) each cost about as much as the
/// other on a cluttered real clip, and each frame's tracking needs nothing of the next frame's
/// detection: on two cores they overlap. The tracker is reached only through
/// ``withTracker(_:)``, which first waits for every frame handed over to be tracked, so whoever
/// reads it sees the same state, in the same order, as if each frame had been tracked at once
/// (a caller that reads it every frame, as the overlay does, gets no overlap, and no difference).
final class TrackingPipeline: @unchecked Sendable {
    /// Frames waiting at most: detection runs at most this far ahead.
    static let depth = 4

    private let condition = ConditionLock()
    /// Guarded by `condition`, and touched by the tracking thread outside it only while
    /// `working` says the consumer must wait.
    private var tracker: TrajectoryTracker
    private var waiting: [TrackerInput] = []
    private var working = false
    private var stopping = false
    private var running = true
    /// The tracking thread's CPU time spent tracking, seconds (guarded by `condition`).
    private var trackingSeconds = 0.0

    init(tracker: TrajectoryTracker) {
        self.tracker = tracker
        waiting.reserveCapacity(Self.depth)
        detachThread(named: "balltrace.track") { [self] in run() }
    }

    /// Stops the tracking thread and waits for it (frames not yet tracked are dropped: nobody
    /// can read them any more).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }

    /// Hands one frame over; waits while ``depth`` frames are already waiting.
    func submit(_ input: TrackerInput) {
        condition.lock()
        while waiting.count >= Self.depth { condition.wait() }
        waiting.append(input)
        condition.broadcast()
        condition.unlock()
    }

    /// The CPU time spent tracking the frames handed over, once every one has been tracked.
    var trackingCPUSeconds: Double { whenTracked { trackingSeconds } }

    /// The tracker, once every frame handed over has been tracked.
    func withTracker<Result>(_ body: (inout TrajectoryTracker) throws -> Result) rethrows -> Result {
        try whenTracked { try body(&tracker) }
    }

    /// Runs `body` under the lock once every frame handed over has been tracked.
    private func whenTracked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        while working || !waiting.isEmpty { condition.wait() }
        return try body()
    }

    private func run() {
        condition.lock()
        while true {
            while waiting.isEmpty && !stopping { condition.wait() }
            if stopping { break }
            let input = waiting.removeFirst()
            working = true
            condition.broadcast()  // room for the next frame
            condition.unlock()
            let started = threadCPUSeconds()
            tracker.update(frame: input.frame, time: input.time, blobs: input.blobs, clutter: input.clutter, sceneToPicture: input.sceneToPicture,
                           faintSpots: input.faintSpots)
            let spent = threadCPUSeconds() - started
            condition.lock()
            trackingSeconds += spent
            working = false
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}

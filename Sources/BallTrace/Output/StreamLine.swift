import FoundationEssentials

/// One line of `--stream` output (JSON Lines): what one analysed frame shows, as Vision's
/// per-frame results do, and how far the analysis runs behind real time.
package struct StreamLine: Sendable, Codable, Hashable {
    package var frame: Int
    /// Seconds since the first frame, from the frame's timestamp.
    package var time: Double
    /// Wall-clock seconds since the first frame was read, minus `time`: near 0 for a live source
    /// analysed as fast as it arrives, growing when the analysis falls behind, negative when a
    /// file is read faster than real time.
    package var behindRealTime: Double
    package var coordinateSystem: CoordinateSystem
    /// Where the camera was against the first frame, and whether this frame only repeated the last.
    package var camera: FrameCamera
    /// The trajectories reported and still in flight at this frame, with their points so far.
    package var trajectories: [AnalysisDocument.Trajectory]

    package init(_ analysed: AnalysedFrame, behindRealTime: Double, coordinates: CoordinateSystem) {
        frame = analysed.frame
        time = rounded(analysed.time, 6)
        self.behindRealTime = rounded(behindRealTime, 3)
        coordinateSystem = coordinates
        camera = analysed.camera
        trajectories = analysed.trajectories.map(AnalysisDocument.Trajectory.init)
    }

    /// The line's JSON text, newline included.
    package func jsonLine() throws -> Data { try OrderedJSONEncoder(compact: true).encode(self) }
}

/// The line of `--stream` written when a live source was lost and opened again
/// (`--reconnect`), before the first frame line after it.
package struct StreamReconnectedLine: Sendable, Codable, Hashable {
    package var event = "reconnected"
    /// The first frame after the reconnection, and its time.
    package var frame: Int
    package var time: Double
    package var lostBecause: String
    package var attempts: Int
    package var secondsWithoutFrames: Double
    /// False when the source's time started again: tracking then starts afresh.
    package var timeContinues: Bool

    package init(_ reconnection: SourceReconnection) {
        frame = reconnection.frame
        time = rounded(reconnection.time, 6)
        lostBecause = reconnection.lostBecause
        attempts = reconnection.attempts
        secondsWithoutFrames = rounded(reconnection.secondsWithoutFrames, 3)
        timeContinues = reconnection.timeContinues
    }

    package func jsonLine() throws -> Data { try OrderedJSONEncoder(compact: true).encode(self) }
}

/// The last line of `--stream`: why the analysis ended, so that a reader of the stream can
/// tell a finished clip from a source that went away, stalled or was interrupted.
package struct StreamEndLine: Sendable, Codable, Hashable {
    package enum Reason: String, Sendable, Codable, CaseIterable {
        case endOfInput = "end of input"
        case sourceClosed = "source closed"
        case sourceStalled = "source stalled"
        case stoppedEarly = "stopped early"
        case interrupted
        case failed

        package init(_ ending: AnalysisEnding) {
            switch ending {
            case .endOfInput: self = .endOfInput
            case .sourceClosed: self = .sourceClosed
            case .sourceStalled: self = .sourceStalled
            case .stoppedEarly: self = .stoppedEarly
            }
        }
    }

    package var event = "end"
    package var reason: Reason
    /// In words, one line: what the user reads on standard error.
    package var message: String
    /// Frame lines written before this one: a reader that counted fewer lost some.
    package var frameLines: Int

    package init(reason: Reason, message: String, frameLines: Int) {
        self.reason = reason
        self.message = message.replacing("\n", with: " ")
        self.frameLines = frameLines
    }

    package func jsonLine() throws -> Data { try OrderedJSONEncoder(compact: true).encode(self) }
}

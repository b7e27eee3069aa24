import Foundation

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

/// Where an analysis spent its CPU time, stage by stage, on the threads that run them (decoding
/// aside, whose threads are FFmpeg's): detecting (the background, the blobs), of which following
/// the camera (measuring its motion, moving the model and the picture), and tracking. `balltrace
/// analyze --verbose` prints it per analysed frame; the benchmark reads it to show what following
/// a moving camera costs, which an analysis told the camera stands still cannot (on a panning
/// clip that one sees the whole picture move, and tracks far more).
package struct StageTimes: Sendable, Hashable {
    /// Frames analysed, as the document's `analysedFrames` counts them (a frame that repeats the
    /// picture before it among them: it is detected, and found a repeat, not tracked).
    package var framesAnalysed = 0
    package var detectingSeconds = 0.0
    package var followingCameraSeconds = 0.0
    package var trackingSeconds = 0.0

    package init() {}

    /// Both analyses' times together (a live source opened again).
    package func adding(_ other: StageTimes) -> StageTimes {
        var sum = self
        sum.framesAnalysed += other.framesAnalysed
        sum.detectingSeconds += other.detectingSeconds
        sum.followingCameraSeconds += other.followingCameraSeconds
        sum.trackingSeconds += other.trackingSeconds
        return sum
    }

    /// Milliseconds of CPU a frame: detecting, following the camera (part of detecting), tracking.
    package var millisecondsPerFrame: (detecting: Double, followingCamera: Double, tracking: Double) {
        let frames = Double(max(1, framesAnalysed))
        return (1000 * detectingSeconds / frames, 1000 * followingCameraSeconds / frames, 1000 * trackingSeconds / frames)
    }

    /// One line for a log: "CPU a frame (N frames): detecting D ms, of which following the
    /// camera C ms; tracking T ms".
    package var summary: String {
        let ms = millisecondsPerFrame
        return "CPU a frame (\(framesAnalysed) frames): detecting \(String(printf: "%.2f", ms.detecting)) ms, of which following the camera "
            + "\(String(printf: "%.2f", ms.followingCamera)) ms; tracking \(String(printf: "%.2f", ms.tracking)) ms"
    }
}

import Foundation
@testable import BallTrace

/// A blob as a clip's detector gave it, for tests that replay a real clip's detections through
/// the tracker: centre, radius, elongation and contrast.
typealias RecordedBlob = (x: Double, y: Double, r: Double, e: Double, c: Double)

/// The flights reported once `frames` of recorded detections (none where a frame has no entry)
/// have been tracked in a picture of that size, each frame at `time(frame)` seconds.
func flightsReported(from detections: [Int: [RecordedBlob]], frames: some Sequence<Int>, width: Int, height: Int,
                     time: (Int) -> Double) -> [Track] {
    var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: width, frameHeight: height))
    for frame in frames {
        let blobs = (detections[frame] ?? []).map { d in
            Blob(center: PixelPoint(x: d.x, y: d.y), radius: d.r, area: .pi * d.r * d.r, elongation: d.e, contrast: d.c)
        }
        tracker.update(frame: frame, time: time(frame), blobs: blobs)
    }
    tracker.finish()
    return tracker.reported
}

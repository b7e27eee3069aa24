import Foundation

/// Detection and tracking for one sequence of frames of one size: a luma plane in, the
/// trajectories so far out. The one core that both the file analysis (``VideoAnalysis``) and
/// the frame-by-frame API (``SequenceRequestHandler``) run, so they cannot disagree.
final class FrameAnalyzer {
    let geometry: FrameGeometry
    let settings: AnalysisSettings
    /// Seconds between frames (0 when unknown): the step of predicted paths.
    let frameInterval: Double
    let minimumRadius: Double
    let maximumRadius: Double
    let region: PixelRect?
    let detector: BlobDetector
    private let filter: BlobFilter
    private(set) var tracker: TrajectoryTracker
    private var lastAnalysedTime = -Double.infinity
    private(set) var analysedCount = 0

    /// - Parameter frameInterval: seconds between the sequence's frames, 0 when unknown.
    init(geometry: FrameGeometry, settings: AnalysisSettings, frameInterval: Double) throws {
        try settings.validate()
        try settings.validate(shorterSide: geometry.shorterSide)
        self.geometry = geometry
        self.settings = settings
        self.frameInterval = frameInterval
        let width = geometry.displayedWidth, height = geometry.displayedHeight
        minimumRadius = settings.minimumRadius.pixels(shorterSide: geometry.shorterSide)
        maximumRadius = settings.maximumRadius.pixels(shorterSide: geometry.shorterSide)
        region = settings.regionOfInterest.isFullFrame ? nil : settings.regionOfInterest.pixelRect(width: width, height: height)
        filter = BlobFilter(region: region, minimumRadius: minimumRadius, maximumRadius: maximumRadius)
        detector = try BlobDetector(
            frameWidth: geometry.storedWidth, frameHeight: geometry.storedHeight,
            minimumRadius: minimumRadius, maximumRadius: maximumRadius,
            analysisInterval: max(settings.frameSpacing, frameInterval))
        tracker = TrajectoryTracker(
            settings: TrackerSettings(trajectoryLength: settings.trajectoryLength, frameWidth: width, frameHeight: height))
    }

    /// Whether a frame at `time` is analysed: frames closer than the spacing asked for to the
    /// last analysed one are not. A spacing typed in rounded (0.0667 s for every fourth frame
    /// at 60 fps) keeps its meaning.
    func wantsFrame(at time: Double) -> Bool {
        let tolerance = max(1e-6, 0.1 * frameInterval)
        return time - lastAnalysedTime >= settings.frameSpacing - tolerance
    }

    /// Detects and tracks in one stored luma plane.
    func analyse(luma: UnsafePointer<UInt8>, stride: Int, frame: Int, time: Double) throws {
        lastAnalysedTime = time
        analysedCount += 1
        let blobs = try detector.detect(luma: luma, stride: stride).map { Blob($0, geometry: geometry) }
        tracker.update(frame: frame, time: time, blobs: filter.apply(blobs))
    }

    /// Ends the sequence: flights still in the air are complete.
    func finish() { tracker.finish() }

    /// Tracks as the caller sees them, in its coordinate system.
    func observations(_ tracks: [Track]) -> [TrajectoryObservation] {
        tracks.map {
            TrajectoryObservation(track: $0, frameWidth: geometry.displayedWidth, frameHeight: geometry.displayedHeight,
                                  coordinates: settings.coordinates, trajectoryLength: settings.trajectoryLength,
                                  frameInterval: frameInterval, scale: settings.scale)
        }
    }

    var appliedSettings: AppliedSettings {
        AppliedSettings(
            minimumRadiusPixels: minimumRadius, maximumRadiusPixels: maximumRadius,
            analysisWidth: detector.analysisWidth, analysisHeight: detector.analysisHeight,
            maximumMissedFrames: tracker.settings.maximumMissedFrames, backgroundSubtraction: detector.method,
            foregroundThresholdMinimum: detector.thresholdRange.lowerBound,
            foregroundThresholdMaximum: detector.thresholdRange.upperBound)
    }
}

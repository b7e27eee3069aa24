import FoundationEssentials

/// Detection and tracking for one sequence of frames of one size: a luma plane in, the
/// trajectories so far out. The one core that both the file analysis (``VideoAnalysis``) and
/// the frame-by-frame API (``SequenceRequestHandler``) run, so they cannot disagree.
final class FrameAnalyzer {
    let geometry: FrameGeometry
    /// The settings in force: the region of interest and the radius bounds may change between
    /// frames (see ``refilter(_:)``); the rest is fixed for the sequence.
    private(set) var settings: AnalysisSettings
    /// Seconds between frames (0 when unknown): the step of predicted paths.
    let frameInterval: Double
    private(set) var minimumRadius: Double
    private(set) var maximumRadius: Double
    private(set) var region: PixelRect?
    let detector: BlobDetector
    /// The detector's last frames, searched where a flight expects a ball no blob showed.
    private let faintSpots: FaintSpotFinder
    private var filter: BlobFilter
    /// Where specks crowd in the scene: specks there are left to reported flights.
    private var specks: SpeckClutter
    /// The tracker, on a thread of its own (see ``TrackingPipeline``).
    private let tracking: TrackingPipeline
    /// The tracker, once every frame given so far has been tracked.
    var tracker: TrajectoryTracker { tracking.withTracker { $0 } }
    private var lastAnalysedTime = -Double.infinity
    private(set) var analysedCount = 0
    /// Frames that repeated the one before (frame-rate conversion), and were not tracked.
    private(set) var repeatedCount = 0
    /// Whether the last frame given was such a repeat.
    private(set) var lastWasRepeat = false
    /// When the last analysed frame's picture was taken (a repeat's: its original's), seconds.
    private(set) var lastTakenAt = 0.0
    /// The repeats of each analysed frame that had some: the ball is where it was in them, and
    /// a trajectory lists them among its points, though they take no part in its fit.
    private var repeats: [Int: [Int]] = [:]
    private var lastTrackedFrame: Int?
    private var cadence = CaptureCadence()
    /// Where a point of the latest frame lies in the scene (the first frame's picture), stored pixels.
    private(set) var cameraPose = SimilarityTransform.identity
    /// The largest distance the camera moved any corner of the picture from where it was in
    /// the first frame, stored pixels.
    private(set) var largestCameraDisplacement = 0.0
    /// CPU time spent detecting so far, and following the camera within it, seconds.
    private var detectingSeconds = 0.0, followingCameraSeconds = 0.0

    /// - Parameter frameInterval: seconds between the sequence's frames, 0 when unknown.
    init(geometry: FrameGeometry, settings: AnalysisSettings, frameInterval: Double) throws {
        try settings.validate()
        try settings.validate(shorterSide: geometry.shorterSide)
        self.geometry = geometry
        self.settings = settings
        self.frameInterval = frameInterval
        let width = geometry.displayedWidth, height = geometry.displayedHeight
        (region, minimumRadius, maximumRadius) = Self.bounds(settings, geometry)
        filter = BlobFilter(region: region, minimumRadius: minimumRadius, maximumRadius: maximumRadius)
        detector = try BlobDetector(
            frameWidth: geometry.storedWidth, frameHeight: geometry.storedHeight,
            minimumRadius: minimumRadius, maximumRadius: maximumRadius,
            analysisInterval: max(settings.frameSpacing, frameInterval), followsCamera: !settings.fixedCamera,
            lookBack: TrajectoryTracker.framesKept(trajectoryLength: settings.trajectoryLength))
        faintSpots = FaintSpotFinder(detector: detector)
        specks = SpeckClutter(width: Double(width), height: Double(height), analysisPixel: Double(detector.reduction))
        var trackerSettings = TrackerSettings(trajectoryLength: settings.trajectoryLength, frameWidth: width, frameHeight: height)
        trackerSettings.analysisPixel = Double(detector.reduction)
        trackerSettings.tee = settings.tee.map { PixelPoint(x: $0.x * Double(width), y: $0.y * Double(height)) }
        tracking = TrackingPipeline(tracker: TrajectoryTracker(settings: trackerSettings))
    }

    deinit { tracking.stop() }

    /// The region of interest and radius bounds of `settings` in displayed pixels.
    static func bounds(_ settings: AnalysisSettings, _ geometry: FrameGeometry)
        -> (region: PixelRect?, minimumRadius: Double, maximumRadius: Double) {
        let region = settings.regionOfInterest.isFullFrame
            ? nil : settings.regionOfInterest.pixelRect(width: geometry.displayedWidth, height: geometry.displayedHeight)
        return (region, settings.minimumRadius.pixels(shorterSide: geometry.shorterSide),
                settings.maximumRadius.pixels(shorterSide: geometry.shorterSide))
    }

    /// Takes a new region of interest, radius bounds, coordinate system and scale from the next
    /// frame on, as Vision reads a request's properties at every perform: blobs are filtered
    /// with the new bounds, chains already followed keep their points. The detector keeps the
    /// resolution it chose for the first frame's smallest radius, and no blob larger than the
    /// first frame's largest radius allowed reaches the filter. The trajectory length, the
    /// frame spacing, the tee, whether the camera is followed and how slowly the clip plays
    /// stay those the sequence began with.
    func refilter(_ new: AnalysisSettings) throws(AnalysisSettingsError) {
        var new = new
        new.trajectoryLength = settings.trajectoryLength
        new.frameSpacing = settings.frameSpacing
        new.tee = settings.tee
        new.fixedCamera = settings.fixedCamera
        new.slowMotion = settings.slowMotion
        guard new != settings else { return }
        try new.validate(shorterSide: geometry.shorterSide)
        settings = new
        (region, minimumRadius, maximumRadius) = Self.bounds(new, geometry)
        filter = BlobFilter(region: region, minimumRadius: minimumRadius, maximumRadius: maximumRadius)
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
        let started = threadCPUSeconds()
        let (raw, report) = try detector.detect(luma: luma, stride: stride)
        detectingSeconds += threadCPUSeconds() - started
        followingCameraSeconds += report.cameraSeconds
        // A repeated picture says nothing new, and a converted clip's timestamps are not when
        // its pictures were taken: a ball would seem to stop, then jump (see ``CaptureCadence``).
        var change = report.change
        if !report.isRepeat, let pose = report.cameraPose {
            let centre = PixelPoint(x: Double(geometry.storedWidth) / 2, y: Double(geometry.storedHeight) / 2)
            change.cameraStep = pose.apply(centre).distance(to: cameraPose.apply(centre)) / Double(geometry.shorterSide)
        }
        let takenAt = cadence.timeTaken(shownAt: time, isRepeat: report.isRepeat, change: change)
        lastWasRepeat = report.isRepeat
        if !report.isRepeat { lastTakenAt = takenAt }
        if report.isRepeat {
            repeatedCount += 1
            if let original = lastTrackedFrame { repeats[original, default: []].append(frame) }
            return
        }
        lastTrackedFrame = frame
        if let pose = report.cameraPose {
            cameraPose = pose
            largestCameraDisplacement = max(largestCameraDisplacement, cameraPose.largestDisplacement(
                width: Double(geometry.storedWidth), height: Double(geometry.storedHeight)))
        }
        let blobs = filter.apply(raw.map { Blob($0, geometry: geometry) })
        let pictureToScene = displayedPose
        let sceneToPicture = pictureToScene.inverse
        let sceneBlobs = blobs.map { $0.transformed(by: pictureToScene) }
        // The tracker judges flights by physics, in the time they were filmed in.
        tracking.submit(TrackerInput(frame: frame, time: takenAt / settings.slowMotion, blobs: sceneBlobs,
                                     clutter: specks.crowdedSpecks(sceneBlobs), sceneToPicture: sceneToPicture,
                                     faintSpots: FrameFaintSpots(finder: faintSpots, serial: report.serial, geometry: geometry,
                                                                 sceneToPicture: sceneToPicture)))
    }

    /// The camera pose in displayed pixels: the picture turned upright is the same rigid turn
    /// of the scene, so the stored pose conjugated by that turn (fixed by two points).
    var displayedPose: SimilarityTransform {
        guard !cameraPose.isIdentity else { return .identity }
        let p = PixelPoint(x: 0, y: 0), q = PixelPoint(x: Double(geometry.storedWidth), y: Double(geometry.storedHeight))
        return SimilarityTransform(
            mapping: geometry.displayed(fromStored: p), to: geometry.displayed(fromStored: cameraPose.apply(p)),
            and: geometry.displayed(fromStored: q), to: geometry.displayed(fromStored: cameraPose.apply(q))) ?? .identity
    }

    /// Reported trajectories still in flight, in their frames' own pixels and the clip's time.
    var inFlight: [Track] { tracking.withTracker { $0.inFlight }.map(asShown) }
    /// Every reported trajectory so far, in their frames' own pixels and the clip's time.
    var reported: [Track] { tracking.withTracker { $0.reported }.map(asShown) }

    /// A track as the clip shows it: in its frame's own pixels, at the clip's times (the
    /// tracker's are life's, see ``AnalysisSettings/slowMotion``).
    private func asShown(_ track: Track) -> Track {
        let shown = track.inPicture
        return settings.slowMotion == 1 ? shown : shown.timesStretched(by: settings.slowMotion)
    }

    /// Where the camera was for the last frame given.
    var frameCamera: FrameCamera {
        FrameCamera(repeated: lastWasRepeat, sceneFromPicture: displayedPose,
                    width: geometry.displayedWidth, height: geometry.displayedHeight)
    }

    /// How the clip was filmed, so far.
    var capture: CaptureSummary {
        CaptureSummary(cameraMoved: largestCameraDisplacement > 1,
                       largestCameraDisplacement: (largestCameraDisplacement * 10).rounded() / 10, repeatedFrames: repeatedCount,
                       shortStepFrames: cadence.shortSteps)
    }

    /// Where the analysis spent its CPU time so far (once every frame given has been tracked).
    var stageTimes: StageTimes {
        var times = StageTimes()
        times.framesAnalysed = analysedCount
        times.detectingSeconds = detectingSeconds
        times.followingCameraSeconds = followingCameraSeconds
        times.trackingSeconds = tracking.trackingCPUSeconds
        return times
    }

    /// Ends the sequence: flights still in the air are complete.
    func finish() { tracking.withTracker { $0.finish() } }

    /// How many times slower than life the clip would play for the longest chain the tracker
    /// followed but could not report to be a ball's flight, if any (once finished).
    var slowingThatWouldMakeAFlight: Double? { tracking.withTracker { $0.slowedFlight?.slowing } }

    /// Tracks as the caller sees them, in its coordinate system.
    ///
    /// - Parameter listingRepeats: whether each detection is followed by the frames that only
    ///   repeated its picture, as Vision's caller is told; an analysis's own outputs (the overlay
    ///   video, the tracer's choice of frame) look at each flight's own detections only.
    func observations(_ tracks: [Track], listingRepeats: Bool = true) -> [TrajectoryObservation] {
        tracks.map {
            var observation = TrajectoryObservation(
                track: $0, frameWidth: geometry.displayedWidth, frameHeight: geometry.displayedHeight,
                coordinates: settings.coordinates, trajectoryLength: settings.trajectoryLength,
                frameInterval: frameInterval, scale: settings.scale, slowMotion: settings.slowMotion)
            if listingRepeats && !repeats.isEmpty {
                // A repeat shows the picture taken when its original was: the same point at the
                // same time, under the repeat's frame index (so times never run backwards).
                observation.detectedPoints = observation.detectedPoints.flatMap { point in
                    [point] + (repeats[point.frame] ?? []).map { shown in
                        var copy = point
                        copy.frame = shown
                        return copy
                    }
                }
            }
            return observation
        }
    }

    var appliedSettings: AppliedSettings {
        AppliedSettings(
            minimumRadiusPixels: minimumRadius, maximumRadiusPixels: maximumRadius,
            analysisWidth: detector.analysisWidth, analysisHeight: detector.analysisHeight,
            maximumMissedFrames: tracking.withTracker { $0.settings.maximumMissedFrames }, backgroundSubtraction: detector.method,
            foregroundThresholdMinimum: detector.thresholdRange.lowerBound,
            foregroundThresholdMaximum: detector.thresholdRange.upperBound)
    }
}

import BallTrace
import ClipSynthesis
import Foundation
import Testing

@Suite("Clips filmed by a moving camera, and clips whose pictures repeat")
struct MovingCameraPipelineTests {
    /// The face-on drive filmed by a camera panning across a tenth of the frame.
    static let pannedDrive: GeneratedClips.Clip = GeneratedClips.render(
        SyntheticScene.scenario(named: "golf-face-on-pan", width: 640, height: 360, frameRate: 30, seed: 7)!)

    @Test func aPannedFlightIsFoundOnTheTruthInEachFramesOwnPixels() throws {
        let result = try VideoAnalysis.run(path: Self.pannedDrive.path, settings: AnalysisSettings())
        #expect(result.capture.cameraMoved)
        #expect(result.capture.largestCameraDisplacement > 30, "moved \(result.capture.largestCameraDisplacement) px")
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        try expectOnTheTruth(trajectory, Self.pannedDrive, width: 640, height: 360)
    }

    @Test func eachAnalysedFrameSaysWhereThePanningCameraWas() throws {
        var cameras: [FrameCamera] = []
        _ = try VideoAnalysis.run(path: Self.pannedDrive.path, settings: AnalysisSettings(), frameAnalysed: { cameras.append($0.camera) })
        #expect(cameras.count == 90)
        #expect(cameras[0].offsetX == 0 && cameras[0].zoom == 1)
        // The pan sweeps a tenth of the 640 px frame, easing in and out: the camera's centre
        // travels about 64 px one way without zooming. (Measured turns add up to a degree or so
        // over the clip: the estimate's drift, which a few frames of a flight do not feel.)
        let travel = abs(cameras[89].offsetX)
        #expect(travel > 50 && travel < 80, "travelled \(travel) px")
        let odd = cameras.enumerated().filter { abs($0.element.zoom - 1) >= 0.01 || abs($0.element.rotation) >= 2 }
        #expect(odd.isEmpty, "\(odd.prefix(5).map { "\($0.offset): \($0.element)" })")
        #expect(cameras.prefix(80).allSatisfy { !$0.repeated })
    }

    /// What following the camera costs is counted where it is spent, so a user (`--verbose`) and
    /// the benchmark can tell it from the rest of detecting, on a camera that moves too.
    @Test func theCPUSpentFollowingAPanningCameraIsCountedApartFromTheRest() throws {
        let followed = try VideoAnalysis.run(path: Self.pannedDrive.path, settings: AnalysisSettings()).stageTimes
        #expect(followed.framesAnalysed == 90)
        #expect(followed.followingCameraSeconds > 0 && followed.followingCameraSeconds < followed.detectingSeconds,
                "\(followed.summary)")
        #expect(followed.trackingSeconds > 0)
        var still = AnalysisSettings()
        still.fixedCamera = true
        let fixed = try VideoAnalysis.run(path: Self.pannedDrive.path, settings: still).stageTimes
        #expect(fixed.followingCameraSeconds == 0 && fixed.detectingSeconds > 0, "\(fixed.summary)")
    }

    @Test func aCameraOnATripodIsReportedStill() throws {
        let result = try VideoAnalysis.run(path: GeneratedClips.golfDrive.path, settings: AnalysisSettings())
        #expect(!result.capture.cameraMoved)
        #expect(result.capture.repeatedFrames == 0)
    }

    @Test func aCameraSaidToStandStillIsNotFollowedAndTheTripodDriveIsFoundTheSame() throws {
        // On a tripod, --fixed-camera skips following the camera and finds the same flight.
        let followed = try VideoAnalysis.run(path: GeneratedClips.golfDrive.path, settings: AnalysisSettings())
        var still = AnalysisSettings()
        still.fixedCamera = true
        let fixed = try VideoAnalysis.run(path: GeneratedClips.golfDrive.path, settings: still)
        #expect(fixed.trajectories.count == 1 && followed.trajectories.count == 1)
        #expect(fixed.trajectories.first?.detectedPoints.map(\.frame) == followed.trajectories.first?.detectedPoints.map(\.frame))
        #expect(!fixed.capture.cameraMoved)
        // Told the panning camera stands still, the analysis does not follow it: the pan is
        // not measured.
        let panned = try VideoAnalysis.run(path: Self.pannedDrive.path, settings: still)
        #expect(!panned.capture.cameraMoved && panned.capture.largestCameraDisplacement == 0)
    }

    /// A drive filmed down the line at 1920×1080 and 60 fps by a camera panning after it: its
    /// apex lies a few pixels above the top edge, where for a dozen frames only a sliver of the
    /// ball shows (a blob two rows of the analysed picture high), and it comes back down far
    /// away, 1.5–3 px a frame. The sliver at the edge is where the flight left: the descent is
    /// the same ball, followed as the drive's (with rows the camera uncovers forgetting the ball
    /// they settled on, and the edge taken as 2 px of the full picture, recall 0.31: the descent,
    /// too slow for a flight of its own, was not reported).
    static let pannedDriveOverTheTop: GeneratedClips.Clip = GeneratedClips.render(
        SyntheticScene.scenario(named: "golf-down-the-line-pan", width: 1920, height: 1080, frameRate: 60, seed: 123)!)

    @Test func aDriveWhoseApexIsJustAboveThePictureIsFollowedBackDownAsOneFlight() throws {
        let result = try VideoAnalysis.run(path: Self.pannedDriveOverTheTop.path, settings: AnalysisSettings())
        let drive = try #require(result.trajectories.min { $0.detectedPoints[0].frame < $1.detectedPoints[0].frame })
        let flight = result.trajectories.filter { $0.uuid == drive.uuid || $0.continues == drive.uuid }
        let followed = Set(flight.flatMap { $0.detectedPoints.map(\.frame) })
        let truth = Set(Self.pannedDriveOverTheTop.truth.flightPositions(0).map(\.frame))
        let found = followed.intersection(truth).count
        #expect(Double(found) >= 0.9 * Double(truth.count), "\(found) of \(truth.count) flight frames, in \(flight.count) trajectories")
    }

    /// The suite's zoomed toss (1280×720, 60 fps, the camera zooming in): falling, the ball
    /// passes the server's head (merged with it for a few frames), then the body, where the
    /// flight took a small still thing beside the path for three or four frames while the ball
    /// was merged with the body. Judged on those, the flight read as a ball stopped (seed 132:
    /// ended at the head, its last six frames a second trajectory, recall 0.875), or as a ball
    /// carried along by the player beside them (seed 3132: cut back to frame 114, recall 0.775).
    /// Seed 4132: passing the racket the ball is one blob with it for a few frames, which the
    /// flight took and ended at as struck; the ball came out below, falling on for eight frames
    /// before it left the picture, too few for a flight of its own (recall 0.80).
    static let zoomedTosses: [Int: GeneratedClips.Clip] = Dictionary(uniqueKeysWithValues: [132, 3132, 4132].map { seed in
        (seed, GeneratedClips.render(SyntheticScene.scenario(named: "tennis-toss-zoom", width: 1280, height: 720, frameRate: 60, seed: UInt64(seed))!))
    })

    @Test(arguments: [132, 3132, 4132])
    func aTossFallingPastTheServerIsOneFlight(seed: Int) throws {
        try Self.expectOneFlightFollowed(in: #require(Self.zoomedTosses[seed]))
    }

    /// Analyses `clip` and expects its flight reported under one UUID, with nine in ten of its
    /// frames; returns the frames of the trajectories that cover it and the flight's own.
    @discardableResult
    static func expectOneFlightFollowed(in clip: GeneratedClips.Clip) throws -> (reported: [Int], flight: Set<Int>) {
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let truth = Set(clip.truth.flightPositions(0).map(\.frame))
        let covering = result.trajectories.filter { !truth.isDisjoint(with: $0.detectedPoints.map(\.frame)) }
        #expect(covering.count == 1, "trajectories \(covering.map { ($0.detectedPoints.first!.frame, $0.detectedPoints.last!.frame) })")
        let frames = covering.flatMap { $0.detectedPoints.map(\.frame) }
        let found = Set(frames).intersection(truth).count
        #expect(Double(found) >= 0.9 * Double(truth.count), "\(found) of \(truth.count) flight frames")
        return (frames, truth)
    }

    /// The suite's hand-held pitch (1920×1080, 30 fps): the camera's motion leaves the edges of
    /// the whole ballpark in the difference, some 1,700 blobs a frame, and where the pitch (a
    /// 2.6 px ball smeared to 9) passes the batter its blob can be weaker than the 256 handed to
    /// the tracker (seed 5191: ranked 305th and 960th in frames 46–47, and nothing was
    /// reported; seed 191: 269th in frame 46). Then the ball is caught: after three frames
    /// without it, the flight took the catcher's glove, behind where the ball was last seen, and
    /// followed it for eight frames (seed 191, precision 0.62).
    static let handheldPitches: [Int: GeneratedClips.Clip] = Dictionary(uniqueKeysWithValues: [191, 5191].map { seed in
        (seed, GeneratedClips.render(SyntheticScene.scenario(named: "baseball-pitch-handheld", width: 1920, height: 1080,
                                                             frameRate: 30, seed: UInt64(seed))!))
    })

    @Test(arguments: [191, 5191])
    func aPitchWeakerThanTheClutterAroundItIsFollowedPastTheBatterToTheCatch(seed: Int) throws {
        let (frames, truth) = try Self.expectOneFlightFollowed(in: #require(Self.handheldPitches[seed]))
        #expect(frames.count { !truth.contains($0) } <= 1, "frames outside the flight: \(frames.filter { !truth.contains($0) })")
    }

    /// The suite's panned basketball shot (1280×720, 30 fps): the camera's pose a pixel or two
    /// off leaves the gym's banner outlined in the difference, and the rising ball merges with
    /// the outline for a few frames (seed 142: 33–36; seed 6142: 34–35). The chain that
    /// followed the ball from the release began on the shooter's hand, as large as the ball,
    /// lifting it, so it was no flight yet, and it took the merged blob (its centre 70 px off
    /// the ball's) or nothing: the flight, taken back to the release once known, lacked those
    /// frames.
    @Test(arguments: [(142, 33...36), (6142, 34...35)])
    func aShotThatMergesWithABannerOnTheWayUpIsFollowedFromItsReleaseThroughTheMerge(seed: Int, merged: ClosedRange<Int>) throws {
        let clip = GeneratedClips.render(SyntheticScene.scenario(named: "basketball-shot-pan", width: 1280, height: 720,
                                                                 frameRate: 30, seed: UInt64(seed))!)
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let truth = clip.truth.flightPositions(0).map(\.frame)
        let covering = result.trajectories.filter { !Set(truth).isDisjoint(with: $0.detectedPoints.map(\.frame)) }
        try #require(covering.count == 1, "trajectories \(covering.map { ($0.detectedPoints.first!.frame, $0.detectedPoints.last!.frame) })")
        let frames = covering[0].detectedPoints.map(\.frame)
        #expect(abs(frames[0] - truth[0]) <= 2, "first point at frame \(frames[0]), released at \(truth[0])")
        #expect(frames.allSatisfy { truth.contains($0) }, "frames \(frames)")
        #expect(Set(merged).isSubset(of: frames), "frames \(frames)")
    }

    /// Seed 5142: reported on the way up, the flight lost the ball at frame 38, where it rose
    /// half out of the top of the picture into the banner, and took the banner's outline behind
    /// it instead, following it for seventeen frames until they read as pulled upward: the
    /// whole flight was withdrawn, and the ball's descent, found again from frame 42, was
    /// reported without its release (recall 0.57).
    @Test func aShotThatLosesItsBallAtTheTopOfThePictureIsKeptUpToThereAndCarriedOnWhenTheBallIsBack() throws {
        let clip = GeneratedClips.render(SyntheticScene.scenario(named: "basketball-shot-pan", width: 1280, height: 720,
                                                                 frameRate: 30, seed: 5142)!)
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let truth = Set(clip.truth.flightPositions(0).map(\.frame))
        let covering = result.trajectories.filter { !truth.isDisjoint(with: $0.detectedPoints.map(\.frame)) }
        try #require(covering.count == 1, "trajectories \(covering.map { ($0.detectedPoints.first!.frame, $0.detectedPoints.last!.frame) })")
        let frames = covering[0].detectedPoints.map(\.frame)
        #expect(abs(frames[0] - truth.min()!) <= 2, "first point at frame \(frames[0]), released at \(truth.min()!)")
        #expect(frames.allSatisfy { truth.contains($0) }, "frames outside the flight: \(frames.filter { !truth.contains($0) })")
        // Up to where it lost the ball, and on from where the ball was back.
        #expect(Set(30...37).isSubset(of: frames) && Set(43...60).isSubset(of: frames), "frames \(frames)")
    }

    /// The drive filmed at 20 fps, with sensor noise a phone would leave in.
    static let drive20: GeneratedClips.Clip = {
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: 20, seconds: 3, seed: 7)
        scene.name = "golf-face-on-20fps"
        scene.noise = 4
        return GeneratedClips.render(scene)
    }()

    @Test func picturesShownTwiceAreRecognisedAndTheFlightKeepsEveryFrame() throws {
        // Converted to 30 fps by showing every second picture twice, as editors do.
        let repeated = GeneratedClips.temporaryPath("repeated.mp4")
        try ffmpeg(["-i", Self.drive20.path, "-vf", "fps=30", "-c:v", "libx264", "-crf", "16", "-preset", "veryfast", repeated])
        let result = try VideoAnalysis.run(path: repeated, settings: AnalysisSettings())
        #expect(result.capture.repeatedFrames >= 20, "\(result.capture.repeatedFrames) repeats of 30")
        let trajectory = try #require(result.trajectories.max { $0.detectedPoints.count < $1.detectedPoints.count })
        let frames = trajectory.detectedPoints.map(\.frame)
        // Repeats are listed with the ball where it was: no frame of the flight is left out.
        #expect(Set(frames).count == frames.count)
        #expect(frames.last! - frames.first! + 1 == frames.count, "frames \(frames)")
        // Times never run backwards: a repeat carries the time its picture was taken.
        let times = trajectory.detectedPoints.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times \(times)")
    }

    @Test func aFlightInAClipConvertedToALowerRateByDroppingPicturesIsFound() throws {
        // The panned drive filmed at 50 fps and converted to 30 by keeping whole pictures:
        // frames follow each other by two, two, then one of the camera's pictures.
        var scene = SyntheticScene.scenario(named: "golf-face-on-pan", width: 640, height: 360, frameRate: 50, seed: 7)!
        scene.name = "golf-face-on-pan-50fps"
        let filmed = GeneratedClips.render(scene)
        let converted = GeneratedClips.temporaryPath("dropped.mp4")
        try ffmpeg(["-i", filmed.path, "-vf", "fps=30", "-c:v", "libx264", "-crf", "16", "-preset", "veryfast", converted])
        let result = try VideoAnalysis.run(path: converted, settings: AnalysisSettings())
        #expect(result.capture.shortStepFrames >= 10, "\(result.capture.shortStepFrames) short steps")
        #expect(result.trajectories.count == 1)
        let trajectory = try #require(result.trajectories.first)
        #expect(trajectory.detectedPoints.count >= 15, "\(trajectory.detectedPoints.count) points")
    }

    @Test func aShotFirstFollowedWhereABannerHidesHalfTheBallIsReportedFromItsRisingHalf() throws {
        // Filmed by hand, the shot rises past the gym's banner: in frames 34–36 the banner hides
        // half the ball (a blob of 9.6–11.4 px, the whole ball 20 px), and the chain that
        // becomes the flight begins there. Looking back from a blob half the ball's size, the
        // build before turned the whole ball at frame 33 away and reported the shot from frame
        // 34, seven frames after it left the shooter's hands (recall 0.79).
        let clip = GeneratedClips.render(
            SyntheticScene.scenario(named: "basketball-shot-handheld", width: 1280, height: 720, frameRate: 30, seed: 23141)!)
        let result = try VideoAnalysis.run(path: clip.path, settings: AnalysisSettings())
        let shot = try #require(result.trajectories.max { $0.detectedPoints.count < $1.detectedPoints.count })
        let released = try #require(clip.truth.flightPositions(0).first?.frame)
        let seen = Set(shot.detectedPoints.map(\.frame))
        #expect(((released + 1)...(released + 6)).allSatisfy(seen.contains),
                "released at \(released), reported \(shot.detectedPoints.map(\.frame))")
    }
}

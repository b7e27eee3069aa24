import BallTrace
import ClipSynthesis
import Evaluation
import Foundation
import Testing

/// The evaluation's measure of how well the camera was followed (see `CameraRegistration`): it
/// must read a perfectly followed camera as no error and an unfollowed one as the camera's own
/// motion, or it would grade the measure instead of balltrace.
@Suite struct CameraRegistrationTests {
    func scene(_ kind: CameraPath.Kind) -> SyntheticScene {
        var scene = SyntheticScene.golfFaceOn(width: 1280, height: 720, frameRate: 30, seconds: 2, seed: 5)
        scene.conditions.camera = CameraPath(kind: kind, seed: 77)
        return scene
    }

    /// The cameras `--stream` would report for a camera followed exactly.
    func followedExactly(_ scene: SyntheticScene) -> [Int: FrameCamera] {
        Dictionary(uniqueKeysWithValues: (0..<scene.frameCount).map { frame in
            (frame, FrameCamera(repeated: false, sceneFromPicture: CameraRegistration.truePictureToFirst(scene, frame: frame)!,
                                width: scene.width, height: scene.height))
        })
    }

    @Test(arguments: CameraPath.Kind.allCases)
    func aCameraFollowedExactlyHasNoError(kind: CameraPath.Kind) throws {
        let scene = scene(kind)
        let measured = try #require(CameraRegistration.measure(reported: followedExactly(scene), scene: scene))
        #expect(measured.frames == scene.frameCount)
        // Only the report's rounding (hundredths of a pixel, 10⁻⁵ of zoom, thousandths of a degree).
        #expect(measured.largestError < 0.05, "largest \(measured.largestError) px")
    }

    @Test func aPanNotFollowedAtAllIsInErrorByThePanItself() throws {
        let scene = scene(.pan)
        let standing = FrameCamera(repeated: false, sceneFromPicture: .identity, width: scene.width, height: scene.height)
        let reported = Dictionary(uniqueKeysWithValues: (0..<scene.frameCount).map { ($0, standing) })
        let measured = try #require(CameraRegistration.measure(reported: reported, scene: scene))
        // The pan sweeps a tenth of the picture's width (128 px here) across the clip: its last
        // frame is that far from the first, and the error follows it there.
        let last = CameraRegistration.truePictureToFirst(scene, frame: scene.frameCount - 1)!
        let centre = PixelPoint(x: 640, y: 360)
        // The picture sweeps left, so a point of the last frame showed further right in the first.
        #expect(last.apply(centre).x - centre.x > 100)
        #expect(measured.largestError > 100)
        #expect(measured.meanError > 20 && measured.meanError < measured.largestError)
    }

    @Test func repeatedFramesAndAStillCameraAreNotMeasured() throws {
        var still = scene(.pan)
        still.conditions.camera = nil
        #expect(CameraRegistration.measure(reported: [0: FrameCamera(repeated: false, sceneFromPicture: .identity, width: 1280, height: 720)],
                                           scene: still) == nil)
        let panning = scene(.pan)
        var reported = followedExactly(panning)
        // A repeat is reported with the pose of the picture it repeats; it is not a frame analysed.
        reported[10] = FrameCamera(repeated: true, sceneFromPicture: .identity, width: 1280, height: 720)
        let measured = try #require(CameraRegistration.measure(reported: reported, scene: panning))
        #expect(measured.frames == panning.frameCount - 1)
        #expect(measured.largestError < 0.05)
    }

    /// A real clip filmed moving (`--handheld`, `--panning`): the poses it was filmed through,
    /// two seconds at 30 fps of a 1280 × 720 clip.
    func filmingPoses(_ motion: HandheldFilming.Motion) -> [HandheldFilming.Pose] {
        let phases = HandheldFilming.phases(for: "golf-dtl-slowmo/clip.mp4")
        return (0..<60).map { HandheldFilming.pose(at: Double($0) / 30, duration: 2, phases: phases, width: 1280, height: 720, motion: motion) }
    }

    @Test(arguments: HandheldFilming.Motion.allCases)
    func aPoseAsATransformMovesPointsAsThePoseDoes(motion: HandheldFilming.Motion) {
        for pose in filmingPoses(motion) {
            for p in [PixelPoint(x: 0, y: 0), PixelPoint(x: 1280, y: 0), PixelPoint(x: 333, y: 611), PixelPoint(x: 1280, y: 720)] {
                #expect(pose.originalToFilmed.apply(p).distance(to: pose.filmed(p)) < 1e-9)
            }
        }
    }

    @Test(arguments: HandheldFilming.Motion.allCases)
    func aRealClipFilmedMovingAndFollowedExactlyHasNoError(motion: HandheldFilming.Motion) throws {
        let poses = filmingPoses(motion)
        // The original's own camera drifts right half a pixel a frame (balltrace's reading of it).
        let original = (0..<poses.count).map { SimilarityTransform(tx: 0.5 * Double($0)) }
        let first = poses[0].originalToFilmed
        let exactly = Dictionary(uniqueKeysWithValues: poses.indices.map { f in
            (f, FrameCamera(repeated: false, sceneFromPicture: first.after(original[f]).after(poses[f].originalToFilmed.inverse),
                            width: 1280, height: 720))
        })
        let measured = try #require(CameraRegistration.measure(reported: exactly, filmedThrough: poses, originalCamera: original))
        #expect(measured.frames == poses.count)
        #expect(measured.largestError < 0.05, "largest \(measured.largestError) px")
        // The filming followed but the original's own drift left out: the drift is the error
        // (29.5 px at the last frame, in the first frame's picture, zoomed a little).
        let filmingOnly = Dictionary(uniqueKeysWithValues: poses.indices.map { f in
            (f, FrameCamera(repeated: false, sceneFromPicture: first.after(poses[f].originalToFilmed.inverse), width: 1280, height: 720))
        })
        let drifted = try #require(CameraRegistration.measure(reported: filmingOnly, filmedThrough: poses, originalCamera: original))
        #expect(drifted.largestError > 29 && drifted.largestError < 36, "largest \(drifted.largestError) px")
    }

    @Test func aRealClipFilmedPanningButNotFollowedIsInErrorByTheSweep() throws {
        let poses = filmingPoses(.panning)
        let standing = FrameCamera(repeated: false, sceneFromPicture: .identity, width: 1280, height: 720)
        let reported = Dictionary(uniqueKeysWithValues: poses.indices.map { ($0, standing) })
        let still = [SimilarityTransform](repeating: .identity, count: poses.count)
        let measured = try #require(CameraRegistration.measure(reported: reported, filmedThrough: poses, originalCamera: still))
        // The largest error is at least how far the sweep carried the picture's centre across
        // the original (and a little more: the filmed picture is zoomed).
        let centre = PixelPoint(x: 640, y: 360)
        let farthest = poses.map { $0.original(centre).distance(to: poses[0].original(centre)) }.max() ?? 0
        #expect(farthest > 10)
        #expect(measured.largestError >= farthest)
    }

    @Test func theCamerasAreReadFromStreamLines() {
        let text = """
            {"frame":0,"time":0,"behindRealTime":0,"coordinateSystem":"top-left","camera":{"repeated":false,"offsetX":0,"offsetY":0,"zoom":1,"rotation":0},"trajectories":[]}
            {"frame":1,"time":0.033,"behindRealTime":0,"coordinateSystem":"top-left","camera":{"repeated":false,"offsetX":3.5,"offsetY":-1.25,"zoom":1.002,"rotation":0.1},"trajectories":[]}
            {"summary":true}
            """
        let cameras = CameraRegistration.cameras(streamLines: text)
        #expect(cameras.count == 2)
        #expect(cameras[1]?.offsetX == 3.5 && cameras[1]?.zoom == 1.002)
    }
}

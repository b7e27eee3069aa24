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

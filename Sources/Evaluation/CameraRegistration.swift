import BallTrace
import ClipSynthesis
import Foundation

/// How far the camera motion balltrace reported strays from the camera that filmed a generated
/// scene (or a real clip filmed moving, see ``HandheldFilming``): for each analysed frame,
/// where the frame's corners and centre lie in the first frame's picture by the reported motion
/// (`--stream`'s `camera`) against where the scene's own camera put them, the largest distance
/// of the five, in pixels.
///
/// The tracker follows a ball in the first frame's picture through the reported motion, and
/// the background model is moved with it: an error of a few pixels is an edge standing out
/// from the model along its whole length, and a path bent by the camera. Scores say whether
/// balls were found; this says how well the camera was followed, which the scores only show
/// once it is bad enough to lose a ball.
package struct CameraRegistration: Sendable, Hashable {
    /// Frames measured (analysed frames; repeats are not).
    package var frames: Int
    /// The mean over frames of each frame's largest error, pixels.
    package var meanError: Double
    /// The largest error in any frame, pixels.
    package var largestError: Double

    /// Where a point of frame `frame`'s picture lies in the first frame's picture, as the scene
    /// was filmed; nil for a scene filmed by a camera that stands still, or a frame it does not have.
    package static func truePictureToFirst(_ scene: SyntheticScene, frame: Int) -> SimilarityTransform? {
        truePicturesToFirst(scene).flatMap { $0.indices.contains(frame) ? $0[frame] : nil }
    }

    /// ``truePictureToFirst(_:frame:)`` for every frame of the scene.
    static func truePicturesToFirst(_ scene: SyntheticScene) -> [SimilarityTransform]? {
        guard scene.conditions.camera != nil || scene.conditions.shake != nil else { return nil }
        let times = scene.frameTimes
        let offsets = scene.conditions.shake?.offsets(count: scene.frameCount)
        // The synthesizer shifts the drawn scene by the shake, then shows it through the view.
        let sceneToPicture = times.indices.map { f in
            let view = ClipSynthesizer.cameraView(scene, at: times[f]) ?? .identity
            let shift = offsets.map { SimilarityTransform(tx: $0[f].x, ty: $0[f].y) } ?? .identity
            return view.after(shift)
        }
        guard let first = sceneToPicture.first else { return nil }
        return sceneToPicture.map { first.after($0.inverse) }
    }

    /// The reported pose of one frame as a map from its picture to the first frame's (the
    /// inverse of how ``FrameCamera`` describes it).
    package static func reportedPictureToFirst(_ camera: FrameCamera, width: Double, height: Double) -> SimilarityTransform {
        let scale = 1 / camera.zoom, angle = -camera.rotation * .pi / 180
        let a = scale * cos(angle), b = scale * sin(angle)
        let cx = width / 2, cy = height / 2
        // The centre goes to the centre plus the offset.
        return SimilarityTransform(a: a, b: b, tx: cx + camera.offsetX - (a * cx - b * cy),
                                   ty: cy + camera.offsetY - (b * cx + a * cy))
    }

    /// The registration of a scene's analysis from the cameras reported for its frames (by
    /// frame index; repeated frames are skipped); nil for a scene filmed by a camera standing
    /// still, or when no frame was reported.
    package static func measure(reported: [Int: FrameCamera], scene: SyntheticScene) -> CameraRegistration? {
        guard let truths = truePicturesToFirst(scene) else { return nil }
        return measure(reported: reported, truths: truths, width: Double(scene.width), height: Double(scene.height))
    }

    /// The registration of a real clip's analysis, the clip filmed through `poses` (by frame,
    /// see ``HandheldFilming``) from an original whose own camera moved as `originalCamera` says
    /// (by frame, each picture to the first's: balltrace's reading of the original, identity for
    /// a camera that stood still). A frame of the filmed clip maps to the original picture, to
    /// the original's first, and through the first pose to the filmed first. For an original
    /// whose camera moved, this measures how far the filming moved balltrace from its own
    /// reading of the original, not from the truth. Nil when no frame was reported.
    package static func measure(reported: [Int: FrameCamera], filmedThrough poses: [HandheldFilming.Pose],
                                originalCamera: [SimilarityTransform]) -> CameraRegistration? {
        guard let first = poses.first else { return nil }
        let truths = poses.indices.map { f in
            first.originalToFilmed.after(originalCamera.indices.contains(f) ? originalCamera[f] : .identity)
                .after(poses[f].originalToFilmed.inverse)
        }
        return measure(reported: reported, truths: truths, width: first.width, height: first.height)
    }

    /// The registration from each frame's true map from its picture to the first frame's.
    static func measure(reported: [Int: FrameCamera], truths: [SimilarityTransform], width w: Double,
                        height h: Double) -> CameraRegistration? {
        let probes = [PixelPoint(x: 0, y: 0), PixelPoint(x: w, y: 0), PixelPoint(x: 0, y: h), PixelPoint(x: w, y: h),
                      PixelPoint(x: w / 2, y: h / 2)]
        var errors: [Double] = []
        for (frame, camera) in reported.sorted(by: { $0.key < $1.key }) where !camera.repeated && truths.indices.contains(frame) {
            let truth = truths[frame]
            let seen = reportedPictureToFirst(camera, width: w, height: h)
            errors.append(probes.map { truth.apply($0).distance(to: seen.apply($0)) }.max() ?? 0)
        }
        guard !errors.isEmpty else { return nil }
        return CameraRegistration(frames: errors.count, meanError: errors.reduce(0, +) / Double(errors.count),
                                  largestError: errors.max() ?? 0)
    }

    /// The cameras of a `--stream` output (one JSON object a line), by frame.
    package static func cameras(streamLines text: String) -> [Int: FrameCamera] {
        struct Line: Decodable {
            var frame: Int?
            var camera: FrameCamera?
        }
        let decoder = JSONDecoder()
        var found: [Int: FrameCamera] = [:]
        for line in text.split(separator: "\n") {
            guard let parsed = try? decoder.decode(Line.self, from: Data(line.utf8)),
                  let frame = parsed.frame, let camera = parsed.camera else { continue }
            found[frame] = camera
        }
        return found
    }
}

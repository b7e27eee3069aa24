import BallTrace
import ClipSynthesis
import Evaluation
import Foundation

/// Clips rendered once per test run by the project's own generator, with their truth.
enum GeneratedClips {
    struct Clip: Sendable {
        let path: String
        let truth: ClipTruth
    }

    static let folder: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("balltrace-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Removed when the test process ends, so runs leave nothing behind.
        atexit { try? FileManager.default.removeItem(atPath: GeneratedClips.folder) }
        return url.path
    }()

    /// A face-on golf drive at 640×360, 30 fps: swing, ball on the tee, flight out of frame.
    static let golfDrive: Clip = render(.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 3, seed: 7))

    /// An 8 s drive, long enough for progress to be shown more than once. Rendered once: tests
    /// that render the same scene at the same time would write the same file.
    static let longDrive: Clip = render(.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 8, seed: 11))

    /// The 8 s drive sixteen times over, one clip of 128 s (copied, not encoded again): long
    /// enough to take well over a second to analyse however fast the build and the machine,
    /// for what shows only once an analysis has run half a second (the time left). Four times
    /// over, 960 frames, it was analysed at about 1900 frames a second on an idle machine, and
    /// the time left was sometimes never shown.
    static let drivenSixteenTimes: String = {
        // A short name: the progress line must fit an 80-column terminal whole.
        let path = "\(folder)/drive-16.mp4"
        do {
            try ffmpeg(["-stream_loop", "15", "-i", longDrive.path, "-c", "copy", path])
        } catch {
            fatalError("could not loop the drive into \(path): \(error)")
        }
        return path
    }()

    /// The same drive shot in portrait on a phone: stored sideways, with a display matrix that
    /// turns it 90° clockwise.
    static let portraitDrive: Clip = {
        var scene = SyntheticScene.golfFaceOn(width: 360, height: 640, frameRate: 30, seconds: 3, seed: 3)
        scene.rotation = .clockwise90
        return render(scene)
    }()

    /// A drive filmed by a camera whose frames arrive irregularly (variable frame rate).
    static let irregularDrive: Clip = {
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: 30, seconds: 3, seed: 5)
        scene.frameTimeJitter = 0.8
        scene.name = "golf-face-on-vfr"
        return render(scene)
    }()

    /// The scene's clip, rendered once per test run: tests running at the same time that ask
    /// for the same scene wait for the one rendering it, rather than writing the same file.
    /// Scenes are told apart by name, seed, size, frame rate, rotation and frame-time jitter (the
    /// file name shows in progress lines, which must fit a terminal): a scene changed otherwise
    /// (its noise, its CRF) needs a seed no other test renders it with.
    static func render(_ scene: SyntheticScene) -> Clip {
        let path = "\(folder)/\(scene.name)-\(scene.seed)-\(scene.width)x\(scene.height)-\(scene.frameCount)at\(scene.frameRate)-\(scene.rotation.rawValue)-\(scene.frameTimeJitter).mp4"
        return rendered.clip(at: path) {
            do {
                return Clip(path: path, truth: try ClipSynthesizer.render(scene, to: path))
            } catch {
                fatalError("could not render \(scene.name): \(error)")
            }
        }
    }

    private static let rendered = RenderedClips()

    static func temporaryPath(_ name: String) -> String { "\(folder)/\(UUID().uuidString)-\(name)" }
}

extension GeneratedClips.Clip {
    /// How many positions of flight `flight` that count (in flight, in view, not cut by the edge)
    /// `trajectory` has a point on by the evaluation's rule: in the same frame, within
    /// `matchingDistance` of the truth, in a `width` × `height` picture; and how many count.
    func positions(matchedBy trajectory: TrajectoryObservation, flight: Int = 0, width: Int,
                   height: Int) -> (matched: Int, counted: Int) {
        let truth = self.truth.flightPositions(flight).filter(\.counts)
        let points = Dictionary(trajectory.detectedPoints.map { ($0.frame, $0) }, uniquingKeysWith: { first, _ in first })
        let matched = truth.filter { position in
            guard let point = points[position.frame] else { return false }
            let dx = point.x * Double(width) - position.x, dy = point.y * Double(height) - position.y
            let reach = matchingDistance(truthRadius: position.radius, detectionRadius: point.radius * Double(min(width, height)))
            return (dx * dx + dy * dy).squareRoot() <= reach
        }
        return (matched.count, truth.count)
    }
}

/// Clips rendered so far, by path, with one lock per path.
private final class RenderedClips: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var clip: GeneratedClips.Clip?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    func clip(at path: String, render: () -> GeneratedClips.Clip) -> GeneratedClips.Clip {
        let entry = lock.withLock {
            if let entry = entries[path] { return entry }
            let entry = Entry()
            entries[path] = entry
            return entry
        }
        return entry.lock.withLock {
            if let clip = entry.clip { return clip }
            let clip = render()
            entry.clip = clip
            return clip
        }
    }
}

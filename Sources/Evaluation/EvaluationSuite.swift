import BallTrace
import ClipSynthesis

/// One clip of the evaluation suite and what is known about it.
package struct EvaluationCase: Sendable {
    package enum Source: Sendable {
        /// Rendered by the project's generator, with exact truth.
        case generated(SyntheticScene)
        /// A real clip with labels (`gt.csv` beside it), relative to the real-clips folder.
        case labelled(clip: String, labels: String)
        /// A real clip without labels: only the number of trajectories can be checked.
        case unlabelled(clip: String, expectedTrajectories: Int)
    }

    package var name: String
    package var source: Source
    /// Whether the project's targets apply (static camera, a ball the tracker is meant to follow).
    /// Others are reported for what they show.
    package var isGated: Bool
    /// Shown beside the figures.
    package var note: String

    /// How a generated case was made, so that it can be made again with another seed.
    package struct Recipe: Sendable, Hashable {
        package var scenario: String
        package var width: Int
        package var height: Int
        package var frameRate: Double
        package var seed: UInt64
        package var rotation: DisplayRotation
        package var frameTimeJitter: Double
    }

    /// Nil for real clips.
    package var recipe: Recipe?

    package init(name: String, source: Source, isGated: Bool = true, note: String = "", recipe: Recipe? = nil) {
        self.name = name
        self.source = source
        self.isGated = isGated
        self.note = note
        self.recipe = recipe
    }

    static func scene(_ scenario: String, _ width: Int, _ height: Int, fps: Double, seed: UInt64,
                      rotation: DisplayRotation = .none, jitter: Double = 0, note: String = "") -> EvaluationCase {
        make(Recipe(scenario: scenario, width: width, height: height, frameRate: fps, seed: seed, rotation: rotation,
                    frameTimeJitter: jitter), note: note)
    }

    static func make(_ recipe: Recipe, note: String, seedInName: Bool = false) -> EvaluationCase {
        guard var scene = SyntheticScene.scenario(named: recipe.scenario, width: recipe.width, height: recipe.height,
                                                  frameRate: recipe.frameRate, seconds: nil, seed: recipe.seed)
        else { preconditionFailure("unknown scenario \(recipe.scenario)") }
        scene.rotation = recipe.rotation
        scene.frameTimeJitter = recipe.frameTimeJitter
        var name = "\(recipe.scenario) \(recipe.width)×\(recipe.height)@\(Int(recipe.frameRate))"
        if recipe.rotation != .none { name += " stored \(recipe.rotation.rawValue)°" }
        if recipe.frameTimeJitter > 0 { name += " vfr" }
        if seedInName { name += " seed \(recipe.seed)" }
        return EvaluationCase(name: name, source: .generated(scene), note: note, recipe: recipe)
    }

    /// The same generated case with its seed moved by `offset` (another launch, other noise);
    /// nil for a real clip.
    /// Seed numbers for ``reseeded(by:)`` (each number n offsets the seed by n × 1000) from
    /// `FROM-TO`, or a single `N`; nil unless 1 ≤ FROM ≤ TO.
    package static func seedNumbers(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let from = parts.first ?? nil, let to = parts.last ?? nil, from >= 1, from <= to else {
            return nil
        }
        return from...to
    }

    package func reseeded(by offset: UInt64) -> EvaluationCase? {
        guard var recipe else { return nil }
        recipe.seed &+= offset
        return Self.make(recipe, note: note, seedInName: true)
    }
}

/// The clips balltrace is measured on.
package enum EvaluationSuite {
    /// A labelled real clip of `../shared/clips` in the folder's layout (`clip.mp4`, `gt.csv`,
    /// `flights.csv`).
    static func labelled(_ folder: String, note: String) -> EvaluationCase {
        EvaluationCase(name: folder, source: .labelled(clip: "\(folder)/clip.mp4", labels: "\(folder)/gt.csv"), note: note)
    }

    /// A few scenarios, mostly at low resolution: quick enough for `swift test`.
    package static let quick: [EvaluationCase] = [
        .scene("golf-down-the-line", 640, 480, fps: 30, seed: 101),
        .scene("tennis-toss", 640, 480, fps: 30, seed: 102),
        .scene("basketball-shot", 640, 480, fps: 30, seed: 103),
        .scene("crossing-balls", 640, 480, fps: 30, seed: 104),
        .scene("pole-occlusion", 640, 480, fps: 30, seed: 105),
        .scene("rough-conditions", 640, 480, fps: 30, seed: 106),
        .scene("no-ball", 640, 480, fps: 30, seed: 107),
        // Two that once failed: a ball half hidden for frames at 120 fps, and a walking head
        // whose step crest falls like a ball.
        .scene("pole-occlusion", 640, 480, fps: 120, seed: 62),
        .scene("no-ball", 1280, 720, fps: 30, seed: 81),
    ]

    /// Every generated scenario across sizes and frame rates, the same scenes filmed by a moving
    /// camera, then the real clips.
    package static let full: [EvaluationCase] = generated + movingCamera + real

    /// Scenes filmed handheld, panning and zooming: the truth moves with the camera.
    package static let movingCamera: [EvaluationCase] = [
        .scene("tennis-toss-handheld", 1280, 720, fps: 30, seed: 131),
        .scene("basketball-shot-handheld", 1280, 720, fps: 30, seed: 141),
        .scene("golf-down-the-line-handheld", 1280, 720, fps: 30, seed: 121),
        .scene("golf-face-on-pan", 1280, 720, fps: 30, seed: 111),
        .scene("golf-face-on-zoom", 1280, 720, fps: 30, seed: 112),
        .scene("golf-down-the-line-zoom", 576, 1024, fps: 30, seed: 122, note: "portrait phone zooming in as the drive recedes"),
        .scene("golf-down-the-line-pan", 1920, 1080, fps: 60, seed: 123),
        .scene("golf-face-on-handheld", 1280, 720, fps: 30, seed: 113),
        .scene("tennis-toss-zoom", 1280, 720, fps: 60, seed: 132),
        .scene("basketball-shot-pan", 1280, 720, fps: 30, seed: 142),
        .scene("baseball-pitch-handheld", 1920, 1080, fps: 30, seed: 191),
        .scene("badminton-clear-pan", 1280, 720, fps: 30, seed: 201),
        .scene("no-ball-handheld", 1280, 720, fps: 30, seed: 181),
        .scene("no-ball-pan", 1280, 720, fps: 30, seed: 182),
    ]

    package static let generated: [EvaluationCase] = [
        .scene("golf-face-on", 640, 480, fps: 24, seed: 11),
        .scene("golf-face-on", 1280, 720, fps: 60, seed: 12),
        .scene("golf-face-on", 1280, 720, fps: 240, seed: 13),
        .scene("golf-face-on", 3840, 2160, fps: 30, seed: 14),
        .scene("golf-face-on", 1080, 1920, fps: 30, seed: 15, rotation: .clockwise90, note: "portrait phone clip stored sideways"),
        .scene("golf-face-on", 1280, 720, fps: 30, seed: 16, jitter: 0.8, note: "variable frame rate"),
        .scene("golf-down-the-line", 1920, 1080, fps: 60, seed: 21),
        .scene("golf-down-the-line", 1280, 720, fps: 30, seed: 22),
        .scene("golf-down-the-line", 720, 1280, fps: 30, seed: 23, note: "portrait phone: the apex stays in the picture"),
        .scene("tennis-toss", 1280, 720, fps: 60, seed: 31),
        .scene("tennis-toss", 640, 480, fps: 30, seed: 32),
        .scene("tennis-toss", 720, 1280, fps: 30, seed: 33, note: "portrait phone"),
        .scene("basketball-shot", 1280, 720, fps: 30, seed: 41),
        .scene("basketball-shot", 1920, 1080, fps: 60, seed: 42),
        .scene("basketball-shot", 1080, 1920, fps: 60, seed: 43, note: "portrait phone: a ball 48 px in radius"),
        .scene("crossing-balls", 1280, 720, fps: 60, seed: 51),
        .scene("crossing-balls", 640, 480, fps: 30, seed: 52),
        .scene("pole-occlusion", 1280, 720, fps: 30, seed: 61),
        .scene("pole-occlusion", 640, 480, fps: 120, seed: 62),
        .scene("baseball-pitch", 1920, 1080, fps: 30, seed: 91),
        .scene("baseball-pitch", 1280, 720, fps: 60, seed: 92),
        .scene("badminton-clear", 1280, 720, fps: 30, seed: 101),
        .scene("badminton-clear", 640, 360, fps: 30, seed: 102),
        .scene("rough-conditions", 1280, 720, fps: 30, seed: 71),
        .scene("rough-conditions", 1920, 1080, fps: 60, seed: 72),
        .scene("no-ball", 1280, 720, fps: 30, seed: 81),
        .scene("no-ball", 640, 480, fps: 24, seed: 82),
    ]

    /// The real clips in `../shared/clips` (see its README).
    package static let real: [EvaluationCase] = [
        labelled("golf-iron-oblique", note: "portrait, 25 fps converted unevenly; exits the top"),
        labelled("golf-broadcast-slowmo", note: "broadcast slow motion; 4 px ball against the sky"),
        labelled("golf-range-groundcam", note: "phone on the ground; three 2–4 px balls, strikes out of view"),
        labelled("golf-dtl-slowmo", note: "slow motion, pictures repeated; 8 → 6 px ball"),
        labelled("basketball-five-shots", note: "five shots, release to rim"),
        labelled("tennis-serve-broadcast", note: "toss, then the serve's streak; every 6th picture repeated"),
        EvaluationCase(name: "tracker-balltoss", source: .labelled(clip: "tracker-balltoss/clip.mp4", labels: "tracker-balltoss/gt.csv"),
                       note: "labels every 2nd frame 10–30"),
        EvaluationCase(name: "tennis-indoor", source: .labelled(clip: "tennis-indoor/clip.mov", labels: "tennis-indoor/gt.csv"),
                       note: "ball rushes at the lens; labels 2–19"),
        EvaluationCase(name: "badminton-rally-1", source: .labelled(clip: "badminton-rally-1/clip.mp4", labels: "badminton-rally-1/gt.csv"),
                       isGated: false, note: "shuttlecock: drag-dominated"),
        EvaluationCase(name: "badminton-rally-2", source: .labelled(clip: "badminton-rally-2/clip.mp4", labels: "badminton-rally-2/gt.csv"),
                       isGated: false, note: "shuttlecock: drag-dominated"),
        // Its notes expect one flight, but two balls leave the hand at once (a volleyball and a
        // small green ball, frames 43–61): both are flights.
        EvaluationCase(name: "throw-two-balls", source: .unlabelled(clip: "throw-two-balls/clip.mov", expectedTrajectories: 2),
                       isGated: false, note: "no labels: two balls thrown at once"),
        EvaluationCase(name: "soccer-ceiling", source: .unlabelled(clip: "soccer-ceiling/clip.mov", expectedTrajectories: 1),
                       isGated: false, note: "no labels: one pass expected"),
    ]
}

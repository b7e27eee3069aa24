extension SyntheticScene {
    /// A named scenario: its own length (long enough for its flights) and how to build it.
    private typealias Builder = @Sendable (_ width: Int, _ height: Int, _ frameRate: Double, _ seconds: Double, _ seed: UInt64) -> SyntheticScene

    private static let stillScenes: [(name: String, seconds: Double, build: Builder)] = [
        ("golf-face-on", 3, { golfFaceOn(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("golf-down-the-line", 3, { golfDownTheLine(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("tennis-toss", 2.3, { tennisToss(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("basketball-shot", 2.5, { basketballShot(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("crossing-balls", 2.2, { crossingBalls(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("pole-occlusion", 2.4, { poleOcclusion(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("rough-conditions", 3, { roughConditions(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("baseball-pitch", 2, { baseballPitch(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("badminton-clear", 3.2, { badmintonClear(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("range-session", 9, { rangeSession(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
        ("no-ball", 3, { noBall(width: $0, height: $1, frameRate: $2, seconds: $3, seed: $4) }),
    ]

    /// The still scenes filmed by a camera that moves, each named `<scene>-<kind>` and as long
    /// as its scene.
    private static let filmedScenes: [(scene: String, kind: CameraPath.Kind)] = [
        ("golf-face-on", .pan), ("golf-face-on", .zoom), ("golf-down-the-line", .zoom), ("golf-down-the-line", .handheld),
        ("tennis-toss", .handheld), ("basketball-shot", .handheld), ("golf-face-on", .handheld), ("golf-down-the-line", .pan),
        ("tennis-toss", .zoom), ("basketball-shot", .pan), ("baseball-pitch", .handheld), ("badminton-clear", .pan),
        ("no-ball", .pan), ("no-ball", .handheld),
    ]

    private static let catalogue: [(name: String, seconds: Double, build: Builder)] = stillScenes + filmedScenes.map { scene, kind in
        guard let still = stillScenes.first(where: { $0.name == scene }) else { preconditionFailure("no still scene named \(scene)") }
        let name = "\(scene)-\(kind.rawValue)"
        let build: Builder = { filmed(still.build($0, $1, $2, $3, $4), kind, name) }
        return (name, still.seconds, build)
    }

    /// `scene` filmed by a camera moving as `kind` says, under a name of its own.
    private static func filmed(_ scene: SyntheticScene, _ kind: CameraPath.Kind, _ name: String) -> SyntheticScene {
        var moving = scene
        moving.name = name
        moving.conditions.camera = CameraPath(kind: kind, seed: scene.seed)
        return moving
    }

    /// Every scenario ``scenario(named:width:height:frameRate:seconds:seed:)`` knows.
    package static var scenarioNames: [String] { catalogue.map(\.name) }

    /// The scenario called `name` at this size and frame rate, `seconds` long (nil: the
    /// scenario's own length, long enough for its flights); nil for an unknown name.
    package static func scenario(named name: String, width: Int = 640, height: Int = 360, frameRate: Double = 30,
                                seconds: Double? = nil, seed: UInt64 = 1) -> SyntheticScene? {
        guard let entry = catalogue.first(where: { $0.name == name }) else { return nil }
        return entry.build(width, height, frameRate, seconds ?? entry.seconds, seed)
    }
}

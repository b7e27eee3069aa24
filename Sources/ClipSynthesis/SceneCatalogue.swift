extension SyntheticScene {
    /// Every scenario ``scenario(named:width:height:frameRate:seconds:seed:)`` knows.
    public static let scenarioNames: [String] = [
        "golf-face-on", "golf-down-the-line", "tennis-toss", "basketball-shot", "crossing-balls", "pole-occlusion",
        "rough-conditions", "no-ball",
    ]

    /// The scenario called `name` at this size and frame rate, `seconds` long (nil: the
    /// scenario's own length, long enough for its flights); nil for an unknown name.
    public static func scenario(named name: String, width: Int = 640, height: Int = 360, frameRate: Double = 30,
                                seconds: Double? = nil, seed: UInt64 = 1) -> SyntheticScene? {
        switch name {
        case "golf-face-on":
            return golfFaceOn(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 3, seed: seed)
        case "golf-down-the-line":
            return golfDownTheLine(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 3, seed: seed)
        case "tennis-toss":
            return tennisToss(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 2.3, seed: seed)
        case "basketball-shot":
            return basketballShot(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 2.5, seed: seed)
        case "crossing-balls":
            return crossingBalls(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 2.2, seed: seed)
        case "pole-occlusion":
            return poleOcclusion(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 2.4, seed: seed)
        case "rough-conditions":
            return roughConditions(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 3, seed: seed)
        case "no-ball":
            return noBall(width: width, height: height, frameRate: frameRate, seconds: seconds ?? 3, seed: seed)
        default:
            return nil
        }
    }
}

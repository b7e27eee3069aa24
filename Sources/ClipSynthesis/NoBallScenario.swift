import BallTrace

extension SyntheticScene {
    /// People and a golf swing but no ball at all (zero flights): a golfer swings at 1.3 s, one
    /// person walks across the picture from the left and a smaller, farther one from the right.
    /// Everything that moves here is a false alarm.
    package static func noBall(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 3,
                              seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0x0B_A11)
        let w = Double(width), h = Double(height)
        let near = 0.5 * h, far = 0.3 * h
        let walkers = [
            WalkingFigure(start: PixelPoint(x: random.uniform(0.02...0.1) * w, y: 0.93 * h), speed: random.uniform(0.75...0.9) * near,
                          height: near, colours: .random(&random), phase: 2 * .pi * random.unit()),
            WalkingFigure(start: PixelPoint(x: random.uniform(0.9...0.98) * w, y: 0.68 * h), speed: -random.uniform(0.75...0.9) * far,
                          height: far, colours: .random(&random), phase: 2 * .pi * random.unit()),
        ]
        return SyntheticScene(
            name: "no-ball", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [], seed: seed,
            // Far to near: the far walker passes behind the golfer, the near one in front.
            figures: [.walker(walkers[1]),
                      .golfer(GolferFigure(ballPosition: PixelPoint(x: 0.68 * w, y: 0.82 * h), height: 0.55 * h, impactTime: 1.3)),
                      .walker(walkers[0])])
    }
}

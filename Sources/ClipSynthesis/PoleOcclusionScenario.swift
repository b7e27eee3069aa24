import BallTrace
import Foundation

extension SyntheticScene {
    /// A ball thrown in from the left edge of a park passes behind a post near the camera (drawn
    /// over it, the full height of the picture) on its way down, and falls out at the bottom.
    /// The post is as wide as five frames of the ball's travel plus the ball and its streak, and
    /// centred on the ball's position at a frame, so at a constant frame rate the ball is wholly
    /// hidden (`visible` false) for exactly 5 frames at any rate, and partly hidden (`clipped`)
    /// for a frame or so either side. Radius h/100.
    package static func poleOcclusion(width: Int = 640, height: Int = 360, frameRate: Double = 30, seconds: Double = 2.4,
                                     seed: UInt64 = 1) -> SyntheticScene {
        var random = SplitMix64(seed: seed ^ 0x90_1E)
        let w = Double(width), h = Double(height)
        let radius = h / 100, gravity = 1.3 * h, exposure = 0.5
        let launch = 0.2
        let flight = BallFlight(
            start: PixelPoint(x: -1.5 * radius, y: (0.68 + 0.06 * random.unit()) * h),
            velocityX: random.uniform(0.3...0.34) * w, velocityY: -random.uniform(1.05...1.15) * h, gravity: gravity,
            radius: radius, launchTime: launch, restsBeforeLaunch: false)
        // Centre the post on the ball at a frame 1.1–1.3 s into the flight.
        let hiddenAt = ((launch + random.uniform(1.1...1.3)) * frameRate).rounded() / frameRate
        let centre = flight.position(at: hiddenAt)?.x ?? 0.4 * w
        let step = flight.velocityX / frameRate
        let hiddenFrames = 5.0
        // Frames whose centre lies within ±(hiddenFrames - 0.1)/2 steps, less a quarter pixel,
        // are wholly covered: the ball, its streak, and the half pixel of its soft edge.
        let postWidth = (hiddenFrames - 0.1) * step + exposure * step + 2 * (radius + 0.5) + 0.5
        let post = PixelRect(x: centre - postWidth / 2, y: -2, width: postWidth, height: h + 4)
        let scenery = [
            SceneryItem(.rect(post), colour: RGBColour(red: 92, green: 84, blue: 76), inFront: true),
            SceneryItem(.rect(PixelRect(x: post.x + 0.18 * postWidth, y: -2, width: 0.22 * postWidth, height: h + 4)),
                        colour: RGBColour(red: 128, green: 118, blue: 106), inFront: true),
            SceneryItem(.rect(PixelRect(x: post.x + 0.8 * postWidth, y: -2, width: 0.2 * postWidth, height: h + 4)),
                        colour: RGBColour(red: 70, green: 64, blue: 58), inFront: true),
        ]
        return SyntheticScene(
            name: "pole-occlusion", width: width, height: height, frameRate: frameRate,
            frameCount: frameCount(seconds: seconds, frameRate: frameRate), flights: [flight], exposure: exposure, seed: seed,
            ballColour: RGBColour(red: 240, green: 240, blue: 228), scenery: scenery)
    }
}

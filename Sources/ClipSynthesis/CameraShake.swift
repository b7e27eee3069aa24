import BallTrace
import Foundation

/// A hand-held or wind-buffeted camera: the whole picture moves a little every frame.
///
/// Each frame the camera is kicked by `step`…2·`step` pixels in a random direction while half of
/// the previous displacement springs back, so the picture wanders around its rest position and
/// jumps about 1–2 steps from one frame to the next. Sub-pixel, and reproducible from `seed`.
package struct CameraShake: Sendable, Hashable, Codable {
    /// Smallest kick, pixels.
    package var step: Double
    package var seed: UInt64

    package init(step: Double, seed: UInt64) {
        self.step = step
        self.seed = seed
    }

    /// How far the picture is moved in each of `count` frames.
    package func offsets(count: Int) -> [PixelPoint] {
        var random = SplitMix64(seed: seed ^ 0x5A4E)
        var offset = PixelPoint(x: 0, y: 0)
        return (0..<count).map { _ in
            let angle = 2 * Double.pi * random.unit(), size = step * (1 + random.unit())
            offset = offset * 0.5 + PixelPoint(x: size * cos(angle), y: size * sin(angle))
            return offset
        }
    }
}

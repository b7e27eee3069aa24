import BallTrace
import Foundation

/// Small dark leaves in a tree line, each the size of a ball, fluttering a few pixels around a
/// fixed anchor: moving blobs a tracker must not take for a ball. Laid out from `seed`.
package struct FlutteringLeaves: Sendable, Hashable, Codable {
    package var count: Int
    /// Where the anchors lie, pixels.
    package var area: PixelRect
    /// Leaf radii, pixels.
    package var smallest: Double
    package var largest: Double
    /// Largest swing from the anchor, pixels (each leaf swings between a third of this and all of it).
    package var amplitude: Double
    package var seed: UInt64

    package init(count: Int, area: PixelRect, smallest: Double, largest: Double, amplitude: Double, seed: UInt64) {
        self.count = count
        self.area = area
        self.smallest = smallest
        self.largest = largest
        self.amplitude = amplitude
        self.seed = seed
    }

    func draw(on canvas: Canvas, at time: Double) {
        var random = SplitMix64(seed: seed ^ 0x1EAF)
        for _ in 0..<count {
            let anchor = PixelPoint(x: area.x + random.unit() * area.width, y: area.y + random.unit() * area.height)
            let radius = random.uniform(smallest...largest)
            let swing = amplitude * random.uniform(1.0 / 3...1), frequency = random.uniform(1.5...4.5)
            let phase = 2 * Double.pi * random.unit(), tilt = random.uniform(-0.6...0.6)
            let green = UInt8(72 + 30 * random.unit())
            let s = sin(2 * .pi * frequency * time + phase)
            let wobble = 0.35 * sin(2 * .pi * 1.7 * frequency * time + 2 * phase)
            let centre = PixelPoint(x: anchor.x + swing * (s * cos(tilt)), y: anchor.y + swing * (s * sin(tilt) + wobble))
            canvas.ellipse(centre, radii: (radius * 1.3, radius * 0.85), rotation: tilt * 57.3 + 30 * s,
                           RGBColour(red: 30, green: green, blue: 34))
        }
    }
}

import Foundation

/// Light from mains-powered lamps pulsing at 100 and 120 Hz, sampled by the shutter at the frame
/// rate: the picture's brightness beats by a few percent from frame to frame (how fast depends
/// on the frame rate), with a little irregular jitter on top.
package struct LightingFlicker: Sendable, Hashable, Codable {
    /// Largest departure of the gain from 1 (0.03: ±3 %), beats and jitter together.
    package var amplitude: Double
    package var seed: UInt64

    package init(amplitude: Double, seed: UInt64) {
        self.amplitude = amplitude
        self.seed = seed
    }

    /// The factor every pixel of `frame`, shown at `time`, is multiplied by.
    package func gain(frame: Int, time: Double) -> Double {
        var phases = SplitMix64(seed: seed ^ 0xF11C)
        let a = 2 * Double.pi * phases.unit(), b = 2 * Double.pi * phases.unit()
        var jitter = SplitMix64(seed: seed ^ (UInt64(frame) &* 0x9E37_79B9_7F4A_7C15))
        let beat = 0.5 * sin(2 * .pi * 100 * time + a) + 0.3 * sin(2 * .pi * 120 * time + b)
        return 1 + amplitude * (beat + 0.2 * (2 * jitter.unit() - 1))
    }
}

import BallTrace
import Foundation

/// A camera that moves while it films: held in the hand, panning after play, or zooming. Each
/// frame shows the scene through a similarity about the picture's centre (move, turn, scale),
/// smooth in time as a real camera's motion is, and reproducible from `seed`.
///
/// The camera is always zoomed in a little beyond the scene's own picture, so that however it
/// drifts, turns or pans it never shows past the scene's edge (a real camera sees more scene;
/// a border sliding into view would be motion no real clip has).
package struct CameraPath: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Slow drift of ±2.5 % of the frame, tilt of ±0.6°, and a faint tremor.
        case handheld
        /// A steady pan across a tenth of the frame's width, easing in and out.
        case pan
        /// A slow zoom in, 6 % over the clip.
        case zoom
    }

    package var kind: Kind
    package var seed: UInt64

    package init(kind: Kind, seed: UInt64) {
        self.kind = kind
        self.seed = seed
    }

    /// Where a point of the scene appears in the frame at `time`, for a clip `duration` long.
    package func sceneToPicture(at time: Double, duration: Double, width: Int, height: Int) -> SimilarityTransform {
        let w = Double(width), h = Double(height)
        var random = SplitMix64(seed: seed ^ 0xCA3E)
        // Sums of slow sinusoids with random phases: smooth, bounded, never running away.
        func wander(_ frequencies: [Double]) -> Double {
            let phases = frequencies.map { _ in 2 * Double.pi * random.unit() }
            return zip(frequencies, phases).reduce(0) { $0 + sin(2 * .pi * $1.0 * time + $1.1) } / Double(frequencies.count)
        }
        let progress = duration > 0 ? min(1, max(0, time / duration)) : 0
        let ease = progress * progress * (3 - 2 * progress)
        var scale = 1.0, angle = 0.0, dx = 0.0, dy = 0.0
        switch kind {
        case .handheld:
            scale = 1.07
            dx = 0.025 * w * wander([0.17, 0.41, 0.83]) + 0.0003 * w * wander([7.3, 11.9])
            dy = 0.025 * h * wander([0.23, 0.37, 0.71]) + 0.0003 * h * wander([6.1, 13.7])
            angle = 0.6 * Double.pi / 180 * wander([0.19, 0.47])
        case .pan:
            scale = 1.12
            dx = 0.05 * w * (1 - 2 * ease)
            dy = 0.01 * h * wander([0.4])
        case .zoom:
            scale = 1.01 + 0.06 * ease
        }
        // p ↦ s·R(p − c) + c + d
        let a = scale * cos(angle), b = scale * sin(angle)
        let cx = w / 2, cy = h / 2
        return SimilarityTransform(a: a, b: b, tx: cx + dx - (a * cx - b * cy), ty: cy + dy - (b * cx + a * cy))
    }
}

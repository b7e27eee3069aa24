import BallTrace
import Foundation

/// How Vision states a trajectory: normalized to the region of interest, origin lower-left, in
/// the picture as seen (mirrored when the orientation says so). balltrace's own observations
/// are normalized to the whole picture; these pure maps take them into Vision's space.
struct RegionSpace: Sendable, Hashable {
    /// The region of interest, normalized to the picture as seen, origin lower-left.
    var region: CGRect
    /// Whether the picture as seen is the analysed one mirrored left to right.
    var mirrored: Bool

    /// A whole-picture point (normalized, origin lower-left, the analysed picture) in the
    /// region's space.
    func point(x: Double, y: Double) -> CGPoint {
        let seenX = mirrored ? 1 - x : x
        return CGPoint(x: (seenX - region.origin.x) / region.width, y: (y - region.origin.y) / region.height)
    }

    /// The parabola y = a·x² + b·x + c of the whole picture (normalized, origin lower-left, the
    /// analysed picture) as the same curve in the region's space.
    ///
    /// Mirroring puts x → 1 − x; the region puts x = x₀ + w·u and y = y₀ + h·v, so that
    /// v = (a·(x₀ + w·u)² + b·(x₀ + w·u) + c − y₀) / h.
    func equation(_ e: SIMD3<Double>) -> SIMD3<Double> {
        var (a, b, c) = (e.x, e.y, e.z)
        if mirrored { (a, b, c) = (a, -2 * a - b, a + b + c) }
        let x0 = Double(region.origin.x), y0 = Double(region.origin.y)
        let w = Double(region.width), h = Double(region.height)
        return SIMD3((a * w * w) / h, (2 * a * x0 * w + b * w) / h, (a * x0 * x0 + b * x0 + c - y0) / h)
    }

    /// The region in the analysed picture (normalized, origin lower-left).
    var analysedRegion: NormalizedRect {
        let x = mirrored ? 1 - Double(region.maxX) : Double(region.origin.x)
        return NormalizedRect(x: x, y: Double(region.origin.y), width: Double(region.width), height: Double(region.height))
    }
}

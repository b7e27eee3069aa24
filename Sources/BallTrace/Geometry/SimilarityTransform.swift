import FoundationEssentials
import Glibc

/// A map of the picture plane that moves, turns and scales it evenly:
/// x' = a·x − b·y + tx, y' = b·x + a·y + ty, with a = s·cos θ and b = s·sin θ.
///
/// It is how the camera moves between two frames (a pan or handheld drift moves, a tilt turns,
/// a zoom scales), and how a frame's pixels relate to the fixed scene the tracker follows balls
/// in: a ball's path is a parabola in the scene, not in the pixels of a moving camera.
package struct SimilarityTransform: Sendable, Hashable, Codable {
    package var a: Double
    package var b: Double
    package var tx: Double
    package var ty: Double

    package init(a: Double = 1, b: Double = 0, tx: Double = 0, ty: Double = 0) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    package static let identity = SimilarityTransform()

    package var isIdentity: Bool { self == .identity }

    /// How much it enlarges lengths.
    package var scale: Double { (a * a + b * b).squareRoot() }

    /// How far it turns the picture, radians (positive: clockwise on screen, y pointing down).
    package var rotation: Double { atan2(b, a) }

    package func apply(_ p: PixelPoint) -> PixelPoint {
        PixelPoint(x: a * p.x - b * p.y + tx, y: b * p.x + a * p.y + ty)
    }

    /// This map after `first`: a point goes through `first`, then through this one.
    package func after(_ first: SimilarityTransform) -> SimilarityTransform {
        let moved = apply(PixelPoint(x: first.tx, y: first.ty))
        return SimilarityTransform(a: a * first.a - b * first.b, b: b * first.a + a * first.b, tx: moved.x, ty: moved.y)
    }

    /// The map back. A similarity always has one (its scale is never zero here).
    package var inverse: SimilarityTransform {
        let s2 = a * a + b * b
        let ia = a / s2, ib = -b / s2
        return SimilarityTransform(a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty))
    }

    /// The similarity that takes `p` to `p2` and `q` to `q2` (two distinct points fix one).
    package init?(mapping p: PixelPoint, to p2: PixelPoint, and q: PixelPoint, to q2: PixelPoint) {
        let ux = q.x - p.x, uy = q.y - p.y, vx = q2.x - p2.x, vy = q2.y - p2.y
        let norm = ux * ux + uy * uy
        guard norm > 0 else { return nil }
        a = (vx * ux + vy * uy) / norm
        b = (vy * ux - vx * uy) / norm
        tx = p2.x - (a * p.x - b * p.y)
        ty = p2.y - (b * p.x + a * p.y)
    }

    /// The largest distance it moves a corner of a `width` × `height` picture, pixels.
    package func largestDisplacement(width: Double, height: Double) -> Double {
        [PixelPoint(x: 0, y: 0), PixelPoint(x: width, y: 0), PixelPoint(x: 0, y: height), PixelPoint(x: width, y: height)]
            .map { apply($0).distance(to: $0) }.max() ?? 0
    }
}

import BallTrace
import Foundation

// Vector arithmetic on picture positions, for laying out figures and scenery. Internal to the
// generator: the library's package geometry stays as it is.

extension PixelPoint {
    static func + (a: PixelPoint, b: PixelPoint) -> PixelPoint { PixelPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: PixelPoint, b: PixelPoint) -> PixelPoint { PixelPoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: PixelPoint, k: Double) -> PixelPoint { PixelPoint(x: a.x * k, y: a.y * k) }
    static func * (k: Double, a: PixelPoint) -> PixelPoint { PixelPoint(x: a.x * k, y: a.y * k) }

    var length: Double { (x * x + y * y).squareRoot() }

    /// The unit vector at `angle` radians from straight down, turning toward +x (y down, so a
    /// figure's limb at angle 0 hangs and at π/2 points right).
    static func hanging(_ angle: Double) -> PixelPoint { PixelPoint(x: sin(angle), y: cos(angle)) }

    /// This vector turned by `angle` radians, clockwise on screen (y down).
    func rotated(by angle: Double) -> PixelPoint {
        PixelPoint(x: x * cos(angle) - y * sin(angle), y: x * sin(angle) + y * cos(angle))
    }

    /// The point a fraction `t` of the way from this one to `other`.
    func mix(_ other: PixelPoint, _ t: Double) -> PixelPoint { self + (other - self) * t }
}

/// Smoothstep: 0 below 0, 1 above 1, with zero slope at both ends (for poses that ease in and out).
func ease(_ x: Double) -> Double {
    let c = min(1, max(0, x))
    return c * c * (3 - 2 * c)
}

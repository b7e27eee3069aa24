import FoundationEssentials
import Glibc

/// A second-order IIR section (direct form I), state kept between calls so that a stream can
/// be filtered in pieces. Used as a Butterworth high-pass to isolate the band a strike's click
/// fills and a voice hardly reaches.
package struct Biquad: Sendable {
    private let b0, b1, b2, a1, a2: Float
    private var x1: Float = 0, x2: Float = 0, y1: Float = 0, y2: Float = 0

    /// A Butterworth high-pass (Q = 1/√2) at `cutoff` Hz (RBJ cookbook, bilinear transform).
    package static func highPass(cutoff: Double, sampleRate: Double) -> Biquad {
        let w = 2 * Double.pi * min(cutoff, 0.45 * sampleRate) / sampleRate
        let alpha = sin(w) / 2.0.squareRoot()  // sin(w) / 2Q, Q = 1/√2
        let c = cos(w), a0 = 1 + alpha
        return Biquad(b0: Float((1 + c) / 2 / a0), b1: Float(-(1 + c) / a0), b2: Float((1 + c) / 2 / a0),
                      a1: Float(-2 * c / a0), a2: Float((1 - alpha) / a0))
    }

    private init(b0: Float, b1: Float, b2: Float, a1: Float, a2: Float) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
    }

    @inline(__always)
    package mutating func callAsFunction(_ x: Float) -> Float {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        (x2, x1, y2, y1) = (x1, x, y1, y)
        return y
    }
}

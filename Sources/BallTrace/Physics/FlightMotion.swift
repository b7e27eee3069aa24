/// A flight as a function of time in the document's coordinates: position = p0 + v·t + ½·a·t²,
/// t in seconds from the trajectory's start.
///
/// Unlike Vision's `y = a·x² + b·x + c`, this carries any flight, a nearly vertical toss too.
public struct FlightMotion: Sendable, Hashable, Codable {
    /// `[x0, vx, ax]` and `[y0, vy, ay]`: normalized to the frame's width and height, per second
    /// and per second squared.
    public var x: [Double]
    public var y: [Double]
    /// Root-mean-square distance of the detections from the path, normalized to the shorter side.
    public var rms: Double

    public init(x: [Double], y: [Double], rms: Double) {
        self.x = x
        self.y = y
        self.rms = rms
    }

    /// The pixel fit (top-left, y down) expressed in `coordinates`.
    init(_ fit: MotionFit, frameWidth: Int, frameHeight: Int, coordinates: CoordinateSystem) {
        let w = Double(frameWidth), h = Double(frameHeight)
        x = [fit.x.c / w, fit.x.b / w, 2 * fit.x.a / w]
        let yDown = [fit.y.c / h, fit.y.b / h, 2 * fit.y.a / h]
        switch coordinates {
        case .topLeft: y = yDown
        case .vision: y = [1 - yDown[0], -yDown[1], -yDown[2]]
        }
        rms = fit.rms / Double(min(frameWidth, frameHeight))
    }

    /// Position at `t` seconds from the start.
    public func position(at t: Double) -> NormalizedPoint {
        NormalizedPoint(x: x[0] + x[1] * t + 0.5 * x[2] * t * t, y: y[0] + y[1] * t + 0.5 * y[2] * t * t)
    }
}

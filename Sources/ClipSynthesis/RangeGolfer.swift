import BallTrace

/// A face-on golfer at the range who swings again and again at one spot: each swing is
/// ``GolferFigure``'s, struck at its time in `swingTimes`. The finish is held for
/// ``finishHeld`` seconds after each impact, then the golfer stands at address for the next.
package struct RangeGolfer: Sendable, Hashable, Codable {
    package var ballPosition: PixelPoint
    package var height: Double
    /// Impact times, seconds, in order: with a ball on the tee or without (a practice swing).
    package var swingTimes: [Double]

    /// Seconds the finish is held after an impact before the golfer addresses the next ball.
    package static let finishHeld = 1.5

    package init(ballPosition: PixelPoint, height: Double, swingTimes: [Double]) {
        self.ballPosition = ballPosition
        self.height = height
        self.swingTimes = swingTimes.sorted()
    }

    /// The swing under way at `time`: the first whose finish is still held.
    func swing(at time: Double) -> Double? {
        swingTimes.first { time < $0 + Self.finishHeld } ?? swingTimes.last
    }

    func draw(on canvas: Canvas, at time: Double) {
        guard let impact = swing(at: time) else { return }
        GolferFigure(ballPosition: ballPosition, height: height, impactTime: impact).draw(on: canvas, at: time)
    }
}

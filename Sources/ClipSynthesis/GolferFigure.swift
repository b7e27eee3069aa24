import BallTrace
import Foundation

/// A face-on golfer: a figure whose arms and club swing back and through, striking the ball at
/// `impactTime`. It is the distractor a golf tracker must ignore: a club head moving faster
/// than the ball, arms and body moving around it.
package struct GolferFigure: Sendable, Hashable, Codable {
    /// Where the club meets the ball at address and impact.
    package var ballPosition: PixelPoint
    /// Figure height, pixels.
    package var height: Double
    package var impactTime: Double

    package init(ballPosition: PixelPoint, height: Double, impactTime: Double) {
        self.ballPosition = ballPosition
        self.height = height
        self.impactTime = impactTime
    }

    var shoulder: PixelPoint { PixelPoint(x: ballPosition.x, y: ballPosition.y - 0.72 * height) }
    var armLength: Double { 0.3 * height }
    var reach: Double { ballPosition.y - shoulder.y }

    /// Club angle from straight down, radians (negative: back), at `time`.
    func clubAngle(at time: Double) -> Double {
        let t = time - impactTime
        let top = -2.5, finish = 2.6
        let backswing = 0.9, downswing = 0.28, followThrough = 0.45
        func ease(_ x: Double) -> Double { let c = min(1, max(0, x)); return c * c * (3 - 2 * c) }
        if t < -(downswing + backswing) { return 0 }
        if t < -downswing { return top * ease((t + downswing + backswing) / backswing) }
        // Accelerating into impact: the club is fastest at the ball.
        if t < 0 { let x = (t + downswing) / downswing; return top * (1 - x * x) }
        return finish * sin(min(1, t / followThrough) * .pi / 2)
    }

    func draw(on canvas: Canvas, at time: Double) {
        let skin = RGBColour(red: 225, green: 185, blue: 150), shirt = RGBColour(red: 30, green: 60, blue: 140)
        let trousers = RGBColour(red: 50, green: 50, blue: 55), club = RGBColour(red: 70, green: 70, blue: 75)
        let hip = PixelPoint(x: shoulder.x, y: shoulder.y + 0.33 * height)
        let footSpread = 0.14 * height, ground = ballPosition.y + 0.02 * height
        let limb = max(2, 0.05 * height)
        canvas.line(hip, PixelPoint(x: hip.x - footSpread, y: ground), thickness: limb * 1.3, trousers)
        canvas.line(hip, PixelPoint(x: hip.x + footSpread, y: ground), thickness: limb * 1.3, trousers)
        canvas.line(hip, shoulder, thickness: 0.16 * height, shirt)
        canvas.circle(PixelPoint(x: shoulder.x, y: shoulder.y - 0.11 * height), radius: 0.065 * height, skin)
        let angle = clubAngle(at: time)
        let direction = PixelPoint(x: -sin(angle), y: cos(angle))
        let hands = PixelPoint(x: shoulder.x + direction.x * armLength, y: shoulder.y + direction.y * armLength)
        let head = PixelPoint(x: shoulder.x + direction.x * (reach + 0.01 * height),
                              y: shoulder.y + direction.y * (reach + 0.01 * height))
        canvas.line(shoulder, hands, thickness: limb, skin)
        canvas.line(hands, head, thickness: max(1, 0.012 * height), club)
        canvas.line(head, PixelPoint(x: head.x + 0.04 * height, y: head.y), thickness: max(2, 0.025 * height), club)
    }
}

import BallTrace
import Foundation

/// A right-handed golfer seen from down the target line: standing beside the ball (to its left
/// in the picture), bent over it, facing it. The swing plane runs along the camera's line of
/// sight, so the club head travels along the line from the ball through the shoulders and
/// beyond, out over the head at the top of the backswing and again in the finish. The timing is
/// ``GolferFigure``'s, so the club reaches the ball at `impactTime`.
package struct DownTheLineGolfer: Sendable, Hashable, Codable {
    /// The ball on the tee, pixels.
    package var ballPosition: PixelPoint
    /// Figure height, pixels (standing upright).
    package var height: Double
    package var impactTime: Double
    package var colours: FigureColours

    package init(ballPosition: PixelPoint, height: Double, impactTime: Double, colours: FigureColours) {
        self.ballPosition = ballPosition
        self.height = height
        self.impactTime = impactTime
        self.colours = colours
    }

    /// Where the feet are: beside the ball, on the same ground line.
    var feet: PixelPoint { ballPosition + PixelPoint(x: -0.36 * height, y: 0.01 * height) }

    func draw(on canvas: Canvas, at time: Double) {
        let h = height
        let swing = GolferFigure(ballPosition: ballPosition, height: h, impactTime: impactTime).clubAngle(at: time)
        // Hips turn away and back: the body shifts a little along the swing.
        let turn = sin(swing / 2)
        let hip = feet + PixelPoint(x: -0.04 * h + 0.015 * h * turn, y: -0.45 * h)
        let legs = [feet + PixelPoint(x: -0.03 * h, y: 0), feet + PixelPoint(x: 0.03 * h, y: 0)].map {
            BodyPose.limb(from: hip, to: $0, upper: 0.25 * h, lower: 0.245 * h, bend: -1)
        }
        // Bent over the ball: the spine leans about 35° toward it, and rises in the finish.
        let spine = 0.62 - 0.35 * ease((swing - 1.2) / 1.4)
        let neck = hip + PixelPoint(x: sin(spine), y: -cos(spine)) * (0.3 * h)
        let head = neck + PixelPoint(x: sin(spine + 0.25), y: -cos(spine + 0.25)) * (0.1 * h)
        // The swing circle, seen edge-on: about the point between the shoulders.
        let centre = neck + PixelPoint(x: 0, y: 0.03 * h)
        let toBall = ballPosition - centre
        let radius = toBall.length, along = toBall * (1 / radius)
        let across = along.rotated(by: .pi / 2)
        // Foreshortened out of the plane: a little sideways travel keeps the arc from being a line.
        func onSwing(_ angle: Double, _ distance: Double) -> PixelPoint {
            centre + along * (distance * cos(angle)) + across * (0.18 * distance * sin(angle))
        }
        let armLength = 0.36 * h
        let hands = onSwing(swing, armLength * 0.92)
        let clubHead = onSwing(swing, radius)
        let arms = [0.02, -0.02].map { side in
            BodyPose.limb(from: centre + PixelPoint(x: side * h, y: 0), to: hands, upper: 0.17 * h, lower: 0.19 * h, bend: 1)
        }
        let pose = BodyPose(head: head, headRadius: 0.065 * h, neck: neck, hip: hip, arms: arms, legs: legs,
                            torsoWidth: 0.16 * h, limbWidth: max(1.5, 0.05 * h))
        pose.draw(on: canvas, colours: colours)
        let club = RGBColour(red: 60, green: 60, blue: 66)
        canvas.line(hands, clubHead, thickness: max(1, 0.01 * h), club)
        canvas.circle(clubHead, radius: max(1, 0.018 * h), club)
    }
}

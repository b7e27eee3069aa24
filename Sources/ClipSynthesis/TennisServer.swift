import BallTrace
import Foundation

/// A tennis player tossing for a serve, seen side-on: the tossing hand carries the ball up and
/// lets it go, the arm stays raised while the ball rises and falls, the racket arm goes back
/// into the trophy position and comes down again. The ball is never struck.
package struct TennisServer: Sendable, Hashable, Codable {
    /// Midpoint between the feet, pixels.
    package var feet: PixelPoint
    /// Figure height, pixels.
    package var height: Double
    /// The toss: the hand follows the ball through its carry and lets go at launch.
    package var toss: BallFlight
    package var colours: FigureColours
    /// +1 facing right, -1 facing left.
    package var facing: Double

    package init(feet: PixelPoint, height: Double, toss: BallFlight, colours: FigureColours, facing: Double = 1) {
        self.feet = feet
        self.height = height
        self.toss = toss
        self.colours = colours
        self.facing = facing
    }

    /// Where the tossing hand's shoulder is when standing (the scenario places the toss from it).
    static func tossShoulder(feet: PixelPoint, height: Double, facing: Double) -> PixelPoint {
        feet + PixelPoint(x: 0.01 * facing * height, y: -0.77 * height)
    }

    func draw(on canvas: Canvas, at time: Double) {
        let h = height, f = facing
        let launch = toss.launchTime, carry = toss.carry?.duration ?? 0.3
        // Knees dip into the toss and straighten as the ball rises.
        let dip = 0.05 * h * ease((time - launch + carry + 0.1) / 0.35) * (1 - ease((time - launch - 0.25) / 0.4))
        let lean = -0.14 * ease((time - launch + carry) / 0.5) * (1 - ease((time - launch - 0.8) / 0.5))
        let hip = feet + PixelPoint(x: -0.01 * f * h, y: -0.49 * h + dip)
        let legs = [feet + PixelPoint(x: -0.11 * f * h, y: 0), feet + PixelPoint(x: 0.12 * f * h, y: 0)].map {
            BodyPose.limb(from: hip, to: $0, upper: 0.25 * h, lower: 0.245 * h, bend: -f)
        }
        let neck = hip + PixelPoint(x: f * sin(lean), y: -cos(lean)) * (0.3 * h)
        let head = neck + PixelPoint(x: f * 0.03 * h, y: -0.09 * h)

        // The tossing arm: under the ball until release, raised after it, then lowered.
        let tossShoulder = neck + PixelPoint(x: 0.01 * f * h, y: 0.03 * h)
        let r = toss.radius
        let hang = tossShoulder + PixelPoint(x: 0.06 * f * h, y: 0.3 * h)
        let released = (toss.position(at: launch) ?? hang) + PixelPoint(x: 0, y: r)
        let tossHand: PixelPoint
        if time < launch, let ball = toss.position(at: time) {
            tossHand = ball + PixelPoint(x: 0, y: r)
        } else {
            let raised = released + PixelPoint(x: 0, y: -0.02 * h * ease((time - launch) / 0.2))
            tossHand = raised.mix(hang, ease((time - launch - 0.6) / 0.5))
        }
        let tossArm = BodyPose.limb(from: tossShoulder, to: tossHand, upper: 0.17 * h, lower: 0.18 * h, bend: f)

        // The racket arm: from in front at the waist back to the trophy position, and down again.
        let racketShoulder = neck + PixelPoint(x: -0.03 * f * h, y: 0.03 * h)
        let back = ease((time - launch + carry) / (carry + 0.3)) * (1 - ease((time - launch - 1.0) / 0.5))
        let rest = racketShoulder + PixelPoint(x: 0.1 * f * h, y: 0.3 * h)
        let trophy = racketShoulder + PixelPoint(x: -0.14 * f * h, y: -0.02 * h)
        let racketArm = BodyPose.limb(from: racketShoulder, to: rest.mix(trophy, back), upper: 0.17 * h, lower: 0.18 * h, bend: f)
        let racketAngle = f * (1.0 + back * (Double.pi - 0.35 - 1.0))
        let direction = PixelPoint.hanging(racketAngle)

        let pose = BodyPose(head: head, headRadius: 0.065 * h, neck: neck, hip: hip, arms: [racketArm, tossArm], legs: legs,
                            torsoWidth: 0.15 * h, limbWidth: max(1.5, 0.05 * h))
        // The racket, behind the body.
        let grip = racketArm.end, throat = grip + direction * (0.16 * h), middle = grip + direction * (0.27 * h)
        let frame = RGBColour(red: 40, green: 40, blue: 45)
        canvas.line(grip, throat, thickness: max(1, 0.018 * h), frame)
        let degrees = atan2(direction.y, direction.x) * 180 / .pi
        canvas.ellipse(middle, radii: (0.11 * h, 0.07 * h), rotation: degrees, RGBColour(red: 220, green: 220, blue: 210), opacity: 0.35)
        canvas.ellipse(middle, radii: (0.11 * h, 0.07 * h), rotation: degrees, thickness: max(1, 0.014 * h), frame)
        pose.draw(on: canvas, colours: colours)
    }
}

import BallTrace
import Foundation

/// A basketball player taking a jump shot, seen side-on: holds the ball at the chest, dips,
/// jumps, carries the ball up and releases it at the top of the jump, follows through, lands
/// and runs after the shot. Arms, legs and body move right beside the ball's launch.
package struct BasketballPlayer: Sendable, Hashable, Codable {
    /// Midpoint between the feet while standing, pixels.
    package var feet: PixelPoint
    /// Figure height, pixels.
    package var height: Double
    /// The shot: the hands stay on the ball until its launch.
    package var shot: BallFlight
    /// When the feet leave the floor, and for how long, seconds.
    package var takeoff: Double
    package var airtime: Double
    /// Height of the jump, pixels.
    package var jumpHeight: Double
    /// After landing the player runs in the facing direction at this speed, pixels per second.
    package var runSpeed: Double
    package var colours: FigureColours
    /// +1 facing right, -1 facing left.
    package var facing: Double

    package init(feet: PixelPoint, height: Double, shot: BallFlight, takeoff: Double, airtime: Double, jumpHeight: Double,
                runSpeed: Double, colours: FigureColours, facing: Double = 1) {
        self.feet = feet
        self.height = height
        self.shot = shot
        self.takeoff = takeoff
        self.airtime = airtime
        self.jumpHeight = jumpHeight
        self.runSpeed = runSpeed
        self.colours = colours
        self.facing = facing
    }

    /// Where the shoulders are, standing, relative to the feet.
    static func shoulderOffset(height: Double, facing: Double) -> PixelPoint {
        PixelPoint(x: 0.02 * facing * height, y: -0.77 * height)
    }

    func draw(on canvas: Canvas, at time: Double) { pose(at: time).draw(on: canvas, colours: colours) }

    func pose(at time: Double) -> BodyPose {
        let h = height, f = facing
        let landing = takeoff + airtime, runStart = landing + 0.12
        if time >= runStart { return runningPose(at: time, since: runStart) }
        // Dip before the jump, spring up, fly, and absorb the landing.
        let dip = 0.08 * h * ease((time - takeoff + 0.4) / 0.3) * (1 - ease((time - takeoff + 0.08) / 0.08))
            + 0.06 * h * ease((time - landing) / 0.05) * (1 - ease((time - landing - 0.06) / 0.1))
        let s = (time - takeoff) / airtime
        let lift = s > 0 && s < 1 ? 4 * jumpHeight * s * (1 - s) : 0
        let hip = feet + PixelPoint(x: 0, y: -0.49 * h + dip - lift)
        let inAir = lift > 0
        let footTargets = inAir
            ? [hip + PixelPoint(x: -0.07 * f * h, y: 0.45 * h), hip + PixelPoint(x: 0.05 * f * h, y: 0.46 * h)]
            : [feet + PixelPoint(x: -0.08 * f * h, y: 0), feet + PixelPoint(x: 0.08 * f * h, y: 0)]
        let legs = footTargets.map { BodyPose.limb(from: hip, to: $0, upper: 0.25 * h, lower: 0.245 * h, bend: -f) }
        let neck = hip + PixelPoint(x: 0.02 * f * h, y: -0.3 * h)
        let shoulder = neck + PixelPoint(x: 0, y: 0.02 * h)
        let hands = handTargets(at: time, shoulder: shoulder)
        let arms = hands.map { BodyPose.limb(from: shoulder, to: $0, upper: 0.17 * h, lower: 0.18 * h, bend: f) }
        return BodyPose(head: neck + PixelPoint(x: 0.03 * f * h, y: -0.09 * h), headRadius: 0.065 * h, neck: neck, hip: hip,
                        arms: arms, legs: legs, torsoWidth: 0.15 * h, limbWidth: max(1.5, 0.05 * h))
    }

    /// Guide hand, then shooting hand: on the ball until release, then reaching after it.
    private func handTargets(at time: Double, shoulder: PixelPoint) -> [PixelPoint] {
        let f = facing, r = shot.radius
        if time < shot.launchTime, let ball = shot.position(at: time) {
            return [ball + PixelPoint(x: 0.2 * f * r, y: 0.5 * r), ball + PixelPoint(x: -0.6 * f * r, y: 0.8 * r)]
        }
        // Follow-through: the shooting arm points along the launch, the wrist flicked down.
        let speed = (shot.velocityX * shot.velocityX + shot.velocityY * shot.velocityY).squareRoot()
        let direction = speed > 0 ? PixelPoint(x: shot.velocityX / speed, y: shot.velocityY / speed) : PixelPoint(x: 0, y: -1)
        let reach = 0.33 * height
        return [shoulder + direction.rotated(by: 0.35 * f) * (0.85 * reach), shoulder + direction * reach]
    }

    /// Running after the shot, accelerating from standing; arms come down from the follow-through.
    private func runningPose(at time: Double, since start: Double) -> BodyPose {
        let t = time - start, settle = 0.3
        let distance = runSpeed * max(0, t - settle * (1 - exp(-t / settle)))
        var pose = Gait.run.scaled(by: ease(t / 0.4)).pose(
            phase: Gait.run.phase(distance: distance, height: height), x: feet.x + facing * distance, ground: feet.y,
            height: height, facing: facing)
        let blend = ease(t / 0.25)
        if blend < 1 {
            let raised = handTargets(at: time, shoulder: pose.arms[0].root)
            pose.arms = zip(pose.arms, raised).map { arm, target in
                BodyPose.limb(from: arm.root, to: target.mix(arm.end, blend), upper: 0.17 * height, lower: 0.18 * height, bend: facing)
            }
        }
        return pose
    }
}

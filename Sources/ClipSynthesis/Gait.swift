import BallTrace
import Foundation

/// How a figure's legs and arms swing as it walks or runs: a pose for every phase of the stride.
struct Gait {
    /// Thigh swing either side of straight down, radians.
    var legSwing: Double
    /// Extra knee bend while a leg swings forward, radians.
    var kneeBend: Double
    /// Upper-arm swing, radians (opposite to the leg on the same side).
    var armSwing: Double
    /// Forearm angle forward of the upper arm, radians.
    var elbowBend: Double
    /// Torso lean forward, radians.
    var lean: Double
    /// Ground covered per stride cycle (two steps), in figure heights.
    var strideLength: Double

    static let walk = Gait(legSwing: 0.36, kneeBend: 0.55, armSwing: 0.32, elbowBend: 0.25, lean: 0.04, strideLength: 0.8)
    static let run = Gait(legSwing: 0.62, kneeBend: 1.2, armSwing: 0.75, elbowBend: 1.45, lean: 0.2, strideLength: 1.5)

    /// This gait with every swing and lean scaled by `k` (0: standing still): for starting off.
    func scaled(by k: Double) -> Gait {
        Gait(legSwing: k * legSwing, kneeBend: k * kneeBend, armSwing: k * armSwing, elbowBend: elbowBend, lean: k * lean,
             strideLength: strideLength)
    }

    /// The stride phase, radians, of a figure `height` pixels tall that has covered `distance` pixels.
    func phase(distance: Double, height: Double) -> Double { 2 * .pi * distance / (strideLength * height) }

    /// The pose at stride `phase` of a figure `height` pixels tall, hips above `x`, the lower foot
    /// on `ground`, facing +x (`facing` 1) or -x (-1).
    func pose(phase: Double, x: Double, ground: Double, height: Double, facing: Double) -> BodyPose {
        let thigh = 0.25 * height, shin = 0.24 * height
        var angles: [(thigh: Double, shin: Double)] = []
        for side in [1.0, -1.0] {
            let swing = legSwing * side * sin(phase)
            let bend = kneeBend * max(0, side * cos(phase))
            angles.append((swing, swing - bend))
        }
        // The hip sits so the lower foot just touches the ground.
        let reach = angles.map { thigh * cos($0.thigh) + shin * cos($0.shin) }.max() ?? (thigh + shin)
        let hip = PixelPoint(x: x, y: ground - reach)
        let legs = angles.map { BodyPose.limb(from: hip, upperAngle: facing * $0.thigh, lowerAngle: facing * $0.shin, upper: thigh, lower: shin) }
        let neck = hip + PixelPoint(x: facing * sin(lean), y: -cos(lean)) * (0.3 * height)
        let shoulder = neck + PixelPoint(x: 0, y: 0.02 * height)
        let arms = [1.0, -1.0].map { side -> BodyPose.Limb in
            let upper = -armSwing * side * sin(phase) + lean
            return BodyPose.limb(from: shoulder, upperAngle: facing * upper, lowerAngle: facing * (upper + elbowBend),
                                 upper: 0.16 * height, lower: 0.15 * height)
        }
        let head = neck + PixelPoint(x: facing * (0.03 + 0.2 * lean) * height, y: -0.09 * height)
        return BodyPose(head: head, headRadius: 0.065 * height, neck: neck, hip: hip, arms: arms, legs: legs,
                        torsoWidth: 0.15 * height, limbWidth: max(1.5, 0.052 * height))
    }
}

import BallTrace
import Foundation

/// A baseball pitcher seen from behind, as a broadcast's centre-field camera sees him: set with
/// the ball hidden in the glove at the chest, he lifts the front knee, strides toward the plate,
/// whips the throwing arm back, up and over the shoulder, and lets go at the pitch's launch
/// where the flight starts; the arm follows through down across the body. The throwing hand is
/// right beside the ball for the flight's first frames, as on a real pitch.
package struct Pitcher: Sendable, Hashable, Codable {
    /// Midpoint between the feet while set, pixels.
    package var feet: PixelPoint
    /// Figure height, pixels.
    package var height: Double
    /// The pitch: the hand lets go at its `start` at its `launchTime`.
    package var pitch: BallFlight
    package var colours: FigureColours
    /// +1: the plate lies to the right of the pitcher in the picture, -1: to the left.
    package var facing: Double

    package init(feet: PixelPoint, height: Double, pitch: BallFlight, colours: FigureColours, facing: Double = 1) {
        self.feet = feet
        self.height = height
        self.pitch = pitch
        self.colours = colours
        self.facing = facing
    }

    func draw(on canvas: Canvas, at time: Double) { pose(at: time).draw(on: canvas, colours: colours) }

    func pose(at time: Double) -> BodyPose {
        let h = height, f = facing
        let s = time - pitch.launchTime
        // Knee up from 0.9 s before the release, down into the stride from 0.45 s before it.
        let knee = ease((s + 0.9) / 0.3) * (1 - ease((s + 0.45) / 0.2))
        let stride = ease((s + 0.4) / 0.32)
        let hip = feet + PixelPoint(x: 0.12 * f * h * stride, y: -0.49 * h + 0.05 * h * stride)
        let back = feet + PixelPoint(x: -0.08 * f * h, y: 0)
        let front = feet + PixelPoint(x: (0.08 + 0.26 * stride) * f * h, y: -0.28 * h * knee)
        let legs = [back, front].map { BodyPose.limb(from: hip, to: $0, upper: 0.25 * h, lower: 0.245 * h, bend: -f) }
        // Leaning into the delivery.
        let lean = 0.06 * h * stride + 0.05 * h * ease(s / 0.15)
        let neck = hip + PixelPoint(x: f * lean, y: -0.3 * h)
        let shoulder = neck + PixelPoint(x: 0, y: 0.02 * h)
        let chest = shoulder + PixelPoint(x: 0.06 * f * h, y: 0.12 * h)
        let reach = 0.34 * h
        // The glove arm points at the plate in the stride and tucks in after the release.
        let glove = chest.mix(shoulder + PixelPoint(x: f * 0.3 * h, y: 0.02 * h), stride * (1 - ease(s / 0.2)))
        let hand = throwingHand(at: s, shoulder: shoulder, chest: chest, reach: reach)
        let arms = [glove, hand].map { BodyPose.limb(from: shoulder, to: $0, upper: 0.17 * h, lower: 0.18 * h, bend: f) }
        return BodyPose(head: neck + PixelPoint(x: 0.03 * f * h, y: -0.09 * h), headRadius: 0.065 * h, neck: neck, hip: hip,
                        arms: arms, legs: legs, torsoWidth: 0.15 * h, limbWidth: max(1.5, 0.05 * h))
    }

    /// The throwing hand `s` seconds from the release: at the chest, then swung round the
    /// shoulder (down and back, up behind the head, over to the release point), then on down
    /// across the body.
    private func throwingHand(at s: Double, shoulder: PixelPoint, chest: PixelPoint, reach: Double) -> PixelPoint {
        let f = facing
        // The angle from straight down, signed so that positive turns toward the plate: the arm
        // turns the other way all through, a whole turn less the release angle before it.
        let release = pitch.start - shoulder
        let releaseAngle = f * atan2(release.x, release.y)
        func hand(_ angle: Double, _ length: Double) -> PixelPoint { shoulder + PixelPoint.hanging(f * angle) * length }
        if s < -0.35 { return chest }
        if s < 0 {
            let u = (s + 0.35) / 0.35
            let swung = hand(-(2 * .pi - releaseAngle) * u * u, reach + (release.length - reach) * ease((u - 0.5) / 0.5))
            return chest.mix(swung, ease(u / 0.25))
        }
        let u = 1 - (1 - min(1, s / 0.3)) * (1 - min(1, s / 0.3))
        return hand(releaseAngle - 3 * u, release.length + (0.8 * reach - release.length) * u)
    }
}

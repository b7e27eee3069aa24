import BallTrace
import Foundation

/// The colours a figure is dressed in.
package struct FigureColours: Sendable, Hashable, Codable {
    package var skin: RGBColour
    package var shirt: RGBColour
    package var trousers: RGBColour
    package var shoes: RGBColour

    package init(skin: RGBColour, shirt: RGBColour, trousers: RGBColour, shoes: RGBColour) {
        self.skin = skin
        self.shirt = shirt
        self.trousers = trousers
        self.shoes = shoes
    }

    /// A plausible outfit picked by `random`.
    static func random(_ random: inout SplitMix64) -> FigureColours {
        let skins = [RGBColour(red: 232, green: 190, blue: 155), RGBColour(red: 198, green: 148, blue: 110),
                     RGBColour(red: 140, green: 96, blue: 66), RGBColour(red: 92, green: 62, blue: 44)]
        let shirts = [RGBColour(red: 200, green: 40, blue: 45), RGBColour(red: 30, green: 60, blue: 140),
                      RGBColour(red: 235, green: 235, blue: 230), RGBColour(red: 240, green: 180, blue: 30),
                      RGBColour(red: 40, green: 130, blue: 90), RGBColour(red: 120, green: 60, blue: 150)]
        let trousers = [RGBColour(red: 45, green: 45, blue: 55), RGBColour(red: 60, green: 80, blue: 130),
                        RGBColour(red: 160, green: 140, blue: 110), RGBColour(red: 30, green: 30, blue: 35)]
        func pick(_ list: [RGBColour]) -> RGBColour { list[Int(random.next() % UInt64(list.count))] }
        return FigureColours(skin: pick(skins), shirt: pick(shirts), trousers: pick(trousers),
                             shoes: RGBColour(red: 35, green: 32, blue: 30))
    }
}

/// A figure's joints in one frame, in picture pixels, and how to draw them: every person in the
/// synthetic scenes is one of these, posed anew each frame.
struct BodyPose {
    /// Two segments joined at `joint` (hip–knee–foot, shoulder–elbow–hand).
    struct Limb {
        var root: PixelPoint
        var joint: PixelPoint
        var end: PixelPoint
    }

    var head: PixelPoint
    var headRadius: Double
    var neck: PixelPoint
    var hip: PixelPoint
    /// Far side first: drawn behind the torso.
    var arms: [Limb]
    var legs: [Limb]
    /// Thickness of the torso and of the limbs, pixels.
    var torsoWidth: Double
    var limbWidth: Double

    func draw(on canvas: Canvas, colours: FigureColours) {
        func leg(_ l: Limb) {
            canvas.line(l.root, l.joint, thickness: limbWidth * 1.3, colours.trousers)
            canvas.line(l.joint, l.end, thickness: limbWidth * 1.15, colours.trousers)
            canvas.line(l.end, l.end + PixelPoint(x: limbWidth * 1.2 * facing, y: 0), thickness: limbWidth, colours.shoes)
        }
        func arm(_ l: Limb) {
            canvas.line(l.root, l.joint, thickness: limbWidth * 1.1, colours.shirt)
            canvas.line(l.joint, l.end, thickness: limbWidth * 0.9, colours.skin)
            canvas.circle(l.end, radius: limbWidth * 0.6, colours.skin)
        }
        for l in legs.prefix(1) { leg(l) }
        for l in arms.prefix(1) { arm(l) }
        for l in legs.dropFirst() { leg(l) }
        canvas.line(hip, neck, thickness: torsoWidth, colours.shirt)
        canvas.line(neck, head, thickness: limbWidth * 0.9, colours.skin)
        canvas.circle(head, radius: headRadius, colours.skin)
        // Hair on the back of the head.
        canvas.ellipse(head + PixelPoint(x: -0.25 * headRadius * facing, y: -0.35 * headRadius),
                       radii: (headRadius * 0.85, headRadius * 0.6), RGBColour(red: 45, green: 32, blue: 25))
        for l in arms.dropFirst() { arm(l) }
    }

    /// +1 when the figure faces right (its head leans that way of its neck), else -1.
    var facing: Double { head.x >= neck.x ? 1 : -1 }

    /// The joint of a two-segment limb from `root` reaching for `target`: the elbow or knee bends
    /// to the `bend` side (+1: clockwise on screen). A target out of reach is reached toward.
    static func limb(from root: PixelPoint, to target: PixelPoint, upper: Double, lower: Double, bend: Double) -> Limb {
        let offset = target - root
        let d = min(max(offset.length, abs(upper - lower) + 1e-6, 1e-6), upper + lower - 1e-6)
        let direction = offset.length > 1e-9 ? offset * (1 / offset.length) : PixelPoint(x: 0, y: 1)
        let cosine = max(-1, min(1, (upper * upper + d * d - lower * lower) / (2 * upper * d)))
        let joint = root + direction.rotated(by: bend * acos(cosine)) * upper
        return Limb(root: root, joint: joint, end: root + direction * d)
    }

    /// A limb given by the angles of its two segments from straight down (positive toward +x).
    static func limb(from root: PixelPoint, upperAngle: Double, lowerAngle: Double, upper: Double, lower: Double) -> Limb {
        let joint = root + PixelPoint.hanging(upperAngle) * upper
        return Limb(root: root, joint: joint, end: joint + PixelPoint.hanging(lowerAngle) * lower)
    }
}

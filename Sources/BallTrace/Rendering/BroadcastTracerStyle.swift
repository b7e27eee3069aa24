/// How the broadcast tracer looks: a line of one colour with a soft glow under it, which grows
/// with the ball from its launch, stays a moment after the flight and then fades out.
package struct BroadcastTracerStyle: Sendable, Hashable {
    /// A broadcast red-orange, the colour TV golf tracers are commonly drawn in.
    package static let defaultColour = RGBColour(red: 255, green: 64, blue: 24)
    /// The line's width in pixels of a 1080-line picture; drawn in proportion to the picture.
    package static let defaultWidth = 8.0

    package var colour: RGBColour
    /// Pixels at 1080 lines (the picture's shorter side), scaled with the picture.
    package var width: Double
    /// 0…1: how much of the picture the line hides.
    package var opacity: Double
    /// Whether the predicted remainder of the flight (to landing or the picture's edge) is drawn dashed.
    package var showsLanding: Bool
    /// Seconds the whole tracer stays after the flight's last detection, then the seconds it
    /// takes to fade out.
    package var hold: Double = 0.3
    package var fade: Double = 1.0
    /// The glow's coverage relative to the line's (0: no glow). It is three times as wide as the
    /// line, blurred by a Gaussian as wide as the line.
    package var glow: Double = 0.5

    package init(colour: RGBColour = defaultColour, width: Double = defaultWidth, opacity: Double = 0.9,
                 showsLanding: Bool = false) {
        self.colour = colour
        self.width = width
        self.opacity = opacity
        self.showsLanding = showsLanding
    }

    /// The line's width in pixels of a picture whose shorter side is `shorterSide`, never under 1.
    package func lineWidth(shorterSide: Int) -> Double { max(1, width * Double(shorterSide) / 1080) }

    /// How much of the tracer shows `age` seconds after the flight's last detection: all of it
    /// until ``hold``, then less and less (smoothly) until nothing at ``hold`` + ``fade``.
    package func remaining(age: Double) -> Double {
        guard age > hold else { return 1 }
        guard fade > 0, age < hold + fade else { return 0 }
        let f = (age - hold) / fade
        return 1 - f * f * (3 - 2 * f)
    }
}

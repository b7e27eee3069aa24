/// An 8-bit sRGB colour.
package struct RGBColour: Sendable, Hashable, Codable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// Colours and sizes of the overlay video, as Vision's sample app draws them, and of the tracer picture.
package struct OverlayStyle: Sendable, Hashable {
    package var regionColour = RGBColour(red: 40, green: 110, blue: 255)
    package var detectedColour = RGBColour(red: 255, green: 40, blue: 40)
    package var projectedColour = RGBColour(red: 40, green: 230, blue: 60)
    /// The tracer picture's text, and the dark edge under its lines and letters.
    package var labelColour = RGBColour(red: 255, green: 255, blue: 255)
    package var shadowColour = RGBColour(red: 16, green: 16, blue: 16)
    /// Line width in pixels.
    package var lineWidth: Double
    /// Height of the tracer picture's digits, pixels: 1/28 of the shorter side (39 px at
    /// 1080p), never under 11 px.
    package var labelHeight: Double

    /// Blue region, red detected path, green projected path; lines about 1/270 of the shorter
    /// side (4 px at 1080p), never thinner than 2 px.
    package init(shorterSide: Int) {
        lineWidth = max(2, (Double(shorterSide) / 270).rounded())
        labelHeight = max(11, (Double(shorterSide) / 28).rounded())
    }
}

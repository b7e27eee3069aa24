/// A position in pixels of the displayed picture: origin at the top-left corner, x to the right,
/// y down. Pixel centres sit at half-integers, so the centre of pixel (0, 0) is (0.5, 0.5).
package struct PixelPoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package func distance(to other: PixelPoint) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

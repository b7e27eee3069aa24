/// A position in pixels of the displayed picture: origin at the top-left corner, x to the right,
/// y down. Pixel centres sit at half-integers, so the centre of pixel (0, 0) is (0.5, 0.5).
public struct PixelPoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: PixelPoint) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A rectangle as fractions (0…1) of the displayed frame, origin top-left, y down.
///
/// Used for the region of interest. Unlike Vision, balltrace never reports points relative to
/// this rectangle: points are always relative to the whole frame.
public struct NormalizedRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public static let fullFrame = NormalizedRect(x: 0, y: 0, width: 1, height: 1)

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isFullFrame: Bool { self == .fullFrame }

    /// True when the rectangle has positive size and lies within the frame.
    public var isValid: Bool {
        let values = [x, y, width, height]
        guard values.allSatisfy({ $0.isFinite }) else { return false }
        let tolerance = 1e-9
        return width > 0 && height > 0 && x >= -tolerance && y >= -tolerance
            && x + width <= 1 + tolerance && y + height <= 1 + tolerance
    }

    /// The rectangle in pixels of a frame of the given size.
    package func pixelRect(width frameWidth: Int, height frameHeight: Int) -> PixelRect {
        PixelRect(
            x: x * Double(frameWidth), y: y * Double(frameHeight),
            width: width * Double(frameWidth), height: height * Double(frameHeight))
    }
}

/// A rectangle in pixels of the displayed picture, origin top-left.
package struct PixelRect: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package func contains(_ point: PixelPoint) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }

    /// True when `other` lies wholly inside this rectangle.
    package func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The part both rectangles cover, nil when they do not overlap.
    package func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

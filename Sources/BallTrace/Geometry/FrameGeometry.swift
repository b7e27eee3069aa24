/// Clockwise rotation that turns the stored picture upright for display, as given by a
/// container's display matrix (a phone clip shot in portrait is usually stored sideways, 90°).
public enum DisplayRotation: Int, Sendable, Codable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// The rotation nearest to an arbitrary angle in degrees (clockwise positive).
    public init(nearestDegrees degrees: Double) {
        guard degrees.isFinite else { self = .none; return }
        var d = (degrees / 90).rounded() * 90
        d = d.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        self = DisplayRotation(rawValue: Int(d)) ?? .none
    }
}

/// The relation between a decoded (stored) picture and the picture a viewer sees.
///
/// Detection runs on the stored buffer, so that no pixel is rotated; only the few blob
/// positions are mapped to the displayed picture, where every reported coordinate lives.
public struct FrameGeometry: Sendable, Hashable, Codable {
    public var storedWidth: Int
    public var storedHeight: Int
    public var rotation: DisplayRotation

    public init(storedWidth: Int, storedHeight: Int, rotation: DisplayRotation = .none) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.rotation = rotation
    }

    private var swapsAxes: Bool { rotation == .clockwise90 || rotation == .clockwise270 }
    public var displayedWidth: Int { swapsAxes ? storedHeight : storedWidth }
    public var displayedHeight: Int { swapsAxes ? storedWidth : storedHeight }
    public var shorterSide: Int { min(storedWidth, storedHeight) }

    /// Maps a point of the stored picture (pixels, top-left origin) to the displayed picture.
    package func displayed(fromStored p: PixelPoint) -> PixelPoint {
        let w = Double(storedWidth), h = Double(storedHeight)
        switch rotation {
        case .none: return p
        case .clockwise90: return PixelPoint(x: h - p.y, y: p.x)
        case .upsideDown: return PixelPoint(x: w - p.x, y: h - p.y)
        case .clockwise270: return PixelPoint(x: p.y, y: w - p.x)
        }
    }

    /// Maps a point of the displayed picture back to the stored picture.
    package func stored(fromDisplayed p: PixelPoint) -> PixelPoint {
        let w = Double(storedWidth), h = Double(storedHeight)
        switch rotation {
        case .none: return p
        case .clockwise90: return PixelPoint(x: p.y, y: h - p.x)
        case .upsideDown: return PixelPoint(x: w - p.x, y: h - p.y)
        case .clockwise270: return PixelPoint(x: w - p.y, y: p.x)
        }
    }

    /// Replaces `xy` with `points` mapped to the stored picture, as x, y pairs: how the drawing
    /// shim takes a path (its capacity kept, so that a caller may reuse one buffer).
    package func storedCoordinates(of points: [PixelPoint], into xy: inout [Double]) {
        xy.removeAll(keepingCapacity: true)
        xy.reserveCapacity(2 * points.count)
        for p in points {
            let s = stored(fromDisplayed: p)
            xy.append(s.x)
            xy.append(s.y)
        }
    }

    /// Maps a rectangle of the displayed picture to the stored picture.
    package func stored(fromDisplayed r: PixelRect) -> PixelRect {
        let a = stored(fromDisplayed: PixelPoint(x: r.x, y: r.y))
        let b = stored(fromDisplayed: PixelPoint(x: r.x + r.width, y: r.y + r.height))
        return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}

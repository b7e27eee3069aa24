/// How normalized coordinates are reported.
public enum CoordinateSystem: String, Sendable, Codable, CaseIterable {
    /// 0…1 of the displayed frame, origin top-left, y down (image convention).
    case topLeft = "top-left"
    /// Vision's convention: 0…1 of the displayed frame, origin bottom-left, y up.
    case vision

    /// Converts a pixel position of the displayed frame to normalized coordinates in this system.
    package func normalize(_ point: PixelPoint, frameWidth: Int, frameHeight: Int) -> NormalizedPoint {
        let nx = point.x / Double(frameWidth)
        let ny = point.y / Double(frameHeight)
        switch self {
        case .topLeft: return NormalizedPoint(x: nx, y: ny)
        case .vision: return NormalizedPoint(x: nx, y: 1 - ny)
        }
    }

    /// A region given in this system, with the origin top-left (as the analysis takes it).
    public func topLeft(_ r: NormalizedRect) -> NormalizedRect {
        switch self {
        case .topLeft: return r
        case .vision: return NormalizedRect(x: r.x, y: 1 - r.y - r.height, width: r.width, height: r.height)
        }
    }

    /// The inverse of ``normalize(_:frameWidth:frameHeight:)``.
    package func pixel(_ point: NormalizedPoint, frameWidth: Int, frameHeight: Int) -> PixelPoint {
        let ty: Double
        switch self {
        case .topLeft: ty = point.y
        case .vision: ty = 1 - point.y
        }
        return PixelPoint(x: point.x * Double(frameWidth), y: ty * Double(frameHeight))
    }
}

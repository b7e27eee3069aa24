/// A position as a fraction of the displayed frame's width and height, in whichever
/// ``CoordinateSystem`` the caller asked for.
public struct NormalizedPoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

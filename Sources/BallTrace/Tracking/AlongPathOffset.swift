/// How far a point lies from where a path expects it, when the path knows its direction of
/// travel better than its speed: an offset back along the direction (the object was faster
/// than the path says) counts only beyond `slack`; one forward along it, or across it, in full.
struct AlongPathOffset: Sendable, Hashable {
    /// The direction of travel, a unit vector; zero when the path stands still.
    private var ux = 0.0, uy = 0.0
    /// Pixels back along the direction that cost nothing.
    var slack: Double

    init(velocity: (x: Double, y: Double), slack: Double) {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if speed > 0 {
            ux = velocity.x / speed
            uy = velocity.y / speed
        }
        self.slack = max(0, slack)
    }

    func distance(from expected: PixelPoint, to point: PixelPoint) -> Double {
        let dx = point.x - expected.x, dy = point.y - expected.y
        guard slack > 0, ux != 0 || uy != 0 else { return (dx * dx + dy * dy).squareRoot() }
        let forward = dx * ux + dy * uy
        let along = forward < 0 ? max(0, -forward - slack) : forward
        let across = dy * ux - dx * uy
        return (along * along + across * across).squareRoot()
    }
}

import BallTrace

/// Where each ball really was in each frame of a synthetic clip.
public struct ClipTruth: Sendable, Hashable, Codable {
    public struct Position: Sendable, Hashable, Codable {
        /// Index of the flight in the scene.
        public var flight: Int
        public var frame: Int
        public var time: Double
        /// Centre in pixels of the displayed picture, pixel centres at half-integers.
        public var x: Double
        public var y: Double
        public var radius: Double
        /// False while the ball rests before launch.
        public var inFlight: Bool
    }

    public var scene: SyntheticScene
    /// Every frame in which a ball is at least partly in view.
    public var positions: [Position]

    /// Positions of one flight while in flight.
    public func flightPositions(_ flight: Int) -> [Position] {
        positions.filter { $0.flight == flight && $0.inFlight }
    }
}

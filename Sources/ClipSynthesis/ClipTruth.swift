import BallTrace

/// Where each ball really was in each frame of a synthetic clip.
package struct ClipTruth: Sendable, Hashable, Codable {
    package struct Position: Sendable, Hashable, Codable {
        /// Index of the flight in the scene.
        package var flight: Int
        package var frame: Int
        package var time: Double
        /// Centre of what the camera recorded (the middle of the streak a moving ball sweeps during
        /// the exposure), in pixels of the displayed picture, pixel centres at half-integers. It
        /// includes the camera's shake when the scene has one.
        package var x: Double
        package var y: Double
        /// The ball's apparent radius in this frame, pixels (a ball flying away shrinks).
        package var radius: Double
        /// False while the ball rests before launch, is carried in a hand, or lies where it
        /// landed; true from the frame whose exposure sees it fly.
        package var inFlight: Bool
        /// True when part of the ball (or its streak) lies outside the frame or behind something
        /// in front of it (a pole, a net), or when it touches another ball's image (the two merge
        /// into one blob): what is seen is then off-centre, and position checks skip it.
        package var clipped: Bool
        /// False when nothing of the ball can be seen although it is in the frame: wholly behind
        /// something in front of it, or too small and faint (a spot worth less than a disc of half
        /// a pixel's radius). Such rows are kept so the gap is known.
        package var visible: Bool

        package init(flight: Int, frame: Int, time: Double, x: Double, y: Double, radius: Double, inFlight: Bool,
                    clipped: Bool, visible: Bool = true) {
            self.flight = flight
            self.frame = frame
            self.time = time
            self.x = x
            self.y = y
            self.radius = radius
            self.inFlight = inFlight
            self.clipped = clipped
            self.visible = visible
        }

        /// Whether a tracker is expected to find the ball here: flying, seen, and whole.
        package var counts: Bool { inFlight && visible && !clipped }
    }

    package var scene: SyntheticScene
    /// Every frame in which a ball is at least partly in the frame (hidden or not).
    package var positions: [Position]

    package init(scene: SyntheticScene, positions: [Position]) {
        self.scene = scene
        self.positions = positions
    }

    /// Positions of one flight while in flight.
    package func flightPositions(_ flight: Int) -> [Position] {
        positions.filter { $0.flight == flight && $0.inFlight }
    }
}

extension ClipTruth.Position {
    /// Truth written before `visible` existed reads as visible.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(flight: try c.decode(Int.self, forKey: .flight), frame: try c.decode(Int.self, forKey: .frame),
                  time: try c.decode(Double.self, forKey: .time), x: try c.decode(Double.self, forKey: .x),
                  y: try c.decode(Double.self, forKey: .y), radius: try c.decode(Double.self, forKey: .radius),
                  inFlight: try c.decode(Bool.self, forKey: .inFlight), clipped: try c.decode(Bool.self, forKey: .clipped),
                  visible: try c.decodeIfPresent(Bool.self, forKey: .visible) ?? true)
    }
}

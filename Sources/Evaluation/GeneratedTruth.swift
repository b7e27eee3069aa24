import ClipSynthesis

extension GroundTruth {
    /// The truth a generated clip was rendered with. Every frame is known, so precision counts
    /// every detection; recall counts a ball in flight, fully in view and big enough to see.
    package init(_ truth: ClipTruth) {
        let positions = truth.positions.map { p in
            GroundTruth.Position(
                frame: p.frame, flight: p.flight, point: .init(x: p.x, y: p.y), radius: p.radius,
                counts: p.inFlight && p.visible && !p.clipped, inFlight: p.inFlight)
        }
        self.init(positions: positions, labelling: .dense, flightCount: truth.scene.flights.count,
                  labelledFrames: Set(0..<truth.scene.frameCount))
    }
}

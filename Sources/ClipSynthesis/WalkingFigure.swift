import BallTrace

/// A person walking (or running) across the picture at a steady speed, legs and arms swinging:
/// a large moving distractor that is no ball.
package struct WalkingFigure: Sendable, Hashable, Codable {
    /// Where the figure's feet are at time 0, pixels.
    package var start: PixelPoint
    /// Pixels per second; negative walks to the left.
    package var speed: Double
    /// Figure height, pixels.
    package var height: Double
    package var running: Bool
    package var colours: FigureColours
    /// Stride phase at time 0, radians.
    package var phase: Double

    package init(start: PixelPoint, speed: Double, height: Double, running: Bool = false, colours: FigureColours, phase: Double = 0) {
        self.start = start
        self.speed = speed
        self.height = height
        self.running = running
        self.colours = colours
        self.phase = phase
    }

    func pose(at time: Double) -> BodyPose {
        let gait = running ? Gait.run : Gait.walk
        let travelled = speed * time
        return gait.pose(phase: phase + gait.phase(distance: abs(travelled), height: height), x: start.x + travelled,
                         ground: start.y, height: height, facing: speed >= 0 ? 1 : -1)
    }

    func draw(on canvas: Canvas, at time: Double) { pose(at: time).draw(on: canvas, colours: colours) }
}

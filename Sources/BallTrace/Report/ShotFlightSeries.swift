/// One shot's flight as the report plots it: its path, height over distance from the launch,
/// and its speed over the time since impact. In metres when the analysis had a scale and the
/// flight could be measured in the image plane (its physics are then reported too); otherwise
/// in pixels of the displayed picture, since metres from a scale that does not hold (a ball
/// flying toward the camera) would be figures that look right and are not.
///
/// A ball that left the picture and came back into it (the trajectories that continue the
/// shot's) makes a piece of its own, measured from the same launch.
package struct ShotFlightSeries: Sendable, Hashable {
    /// "m" or "px".
    package var unit: String
    /// Per trajectory, (distance, height) at each detection: distance along the direction the
    /// ball flew, height upward, both from the launch.
    package var path: [[PlotPoint]]
    /// Per trajectory, (seconds since impact, speed per second) at each detection.
    package var speed: [[PlotPoint]]

    /// - Parameters:
    ///   - flights: the shot's trajectory, then those that continue it.
    ///   - impactTime: seconds from the session's start, the time axis's zero.
    ///   - frameWidth, frameHeight: the displayed picture the points are normalized to.
    package init(flights: [TrajectoryObservation], impactTime: Double, frameWidth: Int, frameHeight: Int) {
        let pieces = flights.map { flight in
            flight.detectedPoints.map {
                (time: $0.time, point: flight.coordinateSystem.pixel(NormalizedPoint(x: $0.x, y: $0.y),
                                                                     frameWidth: frameWidth, frameHeight: frameHeight))
            }
        }.filter { !$0.isEmpty }
        let metres = flights.first?.physics.flatMap { $0.measurable ? $0.scale.pixelsPerMetre : nil }
        let perPixel = metres.map { 1 / $0 } ?? 1
        unit = metres == nil ? "px" : "m"
        guard let launch = pieces.first?.first?.point, let firstPiece = pieces.first else {
            path = []
            speed = []
            return
        }
        // Distance counts along the way the ball went, left or right.
        let direction: Double = firstPiece.last!.point.x >= launch.x ? 1 : -1
        path = pieces.map { piece in
            piece.map { PlotPoint(x: direction * ($0.point.x - launch.x) * perPixel, y: (launch.y - $0.point.y) * perPixel) }
        }
        speed = pieces.map { piece in
            piece.indices.map { i in
                let v = LocalFit(piece, around: i, window: Self.speedWindow).velocity(at: piece[i].time)
                return PlotPoint(x: piece[i].time - impactTime, y: (v.x * v.x + v.y * v.y).squareRoot() * perPixel)
            }
        }
    }

    /// Detections each speed is fitted over: the broadcast tracer's window, a third of a second
    /// at 30 fps, over which gravity's pull is well described by a parabola and the detections'
    /// jitter averages out.
    static let speedWindow = FlightCurve.window

    /// "m/s" or "px/s".
    package var speedUnit: String { "\(unit)/s" }
}

/// A moment of a flight: the decoded frame and its time (seconds since the first frame).
public struct FlightMoment: Sendable, Hashable, Codable {
    public var frame: Int
    public var time: Double
}

/// The highest point of a flight, in the document's coordinates.
public struct FlightApex: Sendable, Hashable, Codable {
    public var frame: Int
    public var time: Double
    public var x: Double
    public var y: Double
    /// False when the ball was lost before its apex, which then comes from the predicted path.
    public var observed: Bool
}

/// Where a flight ended in the clip.
public struct FlightExit: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The path leaves the picture (or the ball touches its edge) right after the last detection.
        case leftFrame = "left the frame"
        /// The ball turned sharply back up (off the ground, a rim, a wall): a bounce ends a flight,
        /// and the ball after it may be the next one.
        case bounced
        /// The ball was still being followed in the last frame analysed.
        case clipEnded = "clip ended"
        /// The ball came down and stayed where it came down (the ground, a green, a court): seen
        /// at rest there in the frames after its last detection.
        case landed
        /// The ball was lost inside the picture: hidden, caught, or too faint to follow.
        case lost
    }

    public var frame: Int
    public var time: Double
    public var reason: Reason
}

/// What a coach times a flight by: the strike, launch, apex, exit.
public struct FlightEvents: Sendable, Hashable, Codable {
    /// With a tee hint (``AnalysisSettings/tee``), the strike: the last frame the ball rested on
    /// the tee, and the time the flight's path leaves it. Nil without a hint, and for a flight
    /// that does not come from the tee.
    public var impact: FlightMoment?
    /// The first detection of the flight. A ball at rest (on a tee, in a hand) is part of the
    /// background, so this is the first frame it moves in. For a trajectory that continues
    /// another (``TrajectoryObservation/continues``: the same ball coming back into the
    /// picture), that one's launch: where the ball was launched, not where it is seen again.
    public var launch: FlightMoment
    /// Nil when the path has no highest point between launch and its predicted end (a ball
    /// that only falls, or is lost still climbing out of the frame).
    public var apex: FlightApex?
    public var exit: FlightExit

    /// - Parameters:
    ///   - points: the detections, in order.
    ///   - predicted: the path beyond the last detection (``PathPrediction``).
    ///   - interval: seconds between frames.
    /// - Parameter endedBy: how the tracker saw the flight end, when it knows (a bounce, the end of
    ///   the clip); otherwise the path tells whether the ball left the picture or was lost in it.
    init(points: [TrackPoint], path: FlightPath, predicted: [(time: Double, position: PixelPoint)],
                interval: Double, frameWidth: Int, frameHeight: Int, coordinates: CoordinateSystem,
                endedBy: FlightExit.Reason? = nil, impact: FlightMoment? = nil) {
        self.impact = impact
        let first = points[0], last = points[points.count - 1]
        launch = FlightMoment(frame: first.frame, time: first.time)

        // Highest point (smallest y down) of the path, sampled finely from launch to the end
        // of the prediction; an apex only when it lies inside, not at either end.
        let end = predicted.last?.time ?? last.time
        let step = max(interval / 4, (end - first.time) / 2000, 1e-4)
        var best = (time: first.time, y: path.position(at: first.time).y)
        var t = first.time
        while t <= end {
            let y = path.position(at: t).y
            if y < best.y { best = (t, y) }
            t += step
        }
        if best.time > first.time + step / 2 && best.time < end - step / 2 {
            let observed = best.time <= last.time
            let frame: Int
            if observed {
                frame = points.min { abs($0.time - best.time) < abs($1.time - best.time) }!.frame
            } else {
                frame = last.frame + Int(((best.time - last.time) / max(interval, 1e-9)).rounded())
            }
            let n = coordinates.normalize(path.position(at: best.time), frameWidth: frameWidth, frameHeight: frameHeight)
            apex = FlightApex(frame: frame, time: best.time, x: n.x, y: n.y, observed: observed)
        } else {
            apex = nil
        }

        let next = path.position(at: last.time + interval)
        let margin = last.radius + 2
        let nearEdge = last.position.x < margin || last.position.y < margin
            || last.position.x > Double(frameWidth) - margin || last.position.y > Double(frameHeight) - margin
        // Where the path says the ball is a frame later, or where its last step carries it: a
        // fit over the whole flight can bend too early at its far end (a ball receding from the
        // camera, a clip's uneven timing).
        var carried = next
        if points.count >= 2, case let before = points[points.count - 2], last.time > before.time {
            let scale = interval / (last.time - before.time)
            carried = PixelPoint(x: last.position.x + (last.position.x - before.position.x) * scale,
                                 y: last.position.y + (last.position.y - before.position.y) * scale)
        }
        func isOutside(_ p: PixelPoint) -> Bool {
            p.x < 0 || p.y < 0 || p.x > Double(frameWidth) || p.y > Double(frameHeight)
        }
        let outside = isOutside(next) || isOutside(carried)
        exit = FlightExit(frame: last.frame, time: last.time, reason: endedBy ?? (nearEdge || outside ? .leftFrame : .lost))
    }
}

/// A point of the fitted path beyond the last detection, in the document's coordinates.
public struct PredictedPoint: Sendable, Hashable, Codable {
    /// Seconds since the first frame, like a detection's.
    public var time: Double
    public var x: Double
    public var y: Double
}

/// Where the ball was heading when it was last seen: the fitted path carried on, one frame
/// interval at a time, until it leaves the frame or falls back to the height it was launched
/// from (a ball landing level with its tee), whichever comes first.
enum PathPrediction {
    /// Pixel positions (top-left, y down) with their times. At most `limit` seconds ahead.
    static func extend(_ path: FlightPath, from last: TrackPoint, launchHeight: Double, interval: Double,
                              frameWidth: Int, frameHeight: Int, limit: Double = 10) -> [(time: Double, position: PixelPoint)] {
        guard interval > 0 else { return [] }
        var points: [(time: Double, position: PixelPoint)] = []
        var previous = last.position
        var time = last.time + interval
        while time <= last.time + limit {
            let p = path.position(at: time)
            guard p.x.isFinite, p.y.isFinite,
                  p.x >= 0, p.x <= Double(frameWidth), p.y >= 0, p.y <= Double(frameHeight) else { break }
            let descending = p.y > previous.y
            if descending && p.y >= launchHeight {
                break
            }
            points.append((time, p))
            previous = p
            time += interval
        }
        return points
    }
}

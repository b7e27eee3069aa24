import BallTrace
import Foundation

/// A trajectory as the evaluation sees it: its UUID and its detections in pixels of the
/// displayed picture.
public struct ScoredTrajectory: Sendable, Hashable {
    public struct Detection: Sendable, Hashable {
        public var frame: Int
        public var point: PixelPoint
        public var radius: Double

        public init(frame: Int, point: PixelPoint, radius: Double) {
            self.frame = frame
            self.point = point
            self.radius = radius
        }
    }

    public var uuid: UUID
    public var detections: [Detection]
    /// How balltrace says the flight ended (`events.exit.reason`), when it says.
    public var exitReason: FlightExit.Reason?
    /// The trajectory this one continues (the ball come back into the picture), when it says.
    public var continues: UUID?

    public init(uuid: UUID, detections: [Detection], exitReason: FlightExit.Reason? = nil, continues: UUID? = nil) {
        self.uuid = uuid
        self.detections = detections
        self.exitReason = exitReason
        self.continues = continues
    }

    /// The trajectories of a `balltrace analyze --json` document, converted back to pixels.
    public static func from(_ document: AnalysisDocument) -> [ScoredTrajectory] {
        let width = document.source.width, height = document.source.height
        let shorter = Double(min(width, height))
        return document.trajectories.map { t in
            ScoredTrajectory(uuid: t.uuid, detections: t.detectedPoints.map { p in
                let pixel = document.coordinateSystem.pixel(NormalizedPoint(x: p.x, y: p.y), frameWidth: width, frameHeight: height)
                return Detection(frame: p.frame, point: pixel, radius: p.radius * shorter)
            }, exitReason: t.events?.exit.reason, continues: t.continues)
        }
    }
}

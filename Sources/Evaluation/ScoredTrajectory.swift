import BallTrace
import Foundation

/// A trajectory as the evaluation sees it: its UUID and its detections in pixels of the
/// displayed picture.
package struct ScoredTrajectory: Sendable, Hashable {
    package struct Detection: Sendable, Hashable {
        package var frame: Int
        package var point: PixelPoint
        package var radius: Double

        package init(frame: Int, point: PixelPoint, radius: Double) {
            self.frame = frame
            self.point = point
            self.radius = radius
        }
    }

    package var uuid: UUID
    package var detections: [Detection]
    /// How balltrace says the flight ended (`events.exit.reason`), when it says.
    package var exitReason: FlightExit.Reason?
    /// The trajectory this one continues (the ball come back into the picture), when it says.
    package var continues: UUID?

    package init(uuid: UUID, detections: [Detection], exitReason: FlightExit.Reason? = nil, continues: UUID? = nil) {
        self.uuid = uuid
        self.detections = detections
        self.exitReason = exitReason
        self.continues = continues
    }

    /// The trajectories of a `balltrace analyze --json` document, converted back to pixels.
    package static func from(_ document: AnalysisDocument) -> [ScoredTrajectory] {
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

import Foundation
import Testing
@testable import BallTrace

/// A smeared ball is reported where its flight crosses its streak, not at the middle of what
/// passed the threshold.
@Suite struct StreakPlacementTests {
    /// A ball rising fast and slowing, 30 frames a second.
    static func ball(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / 30
        return PixelPoint(x: 600 - 60 * t, y: 560 - 3600 * t + 2400 * t * t)
    }

    /// Ten round detections, but frame `streak`'s a streak along the path (radius 4, five times
    /// as long as wide) whose centre lies `offset` px along its axis from the ball's.
    static func track(streak: Int, offset: Double, acrossThePath: Bool = false) -> Track {
        var track: Track?
        for frame in 0..<10 {
            let p = ball(frame)
            var point = TrackPoint(frame: frame, time: Double(frame) / 30, position: p, radius: 4)
            if frame == streak {
                let v = (x: -60.0, y: -3600 + 4800 * Double(frame) / 30)
                let along = atan2(v.y, v.x)
                let axis = acrossThePath ? along + .pi / 2 : along
                point.elongation = 5
                point.orientation = axis
                point.position = PixelPoint(x: p.x + offset * cos(axis), y: p.y + offset * sin(axis))
                point.picturePosition = point.position
            }
            if track == nil { track = Track(first: point) } else { track!.append(point) }
        }
        return track!
    }

    @Test func aStreakMergedWithSomethingAlongThePathIsPlacedWhereThePathCrossesIt() {
        let placed = StreakPlacement.placed(Self.track(streak: 4, offset: 9))
        #expect(placed.points[4].position.distance(to: Self.ball(4)) < 0.5, "\(placed.points[4].position)")
        #expect(placed.points[4].picturePosition.distance(to: Self.ball(4)) < 0.5)
        // The other points stay where they were detected.
        #expect((0..<10).filter { $0 != 4 }.allSatisfy { placed.points[$0].position == Self.ball($0) })
    }

    @Test func aStreakIsNotMovedBeyondItsOwnLength() {
        // 40 px off: farther than the streak reaches (4 × (5 − 1) = 16 px each way).
        let placed = StreakPlacement.placed(Self.track(streak: 4, offset: 40))
        #expect(abs(placed.points[4].position.distance(to: Self.ball(4)) - 24) < 0.5, "\(placed.points[4].position)")
    }

    @Test func aLaunchStreakWithoutNeighboursBeforeItKeepsItsCentre() {
        let track = Self.track(streak: 0, offset: 9)
        #expect(StreakPlacement.placed(track).points[0].position == track.points[0].position)
    }

    @Test func aBlobLongAcrossThePathIsNotAStreakOfTheBall() {
        let track = Self.track(streak: 4, offset: 9, acrossThePath: true)
        #expect(StreakPlacement.placed(track).points[4].position == track.points[4].position)
    }
}

/// A drive filmed down the line, its first airborne frames smeared into streaks: the flight is
/// confirmed on the round detections that follow, and its path carried back to the launch
/// finds the streaks by their axes, not their centres.
@Suite struct LaunchStreakTests {
    /// Seen so in a generated drive filmed handheld at 1280×720 (frames 39–49 of seed 11121):
    /// the ball leaves the tee at 180 px a frame and slows fast as it flies away; its first
    /// three detections are streaks (the second 90 px long), the third only the streak's
    /// brighter lower part.
    static let detections: [(frame: Int, x: Double, y: Double, radius: Double, elongation: Double)] = [
        (39, 685.5, 544.0, 8.6, 3.7), (40, 702.1, 373.9, 6.8, 6.7), (41, 713.3, 264.4, 5.0, 2.4),
        (42, 722.3, 173.4, 5.2, 3.7), (43, 728.5, 121.4, 5.4, 2.8), (44, 732.2, 84.2, 4.3, 2.7),
        (45, 734.4, 56.9, 4.3, 2.1), (46, 736.0, 36.3, 4.1, 1.8), (47, 737.0, 21.3, 4.3, 1.4),
        (48, 737.5, 9.7, 4.3, 1.2), (49, 736.0, 3.6, 2.6, 1.5),
    ]

    @Test func aDriveIsReportedFromItsFirstStreakWithEveryFrameOfItsLaunch() throws {
        var tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))
        let detections = Self.detections
        for frame in 30..<60 {
            var blobs: [Blob] = []
            if let i = detections.firstIndex(where: { $0.frame == frame }) {
                let d = detections[i]
                // Smeared along the path: from the detection before to the one after.
                let a = detections[max(0, i - 1)], b = detections[min(detections.count - 1, i + 1)]
                blobs.append(Blob(center: PixelPoint(x: d.x, y: d.y), radius: d.radius, area: .pi * d.radius * d.radius * d.elongation,
                                  elongation: d.elongation, orientation: atan2(b.y - a.y, b.x - a.x), contrast: 30))
            }
            tracker.update(frame: frame, time: Double(frame) / 30, blobs: blobs)
        }
        tracker.finish()
        let flight = try #require(tracker.reported.first)
        #expect(tracker.reported.count == 1)
        #expect(flight.points.map(\.frame) == Array(39...49), "\(flight.points.map(\.frame))")
    }
}

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

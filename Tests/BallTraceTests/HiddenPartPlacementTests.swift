import Foundation
import Testing
@testable import BallTrace

/// A ball seen only in part (behind a pole, in front of a white shirt) shows as a sliver, off
/// the ball's centre: it is reported inside the ball's disc, toward its flight, not at the
/// sliver's centre.
@Suite struct HiddenPartPlacementTests {
    /// A pitch crossing the picture at 16 px a frame, dropping a little, 30 frames a second.
    static func ball(_ frame: Int) -> PixelPoint {
        let t = Double(frame) / 30
        return PixelPoint(x: 900 + 480 * t, y: 576 + 30 * t + 120 * t * t)
    }

    /// Twelve detections of radius 4; frame `sliver`'s shows a part of radius `partRadius`
    /// whose centre lies `offset` px ahead of the ball's along x.
    static func track(sliver: Int, partRadius: Double, offset: Double) -> Track {
        var track: Track?
        for frame in 0..<12 {
            let p = ball(frame)
            var point = TrackPoint(frame: frame, time: Double(frame) / 30, position: p, radius: 4)
            if frame == sliver {
                point.radius = partRadius
                point.position = PixelPoint(x: p.x + offset, y: p.y)
                point.picturePosition = point.position
            }
            if track == nil { track = Track(first: point) } else { track!.append(point) }
        }
        return track!
    }

    @Test func aSliverOfABallSeenInPartIsReportedInsideTheBallTowardItsFlight() {
        // A sliver of radius 1.6, 5 px ahead of the ball's centre: the centre may be 2.4 px from it.
        let placed = HiddenPartPlacement.placed(Self.track(sliver: 6, partRadius: 1.6, offset: 5))
        let reported = placed.points[6].position
        #expect(abs(reported.distance(to: Self.ball(6)) - 2.6) < 0.05, "\(reported)")
        #expect(abs(reported.distance(to: Self.track(sliver: 6, partRadius: 1.6, offset: 5).points[6].position) - 2.4) < 0.05)
        #expect((0..<12).filter { $0 != 6 }.allSatisfy { placed.points[$0].position == Self.ball($0) })
    }

    @Test func aSliverNearTheBallsCentreIsReportedOnThePath() {
        let placed = HiddenPartPlacement.placed(Self.track(sliver: 6, partRadius: 1.6, offset: 1.5))
        #expect(placed.points[6].position.distance(to: Self.ball(6)) < 0.05)
    }

    @Test func somethingSmallBesideThePathIsNotReportedAsTheBall() {
        // Frames 6 and 7 show something of radius 1.6 standing 20 px below the path: the ball,
        // merged with a player, was not there, and no part of a 4 px ball lies that far off.
        let beside = PixelPoint(x: Self.ball(6).x, y: Self.ball(6).y + 20)
        let points = (0..<12).map { frame in
            [6, 7].contains(frame)
                ? TrackPoint(frame: frame, time: Double(frame) / 30, position: beside, radius: 1.6)
                : TrackPoint(frame: frame, time: Double(frame) / 30, position: Self.ball(frame), radius: 4)
        }
        var track = Track(first: points[0])
        for point in points.dropFirst() { track.append(point) }
        let placed = HiddenPartPlacement.placed(track)
        #expect(placed.points.map(\.frame) == [0, 1, 2, 3, 4, 5, 8, 9, 10, 11])
        #expect(placed.points.allSatisfy { $0.position == Self.ball($0.frame) })
    }

    @Test func aWholeBallIsReportedWhereItWasDetected() {
        // A detection slightly small (0.8 of its neighbours) is the ball, noisy: left alone.
        let track = Self.track(sliver: 6, partRadius: 3.2, offset: 3)
        #expect(HiddenPartPlacement.placed(track).points[6].position == track.points[6].position)
    }

    @Test func aSliverWithoutNeighboursOnBothSidesKeepsItsCentre() {
        let track = Self.track(sliver: 11, partRadius: 1.6, offset: 5)
        #expect(HiddenPartPlacement.placed(track).points[11].position == track.points[11].position)
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A pitch whose ball merges for a frame or two with what it passes near the glove (a batter, a
/// catcher): the chain that followed it from the release takes the merged blob and then a
/// streak the glove leaves, and gives way to a chain begun on the merged blob, which follows
/// the ball for its last few frames. Neither chain is a flight alone; the ball seen on one
/// path in every frame is.
@Suite struct BallMergedNearTheGloveTests {
    /// The detections of a generated handheld broadcast pitch (1920×1080, 30 fps, the
    /// project's own baseball-pitch-handheld scene) in frames 28–52, in a band around the
    /// ball's path (x 800–1200, y 540–680), to the pixel: centre, radius, elongation, contrast.
    /// The ball flies from (903, 585) in frame 34 to (1125, 587) in frame 45; in frames 41 and
    /// 42 it is merged with the batter's hands, and from frame 43 a short streak stays where
    /// they were.
    static let detections: [Int: [RecordedBlob]] = [
        28: [(844.0, 615.0, 5.3, 1.4, 43), (866.0, 637.0, 4.6, 3.1, 34), (824.0, 616.0, 3.1, 2.5, 68), (810.0, 633.0, 3.5, 3.6, 35), (819.0, 640.0, 3.2, 2.9, 36), (1041.0, 612.0, 1.5, 4.1, 49)],
        29: [(844.0, 614.0, 4.7, 2.2, 43), (869.0, 635.0, 4.4, 3.3, 37), (807.0, 620.0, 4.0, 2.1, 63), (816.0, 639.0, 2.8, 4.1, 38)],
        30: [(830.0, 610.0, 6.8, 2.6, 56), (871.0, 632.0, 4.5, 3.1, 36), (817.0, 637.0, 2.8, 4.1, 38)],
        31: [(843.0, 602.0, 6.2, 2.5, 58), (824.0, 613.0, 4.4, 2.0, 61), (871.0, 632.0, 4.5, 3.2, 36), (818.0, 635.0, 2.8, 4.1, 38)],
        32: [(855.0, 602.0, 7.7, 1.7, 59), (826.0, 611.0, 4.4, 2.0, 62), (874.0, 630.0, 4.4, 3.2, 35), (820.0, 634.0, 2.8, 4.1, 38), (819.0, 679.0, 3.9, 3.8, 16)],
        33: [(876.0, 611.0, 6.5, 2.9, 49), (829.0, 610.0, 4.6, 1.9, 58), (854.0, 609.0, 4.4, 1.6, 46), (823.0, 632.0, 2.9, 3.9, 37), (822.0, 677.0, 3.8, 3.9, 15)],
        34: [(875.0, 628.0, 4.8, 3.0, 35), (903.0, 585.0, 4.8, 1.6, 55), (830.0, 608.0, 4.4, 2.1, 60), (856.0, 607.0, 4.6, 1.5, 45), (825.0, 630.0, 2.9, 3.9, 37), (824.0, 675.0, 3.8, 3.9, 15)],
        35: [(876.0, 634.0, 6.4, 2.3, 35), (833.0, 607.0, 4.5, 2.1, 64), (927.0, 583.0, 4.4, 1.9, 64), (860.0, 606.0, 4.3, 1.6, 45), (828.0, 629.0, 2.9, 3.9, 36), (827.0, 674.0, 3.8, 3.9, 15)],
        36: [(873.0, 637.0, 8.6, 1.3, 35), (950.0, 581.0, 4.9, 1.5, 57), (836.0, 606.0, 4.7, 1.9, 56), (864.0, 605.0, 4.2, 1.5, 45), (831.0, 627.0, 2.9, 3.9, 37), (829.0, 673.0, 3.8, 3.9, 15), (1053.0, 598.0, 1.6, 4.1, 37)],
        37: [(870.0, 640.0, 8.4, 1.2, 33), (839.0, 605.0, 4.6, 2.0, 57), (972.0, 580.0, 4.8, 1.5, 57), (868.0, 604.0, 3.5, 1.9, 46), (834.0, 626.0, 2.9, 3.9, 35), (833.0, 669.0, 3.3, 3.9, 15)],
        38: [(842.0, 603.0, 4.6, 2.0, 57), (994.0, 579.0, 4.5, 1.7, 67), (864.0, 642.0, 4.5, 3.2, 37), (871.0, 603.0, 3.6, 1.7, 50), (835.0, 625.0, 2.7, 3.3, 35)],
        39: [(844.0, 602.0, 4.6, 2.0, 58), (860.0, 640.0, 4.9, 2.7, 36), (1013.0, 578.0, 4.6, 1.5, 59), (873.0, 602.0, 3.5, 1.9, 46), (1060.0, 587.0, 1.8, 7.2, 46), (837.0, 624.0, 2.6, 2.9, 35)],
        40: [(847.0, 602.0, 4.6, 2.1, 59), (1035.0, 579.0, 4.8, 1.4, 56), (860.0, 640.0, 4.8, 2.6, 37), (1062.0, 587.0, 1.8, 7.5, 49), (876.0, 601.0, 3.5, 1.7, 43)],
        41: [(1059.0, 581.0, 6.0, 1.4, 62), (849.0, 601.0, 4.5, 2.0, 56), (861.0, 639.0, 4.5, 2.7, 40), (879.0, 601.0, 3.2, 1.9, 48)],
        42: [(1068.0, 583.0, 3.8, 2.2, 49), (849.0, 602.0, 4.2, 2.0, 56), (862.0, 639.0, 4.5, 2.6, 38), (879.0, 601.0, 3.0, 2.2, 49)],
        43: [(1068.0, 583.0, 2.1, 6.7, 59), (1092.0, 581.0, 4.4, 1.5, 59), (851.0, 601.0, 4.2, 2.1, 57), (864.0, 638.0, 4.6, 2.7, 38), (1031.0, 608.0, 1.0, 38.0, 35), (881.0, 600.0, 2.8, 2.4, 50)],
        44: [(1069.0, 583.0, 2.1, 6.8, 60), (852.0, 601.0, 4.2, 2.0, 58), (864.0, 638.0, 4.6, 2.6, 39), (1109.0, 585.0, 3.4, 1.7, 57), (882.0, 600.0, 2.8, 2.2, 54)],
        45: [(1070.0, 582.0, 2.0, 8.5, 76), (866.0, 639.0, 4.4, 2.8, 41), (1125.0, 587.0, 2.9, 2.0, 62), (1090.0, 579.0, 1.6, 5.8, 69), (1034.0, 608.0, 0.9, 38.0, 32)],
        46: [(1070.0, 583.0, 2.0, 8.1, 74), (866.0, 639.0, 4.2, 3.0, 42), (1036.0, 608.0, 1.2, 31.7, 37), (1090.0, 579.0, 1.6, 5.8, 69)],
        47: [(1069.0, 582.0, 1.7, 9.5, 62), (864.0, 639.0, 4.4, 2.8, 41), (1033.0, 608.0, 1.1, 38.0, 44)],
        48: [(1069.0, 582.0, 1.6, 9.5, 60), (864.0, 639.0, 4.4, 2.8, 40), (1035.0, 608.0, 1.4, 24.8, 41)],
        49: [(863.0, 639.0, 4.3, 2.8, 40), (1067.0, 584.0, 1.6, 9.6, 53), (1031.0, 608.0, 1.0, 38.0, 30)],
        50: [(862.0, 640.0, 4.5, 2.7, 39), (1030.0, 609.0, 1.0, 38.0, 40), (1066.0, 587.0, 1.4, 10.2, 60), (1129.0, 653.0, 1.1, 14.0, 69)],
        51: [(860.0, 640.0, 4.5, 2.7, 38), (1027.0, 610.0, 1.0, 38.0, 38), (1130.0, 654.0, 1.6, 7.0, 44)],
        52: [(858.0, 640.0, 4.5, 2.6, 37), (1025.0, 610.0, 1.0, 38.0, 40), (1128.0, 654.0, 1.5, 7.8, 45)],
    ]

    @Test func aPitchMergedForTwoFramesNearItsEndIsReportedAsOneFlight() throws {
        let flights = flightsReported(from: Self.detections, frames: 28...52, width: 1920, height: 1080) { Double($0) / 30 }
        let pitch = try #require(flights.first { $0.points.contains { $0.frame == 38 && abs($0.position.x - 994) < 3 } },
                                 "\(flights.map { $0.points.map(\.frame) })")
        // From within a frame of the first detection to the last, under one identity.
        #expect(pitch.points.first!.frame <= 35, "\(pitch.points.map(\.frame))")
        #expect(pitch.points.last!.frame == 45, "\(pitch.points.map(\.frame))")
        #expect(flights.count == 1, "\(flights.map { $0.points.map(\.frame) })")
    }

    @Test func theLastFramesAreNotJoinedToAChainThatCameFromElsewhere() {
        // The same detections, but the ball of frames 34–40 moved onto a steeper path that
        // meets the real one at frame 41 (a kink no ball in flight makes): the chain that
        // followed it is no part of the ball's last frames.
        var detections = Self.detections
        for frame in 34...40 {
            detections[frame] = detections[frame]!.map { blob in
                guard blob.x > 890, abs(blob.y - 582) < 6 else { return blob }
                return (blob.x, blob.y - 9 * Double(41 - frame), blob.r, blob.e, blob.c)
            }
        }
        let flights = flightsReported(from: detections, frames: 28...52, width: 1920, height: 1080) { Double($0) / 30 }
        #expect(!flights.contains { flight in flight.points.contains { $0.frame <= 40 } && flight.points.contains { $0.frame >= 43 } },
                "\(flights.map { $0.points.map(\.frame) })")
    }
}

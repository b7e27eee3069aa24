import Foundation
import Testing
@testable import BallTrace

/// A small ball in a compressed picture rings: specks of a pixel, a fifth of its contrast, stand
/// a few pixels off it, and one may lie nearer where a young chain expects the ball than the
/// ball does. The chain that takes the speck loses the ball; a branch that takes the ball
/// follows it to its report.
@Suite struct FaintSpeckBranchTests {
    /// The detections along a tennis serve (tennis-serve-broadcast at 0.67 of its size,
    /// re-encoded at CRF 26, frames 41–57, those within 30 px of the ball; frames 45 and 51
    /// repeat the picture before and are not analysed): centre, radius, elongation, contrast.
    /// The ball is the first blob of each frame from 42 to 54; in frames 49 and 50 a speck of
    /// contrast 10–12.5 lies 3 px above it.
    static let detections: [Int: [RecordedBlob]] = [
        41: [(656.4, 295.3, 1.87, 3.19, 33.0), (675.7, 298.1, 1.21, 2.05, 12.5), (677.8, 292.0, 0.98, 2.13, 12.0),
             (682.0, 269.2, 0.72, 2.29, 11.2), (674.5, 289.5, 0.45, 4.12, 12.0)],
        42: [(638.3, 276.9, 1.92, 2.41, 41.5)],
        43: [(622.7, 263.4, 1.64, 2.35, 44.7)],
        44: [(607.1, 252.5, 1.36, 2.46, 46.9), (578.0, 239.5, 0.56, 4.0, 16.0), (623.5, 260.0, 0.52, 2.0, 12.0),
             (621.0, 260.0, 0.48, 2.65, 9.5), (616.5, 257.0, 0.56, 2.0, 9.0)],
        46: [(593.1, 245.6, 1.53, 2.5, 41.4), (590.5, 241.5, 0.55, 3.0, 12.3), (575.0, 240.5, 0.54, 2.0, 16.5),
             (621.0, 260.0, 0.48, 2.65, 9.5), (616.5, 257.0, 0.56, 2.0, 9.0)],
        47: [(579.6, 241.3, 1.56, 2.01, 47.7)],
        48: [(566.3, 238.0, 1.43, 2.2, 43.7), (577.0, 239.8, 0.56, 4.59, 36.3)],
        49: [(552.5, 236.4, 1.27, 2.5, 52.1), (578.0, 239.5, 0.56, 4.0, 31.5), (553.0, 233.5, 0.56, 2.0, 10.0)],
        50: [(540.5, 236.0, 1.43, 2.2, 34.9), (543.0, 232.5, 0.55, 2.0, 12.5), (543.0, 239.5, 0.55, 2.0, 12.5)],
        52: [(529.3, 237.3, 1.63, 1.27, 42.5)],
        53: [(517.1, 238.1, 1.36, 1.57, 42.3)],
        54: [(506.9, 241.4, 1.27, 1.98, 46.6), (497.1, 237.8, 0.99, 1.94, 13.7)],
        55: [(495.5, 237.9, 1.78, 2.19, 25.4)],
        56: [(488.9, 219.2, 1.4, 2.91, 33.0), (497.1, 239.6, 0.82, 4.02, 16.3)],
    ]

    @Test func aServeIsFollowedPastTheFaintSpecksBesideTheBall() throws {
        // Each sixth frame repeats the one before (25 fps converted to 30 fps), and the pictures
        // are timed as the analysis timed them from the clip's cadence (seconds); after frame 55,
        // a 25th of a second apart.
        let times: [Int: Double] = [41: 1.353561, 42: 1.392023, 43: 1.429345, 44: 1.465527, 46: 1.507977, 47: 1.549288,
                                    48: 1.589459, 49: 1.62849, 50: 1.666382, 52: 1.710541, 53: 1.753561, 54: 1.795442,
                                    55: 1.836182]
        let flights = flightsReported(from: Self.detections, frames: (41..<64).filter { $0 % 6 != 3 }, width: 1286, height: 722) {
            times[$0] ?? times[55]! + Double($0 - 55) / 25
        }
        try #require(flights.count == 1, "\(flights.map { $0.points.map(\.frame) })")
        let ball = Dictionary(uniqueKeysWithValues: (42...54).compactMap { frame in
            Self.detections[frame]?.first.map { (frame, PixelPoint(x: $0.x, y: $0.y)) }
        })
        let taken = flights[0].points.filter { ball[$0.frame] != nil }
        #expect(taken.count == ball.count, "\(flights[0].points.map(\.frame))")
        for point in taken {
            #expect(point.position.distance(to: ball[point.frame]!) < 0.5, "frame \(point.frame)")
        }
    }
}

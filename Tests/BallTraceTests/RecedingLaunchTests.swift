import Foundation
import Testing
@testable import BallTrace

/// A ball struck past a phone lying on the range, flying away from it: a blurred blob of 5 px
/// radius, then 2.3, 1.7, 1.3 px, then specks of a pixel or two whose measured radius is the
/// detector's floor, not the ball's. Its first frames are found by walking back along its path
/// once it is reported.
@Suite struct RecedingLaunchTests {
    /// The detections of golf-range-groundcam mirrored and re-encoded (frames 177–190, where the
    /// ball's flight was labelled from frame 177), as the detector gave them: centre, radius,
    /// elongation, contrast. Frame 185 has none (the speck fell under the threshold).
    static let detections: [Int: [RecordedBlob]] = [
        177: [(346.2, 479.9, 4.83, 1.90, 45.2), (345.2, 495.2, 0.72, 2.00, 11.5)],
        178: [(280.7, 371.5, 2.27, 1.26, 20.4)],
        179: [(253.0, 326.7, 1.72, 1.27, 27.5)],
        180: [(238.0, 300.7, 1.34, 1.15, 27.2)],
        181: [(228.5, 284.5, 0.50, 3.00, 25.0)],
        182: [(222.3, 272.9, 0.80, 1.55, 16.2)],
        183: [(252.1, 706.9, 1.28, 1.87, 13.2), (249.9, 713.7, 0.86, 2.92, 15.9), (218.5, 263.5, 0.49, 3.00, 19.3)],
        184: [(214.8, 256.8, 0.67, 1.46, 18.3)],
        186: [(210.0, 247.0, 0.43, 2.65, 12.5)],
        187: [(208.5, 243.0, 0.51, 2.00, 18.5)],
        188: [(207.0, 239.0, 0.90, 1.00, 22.5)],
        189: [(206.0, 237.0, 1.01, 1.00, 13.5)],
        190: [(205.0, 234.5, 0.53, 2.00, 13.0)],
    ]

    @Test func aRecedingBallIsReportedFromItsSecondFrameThoughItShrankToASpeckAfterIt() throws {
        let flights = flightsReported(from: Self.detections, frames: 170..<200, width: 406, height: 720) { Double($0) / 29.97 }
        try #require(flights.count == 1, "\(flights.map { $0.points.map(\.frame) })")
        // The blurred blob of frame 177 is the ball beside the camera, twice the size of the
        // next; the look back takes the ball from frame 178 on (the build before: from 180, as
        // the growth from the speck of frame 181 to the blob of 180 said the ball was 3.6 px in
        // frame 179).
        #expect(flights[0].points.first?.frame ?? .max <= 178, "\(flights[0].points.map(\.frame))")
        #expect(flights[0].points.last?.frame == 190)
    }
}

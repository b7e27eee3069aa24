import Testing
@testable import BallTrace

/// A path that flies away fast enough to double its distance within a window slows in the
/// picture, as the picture divides its motion across the line of sight by its depth. Both
/// windows are detections measured on golf-dtl-slowmo (720×1280, 60 fps, its pictures mostly
/// in pairs): the stick's as the tracker had them (the scene's pixels), the drive's as reported.
@Suite struct SteepRecessionTests {
    private let test = BallisticTest(shorterSide: 720)

    /// A detection as measured: its frame, the time the analysis gave it (a converted clip's
    /// pairs of pictures are not evenly spaced), its centre and its blob's shape.
    typealias Detection = (frame: Int, time: Double, x: Double, y: Double, radius: Double, elongation: Double,
                           orientation: Double)

    /// The detections as a chain's points, each a new picture (consecutive analysed frames).
    private func points(_ measured: [Detection]) -> [TrackPoint] {
        measured.enumerated().map { step, p in
            TrackPoint(frame: p.frame, time: p.time, position: PixelPoint(x: p.x, y: p.y), radius: p.radius,
                       step: step, elongation: p.elongation, orientation: p.orientation)
        }
    }

    /// The white stick lying on the grass, filmed by hand: as the camera sways, the stick's
    /// outline slides along itself in pieces 2–3 px across and up to fifteen times as long,
    /// from 55 to 95 px a frame. Their sizes scatter enough for a path in depth to follow them,
    /// falling away at 5.2 depths a second; it was reported as a flight (confidence 0.02).
    @Test func anEdgeSlidingAlongItselfAndSpeedingUpIsNoBallFlyingAway() throws {
        let stick = points([
            (567, 9.4596, 71.58, 1187.92, 2.78, 5.16, -0.008), (570, 9.4947, 125.65, 1189.28, 2.20, 10.69, -0.010),
            (572, 9.5297, 180.55, 1192.03, 2.42, 5.47, 0.031), (574, 9.5647, 257.55, 1194.08, 3.00, 8.51, 0.058),
            (576, 9.5975, 333.61, 1196.85, 1.67, 5.06, -0.117), (578, 9.6299, 407.51, 1199.88, 3.21, 14.20, 0.037),
            (580, 9.6640, 486.32, 1202.94, 1.33, 10.37, 0.004), (582, 9.6982, 570.48, 1205.83, 1.50, 15.08, 0.013),
            (584, 9.7324, 662.22, 1209.14, 1.75, 13.58, 0.035),
        ])
        let verdict = test.evaluate(stick)
        #expect(verdict.path == nil, "got \(verdict)")
        let fit = try #require(PerspectiveFit(stick))
        #expect(test.speedsUpWhileRecedingSteeply(stick, fit), "k \(fit.k)")
    }

    /// The drive itself, filmed from a tripod, from 60 to 28 px a frame as it flies away.
    @Test func aDriveFlyingAwayDownTheLineSlowsAsItRecedes() throws {
        let drive = points([
            (460, 7.6736, 606.0, 968.0, 7.7, 1, 0), (462, 7.7053, 607.3, 915.4, 6.0, 1, 0),
            (464, 7.7369, 608.9, 863.1, 7.7, 1, 0), (467, 7.7726, 610.9, 819.4, 7.6, 1, 0),
            (469, 7.8079, 610.0, 776.4, 7.2, 1, 0), (471, 7.8428, 610.8, 737.7, 6.2, 1, 0),
            (473, 7.8772, 612.4, 703.8, 6.3, 1, 0), (475, 7.9112, 613.2, 670.1, 6.1, 1, 0),
            (476, 7.9422, 613.9, 637.7, 5.9, 1, 0), (478, 7.9743, 614.0, 609.7, 5.7, 1, 0),
        ])
        let verdict = test.evaluate(drive)
        #expect(verdict.path != nil, "got \(verdict)")
        let fit = try #require(PerspectiveFit(drive))
        // It does fly away that fast: the rule is asked, and it slows.
        let depthGrowth = fit.depth(at: drive[drive.count - 1].time) / fit.depth(at: drive[0].time)
        #expect(depthGrowth >= BallisticTest.steepRecession)
        #expect(!test.speedsUpWhileRecedingSteeply(drive, fit))
    }
}

import Foundation
import Testing
@testable import BallTrace

@Suite struct SimilarityTransformTests {
    private let turnAndZoom = SimilarityTransform(a: 1.02 * cos(0.1), b: 1.02 * sin(0.1), tx: 12, ty: -7)

    @Test func theInverseTakesEveryPointBack() {
        for p in [PixelPoint(x: 0, y: 0), PixelPoint(x: 640, y: 360), PixelPoint(x: -30, y: 900)] {
            let back = turnAndZoom.inverse.apply(turnAndZoom.apply(p))
            #expect(back.distance(to: p) < 1e-9)
        }
    }

    @Test func chainingAppliesTheFirstMapFirst() {
        let shift = SimilarityTransform(tx: 5, ty: 1)
        let p = PixelPoint(x: 100, y: 50)
        #expect(turnAndZoom.after(shift).apply(p).distance(to: turnAndZoom.apply(shift.apply(p))) < 1e-9)
        #expect(shift.after(turnAndZoom).apply(p).distance(to: shift.apply(turnAndZoom.apply(p))) < 1e-9)
    }

    @Test func twoPointsFixTheTransform() throws {
        let p = PixelPoint(x: 10, y: 20), q = PixelPoint(x: 300, y: -40)
        let found = try #require(SimilarityTransform(mapping: p, to: turnAndZoom.apply(p), and: q, to: turnAndZoom.apply(q)))
        #expect(abs(found.scale - 1.02) < 1e-9)
        #expect(abs(found.rotation - 0.1) < 1e-9)
        #expect(found.apply(PixelPoint(x: 77, y: 88)).distance(to: turnAndZoom.apply(PixelPoint(x: 77, y: 88))) < 1e-9)
        #expect(SimilarityTransform(mapping: p, to: p, and: p, to: q) == nil)
    }

    @Test func aBlobSeenThroughAZoomGrowsWithIt() {
        let blob = Blob(center: PixelPoint(x: 100, y: 100), radius: 4, area: 50)
        let zoomed = blob.transformed(by: SimilarityTransform(a: 1.5, b: 0, tx: 0, ty: 0))
        #expect(zoomed.center == PixelPoint(x: 150, y: 150))
        #expect(abs(zoomed.radius - 6) < 1e-9)
        #expect(abs(zoomed.area - 112.5) < 1e-9)
    }
}

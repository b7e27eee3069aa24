import Foundation
import Testing
@testable import BallTraceVision

/// A parabola of the whole picture and points on it.
private let whole = SIMD3<Double>(-1.8, 2.1, 0.2)
private func onWhole(_ x: Double) -> (x: Double, y: Double) { (x, whole.x * x * x + whole.y * x + whole.z) }

@Suite("Vision's region-of-interest space")
struct RegionSpaceTests {
    @Test(arguments: [false, true])
    func pointsOnTheWholePicturesParabolaLieOnTheRegionsEquation(mirrored: Bool) {
        let space = RegionSpace(region: CGRect(x: 0.1, y: 0.25, width: 0.6, height: 0.5), mirrored: mirrored)
        let e = space.equation(whole)
        for x in stride(from: 0.05, through: 0.95, by: 0.1) {
            let p = onWhole(x)
            let q = space.point(x: p.x, y: p.y)
            let u = Double(q.x), v = Double(q.y)
            #expect(abs(e.x * u * u + e.y * u + e.z - v) < 1e-12)
        }
    }

    @Test func aPointIsNormalizedToTheRegionWithTheOriginLowerLeft() {
        let space = RegionSpace(region: CGRect(x: 0.2, y: 0.4, width: 0.5, height: 0.25), mirrored: false)
        func near(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool { abs(Double(p.x) - x) < 1e-12 && abs(Double(p.y) - y) < 1e-12 }
        #expect(near(space.point(x: 0.2, y: 0.4), 0, 0))
        #expect(near(space.point(x: 0.7, y: 0.65), 1, 1))
        #expect(near(space.point(x: 0.45, y: 0.525), 0.5, 0.5))
    }

    @Test func aMirroredPictureIsLookedAtThroughTheMirroredRegion() {
        // The region as seen covers the left fifth; in the analysed (unmirrored) picture that is the right fifth.
        let space = RegionSpace(region: CGRect(x: 0, y: 0, width: 0.2, height: 1), mirrored: true)
        let analysed = space.analysedRegion
        #expect(abs(analysed.x - 0.8) < 1e-12 && analysed.width == 0.2)
        // A point at the analysed picture's right edge is at the seen picture's left edge.
        #expect(space.point(x: 1, y: 0.5) == CGPoint(x: 0, y: 0.5))
    }

    @Test func eachOrientationIsATurnAndPerhapsAMirror() {
        #expect(CGImagePropertyOrientation.allCases.count == 8)
        #expect(CGImagePropertyOrientation(rawValue: 6) == .right)
        let mirrored = CGImagePropertyOrientation.allCases.filter { $0.turnAndMirror.mirrored }
        #expect(Set(mirrored) == [.upMirrored, .downMirrored, .leftMirrored, .rightMirrored])
        // Row 0 on the picture's left, column 0 at its top: the transpose, `.right`'s turn mirrored.
        #expect(CGImagePropertyOrientation.leftMirrored.turnAndMirror.turn == .right)
        #expect(CGImagePropertyOrientation.rightMirrored.turnAndMirror.turn == .left)
    }
}

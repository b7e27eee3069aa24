import Testing
@testable import BallTrace

/// A fast ball over a textured ground can pass the foreground threshold as a few pieces of its
/// streak; near where its flight says it was, they are taken together as the ball.
@Suite struct BallPiecesTests {
    static func piece(_ x: Double, _ y: Double, radius: Double = 2.3, contrast: Double = 40) -> Blob {
        Blob(center: PixelPoint(x: x, y: y), radius: radius, area: .pi * radius * radius, contrast: contrast)
    }

    @Test func piecesAroundTheExpectedPlaceMakeOneBall() throws {
        let pieces = [Self.piece(536, 897), Self.piece(542, 884), Self.piece(531, 884), Self.piece(300, 200)]
        let ball = try #require(TrajectoryTracker.pieces(
            of: 7, near: [PixelPoint(x: 537, y: 886)], within: 10, in: pieces, usable: { _ in true }))
        #expect(abs(ball.center.x - 536.3) < 0.5 && abs(ball.center.y - 888.3) < 0.5)
        #expect(abs(ball.area - 3 * .pi * 2.3 * 2.3) < 1e-6)
    }

    @Test func oneSpeckIsNotABall() {
        let pieces = [Self.piece(536, 890)]
        #expect(TrajectoryTracker.pieces(of: 7, near: [PixelPoint(x: 537, y: 886)], within: 10, in: pieces, usable: { _ in true }) == nil)
    }

    @Test func specksCoveringLittleOfTheBallAreNotIt() {
        let pieces = [Self.piece(536, 890, radius: 1), Self.piece(538, 884, radius: 1)]
        #expect(TrajectoryTracker.pieces(of: 7, near: [PixelPoint(x: 537, y: 886)], within: 10, in: pieces, usable: { _ in true }) == nil)
    }

    @Test func piecesAwayFromTheExpectedPlaceOrTooFaintAreNotIt() {
        let far = [Self.piece(580, 890), Self.piece(585, 880)]
        #expect(TrajectoryTracker.pieces(of: 7, near: [PixelPoint(x: 537, y: 886)], within: 10, in: far, usable: { _ in true }) == nil)
        let faint = [Self.piece(536, 890, contrast: 5), Self.piece(538, 884, contrast: 5)]
        #expect(TrajectoryTracker.pieces(of: 7, near: [PixelPoint(x: 537, y: 886)], within: 10, in: faint,
                                         usable: { $0.contrast >= 20 }) == nil)
    }
}

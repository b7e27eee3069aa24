import Foundation
import Testing
@testable import BallTrace

/// A ball passing behind a pole: as it goes, the detector sees only the part of it left of the
/// pole's near edge, a blob that narrows frame by frame and whose centre lags behind the ball's;
/// coming out, only the part past the far edge, whose centre leads.
private struct PoleCrossing {
    static let fps = 120.0
    /// The ball's radius and its path, pixels (time in seconds from the clip's start).
    var radius = 4.0
    var path: (Double) -> PixelPoint = { t in PixelPoint(x: 20 + 200 * t, y: 200 - 300 * t + 250 * t * t) }
    /// The pole's edges.
    var near = 230.0, far = 250.0
    /// The narrowest sliver of ball the detector still finds, pixels.
    var narrowest = 1.5

    /// The blob the detector sees at `time`, nil while the ball is hidden.
    func blob(at time: Double) -> Blob? {
        let p = path(time)
        let left = p.x - radius, right = p.x + radius
        var from = left, to = right
        if right > near && left < far {
            // Partly behind the pole: the visible part is on one side of it.
            if left < near { to = near } else if right > far { from = far } else { return nil }
        }
        let width = to - from
        guard width >= narrowest else { return nil }
        let visible = min(radius, width / 2)
        return Blob(center: PixelPoint(x: (from + to) / 2, y: p.y), radius: visible, area: .pi * visible * radius)
    }
}

@Suite struct GoingBehindTests {
    @Test func theShrunkEndOfAWindowIsLeftOutOfThePathBeforeGoingBehind() throws {
        let crossing = PoleCrossing()
        // The last twelve detections before the ball is hidden: the last five shrink and lag.
        let hidden = try #require((0..<180).first { crossing.blob(at: Double($0) / PoleCrossing.fps) == nil })
        let window = (hidden - 12..<hidden).map { frame -> TrackPoint in
            let time = Double(frame) / PoleCrossing.fps, blob = crossing.blob(at: time)!
            return TrackPoint(frame: frame, time: time, position: blob.center, radius: blob.radius)
        }
        let shrinking = window.suffix(5).map(\.radius)
        try #require(zip(shrinking, shrinking.dropFirst()).allSatisfy { $0 > $1 }, "radii \(shrinking)")
        let before = try #require(FittedMotion.beforeGoingBehind(window))
        // Fifteen frames on, where the ball comes out: the whole window's path lags far behind.
        let later = window[window.count - 1].time + 15 / PoleCrossing.fps
        let truth = crossing.path(later)
        let whole = try #require(MotionFit(window))
        #expect(before.position(at: later).distance(to: truth) < 1.5)
        #expect(whole.position(at: later).distance(to: truth) > 4 * before.position(at: later).distance(to: truth))
    }

    @Test func aBallWhoseSizeOnlyWaversHasNoPathBeforeGoingBehind() {
        // Radii that go down and up by a tenth are noise, not a ball going behind something.
        let radii = [4.0, 4.3, 3.9, 4.2, 3.8, 4.1, 3.9, 3.8, 4.2]
        let window = radii.enumerated().map { i, r in
            TrackPoint(frame: i, time: Double(i) / 30, position: PixelPoint(x: 100 + 10 * Double(i), y: 100), radius: r)
        }
        #expect(FittedMotion.beforeGoingBehind(window) == nil)
    }
}

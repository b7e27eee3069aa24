import Foundation
import Testing
@testable import BallTrace

/// A shot or a throw filmed by a moving camera: the chain that follows the ball began on the
/// hand that released it, and the frames the ball rises through are full of clutter (every edge
/// of a panned picture a blob, hundreds of chains, more than the cap on live chains keeps). The
/// cap ranks chains by promise (`promise(of:)`); the hand's chain must not rank with clutter.
@Suite struct ChainBegunOnAThrowingHandTests {
    static let settings = TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720)

    static func point(_ frame: Int, _ x: Double, _ y: Double) -> TrackPoint {
        TrackPoint(frame: frame, time: Double(frame) / 30, position: PixelPoint(x: x, y: y), radius: 8)
    }

    /// The ball released at frame `release`, up and to the right, 30 px a frame, falling at
    /// 2160 px/s², for `frames` frames.
    static func ball(from release: Int, frames: Int) -> [TrackPoint] {
        (0..<frames).map { k in
            let t = Double(k)
            return point(release + k, 210 + 30 * t, 360 - 30 * t + 1.2 * t * t)
        }
    }

    static func chain(_ points: [TrackPoint]) -> Track {
        var chain = Track(first: points[0])
        for p in points.dropFirst() { chain.append(p) }
        return chain
    }

    /// `count` chains of two points each, one frame apart, away from everything else: the young
    /// chains a cluttered frame starts (a ball's first detections among them).
    static func youngChains(_ count: Int) -> [Track] {
        (0..<count).map { i in
            let x = 600 + Double(i % 25) * 24, y = 100 + Double(i / 25) * 24
            return chain([point(4, x, y), point(5, x + 6, y + 3)])
        }
    }

    /// Whether `chain` is kept when the cap is full of young chains.
    static func isKept(_ chain: Track) -> Bool {
        var tracker = TrajectoryTracker(settings: settings)
        tracker.active = [chain] + youngChains(tracker.settings.maximumLiveChains)
        tracker.keepMostPromising()
        return tracker.active.contains { $0.id == chain.id }
    }

    @Test func theThrowingHandsChainIsKeptOnceItFollowsTheBallSmoothly() {
        // Frames 0–1 on a hand swinging back and down, then the ball from frame 2 on: the six
        // points together miss a parabola by 9.8 px, the ball's four by nothing.
        let thrown = Self.chain([Self.point(0, 250, 330), Self.point(1, 230, 345)] + Self.ball(from: 2, frames: 4))
        #expect(Self.isKept(thrown), "the chain following the released ball was dropped for young chains")
    }

    @Test func aChainThatHopsAboutInItsLastPointsIsStillDroppedFirst() {
        let hopping = Self.chain([(0, 250.0, 330.0), (1, 230, 345), (2, 262, 300), (3, 228, 330), (4, 275, 352), (5, 236, 296)]
            .map { Self.point($0.0, $0.1, $0.2) })
        #expect(!Self.isKept(hopping))
    }

    @Test func aChainWithALongPastItsLastPointsDoNotContinueIsStillDroppedFirst() {
        // Six points of a shuttle flying left and down before a stroke sent it up and right:
        // the chain that followed it across the stroke is not the shuttle's new flight.
        let before = (0..<6).map { k in Self.point(k, 360 - 25 * Double(k), 330 + 6 * Double(k)) }
        let across = Self.chain(before + Self.ball(from: 6, frames: 4))
        #expect(!Self.isKept(across))
    }
}

import BallTrace
import Evaluation
import Foundation
import Testing

/// The real clips filmed as if by hand (see `HandheldFilming`): the picture and its labels must
/// move together, or the evaluation would score the filming instead of balltrace.
@Suite struct HandheldFilmingTests {
    let pose = HandheldFilming.Pose(zoom: 1.11, angle: 0.0105, dx: 17.3, dy: -9.6, width: 1280, height: 720)

    @Test func aPointFilmedAndTakenBackIsWhereItWas() {
        for point in [PixelPoint(x: 0, y: 0), PixelPoint(x: 640, y: 360), PixelPoint(x: 1203.7, y: 55.2)] {
            let back = pose.original(pose.filmed(point))
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        }
        // The zoom magnifies: two points 100 px apart are 111 px apart once filmed.
        let a = pose.filmed(PixelPoint(x: 500, y: 300)), b = pose.filmed(PixelPoint(x: 600, y: 300))
        #expect(abs(a.distance(to: b) - 111) < 1e-9)
    }

    @Test func theFilmedPictureShowsABallWhereItsLabelIsMoved() {
        let width = 320, height = 180
        let small = HandheldFilming.Pose(zoom: 1.12, angle: -0.01, dx: 4.2, dy: 2.7, width: Double(width), height: Double(height))
        // A round ball of radius 3 centred at (101.3, 62.8) (pixel centres at half-integers).
        let ball = PixelPoint(x: 101.3, y: 62.8)
        var picture = [UInt8](repeating: 20, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let d = PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: ball)
                picture[y * width + x] = UInt8(20 + 200 * max(0, min(1, 3.5 - d)))
            }
        }
        var filmed = [UInt8](repeating: 0, count: width * height)
        filmed.withUnsafeMutableBufferPointer {
            HandheldFilming.warp(picture, width: width, height: height, through: small, into: $0.baseAddress!, stride: width)
        }
        // The centre of the filmed ball's brightness, against where its label goes.
        var total = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<height {
            for x in 0..<width where filmed[y * width + x] > 20 {
                let weight = Double(filmed[y * width + x] - 20)
                total += weight
                sx += weight * (Double(x) + 0.5)
                sy += weight * (Double(y) + 0.5)
            }
        }
        let expected = small.filmed(ball)
        #expect(total > 0)
        #expect(PixelPoint(x: sx / total, y: sy / total).distance(to: expected) < 0.15)
    }

    @Test func aLabelThePictureNoLongerShowsIsDroppedAndTheLaunchMovesToTheFirstShown() {
        // A flight from the left edge rightward: its first two labels lie where the zoomed
        // picture no longer reaches.
        let positions = (10..<20).map { f in
            GroundTruth.Position(frame: f, flight: 0, point: PixelPoint(x: 1 + 45 * Double(f - 10), y: 360), radius: 4,
                                 counts: true, inFlight: true)
        }
        var truth = GroundTruth(positions: positions, labelling: .sparse)
        truth.firstAirborneFrames = [0: 10]
        let poses = [HandheldFilming.Pose](repeating: pose, count: 30)
        let filmed = truth.filmed(through: poses)
        #expect(filmed.positions.map(\.frame) == Array(12..<20))
        #expect(filmed.firstAirborneFrames[0] == 12)
        #expect(abs(filmed.positions[0].radius! - 4 * 1.11) < 1e-9)
        let moved = pose.filmed(PixelPoint(x: 91, y: 360))
        #expect(filmed.positions[0].point == moved)
    }

    @Test func eachClipSwaysItsOwnWayTheSameInEveryRun() {
        let a = HandheldFilming.phases(for: "golf-iron-oblique/clip.mp4"), b = HandheldFilming.phases(for: "golf-dtl-slowmo/clip.mp4")
        #expect(a == HandheldFilming.phases(for: "golf-iron-oblique/clip.mp4"))
        #expect(a != b)
        #expect(a.allSatisfy { $0 >= 0 && $0 < 2 * .pi })
        // Never past the edge of the original: the zoom leaves a margin wider than the drift and
        // the tilt take at the corners, all through the clip.
        for t in stride(from: 0.0, through: 30, by: 0.1) {
            let p = HandheldFilming.pose(at: t, duration: 30, phases: a, width: 1280, height: 720)
            for corner in [PixelPoint(x: 0, y: 0), PixelPoint(x: 1280, y: 0), PixelPoint(x: 0, y: 720), PixelPoint(x: 1280, y: 720)] {
                let source = p.original(corner)
                #expect(source.x >= 0 && source.y >= 0 && source.x <= 1280 && source.y <= 720)
            }
        }
    }

    @Test func aPanningCameraSweepsAPanAtSpeedAndNeverShowsPastTheEdge() {
        let phases = HandheldFilming.phases(for: "tennis-serve-broadcast/clip.mp4")
        var fastest = 0.0
        var previous: PixelPoint?
        for frame in 0...900 {
            let p = HandheldFilming.pose(at: Double(frame) / 30, duration: 30, phases: phases, width: 1280, height: 720,
                                         motion: .panning)
            #expect(p.zoom == 1.15)
            for corner in [PixelPoint(x: 0, y: 0), PixelPoint(x: 1280, y: 0), PixelPoint(x: 0, y: 720), PixelPoint(x: 1280, y: 720)] {
                let source = p.original(corner)
                #expect(source.x >= 0 && source.y >= 0 && source.x <= 1280 && source.y <= 720)
            }
            // How far the picture's centre moved over the scene since the last frame, in the
            // filmed picture's pixels.
            let centre = p.original(PixelPoint(x: 640, y: 360))
            if let previous { fastest = max(fastest, 1.15 * centre.distance(to: previous)) }
            previous = centre
        }
        // A pan, not a sway: about 5 px a frame at its fastest, at 30 fps across a 1280-pixel
        // picture (a sway of the hand-held camera moves it a pixel or two).
        #expect(fastest > 4 && fastest < 6, "\(fastest)")
    }

    @Test func aMirroredClipsLabelsLieWhereTheMirroredPictureShowsTheBall() {
        // A ball whose disc covers x from 100.3 to 102.3 in a 320-pixel picture covers 217.7 to
        // 219.7 once mirrored: its centre goes from 101.3 to 218.7, its height and size stay.
        let truth = GroundTruth(positions: [GroundTruth.Position(frame: 7, flight: 0, point: PixelPoint(x: 101.3, y: 62.8),
                                                                 radius: 1, counts: true, inFlight: true)], labelling: .sparse)
        let mirrored = truth.mirrored(width: 320)
        #expect(abs(mirrored.positions[0].point.x - 218.7) < 1e-9)
        #expect(mirrored.positions[0].point.y == 62.8 && mirrored.positions[0].radius == 1 && mirrored.positions[0].frame == 7)
        #expect(abs(mirrored.mirrored(width: 320).positions[0].point.x - 101.3) < 1e-9)
    }
}

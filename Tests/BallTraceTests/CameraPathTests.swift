import BallTrace
import ClipSynthesis
import Foundation
import Testing

@Suite struct CameraPathTests {
    private let width = 1280, height = 720, duration = 3.0

    /// The corners of the frame, mapped back into the scene: where the camera looks.
    private func viewedCorners(_ path: CameraPath, at time: Double) -> [PixelPoint] {
        let toScene = path.sceneToPicture(at: time, duration: duration, width: width, height: height).inverse
        return [PixelPoint(x: 0, y: 0), PixelPoint(x: Double(width), y: 0), PixelPoint(x: 0, y: Double(height)),
                PixelPoint(x: Double(width), y: Double(height))].map(toScene.apply)
    }

    @Test(arguments: CameraPath.Kind.allCases)
    func theCameraNeverLooksPastTheScenesEdge(kind: CameraPath.Kind) {
        let path = CameraPath(kind: kind, seed: 5)
        for step in 0...90 {
            for corner in viewedCorners(path, at: Double(step) / 30) {
                #expect(corner.x >= 0 && corner.y >= 0 && corner.x <= Double(width) && corner.y <= Double(height),
                        "\(kind) at frame \(step) looks at \(corner)")
            }
        }
    }

    @Test func aHandheldCameraDriftsSmoothlyAndStaysNearItsAim() {
        let path = CameraPath(kind: .handheld, seed: 9)
        var largestStep = 0.0, largestDrift = 0.0
        var last = path.sceneToPicture(at: 0, duration: duration, width: width, height: height).apply(PixelPoint(x: 640, y: 360))
        for step in 1...300 {
            let centre = path.sceneToPicture(at: Double(step) / 30, duration: 10, width: width, height: height)
                .apply(PixelPoint(x: 640, y: 360))
            largestStep = max(largestStep, centre.distance(to: last))
            largestDrift = max(largestDrift, centre.distance(to: PixelPoint(x: 640, y: 360)))
            last = centre
        }
        #expect(largestStep < 4, "jumps \(largestStep) px in a frame")
        #expect(largestDrift > 5 && largestDrift < 0.05 * 1280, "drifts \(largestDrift) px")
    }

    @Test func aPanCrossesATenthOfTheFrameAndAZoomEnlargesBySixPercent() {
        let pan = CameraPath(kind: .pan, seed: 1), zoom = CameraPath(kind: .zoom, seed: 1)
        let p = PixelPoint(x: 640, y: 360)
        let start = pan.sceneToPicture(at: 0, duration: duration, width: width, height: height).apply(p)
        let end = pan.sceneToPicture(at: duration, duration: duration, width: width, height: height).apply(p)
        #expect(abs(abs(end.x - start.x) - 0.1 * 1280) < 1)
        let first = zoom.sceneToPicture(at: 0, duration: duration, width: width, height: height).scale
        let last = zoom.sceneToPicture(at: duration, duration: duration, width: width, height: height).scale
        #expect(abs(last / first - 1.07 / 1.01) < 1e-9)
    }
}

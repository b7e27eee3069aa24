import Foundation
import BallTrace

/// The static picture a scene is painted on: textured enough for a background model to learn,
/// and drawn once per clip.
package enum Backdrop: Sendable, Hashable, Codable {
    /// Sky, a line of trees and a striped lawn seen face-on (the golf-face-on picture).
    case park
    /// A fairway running away from the camera to the horizon, with trees along both sides.
    case fairway(PinholeCamera)
    /// An outdoor hard court: sky and trees above a dark windscreen, the court from `baseline`
    /// (pixels from the top) down.
    case tennisCourt(baseline: Double)
    /// A sports hall: a painted wall with padding, and a wooden floor from `floor` down.
    case gym(floor: Double)
    /// A ballpark seen from centre field through `camera`: the stands and the backstop behind
    /// the plate, the infield's grass and dirt, the mound around the rubber.
    case ballpark(PinholeCamera, plate: SpacePoint, rubber: SpacePoint)

    func paint(on canvas: Canvas, scene: SyntheticScene) {
        switch self {
        case .park: paintPark(canvas, scene)
        case let .fairway(camera): paintFairway(canvas, scene, camera)
        case let .tennisCourt(baseline): paintTennisCourt(canvas, scene, baseline: baseline)
        case let .gym(floor): paintGym(canvas, scene, floor: floor)
        case let .ballpark(camera, plate, rubber): paintBallpark(canvas, scene, camera, plate: plate, rubber: rubber)
        }
    }

    /// Sky, distant trees and a mown lawn. (The shipped golf-face-on fixture is drawn with exactly
    /// these calls: change them and the fixture changes.)
    private func paintPark(_ canvas: Canvas, _ scene: SyntheticScene) {
        let h = scene.height, w = Double(scene.width)
        let horizon = Int(0.55 * Double(h))
        canvas.gradient(rows: 0..<horizon, from: RGBColour(red: 120, green: 165, blue: 215), to: RGBColour(red: 185, green: 210, blue: 235))
        canvas.gradient(rows: horizon..<h, from: RGBColour(red: 70, green: 125, blue: 60), to: RGBColour(red: 45, green: 105, blue: 40))
        var random = SplitMix64(seed: scene.seed ^ 0xBA11)
        for _ in 0..<Int(w / 25) {
            let x = random.unit() * w, size = (0.04 + 0.05 * random.unit()) * Double(h)
            canvas.circle(PixelPoint(x: x, y: Double(horizon) - 0.4 * size), radius: size,
                          RGBColour(red: 40, green: UInt8(80 + 30 * random.unit()), blue: 45))
        }
        let stripe = max(4.0, w / 16)
        var x = 0.0
        while x < w {
            canvas.rect(PixelRect(x: x, y: Double(horizon), width: stripe / 2, height: Double(h - horizon)),
                        RGBColour(red: 62, green: 118, blue: 52))
            x += stripe
        }
    }

    /// Sky to the horizon, a hazy far tree line, rough, a striped fairway converging on the
    /// vanishing point, and trees along both sides shrinking with distance.
    private func paintFairway(_ canvas: Canvas, _ scene: SyntheticScene, _ camera: PinholeCamera) {
        let h = Double(scene.height), w = Double(scene.width)
        let horizon = Int(camera.principalPoint.y.rounded())
        var random = SplitMix64(seed: scene.seed ^ 0xFA1A)
        canvas.gradient(rows: 0..<horizon, from: RGBColour(red: 105, green: 155, blue: 215), to: RGBColour(red: 195, green: 215, blue: 235))
        canvas.gradient(rows: horizon..<scene.height, from: RGBColour(red: 70, green: 112, blue: 58), to: RGBColour(red: 48, green: 98, blue: 40))
        for _ in 0..<Int(w / 5) {
            let size = (0.006 + 0.014 * random.unit()) * h
            canvas.circle(PixelPoint(x: random.unit() * w, y: Double(horizon) - 0.3 * size), radius: size,
                          RGBColour(red: 70, green: UInt8(100 + 15 * random.unit()), blue: 85))
        }
        let far = 600.0, near = 0.5
        func band(_ x0: Double, _ x1: Double, _ colour: RGBColour) {
            canvas.polygon([camera.groundPoint(x: x0, z: far), camera.groundPoint(x: x1, z: far),
                            camera.groundPoint(x: x1, z: near), camera.groundPoint(x: x0, z: near)], colour)
        }
        let halfWidth = 17.0, stripe = 3.4
        band(-halfWidth, halfWidth, RGBColour(red: 84, green: 148, blue: 64))
        var x = -halfWidth
        while x < halfWidth - 0.01 {
            band(x, min(halfWidth, x + stripe / 2), RGBColour(red: 96, green: 160, blue: 72))
            x += stripe
        }
        // Trees along both sides, far ones first so near ones cover them.
        var trees: [(x: Double, z: Double, height: Double, crown: Double, green: UInt8)] = []
        for side in [-1.0, 1.0] {
            var z = 14.0 + 6 * random.unit()
            while z < 320 {
                trees.append((side * (halfWidth + 6 + 12 * random.unit()), z, 9 + 7 * random.unit(), 2.5 + 2 * random.unit(),
                              UInt8(70 + 35 * random.unit())))
                z += 12 + 22 * random.unit()
            }
        }
        for tree in trees.sorted(by: { $0.z > $1.z }) {
            let foot = camera.groundPoint(x: tree.x, z: tree.z)
            let top = camera.project(SpacePoint(x: tree.x, y: tree.height - tree.crown, z: tree.z))
            canvas.line(foot, top, thickness: max(1, camera.pixels(0.5, atDepth: tree.z)), RGBColour(red: 85, green: 62, blue: 40))
            canvas.circle(top, radius: camera.pixels(tree.crown, atDepth: tree.z),
                          RGBColour(red: 35, green: tree.green, blue: 40))
        }
    }

    /// Sky and trees over a dark windscreen on a fence, then the court with its white lines.
    private func paintTennisCourt(_ canvas: Canvas, _ scene: SyntheticScene, baseline: Double) {
        let h = Double(scene.height), w = Double(scene.width)
        var random = SplitMix64(seed: scene.seed ^ 0x7E55)
        let skyEnd = Int(0.2 * h), screenTop = 0.24 * h, screenBottom = 0.6 * h
        canvas.gradient(rows: 0..<skyEnd, from: RGBColour(red: 115, green: 160, blue: 215), to: RGBColour(red: 175, green: 205, blue: 232))
        canvas.gradient(rows: skyEnd..<scene.height, from: RGBColour(red: 60, green: 110, blue: 75), to: RGBColour(red: 50, green: 100, blue: 65))
        for _ in 0..<Int(w / 18) {
            let size = (0.04 + 0.05 * random.unit()) * h
            canvas.circle(PixelPoint(x: random.unit() * w, y: screenTop - 0.1 * size), radius: size,
                          RGBColour(red: 38, green: UInt8(78 + 30 * random.unit()), blue: 44))
        }
        canvas.rect(PixelRect(x: 0, y: screenTop, width: w, height: screenBottom - screenTop), RGBColour(red: 28, green: 68, blue: 50))
        var post = 0.07 * w
        while post < w {
            canvas.rect(PixelRect(x: post, y: screenTop - 0.04 * h, width: max(2, 0.006 * w), height: screenBottom - screenTop + 0.04 * h),
                        RGBColour(red: 95, green: 98, blue: 100))
            post += 0.21 * w
        }
        let court = RGBColour(red: 55, green: 96, blue: 148), line = RGBColour(red: 235, green: 235, blue: 235)
        canvas.polygon([PixelPoint(x: 0.04 * w, y: screenBottom + 0.02 * h), PixelPoint(x: 0.96 * w, y: screenBottom + 0.02 * h),
                        PixelPoint(x: 1.25 * w, y: h), PixelPoint(x: -0.25 * w, y: h)], court)
        let thick = max(1.5, 0.006 * h)
        canvas.line(PixelPoint(x: -0.1 * w, y: baseline), PixelPoint(x: 1.1 * w, y: baseline), thickness: thick, line)
        canvas.line(PixelPoint(x: 0.0 * w, y: 0.66 * h), PixelPoint(x: w, y: 0.66 * h), thickness: max(1, 0.6 * thick), line)
        canvas.line(PixelPoint(x: 0.14 * w, y: screenBottom + 0.02 * h), PixelPoint(x: -0.08 * w, y: h), thickness: thick, line)
        canvas.line(PixelPoint(x: 0.86 * w, y: screenBottom + 0.02 * h), PixelPoint(x: 1.08 * w, y: h), thickness: thick, line)
    }

    /// A painted wall with banners and blue padding along the floor, and a planked wooden floor.
    private func paintGym(_ canvas: Canvas, _ scene: SyntheticScene, floor: Double) {
        let h = Double(scene.height), w = Double(scene.width)
        let floorRow = Int(floor.rounded())
        canvas.gradient(rows: 0..<floorRow, from: RGBColour(red: 208, green: 196, blue: 172), to: RGBColour(red: 186, green: 168, blue: 140))
        canvas.gradient(rows: floorRow..<scene.height, from: RGBColour(red: 196, green: 146, blue: 92), to: RGBColour(red: 172, green: 120, blue: 70))
        canvas.rect(PixelRect(x: 0, y: floor - 0.07 * h, width: w, height: 0.07 * h), RGBColour(red: 38, green: 62, blue: 118))
        canvas.rect(PixelRect(x: 0, y: 0.045 * h, width: w, height: 0.012 * h), RGBColour(red: 150, green: 140, blue: 120))
        for (x, colour) in [(0.06, RGBColour(red: 150, green: 40, blue: 45)), (0.3, RGBColour(red: 40, green: 80, blue: 140))] {
            canvas.rect(PixelRect(x: x * w, y: 0.1 * h, width: 0.16 * w, height: 0.07 * h), colour)
        }
        var y = floor + 0.015 * h, spacing = 0.012 * h
        while y < h {
            canvas.line(PixelPoint(x: 0, y: y), PixelPoint(x: w, y: y), thickness: 1, RGBColour(red: 160, green: 110, blue: 64), opacity: 0.6)
            spacing *= 1.25
            y += spacing
        }
        canvas.line(PixelPoint(x: 0, y: floor + 0.035 * h), PixelPoint(x: w, y: floor + 0.035 * h), thickness: max(1.5, 0.005 * h),
                    RGBColour(red: 240, green: 236, blue: 228))
    }

    private func paintBallpark(_ canvas: Canvas, _ scene: SyntheticScene, _ camera: PinholeCamera, plate: SpacePoint,
                               rubber: SpacePoint) {
        let h = Double(scene.height), w = Double(scene.width)
        var random = SplitMix64(seed: scene.seed ^ 0xBA5E)
        let wallDepth = plate.z + 18
        let wallTop = camera.project(SpacePoint(x: 0, y: 3, z: wallDepth)).y, wallBase = camera.groundPoint(x: 0, z: wallDepth).y
        // The stands: rows of spectators, dots of every colour.
        canvas.gradient(rows: 0..<Int(wallTop.rounded()), from: RGBColour(red: 58, green: 56, blue: 66),
                        to: RGBColour(red: 84, green: 80, blue: 78))
        let seat = max(1.0, camera.pixels(0.5, atDepth: wallDepth + 10))
        var y = 0.6 * seat
        while y < wallTop - 0.6 * seat {
            var x = random.unit() * seat
            while x < w {
                canvas.circle(PixelPoint(x: x, y: y), radius: 0.32 * seat,
                              RGBColour(red: UInt8(40 + 200 * random.unit()), green: UInt8(40 + 180 * random.unit()),
                                        blue: UInt8(40 + 180 * random.unit())))
                x += seat * (0.9 + 0.4 * random.unit())
            }
            y += 1.1 * seat
        }
        canvas.rect(PixelRect(x: 0, y: wallTop, width: w, height: wallBase - wallTop), RGBColour(red: 28, green: 64, blue: 48))
        canvas.gradient(rows: Int(wallBase.rounded())..<scene.height, from: RGBColour(red: 74, green: 128, blue: 62),
                        to: RGBColour(red: 58, green: 116, blue: 50))
        let dirt = RGBColour(red: 168, green: 122, blue: 84)
        // The dirt round the plate, and the mound.
        func ground(_ dx: Double, _ dz: Double, around centre: SpacePoint) -> PixelPoint {
            camera.groundPoint(x: centre.x + dx, z: centre.z + dz)
        }
        func disc(around centre: SpacePoint, radius: Double) -> [PixelPoint] {
            (0..<40).map { i in
                let a = Double(i) / 40 * 2 * .pi
                return ground(radius * cos(a), radius * sin(a), around: centre)
            }
        }
        canvas.polygon(disc(around: plate, radius: 4), dirt)
        canvas.polygon(disc(around: rubber, radius: 2.7), dirt)
        canvas.polygon([ground(-0.22, -0.2, around: plate), ground(0.22, -0.2, around: plate), ground(0.22, 0.1, around: plate),
                        ground(0, 0.3, around: plate), ground(-0.22, 0.1, around: plate)], RGBColour(red: 240, green: 240, blue: 235))
        canvas.line(ground(-0.3, 0, around: rubber), ground(0.3, 0, around: rubber), thickness: max(1, 0.002 * h),
                    RGBColour(red: 240, green: 240, blue: 235))
    }
}

import Foundation
import Testing
@testable import BallTrace

/// A scene with texture everywhere (sums of sinusoids: edges and corners at every scale a
/// corner detector looks at), seen by a camera displaced by `offset` and scaled by `zoom` about
/// the picture's centre: the picture at (x, y) shows the scene at ((x, y) − centre) / zoom +
/// centre − offset.
private func cameraView(width: Int, height: Int, offset: PixelPoint, zoom: Double = 1) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height)
    let cx = Double(width) / 2, cy = Double(height) / 2
    for y in 0..<height {
        for x in 0..<width {
            let sx = (Double(x) + 0.5 - cx) / zoom + cx - offset.x, sy = (Double(y) + 0.5 - cy) / zoom + cy - offset.y
            let value = 120 + 40 * sin(sx / 9.0) * cos(sy / 13.0) + 30 * sin((sx + 2 * sy) / 23.0)
                + 25 * cos((3 * sx - sy) / 31.0) + 15 * sin(sx * sy / 2900.0)
            pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
        }
    }
    return pixels
}

/// A bright ball (value 250) of radius 4 centred at `c`, painted over a picture `width` wide;
/// what falls outside the picture is left out.
private func paintBall(_ pixels: inout [UInt8], at c: PixelPoint, width: Int, height: Int) {
    let top = Int(c.y.rounded(.down)) - 5, left = Int(c.x.rounded(.down)) - 5
    for y in stride(from: max(0, top), to: min(height, top + 11), by: 1) {
        for x in stride(from: max(0, left), to: min(width, left + 11), by: 1) {
            let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
            if (dx * dx + dy * dy).squareRoot() <= 4 { pixels[y * width + x] = 250 }
        }
    }
}

/// A scene of 16 px blocks, each its own grey (edges everywhere, as a crowd, a court or a
/// fairway has: a camera step of a pixel or more changes many pixels strongly), seen by a camera
/// displaced by `offset`: the picture at x shows the scene at x − offset.
private func blockView(width: Int, height: Int, offset: PixelPoint) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            let bx = Int(((Double(x) + 0.5 - offset.x) / 16).rounded(.down)), by = Int(((Double(y) + 0.5 - offset.y) / 16).rounded(.down))
            var h = UInt64(bitPattern: Int64(bx &* 73_856_093 ^ by &* 19_349_663))
            h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            pixels[y * width + x] = UInt8(60 + Int((h >> 40) % 141))
        }
    }
    return pixels
}

/// `picture` as an encoder leaves it: every pixel off by up to `noise` levels (rounded), and
/// `strongPixels` pixels here and there off by 40 levels.
private func encoded(_ picture: [UInt8], noise: Double, strongPixels: Int, jitter: inout Jitter) -> [UInt8] {
    var noisy = picture.map { UInt8(max(0, min(255, Double($0) + jitter.next(noise).rounded()))) }
    for _ in 0..<strongPixels {
        let i = Int(abs(jitter.next(1)) * Double(picture.count - 1))
        noisy[i] = noisy[i] > 128 ? noisy[i] - 40 : noisy[i] + 40
    }
    return noisy
}

private func report(_ detector: BlobDetector, _ pixels: [UInt8], width: Int) throws -> BlobDetector.FrameReport {
    try pixels.withUnsafeBufferPointer { try detector.detect(luma: $0.baseAddress!, stride: width).report }
}

@Suite struct CameraMotionTests {
    @Test func aPanningCameraIsFollowedToWithinAPixel() throws {
        let width = 640, height = 360
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        // The camera turns 1.3 px left and 0.4 px up a frame: the scene slides right and down in
        // the picture, so what a pixel of frame f shows stood 1.3·f px further right in frame 0.
        var pose = SimilarityTransform.identity
        var moves = 0
        for frame in 0..<30 {
            let offset = PixelPoint(x: -1.3 * Double(frame), y: -0.4 * Double(frame))
            let r = try report(detector, cameraView(width: width, height: height, offset: offset), width: width)
            if frame > 0 { #expect(r.isMotionMeasured, "frame \(frame)") }
            #expect(!r.isRepeat)
            if let known = r.cameraPose {
                pose = known
                moves += 1
            }
        }
        // A point of the last frame lies in the first frame's picture where the scene put it.
        let centre = PixelPoint(x: 320, y: 180)
        let inFirst = pose.apply(centre)
        #expect(moves >= 20)
        #expect(abs(inFirst.x - (centre.x + 1.3 * 29)) < 1, "\(inFirst)")
        #expect(abs(inFirst.y - (centre.y + 0.4 * 29)) < 1, "\(inFirst)")
    }

    @Test func aZoomIsMeasuredAsAScale() throws {
        let width = 640, height = 360
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var pose = SimilarityTransform.identity
        for frame in 0..<20 {
            let zoom = 1 + 0.004 * Double(frame)
            let r = try report(detector, cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 0), zoom: zoom),
                               width: width)
            if let known = r.cameraPose { pose = known }
        }
        // The last frame is magnified 1.076 times: its pixels map back to the first shrunk.
        #expect(abs(pose.scale - 1 / 1.076) < 0.005, "scale \(pose.scale)")
    }

    /// Following the camera moves the picture onto the model 32 pixels at a time where the
    /// processor has AVX2, 16 otherwise: the same camera poses, changes and blobs either way, a
    /// frame at a time, for a camera that pans and zooms (the whole picture shifted at once, and
    /// in tiles) past a ball, on rows whose width is no multiple of 32.
    @Test func wideAndNarrowVectorsFollowAPanningAndZoomingCameraAlike() throws {
        let width = 700, height = 394
        let make = { (narrow: Bool) in
            try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                             analysisInterval: 1.0 / 30, narrowVectors: narrow)
        }
        let wide = try make(false), narrow = try make(true)
        var poses = 0, blobsSeen = 0
        for frame in 0..<24 {
            let zoom = frame < 12 ? 1 : 1 + 0.003 * Double(frame - 12)
            var pixels = cameraView(width: width, height: height, offset: PixelPoint(x: -1.7 * Double(frame), y: 0.6 * Double(frame)),
                                    zoom: zoom)
            let ball = (x: 60 + 22 * frame, y: 120 + frame)
            for y in ball.y - 3...ball.y + 3 { for x in ball.x - 3...ball.x + 3 { pixels[y * width + x] = 250 } }
            let (a, b) = try pixels.withUnsafeBufferPointer { buffer in
                (try wide.detect(luma: buffer.baseAddress!, stride: width), try narrow.detect(luma: buffer.baseAddress!, stride: width))
            }
            #expect(a.blobs.map(\.x) == b.blobs.map(\.x) && a.blobs.map(\.y) == b.blobs.map(\.y)
                    && a.blobs.map(\.radius) == b.blobs.map(\.radius), "frame \(frame): blobs differ")
            #expect(a.report.cameraPose == b.report.cameraPose, "frame \(frame): \(String(describing: a.report.cameraPose))")
            #expect(a.report.change.mean == b.report.change.mean && a.report.change.strongShare == b.report.change.strongShare, "frame \(frame)")
            if a.report.cameraPose != nil { poses += 1 }
            blobsSeen += a.blobs.count
        }
        #expect(poses >= 12, "the camera was followed in \(poses) frames: the comparison said little")
        #expect(blobsSeen > 0)
    }

    /// A camera tilting up after a ball that climbs out through the top of the picture: each
    /// move of the model brings new rows into view at the top, with the ball in them as it
    /// leaves. Those rows are new to the model, not background it has seen: once the ball has
    /// gone, nothing stands out where it was (taken for background, the ball's picture stood out
    /// there as foreground for half a second, and was followed as the ball standing still).
    @Test func aBallLeavingThroughRowsTheCameraBringsIntoViewLeavesNoGhost() throws {
        // The ball climbs 6 px a frame in the picture and is out of it from frame 12 on. Where
        // it left stays 2 px lower each frame after.
        let ghosts = try Self.blobsAfterABallLeavesATiltingCamerasPicture(startingAt: 64, climbing: 6, frames: 30, from: 14) { blob, frame in
            abs(blob.x - 300) < 12 && abs(blob.y - 2 * Double(frame - 11)) < 12
        }
        #expect(ghosts.isEmpty, "\(ghosts)")
    }

    /// The same camera tilting up, with the ball lingering at the top edge as it leaves (it
    /// climbs 2 px a frame in the picture: 4 px a frame across the scene the camera brings into
    /// view, less than its width), so the new rows show it alike in two pictures running and
    /// settle on it. Once it has gone, those rows take the sky behind it at once: nothing stands
    /// out where it was (settled on the ball for good, its picture stood out there for as long as
    /// the model takes to forget it, and a flight went on with it; see accuracy.md, *More moving
    /// cameras in the suite; a ghost where a ball left through rows the camera brought into view*).
    @Test func aBallLingeringInRowsTheCameraBringsIntoViewLeavesNoGhost() throws {
        // Out of the picture from frame 15 on; the model needs a frame or two to see it gone.
        let ghosts = try Self.blobsAfterABallLeavesATiltingCamerasPicture(startingAt: 24, climbing: 2, frames: 36, from: 18) { blob, _ in
            abs(blob.x - 300) < 12
        }
        #expect(ghosts.isEmpty, "\(ghosts)")
    }

    /// A 640×360 scene sliding down 2 px a frame (the camera tilting up) with a ball at x = 300
    /// climbing `climbing` px a frame from y = `start`: the blobs found from frame `from` on
    /// whose centres `isWhereItLeft` says lie where the ball left, described.
    static func blobsAfterABallLeavesATiltingCamerasPicture(startingAt start: Double, climbing: Double, frames: Int, from: Int,
                                                           isWhereItLeft: (PixelPoint, Int) -> Bool) throws -> [String] {
        let width = 640, height = 360
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var ghosts: [String] = []
        for frame in 0..<frames {
            var pixels = cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 2 * Double(frame)))
            paintBall(&pixels, at: PixelPoint(x: 300, y: start - climbing * Double(frame)), width: width, height: height)
            let found = try pixels.withUnsafeBufferPointer { try detector.detect(luma: $0.baseAddress!, stride: width).blobs }
            if frame >= from {
                ghosts += found.filter { isWhereItLeft(PixelPoint(x: $0.x, y: $0.y), frame) }.map { "frame \(frame): (\($0.x), \($0.y))" }
            }
        }
        return ghosts
    }

    /// A camera panning slowly down, a player on the left of the picture moving down four times
    /// as fast, and little texture elsewhere (sky, a flat wall): the player's corners and the
    /// background's on the right can both be explained by a slight turn of the camera, which the
    /// background across the top then contradicts. The camera follows the background, not the turn.
    @Test func aPlayerBesideTheBackgroundIsNotTakenForATurnOfTheCamera() throws {
        let width = 640, height = 360
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        func texture(_ x: Double, _ y: Double) -> Double {
            120 + 40 * sin(x / 9.0) * cos(y / 13.0) + 30 * sin((x + 2 * y) / 23.0) + 25 * cos((3 * x - y) / 31.0)
        }
        var pose = SimilarityTransform.identity
        let frames = 24
        for frame in 0..<frames {
            let camera = 0.5 * Double(frame), player = 3 * Double(frame)
            var pixels = [UInt8](repeating: 120, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    // Each thing's outline moves with it: the scene's by the camera's motion.
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    let sy = py - camera, playerY = py - player
                    var value = 120.0
                    if px < 200, playerY >= 120, playerY < 280 {
                        value = texture(px + 500, playerY) + 20 * sin(px / 5)
                    } else if sy < 60 || (px >= 440 && sy < 200) {
                        value = texture(px, sy)
                    }
                    pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
                }
            }
            let r = try report(detector, pixels, width: width)
            if let known = r.cameraPose { pose = known }
        }
        // A point of the last frame lies in the first frame's picture where the background was.
        let corner = PixelPoint(x: 560, y: 300), moved = 0.5 * Double(frames - 1)
        let inFirst = pose.apply(corner)
        #expect(abs(inFirst.x - corner.x) < 1.5, "\(inFirst)")
        #expect(abs(inFirst.y - (corner.y - moved)) < 1.5, "\(inFirst)")
    }

    @Test func aCameraStandingStillIsNeverMoved() throws {
        let width = 640, height = 360
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 7)
        let still = cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 0))
        for frame in 0..<40 {
            // Sensor noise of about 2 levels, new each frame.
            let noisy = still.map { UInt8(max(0, min(255, Double($0) + jitter.next(3.5)))) }
            let r = try report(detector, noisy, width: width)
            #expect(r.cameraPose == nil, "frame \(frame): moved to \(String(describing: r.cameraPose))")
            #expect(!r.isRepeat, "frame \(frame)")
        }
    }

    @Test func aRepeatedPictureIsRecognisedAndNotAnalysed() throws {
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 11)
        let scene = cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 0))
        var last = scene
        var repeats: [Int] = []
        for frame in 0..<30 {
            // Every third picture is shown twice, as a 20 → 30 fps conversion does.
            if frame % 3 != 2 { last = scene.map { UInt8(max(0, min(255, Double($0) + jitter.next(3.5)))) } }
            if try report(detector, last, width: width).isRepeat { repeats.append(frame) }
        }
        #expect(repeats == Array(stride(from: 11, to: 30, by: 3)), "\(repeats)")
    }

    /// The scene with a bright 60 px square whose left edge is at `x`; or, `faint`, a 12 px
    /// square 60 levels above what is behind it.
    private func sceneWithSquare(at x: Int, width: Int, height: Int, faint: Bool = false) -> [UInt8] {
        var picture = cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 0))
        let (rows, side) = faint ? (100..<112, 12) : (90..<150, 60)
        for row in rows {
            for column in max(0, x)..<min(width, x + side) {
                let i = row * width + column
                picture[i] = faint ? UInt8(min(255, Int(picture[i]) + 60)) : 240
            }
        }
        return picture
    }

    @Test func aRepeatEncodedAgainIsStillRecognised() throws {
        // A square moving 6 px a frame; every third picture is shown twice, and the repeat went
        // through another encoder: a few dozen scattered pixels differ strongly from the original.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 5)
        var x = 10, last: [UInt8] = []
        var repeats: [Int] = []
        for frame in 0..<30 {
            if frame % 3 == 2 {
                var noisy = last
                for _ in 0..<15 {
                    let i = Int(abs(jitter.next(1)) * Double(width * height - 1))
                    noisy[i] = noisy[i] > 128 ? noisy[i] - 40 : noisy[i] + 40
                }
                if try report(detector, noisy, width: width).isRepeat { repeats.append(frame) }
            } else {
                x += 6
                last = sceneWithSquare(at: x, width: width, height: height)
                if try report(detector, last, width: width).isRepeat { repeats.append(frame) }
            }
        }
        #expect(repeats == Array(stride(from: 11, to: 30, by: 3)), "\(repeats)")
    }

    @Test func aRepeatCompressedHardIsStillRecognised() throws {
        // A slow-motion export uploaded again: every other picture is shown twice, and the
        // encoder adds noise of a level here and there, so a repeat differs from its original
        // by a third of what a new picture changes on average; only a few pixels strongly.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 60)
        var jitter = Jitter(state: 13)
        func compressed(_ picture: [UInt8], strongPixels: Int) -> [UInt8] {
            encoded(picture, noise: 0.8, strongPixels: strongPixels, jitter: &jitter)
        }
        var x = 10, last: [UInt8] = []
        var repeats: [Int] = [], means: [Double] = []
        var previous: [UInt8]?
        for frame in 0..<40 {
            let shown: [UInt8]
            if frame % 2 == 1 {
                shown = compressed(last, strongPixels: 30)
            } else {
                x += 8
                last = sceneWithSquare(at: x, width: width, height: height)
                shown = compressed(last, strongPixels: 0)
            }
            if let previous {
                means.append(zip(shown, previous).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(shown.count))
            }
            previous = shown
            if try report(detector, shown, width: width).isRepeat { repeats.append(frame) }
        }
        // The scene is what the test says it is: a repeat changes by more than a fifth of a new
        // picture's mean change (the bound an encoder's noise was once thought to stay under).
        let repeatMean = stride(from: 0, to: means.count, by: 2).map { means[$0] }.reduce(0, +) / Double(means.count / 2)
        let newMean = stride(from: 1, to: means.count, by: 2).map { means[$0] }.reduce(0, +) / Double(means.count / 2)
        #expect(repeatMean > 0.25 * newMean && repeatMean < 0.5 * newMean, "repeats \(repeatMean), new \(newMean)")
        #expect(repeats == Array(stride(from: 9, to: 40, by: 2)), "\(repeats)")
    }

    @Test func aPictureShownTwiceOrThriceAndReencodedAtAWebBitrateIsARepeatEachTime() throws {
        // Slow motion re-encoded at a web bitrate: pictures shown two or three times, each
        // showing after the first differing from the one before by compression noise: a mean
        // change near half a new picture's, and a sixth of its strongly changed pixels (beyond
        // a tenth, the bound the repeat test had before it looked at the picture before the last).
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 60)
        var jitter = Jitter(state: 17)
        func reencoded(_ picture: [UInt8], strongPixels: Int) -> [UInt8] {
            encoded(picture, noise: 1.5, strongPixels: strongPixels, jitter: &jitter)
        }
        let showings = [2, 3, 2, 2, 3, 2, 3, 3, 2, 2, 3, 2, 2, 3, 2, 2, 3, 2, 3, 2, 2, 3, 2, 2]
        var x = 10, frame = 0
        var repeats: [Int] = [], expected: [Int] = [], strongShares: [Double] = []
        for count in showings {
            x += 8
            var shown = reencoded(sceneWithSquare(at: x, width: width, height: height), strongPixels: 0)
            let new = shown
            for showing in 0..<count {
                // The clip's first repeats came through whole (a calm stretch the encoder
                // copied): the clip is known to repeat pictures before the hard ones come.
                if showing > 0, frame < 16 {
                    // (The detector judges repeats once it has seen eight changes.)
                    if try !report(detector, shown, width: width).isRepeat, frame >= 9 { Issue.record("frame \(frame): an exact repeat missed") }
                    frame += 1
                    continue
                }
                if showing > 0 {
                    shown = reencoded(shown, strongPixels: 160)
                    expected.append(frame)
                    let strong = zip(shown, new).filter { abs(Int($0) - Int($1)) > 24 }.count
                    strongShares.append(Double(strong) / Double(2 * 8 * 60))
                }
                if try report(detector, shown, width: width).isRepeat, frame >= 16 { repeats.append(frame) }
                frame += 1
            }
        }
        // The scene is what the test says: a repeat's strongly changed pixels from its first
        // showing are more than a tenth of a new picture's (whose square moved 8 px: 960).
        #expect(strongShares.allSatisfy { $0 > 0.1 }, "\(strongShares)")
        #expect(repeats == expected, "\(repeats)")
    }

    @Test func aSubjectTurningInAClipThatNeverRepeatedIsNoRepeat() throws {
        // A hand at the top of a toss, filmed and compressed: the square slides 8 px a frame,
        // moves 1 px as it turns, and slides back. The turning picture is nearly the last one
        // and far from the one before, as a repeat re-encoded hard is; but this clip has not
        // repeated a picture, so it is not taken for one.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 23)
        let steps = Array(repeating: 8, count: 14) + [1] + Array(repeating: -8, count: 8) + [1] + Array(repeating: 8, count: 6)
        var x = 40
        for (frame, step) in steps.enumerated() {
            x += step
            let picture = encoded(sceneWithSquare(at: x, width: width, height: height), noise: 1.5, strongPixels: 0, jitter: &jitter)
            #expect(try !report(detector, picture, width: width).isRepeat, "frame \(frame), step \(step)")
        }
    }

    @Test func aHandheldCameraHeldStillForAFrameIsNoRepeat() throws {
        // The turn of a shake: the camera slides 8 px a frame, slows to 1.5 px, holds still for
        // one frame, and slides back, while a ball flies 10 px a frame. The held frame is nearly
        // the last picture, as a repeat is, but its ball moved on.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        let steps = Array(repeating: 8.0, count: 12) + [4, 1.5, 0, -1.5, -4] + Array(repeating: -8.0, count: 6)
            + [-4, -1.5, 0, 1.5, 4] + Array(repeating: 8.0, count: 4)
        var offset = 0.0
        for (frame, step) in steps.enumerated() {
            offset += step
            var picture = cameraView(width: width, height: height, offset: PixelPoint(x: offset, y: 0))
            let bx = 20 + 10 * frame
            for y in 60..<64 { for x in bx..<(bx + 4) { picture[y * width + x] = 255 } }
            #expect(try !report(detector, picture, width: width).isRepeat, "frame \(frame), step \(step)")
        }
    }

    @Test func aRepeatFilmedByAPanningCameraIsARepeat() throws {
        // A broadcast camera panning 3 px a frame, converted 25 -> 30 fps and encoded again:
        // every sixth picture is the one before shown again, with compression noise. No camera
        // stops dead from 3 px a frame, so a picture nearly the last one is the last one again.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 31)
        var offset = 0.0, last: [UInt8] = []
        var repeats: [Int] = []
        for frame in 0..<36 {
            let shown: [UInt8]
            if frame % 6 == 5 {
                shown = encoded(last, noise: 0.6, strongPixels: 40, jitter: &jitter)
            } else {
                offset += 3
                last = blockView(width: width, height: height, offset: PixelPoint(x: offset, y: 0))
                shown = last
            }
            if try report(detector, shown, width: width).isRepeat { repeats.append(frame) }
        }
        #expect(repeats == Array(stride(from: 11, to: 36, by: 6)), "\(repeats)")
    }

    @Test func motionThatFadesOverFramesIsNotARepeat() throws {
        // The top of a backswing: the square's steps shrink frame after frame, never to nothing.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var x = 10
        let steps = Array(repeating: 8, count: 12) + [6, 5, 4, 3, 2, 2, 1, 1, 1, 2, 3, 5, 8, 8]
        for (frame, step) in steps.enumerated() {
            x += step
            #expect(try !report(detector, sceneWithSquare(at: x, width: width, height: height), width: width).isRepeat,
                    "frame \(frame), step \(step)")
        }
    }

    @Test func aRepeatReencodedInAQuietBroadcastIsRecognised() throws {
        // A broadcast scaled down and compressed, where little moves between frames: a small
        // square slides 6 px a frame, so a new picture changes 0.11 level on average (less than
        // the 0.15 the other repeat tests ask of a clip) and about 140 pixels strongly; every
        // sixth picture is shown twice, re-encoded with 3 pixels changed strongly.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var jitter = Jitter(state: 29)
        var x = 10, last: [UInt8] = []
        var repeats: [Int] = [], newMeans: [Double] = []
        var previous: [UInt8]?
        for frame in 0..<48 {
            let shown: [UInt8]
            if frame % 6 == 5 {
                shown = encoded(last, noise: 0, strongPixels: 3, jitter: &jitter)
            } else {
                x += 6
                last = sceneWithSquare(at: x, width: width, height: height, faint: true)
                shown = last
                if let previous { newMeans.append(zip(shown, previous).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(shown.count)) }
            }
            previous = shown
            if try report(detector, shown, width: width).isRepeat { repeats.append(frame) }
        }
        // The scene is what the test says: new pictures change less than 0.15 level on average.
        #expect(newMeans.allSatisfy { $0 > 0.05 && $0 < 0.15 }, "\(newMeans)")
        #expect(repeats == Array(stride(from: 11, to: 48, by: 6)), "\(repeats)")
    }

    @Test func aQuietSceneWhoseMotionFadesIsNotARepeat() throws {
        // The same faint square coming to rest and moving off again: its steps shrink frame after
        // frame, never to nothing.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        var x = 10
        let steps = Array(repeating: 6, count: 12) + [5, 4, 3, 2, 2, 1, 1, 1, 2, 3, 5, 6, 6]
        for (frame, step) in steps.enumerated() {
            x += step
            #expect(try !report(detector, sceneWithSquare(at: x, width: width, height: height, faint: true), width: width).isRepeat,
                    "frame \(frame), step \(step)")
        }
    }

    @Test func aStillCleanSceneHasNoRepeats() throws {
        // Nothing changes but a small ball: no frame may be called a repeat, or the ball is lost.
        let width = 320, height = 240
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        let scene = cameraView(width: width, height: height, offset: PixelPoint(x: 0, y: 0))
        for frame in 0..<30 {
            var picture = scene
            let x = 20 + 8 * frame, y = 120
            picture[y * width + x] = 255
            #expect(try !report(detector, picture, width: width).isRepeat, "frame \(frame)")
        }
    }
}

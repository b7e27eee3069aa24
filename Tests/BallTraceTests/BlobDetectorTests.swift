import Foundation
import Testing
@testable import BallTrace

/// An 8-bit luma picture drawn in memory: a textured background and anti-aliased discs.
struct LumaPicture {
    let width: Int, height: Int
    var pixels: [UInt8]

    /// A background with gentle texture (a gradient and a few stripes), the same every frame.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let stripe = (x / 37 + y / 23) % 2 == 0 ? 6.0 : 0.0
                pixels[y * width + x] = UInt8(90 + 40 * Double(y) / Double(height) + stripe)
            }
        }
    }

    /// A disc of this luma, each pixel mixed by the share of it the disc covers (4 × 4 samples).
    mutating func disc(at centre: PixelPoint, radius: Double, luma: Double = 235) {
        let x0 = max(0, Int(centre.x - radius) - 1), x1 = min(width - 1, Int(centre.x + radius) + 1)
        let y0 = max(0, Int(centre.y - radius) - 1), y1 = min(height - 1, Int(centre.y + radius) + 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                        if (px - centre.x) * (px - centre.x) + (py - centre.y) * (py - centre.y) <= radius * radius { inside += 1 }
                    }
                }
                let share = Double(inside) / 16
                let old = Double(pixels[y * width + x])
                pixels[y * width + x] = UInt8((old * (1 - share) + luma * share).rounded())
            }
        }
    }

    /// A solid rectangle of this luma over columns `xs` and rows `ys` (a limb, a body).
    mutating func fill(columns xs: Range<Int>, rows ys: Range<Int>, luma: UInt8) {
        for y in ys { for x in xs { pixels[y * width + x] = luma } }
    }

    /// Adds noise of roughly this standard deviation (a sum of uniforms), the same for a seed.
    mutating func noise(sigma: Double, seed: UInt64) {
        var jitter = Jitter(state: seed)
        let amplitude = sigma * 3.0.squareRoot()  // uniform on ±a has σ = a/√3
        for i in pixels.indices {
            pixels[i] = UInt8(max(0, min(255, (Double(pixels[i]) + jitter.next(amplitude)).rounded())))
        }
    }
}

func detect(_ detector: BlobDetector, _ picture: LumaPicture) throws -> [Blob] {
    try picture.pixels.withUnsafeBufferPointer { buffer in
        try detector.detect(luma: buffer.baseAddress!, stride: picture.width).blobs
    }.map { Blob($0, geometry: FrameGeometry(storedWidth: picture.width, storedHeight: picture.height, rotation: .none)) }
}

private func nearest(_ blobs: [Blob], to point: PixelPoint) -> Blob? {
    blobs.min { $0.center.distance(to: point) < $1.center.distance(to: point) }
}

@Suite struct BlobDetectorTests {
    @Test(arguments: [(640, 360, 4.0), (1920, 1080, 6.0), (3840, 2160, 10.0)])
    func movingBallIsFoundWhereItIsAndAsLargeAsItIs(width: Int, height: Int, radius: Double) throws {
        let detector = try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 60,
                                        analysisInterval: 1.0 / 30)
        #expect(detector.analysisHeight <= 720, "analysed at \(detector.analysisWidth)×\(detector.analysisHeight)")
        let background = LumaPicture(width: width, height: height)
        for frame in 0..<40 {
            var picture = background
            let centre = PixelPoint(x: Double(width) * (0.2 + 0.015 * Double(frame)), y: Double(height) * 0.4 + 0.3 * Double(frame))
            if frame >= 10 { picture.disc(at: centre, radius: radius) }
            let blobs = try detect(detector, picture)
            guard frame >= 12 else { continue }
            let ball = try #require(nearest(blobs, to: centre), "frame \(frame): no blob")
            #expect(ball.center.distance(to: centre) < max(0.6, 0.1 * radius), "frame \(frame): \(ball.center) for \(centre)")
            #expect(abs(ball.radius - radius) < 0.2 * radius, "frame \(frame): radius \(ball.radius) for \(radius)")
        }
    }

    /// The picture is reduced, compared with the last and the model updated 32 pixels at a time
    /// where the processor has AVX2, 16 otherwise: the same blobs either way, frame after frame
    /// (noise, a ball, a body, and rows whose width is no multiple of 32, so every path meets
    /// every other; a 1080-line picture is halved, 750 analysis pixels wide).
    @Test(arguments: [(640, 360), (333, 250), (1000, 563), (1500, 1080)])
    func wideAndNarrowVectorUpdatesFindTheSameBlobs(width: Int, height: Int) throws {
        let make = { (narrow: Bool) in
            try BlobDetector(frameWidth: width, frameHeight: height, minimumRadius: 0, maximumRadius: 40,
                             analysisInterval: 1.0 / 30, narrowVectors: narrow)
        }
        let wide = try make(false), narrow = try make(true)
        let background = LumaPicture(width: width, height: height)
        var blobsSeen = 0
        for frame in 0..<30 {
            var picture = background
            picture.noise(sigma: 3, seed: UInt64(frame + 1))
            picture.disc(at: PixelPoint(x: Double(width) * (0.1 + 0.025 * Double(frame)), y: Double(height) * 0.3), radius: 4)
            picture.fill(columns: (width / 2)..<(width / 2 + 20 + frame), rows: (height / 2)..<(height / 2 + 40), luma: 30)
            let a = try detect(wide, picture), b = try detect(narrow, picture)
            #expect(a == b, "frame \(frame): \(a.count) blobs with wide vectors, \(b.count) with narrow")
            blobsSeen += a.count
        }
        #expect(blobsSeen > 0, "nothing was detected: the comparison said nothing")
    }

    /// The frames in which a 640×360 detector at 30 fps finds a blob within 2 px of `point`,
    /// fed `pictures(frame)` for `frames` frames.
    private func framesWithABlob(at point: PixelPoint, frames: Int, _ pictures: (Int) -> LumaPicture) throws -> [Int] {
        let detector = try BlobDetector(frameWidth: 640, frameHeight: 360, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        #expect(detector.stillFrames == 15)
        return try (0..<frames).filter { frame in
            try detect(detector, pictures(frame)).contains { $0.center.distance(to: point) < 2 }
        }
    }

    @Test func ballComeToRestStopsBeingForegroundAfterHalfASecond() throws {
        let background = LumaPicture(width: 640, height: 360)
        var resting = background
        resting.disc(at: PixelPoint(x: 300, y: 200), radius: 5)
        let seen = try framesWithABlob(at: PixelPoint(x: 300, y: 200), frames: 60) { $0 < 20 ? background : resting }
        // Seen when it lands, as anything new is; gone once it has not changed for 15 frames.
        #expect(seen.first == 20)
        #expect(seen.allSatisfy { $0 < 20 + 16 }, "seen at \(seen)")
    }

    @Test func spotABallWasStruckFromLeavesNoBlobForLong() throws {
        // The ball is on the tee from the first frame: it is part of the background. Once it is
        // struck, the grass it uncovers differs from the background model until the model
        // learns it: at most for the half second after which unchanging pixels are at rest.
        let background = LumaPicture(width: 640, height: 360)
        var teed = background
        teed.disc(at: PixelPoint(x: 100, y: 300), radius: 5)
        let seen = try framesWithABlob(at: PixelPoint(x: 100, y: 300), frames: 70) { $0 < 30 ? teed : background }
        #expect(seen.allSatisfy { $0 >= 30 && $0 < 30 + 16 }, "the tee was a blob at \(seen)")
    }

    @Test func slowBallHoveringAtItsApexStaysSeen() throws {
        // A ball that moves a fifth of a pixel a frame covers the same pixels for many frames;
        // the model must not learn it into the background meanwhile.
        let detector = try BlobDetector(frameWidth: 640, frameHeight: 360, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 60)
        let background = LumaPicture(width: 640, height: 360)
        var found = 0
        for frame in 0..<60 {
            var picture = background
            let centre = PixelPoint(x: 320 + 0.2 * Double(frame), y: 100)
            if frame >= 10 { picture.disc(at: centre, radius: 4, luma: 200) }
            let blobs = try detect(detector, picture)
            if frame >= 11, let ball = nearest(blobs, to: centre), ball.center.distance(to: centre) < 1,
               abs(ball.radius - 4) < 1 {
                found += 1
            }
        }
        #expect(found == 49, "found in \(found) of 49 frames")
    }

    @Test func sensorNoiseAloneMakesNoBallSizedBlobsOnceLearnt() throws {
        let detector = try BlobDetector(frameWidth: 640, frameHeight: 360, minimumRadius: 0, maximumRadius: 40,
                                        analysisInterval: 1.0 / 30)
        let background = LumaPicture(width: 640, height: 360)
        var specks = 0, ballSized = 0
        for frame in 0..<90 {
            var picture = background
            picture.noise(sigma: 4, seed: UInt64(frame) &+ 11)
            let blobs = try detect(detector, picture)
            guard frame >= 60 else { continue }
            specks += blobs.count
            ballSized += blobs.filter { $0.radius >= 1.5 }.count
        }
        #expect(ballSized == 0)
        #expect(specks <= 30, "\(specks) specks in 30 frames")
    }
}

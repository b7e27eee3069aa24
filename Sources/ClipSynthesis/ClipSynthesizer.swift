import BallTrace
import Foundation

/// Renders a ``SyntheticScene`` to an H.264 MP4 and returns where every ball was.
public enum ClipSynthesizer {
    public static func render(_ scene: SyntheticScene, to path: String, encoding: VideoEncoding = VideoEncoding(preset: "veryfast", crf: 18)) throws -> ClipTruth {
        guard scene.width >= 16, scene.height >= 16, scene.width % 2 == 0, scene.height % 2 == 0 else {
            throw SynthesisError.invalidScene("size \(scene.width)×\(scene.height) must be even and at least 16")
        }
        guard scene.frameRate > 0, scene.frameCount > 0 else {
            throw SynthesisError.invalidScene("frame rate and frame count must be positive")
        }
        let canvas = try Canvas(width: scene.width, height: scene.height)
        paintBackground(canvas, scene)
        canvas.save()
        let timeScale = 90_000
        let stored = FrameGeometry(storedWidth: scene.width, storedHeight: scene.height, rotation: scene.rotation)
        // The displayed size turned back: what the file stores.
        let writer = try PlanarVideoWriter(
            path: path, width: stored.displayedWidth, height: stored.displayedHeight, timeScale: timeScale,
            frameRate: scene.frameRate, encoding: encoding, rotation: scene.rotation)
        var truth: [ClipTruth.Position] = []
        for (frame, time) in scene.frameTimes.enumerated() {
            canvas.restore()
            scene.golfer?.draw(on: canvas, at: time)
            for (index, flight) in scene.flights.enumerated() {
                guard let seen = drawBall(flight, at: time, on: canvas, scene: scene) else { continue }
                let frameRect = PixelRect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height))
                guard seen.extent.intersection(frameRect) != nil else { continue }
                truth.append(.init(flight: index, frame: frame, time: time, x: seen.centre.x, y: seen.centre.y,
                                   radius: flight.radius, inFlight: seen.moving, clipped: !frameRect.contains(seen.extent)))
            }
            canvas.noise(sigma: scene.noise, seed: scene.seed &* 1_000_003 &+ UInt64(frame))
            let timestamp = Int64((time * Double(timeScale)).rounded())
            try writer.write(timestamp: timestamp) { try canvas.copy(into: $0, storedFor: scene.rotation) }
        }
        try writer.finish()
        return ClipTruth(scene: scene, positions: truth)
    }

    /// Sky, distant trees and a mown lawn: static texture for the background model to learn.
    static func paintBackground(_ canvas: Canvas, _ scene: SyntheticScene) {
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

    /// The ball as the sensor sees it: over the exposure it sweeps a streak, each point of
    /// which it covers for only part of the time, so a fast ball is longer and fainter.
    /// What the camera records of a ball in one frame: where it appears (the middle of what it
    /// swept during the exposure), the rectangle it covers, and whether it moved.
    struct SeenBall {
        var centre: PixelPoint
        var extent: PixelRect
        var moving: Bool
    }

    /// Draws the ball as the sensor sees it; nil when it is not in view at all (before a launch
    /// it was not resting for).
    @discardableResult
    static func drawBall(_ flight: BallFlight, at time: Double, on canvas: Canvas, scene: SyntheticScene) -> SeenBall? {
        let half = 0.5 * scene.exposure / scene.frameRate
        let start = flight.restsBeforeLaunch ? time - half : max(time - half, flight.launchTime)
        guard time + half >= start, let from = flight.position(at: start), let to = flight.position(at: time + half) else {
            return nil
        }
        let length = from.distance(to: to)
        let r = flight.radius
        let centre = PixelPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
        let extent = PixelRect(x: min(from.x, to.x) - r, y: min(from.y, to.y) - r,
                               width: abs(to.x - from.x) + 2 * r, height: abs(to.y - from.y) + 2 * r)
        let moving = time + half > flight.launchTime
        if length < 0.5 {
            canvas.circle(centre, radius: r, scene.ballColour)
        } else {
            let coverage = max(0.35, min(1, 2 * r / (2 * r + length)).squareRoot())
            canvas.line(from, to, thickness: 2 * r, scene.ballColour, opacity: coverage)
        }
        return SeenBall(centre: centre, extent: extent, moving: moving)
    }
}

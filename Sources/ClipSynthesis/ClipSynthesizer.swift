import BallTrace
import Foundation

/// Renders a ``SyntheticScene`` to an H.264 MP4 and returns where every ball was.
package enum ClipSynthesizer {
    /// - Parameters:
    ///   - encoding: libx264 settings; nil: `veryfast` at the scene's `encodingCRF`.
    ///   - soundtrack: encoded beside the picture as AAC (mono, 48 kHz); nil: a silent clip.
    package static func render(_ scene: SyntheticScene, to path: String, encoding: VideoEncoding? = nil,
                               soundtrack: Soundtrack? = nil) throws -> ClipTruth {
        guard scene.width >= 16, scene.height >= 16, scene.width % 2 == 0, scene.height % 2 == 0 else {
            throw SynthesisError.invalidScene("size \(scene.width)×\(scene.height) must be even and at least 16")
        }
        guard scene.frameRate > 0, scene.frameCount > 0 else {
            throw SynthesisError.invalidScene("frame rate and frame count must be positive")
        }
        let encoding = encoding ?? VideoEncoding(preset: "veryfast", crf: scene.encodingCRF)
        let canvas = try Canvas(width: scene.width, height: scene.height)
        scene.backdrop.paint(on: canvas, scene: scene)
        for item in scene.scenery where !item.inFront { item.draw(on: canvas) }
        canvas.save()
        let foreground = scene.scenery.filter(\.inFront)
        let shake = scene.conditions.shake?.offsets(count: scene.frameCount)
        let timeScale = 90_000
        let stored = FrameGeometry(storedWidth: scene.width, storedHeight: scene.height, rotation: scene.rotation)
        // The displayed size turned back: what the file stores.
        let writer = try PlanarVideoWriter(
            path: path, width: stored.displayedWidth, height: stored.displayedHeight, timeScale: timeScale,
            frameRate: scene.frameRate / scene.playbackSlowdown, encoding: encoding, rotation: scene.rotation,
            soundtrack: soundtrack?.samples(), soundSampleRate: Int(Soundtrack.sampleRate))
        var truth: [ClipTruth.Position] = []
        for (frame, time) in scene.frameTimes.enumerated() {
            canvas.restore()
            scene.conditions.leaves?.draw(on: canvas, at: time)
            scene.golfer?.draw(on: canvas, at: time)
            for figure in scene.figures { figure.draw(on: canvas, at: time) }
            let seen = observeBalls(scene, at: time)
            for ball in seen { ball.draw(on: canvas) }
            for item in foreground { item.draw(on: canvas) }
            let offset = shake?[frame]
            if let offset { try canvas.shift(by: offset) }
            let view = cameraView(scene, at: time)
            if let view { try canvas.transform(by: view) }
            truth += positions(of: seen, frame: frame, time: scene.shownTime(time), scene: scene,
                               foreground: foreground, offset: offset, view: view)
            if let flicker = scene.conditions.flicker { canvas.gain(flicker.gain(frame: frame, time: time)) }
            canvas.noise(sigma: scene.noise, seed: scene.seed &* 1_000_003 &+ UInt64(frame))
            let timestamp = Int64((scene.shownTime(time) * Double(timeScale)).rounded())
            try writer.write(timestamp: timestamp) { try canvas.copy(into: $0, storedFor: scene.rotation) }
        }
        try writer.finish()
        return ClipTruth(scene: scene, positions: truth)
    }

    /// Where every ball is in every frame: exactly the truth ``render(_:to:encoding:)`` returns,
    /// computed without drawing or encoding anything.
    package static func truth(for scene: SyntheticScene) -> ClipTruth {
        let foreground = scene.scenery.filter(\.inFront)
        let shake = scene.conditions.shake?.offsets(count: scene.frameCount)
        var truth: [ClipTruth.Position] = []
        for (frame, time) in scene.frameTimes.enumerated() {
            truth += positions(of: observeBalls(scene, at: time), frame: frame, time: scene.shownTime(time), scene: scene,
                               foreground: foreground, offset: shake?[frame], view: cameraView(scene, at: time))
        }
        return ClipTruth(scene: scene, positions: truth)
    }

    /// What the camera records of a ball in one frame: where it appears (the middle of what it
    /// swept during the exposure), the rectangle it covers, its apparent radius and contrast,
    /// whether it was flying, and what it covered (to find what hides it).
    struct SeenBall {
        var flight: Int
        var footprint: BallFootprint
        var centre: PixelPoint
        var extent: PixelRect
        var radius: Double
        var contrast: Double
        var moving: Bool
        var colour: RGBColour

        /// Draws the ball as the sensor sees it: over the exposure it sweeps a streak, each point
        /// of which it covers for only part of the time, so a fast ball is longer and fainter.
        func draw(on canvas: Canvas) {
            let from = footprint.from, to = footprint.to, r = radius
            let length = from.distance(to: to)
            if length < 0.5 {
                canvas.circle(centre, radius: r, colour, opacity: contrast)
            } else {
                let coverage = max(0.35, min(1, 2 * r / (2 * r + length)).squareRoot())
                canvas.line(from, to, thickness: 2 * r, colour, opacity: coverage * contrast)
            }
        }
    }

    /// The balls in view at `time`, in the order they are drawn.
    static func observeBalls(_ scene: SyntheticScene, at time: Double) -> [SeenBall] {
        scene.flights.indices.compactMap { observe(scene.flights[$0], index: $0, at: time, scene: scene) }
    }

    /// What the camera sees of one ball at `time`; nil when it is not in view at all (before a
    /// launch it was not resting or carried for, after it has left).
    static func observe(_ flight: BallFlight, index: Int, at time: Double, scene: SyntheticScene) -> SeenBall? {
        let half = 0.5 * scene.exposure / scene.frameRate
        let start = max(time - half, flight.appearanceTime)
        let stop = min(time + half, flight.disappearanceTime)
        guard stop >= start, let from = flight.position(at: start), let to = flight.position(at: stop) else {
            return nil
        }
        let r = flight.radius(at: time)
        let centre = PixelPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
        let extent = PixelRect(x: min(from.x, to.x) - r, y: min(from.y, to.y) - r,
                               width: abs(to.x - from.x) + 2 * r, height: abs(to.y - from.y) + 2 * r)
        // Flying at some moment of the exposure.
        let moving = time + half > flight.launchTime && time - half < (flight.end?.time ?? .infinity)
        return SeenBall(flight: index, footprint: BallFootprint(from: from, to: to, radius: r), centre: centre, extent: extent,
                        radius: r, contrast: flight.contrast(at: time), moving: moving,
                        colour: flight.colour ?? scene.ballColour)
    }

    /// How a moving camera shows the scene at `time`; nil for a camera that stands still.
    package static func cameraView(_ scene: SyntheticScene, at time: Double) -> SimilarityTransform? {
        scene.conditions.camera?.sceneToPicture(at: time, duration: Double(scene.frameCount) / scene.frameRate,
                                                width: scene.width, height: scene.height)
    }

    /// The truth rows for the balls seen in one frame: those at least partly inside it, moved
    /// by the camera's shake and seen through its view, with what hides or clips them.
    static func positions(of seen: [SeenBall], frame: Int, time: Double, scene: SyntheticScene, foreground: [SceneryItem],
                          offset: PixelPoint?, view: SimilarityTransform? = nil) -> [ClipTruth.Position] {
        let frameRect = PixelRect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height))
        return seen.compactMap { ball in
            var centre = ball.centre, extent = ball.extent, radius = ball.radius
            if let offset {
                centre = centre + offset
                extent.x += offset.x
                extent.y += offset.y
            }
            if let view {
                // The extent's corners through the view, and the box around them.
                let corners = [PixelPoint(x: extent.x, y: extent.y), PixelPoint(x: extent.x + extent.width, y: extent.y),
                               PixelPoint(x: extent.x, y: extent.y + extent.height),
                               PixelPoint(x: extent.x + extent.width, y: extent.y + extent.height)].map(view.apply)
                let xs = corners.map(\.x), ys = corners.map(\.y)
                extent = PixelRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
                centre = view.apply(centre)
                radius *= view.scale
            }
            guard extent.intersection(frameRect) != nil else { return nil }
            let hidden = foreground.isEmpty ? 0 : ball.footprint.hiddenFraction(by: foreground)
            // Touching another ball, the two images merge into one blob whose centre is neither's.
            let merged = seen.contains { $0.flight != ball.flight && $0.footprint.touches(ball.footprint) }
            return ClipTruth.Position(
                flight: ball.flight, frame: frame, time: time, x: centre.x, y: centre.y, radius: radius,
                inFlight: ball.moving, clipped: !frameRect.contains(extent) || (hidden > 0 && hidden < 1) || merged,
                // Too faint: less light than a full-contrast disc of half a pixel's radius.
                visible: hidden < 1 && radius * ball.contrast.squareRoot() >= 0.5)
        }
    }
}

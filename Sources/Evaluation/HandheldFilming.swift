import BallTrace
import Foundation

/// A labelled real clip as if a hand had held the camera: each picture turned, zoomed and moved
/// by a similarity that wanders as a hand does, the labels moved with it. Real footage with
/// known ball positions and a moving camera, which no labelled clip has: it measures how much
/// of the accuracy on a clip survives the camera's motion, the one thing changed.
///
/// The camera, from the picture's centre: a zoom that grows from 1.08 to 1.14 over the clip (so
/// that the picture never shows past the edge of the original), a tilt of up to ±0.6° swaying
/// every few seconds, and a drift of up to 2.1 % of the picture, slow (every 6–8 s) with a
/// faster tremor (about once a second) on top: about the motion the generated scenes filmed by
/// hand have (``CameraShake``). Its phases come from the clip's name, so each clip sways its own
/// way, the same in every run.
///
/// Or the camera pans (`Motion.panning`): a hand on a tripod head or a broadcast camera following
/// play, sweeping back and forth across a tenth of the picture every four seconds (up to 8.6 %
/// of the picture's width a second; with the tremor, about 5 pixels a frame at 30 fps at its
/// fastest on a picture 1280 wide, 3 on one 720 wide), tilting more slowly, and no zoom (zoomed
/// 1.15 throughout, so that the sweep never shows past the original's edge).
///
/// A picture shown twice (a clip converted to a higher frame rate, slow motion made by
/// repeating pictures) was taken once, through one pose: its repeats are moved as it was, or
/// the repeats would no longer be repeats and their timestamps would stand for new pictures.
/// Which pictures repeat, and when each was taken (a converted clip shows some of its pictures
/// at steps that are not when they were taken), come from balltrace's own analysis of the
/// original. Pictures are resampled bilinearly, in luma only (balltrace reads nothing else; the
/// chroma is grey), and encoded with libx264 at CRF 16 with the original's timestamps.
package enum HandheldFilming {
    /// Where the camera pointed for one picture: the map from the original picture to the one
    /// filmed, about the centre.
    package struct Pose: Sendable, Hashable {
        package var zoom: Double
        /// Radians: the filmed picture shows the original's content turned counter-clockwise by
        /// this much, as seen on the screen.
        package var angle: Double
        /// Where the original's centre moved to, less the centre: pixels.
        package var dx: Double, dy: Double
        package var width: Double, height: Double

        package init(zoom: Double, angle: Double, dx: Double, dy: Double, width: Double, height: Double) {
            (self.zoom, self.angle, self.dx, self.dy, self.width, self.height) = (zoom, angle, dx, dy, width, height)
        }

        /// Where a point of the original picture shows in the filmed one.
        package func filmed(_ p: PixelPoint) -> PixelPoint {
            let cx = width / 2, cy = height / 2
            let x = p.x - cx - dx, y = p.y - cy - dy
            let c = cos(angle), s = sin(angle)
            return PixelPoint(x: cx + zoom * (c * x + s * y), y: cy + zoom * (-s * x + c * y))
        }

        /// ``filmed(_:)`` as a similarity transform: from the original picture to the filmed one.
        package var originalToFilmed: SimilarityTransform {
            let origin = filmed(PixelPoint(x: 0, y: 0))
            return SimilarityTransform(a: zoom * cos(angle), b: -zoom * sin(angle), tx: origin.x, ty: origin.y)
        }

        /// Where a point of the filmed picture was in the original.
        package func original(_ p: PixelPoint) -> PixelPoint {
            let cx = width / 2, cy = height / 2
            let c = cos(angle) / zoom, s = sin(angle) / zoom
            let x = p.x - cx, y = p.y - cy
            return PixelPoint(x: cx + dx + c * x - s * y, y: cy + dy + s * x + c * y)
        }
    }

    /// How the camera moves.
    package enum Motion: String, Sendable, Hashable, CaseIterable {
        /// Swaying, turning and zooming slowly, as a phone held in the hand.
        case handheld
        /// Sweeping back and forth, as a camera panned on a tripod head or following play.
        case panning
    }

    /// The camera's pose at `time` seconds into a clip of `duration` seconds, with its phases.
    package static func pose(at time: Double, duration: Double, phases: [Double], width: Int, height: Int,
                             motion: Motion = .handheld) -> Pose {
        let w = Double(width), h = Double(height)
        func wave(_ frequency: Double, _ phase: Double) -> Double { sin(2 * .pi * frequency * time + phase) }
        switch motion {
        case .handheld:
            return Pose(zoom: 1.08 + 0.06 * time / max(duration, 1),
                        angle: 0.0105 * wave(0.23, phases[0]),
                        dx: w * (0.015 * wave(0.17, phases[1]) + 0.006 * wave(0.9, phases[2])),
                        dy: h * (0.015 * wave(0.13, phases[3]) + 0.006 * wave(1.1, phases[4])),
                        width: w, height: h)
        case .panning:
            // Within the 6.5 % of the picture's size either way that a zoom of 1.15 leaves.
            return Pose(zoom: 1.15,
                        angle: 0.0035 * wave(0.21, phases[0]),
                        dx: w * (0.055 * wave(0.25, phases[1]) + 0.003 * wave(0.9, phases[2])),
                        dy: h * (0.03 * wave(0.15, phases[3]) + 0.003 * wave(1.1, phases[4])),
                        width: w, height: h)
        }
    }

    /// Five phases in [0, 2π) from a name, the same in every run.
    package static func phases(for name: String) -> [Double] {
        var state = fnv1a(Data(name.utf8))
        return (0..<5).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 * .pi
        }
    }

    /// The clip filmed with `motion`, written into `folder` once and reused; each frame's pose
    /// (by frame index: a repeat has the pose of the picture it repeats); and, by frame index
    /// too, the original's own camera as balltrace's analysis of the original reads it, each
    /// frame's picture to the first's (identity throughout for a camera that stood still). The
    /// filmed clip's camera is the original's carried through the poses, which is what its
    /// analysis should report. `name` (the labelled clip's, the same for every re-encoding of
    /// it) sets the motion's phases.
    static func clip(_ original: String, named name: String, motion: Motion = .handheld,
                     into folder: String) throws -> (path: String, poses: [Pose], originalCamera: [SimilarityTransform]) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let url = URL(fileURLWithPath: original)
        let path = "\(folder)/\(url.deletingLastPathComponent().lastPathComponent)-\(url.deletingPathExtension().lastPathComponent)-\(motion.rawValue).mp4"
        // When each frame is shown and which ones repeat the picture before: the analysis's own.
        var frames: [(time: Double, taken: Double, repeated: Bool)] = []
        var cameras: [FrameCamera?] = []
        _ = try VideoAnalysis.run(path: original, settings: AnalysisSettings(), frameAnalysed: { frame in
            while frames.count < frame.frame {  // not analysed: shown as before
                frames.append((frame.time, frame.takenAt, true))
                cameras.append(nil)
            }
            frames.append((frame.time, frame.takenAt, frame.camera.repeated))
            cameras.append(frame.camera)
        })
        let info = try VideoFileReader(path: original).info
        let width = info.geometry.displayedWidth, height = info.geometry.displayedHeight
        var originalCamera: [SimilarityTransform] = []
        for camera in cameras {
            originalCamera.append(camera.map { CameraRegistration.reportedPictureToFirst($0, width: Double(width), height: Double(height)) }
                                  ?? originalCamera.last ?? .identity)
        }
        let phases = phases(for: name), duration = max(info.duration, frames.last?.time ?? 0, 1)
        var poses: [Pose] = []
        var taken = 0.0
        for frame in frames {
            // When the picture was taken: a converted clip shows some pictures at steps that are
            // not when they were taken, and the hand was where it was then.
            if !frame.repeated || poses.isEmpty { taken = frame.taken }
            poses.append(pose(at: taken, duration: duration, phases: phases, width: width, height: height, motion: motion))
        }
        if !FileManager.default.fileExists(atPath: path) {
            try film(original, poses: poses, times: frames.map(\.time), width: width, height: height,
                     frameRate: info.frameRate, to: path)
        }
        return (path, poses, originalCamera)
    }

    /// Decodes `original` upright in grey (FFmpeg applies the display matrix), one frame for
    /// each decoded, and writes each picture seen through its pose.
    private static func film(_ original: String, poses: [Pose], times: [Double], width: Int, height: Int,
                             frameRate: Double, to path: String) throws {
        let decoder = Process()
        decoder.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        decoder.arguments = ["-v", "error", "-nostdin", "-i", original, "-fps_mode", "passthrough", "-an",
                             "-f", "rawvideo", "-pix_fmt", "gray", "-"]
        let pipe = Pipe()
        decoder.standardOutput = pipe
        try decoder.run()
        let temporary = path + ".partial.mp4"
        // Whatever fails, no half-written clip is left to be taken for a whole one next time, and
        // no decoder is left waiting to write.
        var finished = false
        defer {
            if !finished {
                if decoder.isRunning { decoder.terminate() }
                try? FileManager.default.removeItem(atPath: temporary)
            }
        }
        let timeScale = 90_000
        let writer = try PlanarVideoWriter(path: temporary, width: width, height: height, timeScale: timeScale,
                                           frameRate: frameRate, encoding: VideoEncoding(preset: "veryfast", crf: 16))
        let size = width * height
        var picture = [UInt8](repeating: 0, count: size)
        var index = 0
        let input = pipe.fileHandleForReading
        while index < poses.count {
            var filled = 0
            while filled < size, let chunk = try input.read(upToCount: size - filled), !chunk.isEmpty {
                chunk.withUnsafeBytes { picture.replaceSubrange(filled..<filled + chunk.count, with: $0) }
                filled += chunk.count
            }
            guard filled == size else { break }
            let pose = poses[index]
            try writer.write(timestamp: Int64((times[index] * Double(timeScale)).rounded())) { planes in
                warp(picture, width: width, height: height, through: pose, into: planes.y, stride: planes.yStride)
                for row in 0..<(height + 1) / 2 {
                    (planes.u + row * planes.uStride).update(repeating: 128, count: (width + 1) / 2)
                    (planes.v + row * planes.vStride).update(repeating: 128, count: (width + 1) / 2)
                }
            }
            index += 1
        }
        _ = try? input.readToEnd()
        decoder.waitUntilExit()
        try writer.finish()
        guard decoder.terminationStatus == 0, index > 0 else { throw HandheldFilmingFailed(clip: original) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        finished = true
    }

    /// The filmed picture: each pixel's centre taken back to the original through the pose,
    /// sampled bilinearly (pixel centres at half-integers), the nearest edge pixel outside.
    package static func warp(_ picture: [UInt8], width: Int, height: Int, through pose: Pose,
                     into out: UnsafeMutablePointer<UInt8>, stride: Int) {
        picture.withUnsafeBufferPointer { source in
            let c = cos(pose.angle) / pose.zoom, s = sin(pose.angle) / pose.zoom
            let cx = Double(width) / 2, cy = Double(height) / 2
            for y in 0..<height {
                let row = out + y * stride
                let oy = Double(y) + 0.5 - cy
                for x in 0..<width {
                    let ox = Double(x) + 0.5 - cx
                    let sx = cx + pose.dx + c * ox - s * oy - 0.5, sy = cy + pose.dy + s * ox + c * oy - 0.5
                    let x0 = min(max(Int(sx.rounded(.down)), 0), width - 2), y0 = min(max(Int(sy.rounded(.down)), 0), height - 2)
                    let fx = min(max(sx - Double(x0), 0), 1), fy = min(max(sy - Double(y0), 0), 1)
                    let i = y0 * width + x0
                    let top = Double(source[i]) * (1 - fx) + Double(source[i + 1]) * fx
                    let bottom = Double(source[i + width]) * (1 - fx) + Double(source[i + width + 1]) * fx
                    row[x] = UInt8(min(255, max(0, (top * (1 - fy) + bottom * fy).rounded())))
                }
            }
        }
    }
}

struct HandheldFilmingFailed: Error, CustomStringConvertible {
    var clip: String
    var description: String { "could not film \(clip) as if by hand (ffmpeg could not decode it)" }
}

extension GroundTruth {
    /// The same positions in the pictures filmed through `poses` (by frame): moved, their radii
    /// zoomed; positions the filmed picture no longer shows are dropped, and a flight's first
    /// airborne frame becomes its first position still shown when that one is not.
    package func filmed(through poses: [HandheldFilming.Pose]) -> GroundTruth {
        guard let last = poses.last else { return self }
        var filmed = self
        filmed.positions = positions.compactMap { p in
            let pose = p.frame < poses.count ? poses[p.frame] : last
            let q = pose.filmed(p.point)
            guard q.x >= 0, q.y >= 0, q.x < pose.width, q.y < pose.height else { return nil }
            var moved = p
            moved.point = q
            moved.radius = p.radius.map { $0 * pose.zoom }
            return moved
        }
        for (flight, first) in firstAirborneFrames
        where positions.contains(where: { $0.flight == flight && $0.frame == first })
            && !filmed.positions.contains(where: { $0.flight == flight && $0.frame == first }) {
            if let shown = filmed.positions.filter({ $0.flight == flight }).map(\.frame).min(), shown > first {
                filmed.firstAirborneFrames[flight] = shown
            }
        }
        return filmed
    }
}

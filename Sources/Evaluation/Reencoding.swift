import BallTrace
import Foundation

/// A real clip as it might have reached balltrace instead: smaller and more compressed (a
/// phone's export, a messaging app, a web upload), or larger (up to twice: the same scene seen
/// by a camera with more pixels, analysed halved once its shorter side reaches 810 lines). The
/// same frames, one for one, scaled by ``scale`` and encoded with libx264 at ``crf``; the labels
/// are scaled with them. Measures how much of the accuracy on a clip survives what the footage
/// went through, rather than the clip's own resolution and bitrate.
///
/// Optionally mirrored left to right as well (a left-handed golfer, the far side of a court):
/// physics does not tell left from right, so neither should the analysis; anything that does
/// (a tie broken by where a blob lies, or by which chain was followed first) shows up here.
package struct Reencoding: Sendable, Hashable, CustomStringConvertible {
    package var scale: Double
    package var crf: Int
    package var mirrored = false

    package init(scale: Double, crf: Int) {
        self.scale = scale
        self.crf = crf
    }

    /// Parses `SCALE,CRF`, e.g. `0.67,26`.
    package init?(parsing text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let scale = Double(parts[0]), scale > 0, scale <= 2, let crf = Int(parts[1]), (0...51).contains(crf)
        else { return nil }
        self.scale = scale
        self.crf = crf
    }

    package var description: String { "scaled by \(scale), libx264 crf \(crf)" + (mirrored ? ", mirrored" : "") }

    /// The clip re-encoded into `folder` (made once, then reused), the factor its displayed
    /// picture was scaled by (sizes are rounded to even numbers), and its displayed width.
    func clip(_ original: String, into folder: String) throws -> (path: String, factor: Double, width: Int) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = URL(fileURLWithPath: original).deletingLastPathComponent().lastPathComponent
        let path = "\(folder)/\(name)-x\(scale)-crf\(crf)\(mirrored ? "-mirrored" : "").mp4"
        if !FileManager.default.fileExists(atPath: path) {
            let temporary = path + ".partial.mp4"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            // Frames one for one (no frame dropped or repeated to fit a rate), turned upright
            // first (FFmpeg applies the display matrix before the filters), no audio.
            process.arguments = ["-v", "error", "-y", "-i", original, "-fps_mode", "passthrough",
                                 "-vf", "scale=trunc(iw*\(scale)/2)*2:trunc(ih*\(scale)/2)*2" + (mirrored ? ",hflip" : ""),
                                 "-c:v", "libx264", "-preset", "veryfast", "-crf", "\(crf)", "-an", temporary]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ReencodingFailed(clip: original) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        }
        let before = try VideoFileReader(path: original).info.geometry, after = try VideoFileReader(path: path).info.geometry
        return (path, Double(after.displayedWidth) / Double(before.displayedWidth), after.displayedWidth)
    }
}

struct ReencodingFailed: Error, CustomStringConvertible {
    var clip: String
    var description: String { "ffmpeg could not re-encode \(clip)" }
}

extension GroundTruth {
    /// The same positions in a picture of `width` mirrored left to right: a point x from the
    /// left edge goes to width − x (the centre of pixel column i, at i + 0.5, to the centre of
    /// column width − 1 − i).
    package func mirrored(width: Int) -> GroundTruth {
        var mirrored = self
        mirrored.positions = positions.map { p in
            var q = p
            q.point = PixelPoint(x: Double(width) - p.point.x, y: p.point.y)
            return q
        }
        return mirrored
    }

    /// The same positions in a picture scaled by `factor`.
    func scaled(by factor: Double) -> GroundTruth {
        var scaled = self
        scaled.positions = positions.map { p in
            var q = p
            q.point = PixelPoint(x: p.point.x * factor, y: p.point.y * factor)
            q.radius = p.radius.map { $0 * factor }
            return q
        }
        return scaled
    }
}

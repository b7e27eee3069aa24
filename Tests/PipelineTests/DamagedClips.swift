import ClipSynthesis
import Foundation
import Testing

/// Inputs as they arrive from phones, messaging apps and half-finished copies, each made from
/// the generated drive (or FFmpeg's test sources) the way the damage happens in the field.
enum DamagedClips {
    /// The drive remuxed with its index first, as sharing apps write it: a copy cut short
    /// still has its index, so what is there can be read.
    static let indexFirst: String = {
        let path = GeneratedClips.temporaryPath("drive-faststart.mp4")
        try! ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c", "copy", "-movflags", "+faststart", path])
        return path
    }()

    /// The drive with its index last, as cameras write it.
    static let indexLast: String = {
        let path = GeneratedClips.temporaryPath("drive-index-last.mp4")
        try! ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c", "copy", path])
        return path
    }()

    static let matroska: String = {
        let path = GeneratedClips.temporaryPath("drive.mkv")
        try! ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c", "copy", path])
        return path
    }()

    /// The first `fraction` of a file's bytes, as an interrupted copy leaves it.
    static func cutShort(_ source: String, keeping fraction: Double, name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let path = GeneratedClips.temporaryPath(name)
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A copy with runs of random bytes written over its media data, as a failing card leaves
    /// it; the container's boxes before the media data are untouched.
    static func corrupted(_ source: String, runs: Int, seed: UInt64, name: String) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: source))
        let mediaStart = try #require(data.range(of: Data("mdat".utf8))?.upperBound)
        var random = SplitMix64(seed: seed)
        for _ in 0..<runs {
            let at = Int.random(in: (mediaStart + 1000)..<(data.count - 1000), using: &random)
            for i in 0..<200 { data[at + i] = UInt8.random(in: 0...255, using: &random) }
        }
        let path = GeneratedClips.temporaryPath(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The index-first drive whose sample description claims a `width`×`height` picture.
    static func claimingSize(width: UInt16, height: UInt16) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: indexFirst))
        let descriptions = try #require(data.range(of: Data("stsd".utf8)))
        let entry = try #require(data.range(of: Data("avc1".utf8), in: descriptions.upperBound..<data.count))
        // In a visual sample entry the size follows 24 bytes of reserved and predefined fields.
        let at = entry.upperBound + 24
        data.replaceSubrange(at..<(at + 4), with: [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)])
        let path = GeneratedClips.temporaryPath("claims-\(width)x\(height).mp4")
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A YUV4MPEG header claiming a huge picture, followed by a few bytes.
    static func hugeY4M() throws -> String {
        let path = GeneratedClips.temporaryPath("huge.y4m")
        var data = Data("YUV4MPEG2 W60000 H60000 F30:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)
        data.append(Data(count: 100_000))
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An AVI of H.264 whose tag says AVS2: a codec FFmpeg knows by name but Debian's build
    /// cannot decode.
    static func taggedAVS2() throws -> String {
        let source = GeneratedClips.temporaryPath("drive.avi")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c:v", "libx264", source])
        var data = try Data(contentsOf: URL(fileURLWithPath: source))
        for tag in ["H264", "h264"] {
            while let range = data.range(of: Data(tag.utf8)) { data.replaceSubrange(range, with: Data("AVS2".utf8)) }
        }
        let path = GeneratedClips.temporaryPath("avs2.avi")
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A NUT file of a codec FFmpeg can only encode (Commodore 64 charsets): it reads back with
    /// a tag FFmpeg does not recognise.
    static func unknownTag() throws -> String {
        let path = GeneratedClips.temporaryPath("a64.nut")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x200", "-frames:v", "5", "-c:v", "a64multi", path])
        return path
    }

    /// Two MPEG-TS recordings of different sizes joined byte for byte, as `cat` joins them:
    /// 2 s at 640×360, then 1 s at 320×240.
    static func sizeChangingMidStream() throws -> String {
        let first = GeneratedClips.temporaryPath("part1.ts"), second = GeneratedClips.temporaryPath("part2.ts")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-t", "2", "-c:v", "libx264", first])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1", "-c:v", "libx264", second])
        var joined = try Data(contentsOf: URL(fileURLWithPath: first))
        joined.append(try Data(contentsOf: URL(fileURLWithPath: second)))
        let path = GeneratedClips.temporaryPath("joined.ts")
        try joined.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func audioOnly() throws -> String {
        let path = GeneratedClips.temporaryPath("voice-memo.m4a.mp4")
        try ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", path])
        return path
    }

    static func oneFrame() throws -> String {
        let path = GeneratedClips.temporaryPath("one-frame.mp4")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", "-c:v", "libx264", path])
        return path
    }

    static func text() throws -> String {
        let path = GeneratedClips.temporaryPath("notes.mp4")
        try Data("These are the notes from Tuesday's lesson, not a video.\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func empty() throws -> String {
        let path = GeneratedClips.temporaryPath("empty.mp4")
        try Data().write(to: URL(fileURLWithPath: path))
        return path
    }
}

@testable import BallTrace
import CFFmpeg
import Testing

/// Size, frame times and audio of a video, read back through the project's own reader.
struct FrameTimes {
    let width: Int
    let height: Int
    let times: [Double]
    let hasAudio: Bool

    init(path: String) throws {
        let reader = try MediaDecoder(path: path)
        var times: [Double] = []
        while let frame = try reader.nextFrame() { times.append(frame.time) }
        width = reader.info.geometry.displayedWidth
        height = reader.info.geometry.displayedHeight
        self.times = times
        hasAudio = reader.info.hasAudio
    }
}

/// Counts, frame by frame, the chroma samples an overlay video turned strongly red or green
/// where the original had no such colour.
struct OverlayColours {
    private var red: [Int] = []
    private var green: [Int] = []
    private var blue: [Int] = []

    init(original: String, rendered: String) throws {
        let a = try MediaDecoder(path: original), b = try MediaDecoder(path: rendered)
        while let fa = try a.nextFrame(), let fb = try b.nextFrame() {
            let pa = fa.frame.pointer.pointee, pb = fb.frame.pointer.pointee
            var redCount = 0, greenCount = 0, blueCount = 0
            for row in 0..<Int(pa.height) / 2 {
                for col in 0..<Int(pa.width) / 2 {
                    let ua = pa.data.1![row * Int(pa.linesize.1) + col], va = pa.data.2![row * Int(pa.linesize.2) + col]
                    let ub = pb.data.1![row * Int(pb.linesize.1) + col], vb = pb.data.2![row * Int(pb.linesize.2) + col]
                    let wasRed = va > 180, isRed = vb > 180
                    let wasGreen = ua < 100 && va < 85, isGreen = ub < 100 && vb < 85
                    if isRed && !wasRed { redCount += 1 }
                    if isGreen && !wasGreen { greenCount += 1 }
                    if ub > 185 && vb < 100 && !(ua > 185 && va < 100) { blueCount += 1 }
                }
            }
            red.append(redCount)
            green.append(greenCount)
            blue.append(blueCount)
        }
    }

    func redPixels(frame: Int) -> Int { red[frame] }
    func greenPixels(frame: Int) -> Int { green[frame] }
    func bluePixels(frame: Int) -> Int { blue[frame] }
}

/// A picture balltrace wrote (PNG or JPEG), read back through FFmpeg as RGB.
struct StillPicture {
    let width: Int
    let height: Int
    private let rgb: [UInt8]
    private let stride: Int

    init(path: String) throws {
        let reader = try MediaDecoder(path: path)
        let frame = try #require(try reader.nextFrame())
        try self.init(converting: frame.frame.pointer)
    }

    /// A decoded frame as stored (not turned for display).
    init(converting frame: UnsafePointer<AVFrame>) throws {
        let converted = try RGBFrame(converting: frame)
        width = converted.width
        height = converted.height
        stride = converted.stride
        rgb = Array(UnsafeBufferPointer(start: converted.pixels, count: converted.stride * converted.height))
    }

    /// Red, green and blue of the pixel whose centre is nearest `point`.
    func colour(at point: PixelPoint) -> (red: Int, green: Int, blue: Int) {
        let x = min(max(Int(point.x), 0), width - 1), y = min(max(Int(point.y), 0), height - 1)
        let i = y * stride + 3 * x
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    func isRed(at point: PixelPoint) -> Bool { let c = colour(at: point); return c.red > 170 && c.green < 110 && c.blue < 110 }
    func isGreen(at point: PixelPoint) -> Bool { let c = colour(at: point); return c.green > 160 && c.red < 120 && c.blue < 140 }
    func isWhite(at point: PixelPoint) -> Bool { let c = colour(at: point); return min(c.red, c.green, c.blue) > 215 }

    /// Every frame of a clip with its time.
    static func frames(of path: String) throws -> [(time: Double, picture: StillPicture)] {
        let reader = try MediaDecoder(path: path)
        var frames: [(Double, StillPicture)] = []
        while let frame = try reader.nextFrame() { frames.append((frame.time, try StillPicture(converting: frame.frame.pointer))) }
        return frames
    }

    /// Mean absolute difference, per channel, from a picture of the same size.
    func meanDifference(from other: StillPicture) -> Double {
        var total = 0
        for y in 0..<height {
            for x in 0..<(3 * width) { total += abs(Int(rgb[y * stride + x]) - Int(other.rgb[y * other.stride + x])) }
        }
        return Double(total) / Double(3 * width * height)
    }
}

@testable import BallTrace
import CFFmpeg

/// Size, frame times and audio of a video, read back through the project's own reader.
struct FrameTimes {
    let width: Int
    let height: Int
    let times: [Double]
    let hasAudio: Bool

    init(path: String) throws {
        let reader = try VideoFileReader(path: path)
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
        let a = try VideoFileReader(path: original), b = try VideoFileReader(path: rendered)
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

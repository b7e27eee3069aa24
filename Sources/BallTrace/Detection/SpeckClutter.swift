import FoundationEssentials
import Glibc

/// Where specks keep showing: a blob of a few analysis pixels in a part of the scene where
/// specks turn up in most frames (a chain-link fence, leaves, a crowd, grass seen through
/// compression) starts no chain and extends none; only a flight already reported may take it,
/// where it expects its ball.
///
/// A speck there says nothing: one shows near any guess a chain makes, so it is as likely
/// clutter as a ball, and chains hop from speck to speck through it, smoothly enough to be
/// followed for dozens of frames. On the real clips they were two thirds to four fifths of the
/// blobs a frame (golf-broadcast-slowmo 141 of 178, basketball-five-shots 96 of 147), and the
/// chains they start filled the tracker's cap every frame. None of the labelled balls'
/// detections in the real clips is one; a ball seen as a speck against such clutter is told
/// from it only by the flight it is on (a pitch of a 2 px ball into the glove, in a noisy
/// compressed picture, is a speck there in its last frames).
///
/// The rate is kept per cell of the scene (the first frame's picture: a followed camera's
/// motion does not move it), as specks a frame averaged over the last
/// ``memoryFrames`` analysed frames, and judged over a cell and its eight neighbours (the
/// largest of their rates), from the frames before this one only.
struct SpeckClutter: Sendable {
    /// Largest radius of a speck, displayed pixels: a blob of up to three analysis pixels.
    let speckRadius: Double
    private let cell: Double
    private let originX: Double, originY: Double
    private let columns: Int, rows: Int
    /// Each cell's rate as of the analysed frame in `updated` (decayed when next read).
    private var rates: [Double]
    private var updated: [Int]
    private var frame = 0
    /// This frame's specks' cells, counted after all are judged (scratch, reused).
    private var counted: [Int] = []

    /// Cells along the picture's longer side.
    static let cellsAcross = 32.0
    /// Frames a cell's rate remembers (the weight of each new frame is one over this).
    static let memoryFrames = 30.0
    /// Specks a frame, in a cell or one beside it, from which specks there are dropped: one in
    /// every other frame.
    static let crowdedRate = 0.5

    /// - Parameters:
    ///   - width, height: the displayed picture, pixels. The scene is followed as far as one
    ///     picture beyond it each way (a long pan); beyond that nothing is dropped.
    ///   - analysisPixel: displayed pixels per analysis pixel, each way.
    init(width: Double, height: Double, analysisPixel: Double) {
        // Three pixels' worth of area as a disc: (3 / π)^½ analysis pixels.
        speckRadius = (3 / Double.pi).squareRoot() * analysisPixel
        cell = max(width, height) / Self.cellsAcross
        originX = -width
        originY = -height
        columns = Int((3 * width / cell).rounded(.up))
        rows = Int((3 * height / cell).rounded(.up))
        rates = [Double](repeating: 0, count: columns * rows)
        updated = [Int](repeating: 0, count: columns * rows)
    }

    /// Which blobs of the next analysed frame (in the scene's pixels) are specks where specks
    /// crowd, by index; the rates then take this frame's specks in.
    mutating func crowdedSpecks(_ blobs: [Blob]) -> [Bool] {
        frame += 1
        counted.removeAll(keepingCapacity: true)
        var crowded = [Bool](repeating: false, count: blobs.count)
        for (b, blob) in blobs.enumerated() {
            guard blob.radius < speckRadius, let (column, row) = cellOf(blob.center) else { continue }
            counted.append(row * columns + column)
            crowded[b] = isCrowded(column: column, row: row)
        }
        // Each cell with specks takes this frame in once, with all of them.
        let weight = 1 / Self.memoryFrames
        counted.sort()
        var i = 0
        while i < counted.count {
            let index = counted[i]
            var count = 0
            while i < counted.count, counted[i] == index { count += 1; i += 1 }
            rates[index] = rate(at: index, asOf: frame - 1) * (1 - weight) + weight * Double(count)
            updated[index] = frame
        }
        return crowded
    }

    /// Whether specks crowd at a cell: the largest rate, as of the last frame, of it and its
    /// neighbours.
    private func isCrowded(column: Int, row: Int) -> Bool {
        for r in max(0, row - 1)...min(rows - 1, row + 1) {
            for c in max(0, column - 1)...min(columns - 1, column + 1) where rate(at: r * columns + c, asOf: frame - 1) > Self.crowdedRate {
                return true
            }
        }
        return false
    }

    /// A cell's rate as of analysed frame `asOf`: no specks since it was updated, each frame
    /// has weighed it down.
    private func rate(at index: Int, asOf frame: Int) -> Double {
        let idle = frame - updated[index]
        guard idle > 0, rates[index] > 0 else { return rates[index] }
        return rates[index] * pow(1 - 1 / Self.memoryFrames, Double(idle))
    }

    private func cellOf(_ point: PixelPoint) -> (column: Int, row: Int)? {
        let x = (point.x - originX) / cell, y = (point.y - originY) / cell
        guard x >= 0, y >= 0, x < Double(columns), y < Double(rows) else { return nil }
        return (Int(x), Int(y))
    }
}

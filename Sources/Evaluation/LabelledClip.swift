import BallTrace
import Foundation

/// Hand or tracker labels of a real clip: `frame,x,y` rows (decoded-frame index, ball centre in
/// pixels of the stored picture), as `../shared/clips/*/gt.csv` holds them.
public enum LabelFile {
    public enum Problem: Error, CustomStringConvertible {
        case malformedLine(Int, String)

        public var description: String {
            switch self {
            case let .malformedLine(n, line): return "line \(n) is not 'frame,x,y': \(line)"
            }
        }
    }

    /// The labels as ground truth. A label has no radius, so matching uses the detection's.
    /// Labels are split into flights where they stop for more than `maximumGap` frames or where
    /// the ball turns back horizontally (a hit in a rally).
    public static func groundTruth(csv: String, maximumGap: Int = 5) throws -> GroundTruth {
        var labels: [(frame: Int, point: PixelPoint)] = []
        for (n, raw) in csv.split(whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || (n == 0 && line.lowercased().hasPrefix("frame")) { continue }
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, let frame = Int(fields[0]), let x = Double(fields[1]), let y = Double(fields[2]) else {
                throw Problem.malformedLine(n + 1, line)
            }
            labels.append((frame, PixelPoint(x: x, y: y)))
        }
        labels.sort { $0.frame < $1.frame }
        let flights = flightIndices(labels.map(\.frame), labels.map(\.point), maximumGap: maximumGap)
        let positions = zip(labels, flights).map { label, flight in
            GroundTruth.Position(frame: label.frame, flight: flight, point: label.point, radius: nil, counts: true, inFlight: true)
        }
        return GroundTruth(positions: positions, labelling: .sparse)
    }

    /// Which flight each label belongs to: a new one after a gap, or when the horizontal
    /// direction of travel reverses and stays reversed (a hit in a rally). The direction is
    /// read over five labels, so a pixel of labelling jitter does not split a flight.
    static func flightIndices(_ frames: [Int], _ points: [PixelPoint], maximumGap: Int) -> [Int] {
        var flight = 0, direction = 0.0
        var result: [Int] = []
        for i in frames.indices {
            if i > 0 && frames[i] - frames[i - 1] > maximumGap {
                flight += 1
                direction = 0
            } else {
                let a = max(0, i - 2), b = min(frames.count - 1, i + 2)
                let span = Double(max(1, frames[b] - frames[a]))
                let dx = (points[b].x - points[a].x) / span
                if abs(dx) > 2 {
                    let sign: Double = dx > 0 ? 1 : -1
                    if direction != 0 && sign != direction { flight += 1 }
                    direction = sign
                }
            }
            result.append(flight)
        }
        return result
    }
}

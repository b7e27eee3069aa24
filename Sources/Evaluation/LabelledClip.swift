import BallTrace
import Foundation

/// Hand or tracker labels of a real clip, as `../shared/clips/*/gt.csv` holds them: a header,
/// then `frame,x,y` rows, optionally with the ball's radius `r` and, where a clip has several
/// flights, the `flight` each row belongs to (decoded-frame index, pixels of the stored
/// picture). Beside it, `flights.csv` may list each flight's impact and first airborne frame.
package enum LabelFile {
    package enum Problem: Error, CustomStringConvertible {
        case malformedLine(Int, String)
        case missingColumn(String)

        package var description: String {
            switch self {
            case let .malformedLine(n, line): return "line \(n) is not 'frame,x,y[,r][,flight]': \(line)"
            case let .missingColumn(name): return "the labels have no '\(name)' column"
            }
        }
    }

    /// One flight of `flights.csv`: `flight,impact_frame,first_frame,last_frame,end`.
    package struct FlightLabel: Sendable, Hashable {
        package var flight: Int
        /// The last frame of contact before the flight; nil when the strike is out of the picture.
        package var impactFrame: Int?
        /// The first airborne frame, and the last labelled one.
        package var firstFrame: Int
        package var lastFrame: Int
        /// How the flight ends: exit, lost, landed, bounce, caught, rim, end_of_clip.
        package var end: String
    }

    /// Parses `flights.csv`.
    package static func flights(csv: String) throws -> [FlightLabel] {
        try rows(csv).map { n, fields, line in
            guard fields.count >= 4, let flight = Int(fields[0]), let first = Int(fields[2]), let last = Int(fields[3]) else {
                throw Problem.malformedLine(n, line)
            }
            return FlightLabel(flight: flight, impactFrame: Int(fields[1]), firstFrame: first, lastFrame: last,
                               end: fields.count > 4 ? fields[4] : "")
        }
    }

    /// The labels as ground truth. Matching uses the labelled radius where there is one, else the
    /// detection's. Flights come from the `flight` column, else from `flights`' frame ranges,
    /// else labels are split where they stop for more than `maximumGap` frames or where the ball
    /// turns back horizontally (a hit in a rally).
    package static func groundTruth(csv: String, flights: [FlightLabel] = [], maximumGap: Int = 5) throws -> GroundTruth {
        let lines = csv.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var columns = ["frame": 0, "x": 1, "y": 2]
        if let header = lines.first, header.lowercased().hasPrefix("frame") {
            columns = [:]
            for (i, name) in header.lowercased().split(separator: ",").enumerated() {
                columns[name.trimmingCharacters(in: .whitespaces)] = i
            }
            for name in ["frame", "x", "y"] where columns[name] == nil { throw Problem.missingColumn(name) }
        }
        var labels: [(frame: Int, point: PixelPoint, radius: Double?, flight: Int?)] = []
        for (n, fields, line) in try rows(csv) {
            func number(_ name: String) -> Double? { columns[name].flatMap { $0 < fields.count ? Double(fields[$0]) : nil } }
            guard let frame = number("frame").map(Int.init), let x = number("x"), let y = number("y") else {
                throw Problem.malformedLine(n, line)
            }
            labels.append((frame, PixelPoint(x: x, y: y), number("r"), number("flight").map(Int.init)))
        }
        labels.sort { $0.frame < $1.frame }
        let flightOfLabel: [Int]
        if labels.allSatisfy({ $0.flight != nil }), let lowest = labels.compactMap(\.flight).min() {
            flightOfLabel = labels.map { $0.flight! - lowest }
        } else if !flights.isEmpty {
            let ordered = flights.sorted { $0.firstFrame < $1.firstFrame }
            flightOfLabel = labels.map { label in
                ordered.firstIndex { label.frame <= $0.lastFrame } ?? ordered.count - 1
            }
        } else {
            flightOfLabel = flightIndices(labels.map(\.frame), labels.map(\.point), maximumGap: maximumGap)
        }
        let positions = zip(labels, flightOfLabel).map { label, flight in
            GroundTruth.Position(frame: label.frame, flight: flight, point: label.point, radius: label.radius,
                                 counts: true, inFlight: true)
        }
        var truth = GroundTruth(positions: positions, labelling: .sparse)
        for (index, flight) in flights.sorted(by: { $0.firstFrame < $1.firstFrame }).enumerated() {
            truth.firstAirborneFrames[index] = flight.firstFrame
            if !flight.end.isEmpty { truth.endings[index] = flight.end }
        }
        return truth
    }

    /// Data rows (after a header, if any): line number, fields, and the line itself.
    private static func rows(_ csv: String) throws -> [(Int, [String], String)] {
        csv.split(whereSeparator: \.isNewline).enumerated().compactMap { n, raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.first?.isLetter == true { return nil }
            return (n + 1, line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }, line)
        }
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

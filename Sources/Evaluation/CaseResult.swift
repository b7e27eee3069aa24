import BallTrace
import Foundation

/// What one case of the suite gave.
package struct CaseResult: Sendable {
    package var evaluationCase: EvaluationCase
    package var frames: Int
    package var trajectories: Int
    /// Nil for an unlabelled clip.
    package var score: ClipScore?
    /// Wall time of the analysis, seconds.
    package var seconds: Double
    /// Why the case could not be run.
    package var failure: String?
    /// For a real clip filmed moving (`--handheld`, `--panning`): each frame's pose, and the
    /// original's own camera as balltrace read it (see ``HandheldFilming``).
    package var filming: (poses: [HandheldFilming.Pose], originalCamera: [SimilarityTransform])?

    package init(evaluationCase: EvaluationCase, frames: Int, trajectories: Int, score: ClipScore?, seconds: Double, failure: String? = nil) {
        self.evaluationCase = evaluationCase
        self.frames = frames
        self.trajectories = trajectories
        self.score = score
        self.seconds = seconds
        self.failure = failure
    }

    /// What keeps this case from passing; empty when it passes.
    package var shortfalls: [String] {
        if let failure { return [failure] }
        if let score { return score.shortfalls() }
        if case let .unlabelled(_, expected) = evaluationCase.source, trajectories != expected {
            return ["\(trajectories) trajectories, \(expected) expected"]
        }
        return []
    }

    package var passes: Bool { shortfalls.isEmpty }
}

/// The suite's results as a plain-text table with a total line.
package func scoreTable(_ results: [CaseResult]) -> String {
    let header = ["clip", "frames", "flights", "uuids/flight", "launch", "end", "recall", "precision", "false", "traj", "result"]
    var rows: [[String]] = [header]
    for r in results {
        let s = r.score
        let verdict: String
        if r.passes { verdict = r.evaluationCase.isGated ? "pass" : "ok" }
        else { verdict = (r.evaluationCase.isGated ? "FAIL: " : "short: ") + r.shortfalls.joined(separator: "; ") }
        let flights = s.map { score in
            score.flights.isEmpty ? "–" : "\(score.flightsFound)/\(score.flights.filter { $0.positions > 0 }.count)"
        } ?? "–"
        let uuids = s.map { score in
            if score.flights.isEmpty { return "–" }
            if score.flights.count > 4 { return "max \(score.maximumUUIDsPerFlight)" }
            return score.flights.map { String($0.uuids) }.joined(separator: ",")
        } ?? "–"
        // Frames from the first airborne frame to the first point, per flight (where known).
        let launch = s.map { score in
            let errors = score.flights.compactMap(\.launchError)
            if errors.isEmpty { return "–" }
            if errors.count > 4 { return String(format: "max %+d", errors.max { abs($0) < abs($1) }!) }
            return errors.map { String(format: "%+d", $0) }.joined(separator: ",")
        } ?? "–"
        // Flights whose exit reason says what their label says, of those labelled and covered.
        let end = s.map { score in
            let judged = score.flights.compactMap(\.endAgrees)
            return judged.isEmpty ? "–" : "\(judged.filter { $0 }.count)/\(judged.count)"
        } ?? "–"
        rows.append([
            r.evaluationCase.name + (r.evaluationCase.isGated ? "" : " *"), "\(r.frames)", flights, uuids, launch, end,
            s.map { String(format: "%.3f", $0.recall) } ?? "–",
            s.map { String(format: "%.3f", $0.precision) } ?? "–",
            s.map { "\($0.falseTrajectories)" } ?? "–", "\(r.trajectories)", verdict,
        ])
    }
    for (label, subset) in [("total (targets apply)", results.filter(\.evaluationCase.isGated)), ("total (all)", results)] {
        let scores = subset.compactMap(\.score)
        let positions = scores.reduce(0) { $0 + $1.countedPositions }, matched = scores.reduce(0) { $0 + $1.matchedPositions }
        let detections = scores.reduce(0) { $0 + $1.countedDetections }, right = scores.reduce(0) { $0 + $1.matchedDetections }
        let flights = scores.reduce(0) { $0 + $1.flights.filter { $0.positions > 0 }.count }
        let found = scores.reduce(0) { $0 + $1.flightsFound }
        let single = scores.reduce(0) { $0 + $1.flights.filter { $0.positions > 0 && $0.uuids == 1 }.count }
        let falses = scores.reduce(0) { $0 + $1.falseTrajectories }
        let passed = subset.filter(\.passes).count
        let judged = scores.flatMap { $0.flights.compactMap(\.endAgrees) }
        rows.append([
            label, "\(subset.reduce(0) { $0 + $1.frames })", "\(found)/\(flights)", "\(single)/\(flights) one", "",
            judged.isEmpty ? "" : "\(judged.filter { $0 }.count)/\(judged.count)",
            positions == 0 ? "–" : String(format: "%.3f", Double(matched) / Double(positions)),
            detections == 0 ? "–" : String(format: "%.3f", Double(right) / Double(detections)),
            "\(falses)", "\(subset.reduce(0) { $0 + $1.trajectories })", "\(passed)/\(subset.count) pass",
        ])
    }
    let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
    var lines = rows.map { row in
        row.enumerated().map { c, cell in
            c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
    lines.insert(String(repeating: "-", count: widths.dropLast().reduce(0, +) + 2 * (widths.count - 1) + 6), at: 1)
    lines.insert(String(repeating: "-", count: lines[1].count), at: lines.count - 2)
    return lines.joined(separator: "\n") + "\n* targets do not apply (moving subject or no labels): reported as measured\n"
}

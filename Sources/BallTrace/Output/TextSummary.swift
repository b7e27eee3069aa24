import FoundationEssentials

/// The short human-readable report: one line per trajectory. Warnings are not in it: a
/// command line prints them apart, on standard error.
package enum TextSummary {
    package static func lines(for result: AnalysisResult) -> [String] {
        let g = result.source.geometry
        let name = result.source.path == "-" ? "standard input" : result.source.path
        var lines = ["\(name): \(g.displayedWidth)×\(g.displayedHeight), \(result.decodedFrameCount) frames, "
            + String(printf: "%.2f s", result.decodedDuration) + ", \(result.trajectories.count) "
            + (result.trajectories.count == 1 ? "trajectory" : "trajectories")]
        for t in result.trajectories {
            let shortID = String(t.uuid.uuidString.prefix(8))
            let end = t.timeRange.start + t.timeRange.duration
            var line = "  \(shortID)" + String(
                printf: "  %.3f–%.3f s  %3d points  confidence %.2f",
                t.timeRange.start, end, t.detectedPoints.count, Double(t.confidence))
            if let launch = TracerLayout.launchText(t.physics) { line += "  launch \(launch)" }
            if let apex = TracerLayout.apexText(t.physics) { line += "  \(apex)" }
            if let carry = TracerLayout.carryText(t.physics) { line += "  \(carry)" }
            // The ball of an earlier trajectory coming back into the picture: one flight, two lines.
            if let continued = t.continues { line += "  continues \(continued.uuidString.prefix(8))" }
            lines.append(line)
        }
        if let time = result.tracerFrameTime {
            lines.append(String(printf: "  tracer picture drawn over the frame at %.3f s", time))
        }
        return lines
    }
}

import FoundationEssentials

/// One row per detected point, for spreadsheets:
/// `uuid,frame,time,x,y,x_px,y_px,radius_px`.
///
/// `x` and `y` are in the document's coordinate system, normalized; `x_px` and `y_px` are pixels
/// of the displayed frame, origin top-left, whatever the coordinate system, so that a
/// spreadsheet can plot them over a screenshot.
package enum PointsCSV {
    package static let header = "uuid,frame,time,x,y,x_px,y_px,radius_px"

    package static func text(for result: AnalysisResult) -> String {
        let geometry = result.source.geometry
        let width = geometry.displayedWidth, height = geometry.displayedHeight
        let shorter = Double(min(width, height))
        var lines = [header]
        for trajectory in result.trajectories {
            for p in trajectory.detectedPoints {
                let pixel = trajectory.coordinateSystem.pixel(NormalizedPoint(x: p.x, y: p.y), frameWidth: width, frameHeight: height)
                lines.append([
                    trajectory.uuid.uuidString, "\(p.frame)", decimal(p.time, 6), decimal(p.x, 6), decimal(p.y, 6),
                    decimal(pixel.x, 2), decimal(pixel.y, 2), decimal(p.radius * shorter, 2),
                ].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Fixed decimals with a point, whatever the locale.
    private static func decimal(_ value: Double, _ places: Int) -> String {
        String(printf: "%.\(places)f", value)
    }
}

import FoundationEssentials

/// Draws the tracer picture: every flight over one frame of the clip, with launch and apex
/// marked and the figures written beside them, the picture a coach sends a player.
enum TracerRenderer {
    /// The encoded picture (PNG or JPEG as `format` says).
    static func render(over frame: OwnedFrame, geometry: FrameGeometry, trajectories: [TrajectoryObservation],
                       format: StillImageFormat, path: String) throws -> Data {
        let picture = try draw(over: frame, geometry: geometry, trajectories: trajectories)
        let encoder = try StillImageEncoder(format: format, width: picture.width, height: picture.height, path: path)
        return try picture.withPixels { try encoder.encode(rgb: $0, stride: $1) }
    }

    /// The frame, upright and of its displayed size, with the flights drawn on it.
    static func draw(over frame: OwnedFrame, geometry: FrameGeometry, trajectories: [TrajectoryObservation]) throws -> TracerPicture {
        let picture = try TracerPicture(frame: frame, geometry: geometry)
        let style = OverlayStyle(shorterSide: geometry.shorterSide)
        let textHeight = style.labelHeight
        let marker = max(5, 2.5 * style.lineWidth)
        let layout = TracerLayout(trajectories: trajectories, frameWidth: picture.width, frameHeight: picture.height,
                                  clearance: marker + style.lineWidth) { TracerPicture.textSize($0, height: textHeight) }
        let dash = 4 * style.lineWidth
        for flight in layout.flights {
            // A dark edge under each line keeps it visible on grass and sky alike.
            try picture.polyline(flight.detected, colour: style.shadowColour, thickness: style.lineWidth + 2)
            try picture.polyline(flight.detected, colour: style.detectedColour, thickness: style.lineWidth)
            for piece in OverlayPaths.dashes(flight.predicted, dash: dash) {
                try picture.polyline(piece, colour: style.shadowColour, thickness: style.lineWidth + 2)
                try picture.polyline(piece, colour: style.projectedColour, thickness: style.lineWidth)
            }
        }
        for flight in layout.flights {
            // Launch: a filled disc; apex: a triangle pointing up.
            if let launch = flight.launch {
                try picture.circle(launch, radius: marker + 1, colour: style.shadowColour)
                try picture.circle(launch, radius: marker, colour: style.labelColour)
                try picture.circle(launch, radius: marker * 0.55, colour: style.detectedColour)
            }
            if let apex = flight.apex {
                let s = marker * 1.3
                let triangle = [PixelPoint(x: apex.x, y: apex.y - s), PixelPoint(x: apex.x + s * 0.9, y: apex.y + s * 0.6),
                                PixelPoint(x: apex.x - s * 0.9, y: apex.y + s * 0.6)]
                try picture.polyline(triangle, closed: true, colour: style.shadowColour, thickness: 3)
                try picture.polyline(triangle, closed: true, filled: true, colour: style.labelColour, thickness: 0)
            }
        }
        for label in layout.labels {
            try picture.text(label.text, at: PixelPoint(x: label.box.x, y: label.box.y), height: textHeight,
                             colour: style.labelColour, outline: style.shadowColour)
        }
        return picture
    }
}

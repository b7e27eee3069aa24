import FoundationEssentials

/// What the tracer picture shows and where, in pixels of the displayed picture: each flight's
/// detected and predicted path, its launch, apex and (when it was seen) landing, and the
/// figures written beside them.
///
/// Pure, so that what a coach reads off the picture (which figures, placed inside the picture,
/// clear of the paths and of each other) is tested without video.
struct TracerLayout: Sendable, Hashable {
    struct Flight: Sendable, Hashable {
        /// Detected ball centres (drawn red).
        var detected: [PixelPoint]
        /// From the last detection along the predicted path (drawn as a dashed green line).
        var predicted: [PixelPoint]
        /// Where the ball was launched; nil for a flight that continues another (the ball
        /// coming back into the picture, launched where that one began).
        var launch: PixelPoint?
        var apex: PixelPoint?
        /// Where the ball came down and lay (its last detection), when it was seen to land.
        var landing: PixelPoint?
    }

    /// A line of text and the box it is drawn in.
    struct Label: Sendable, Hashable {
        var text: String
        var box: PixelRect
        /// The point the text describes.
        var anchor: PixelPoint
    }

    var flights: [Flight]
    var labels: [Label]

    /// - Parameters:
    ///   - frameWidth, frameHeight: the displayed picture, in pixels.
    ///   - clearance: the gap kept between a label and the point it describes.
    ///   - measure: the size, in pixels, of the box a text is drawn in.
    init(trajectories: [TrajectoryObservation], frameWidth: Int, frameHeight: Int, clearance: Double,
                measure: (String) -> (width: Double, height: Double)) {
        flights = trajectories.map { Self.flight($0, frameWidth: frameWidth, frameHeight: frameHeight) }
        // Labels keep clear of every path, not only their own.
        let pathPoints = flights.flatMap { Self.densified($0.detected) + Self.densified($0.predicted) }
        let frame = PixelRect(x: 0, y: 0, width: Double(frameWidth), height: Double(frameHeight))
        labels = []
        for (trajectory, flight) in zip(trajectories, flights) {
            let wanted = [(Self.launchText(trajectory.physics), flight.launch),
                          (Self.apexText(trajectory.physics), flight.apex),
                          (Self.carryText(trajectory.physics), flight.landing)]
            for case let (text?, anchor?) in wanted {
                let size = measure(text)
                let box = Self.place(width: size.width, height: size.height, near: anchor, clearance: clearance,
                                     inside: frame, avoiding: labels.map(\.box), points: pathPoints)
                labels.append(Label(text: text, box: box, anchor: anchor))
            }
        }
    }

    /// Launch speed and angle, when the flight was measured in metres.
    static func launchText(_ physics: FlightPhysics?) -> String? {
        guard let physics, physics.measurable, let speed = physics.launchSpeed, let angle = physics.launchAngle else { return nil }
        return String(printf: "%.1f m/s  %.1f°", speed, angle)
    }

    /// Height gained to the apex, when the flight was measured in metres and rose.
    static func apexText(_ physics: FlightPhysics?) -> String? {
        guard let physics, physics.measurable, let height = physics.apexHeight else { return nil }
        return String(printf: "apex %.*f m", height < 10 ? 2 : 1, height)
    }

    /// The carry to where the ball landed, when it was seen to land and was measured in metres.
    static func carryText(_ physics: FlightPhysics?) -> String? {
        guard let physics, physics.measurable, physics.carryTo == .landing, let carry = physics.carry else { return nil }
        return String(printf: "carry %.*f m", carry < 10 ? 2 : 1, carry)
    }

    private static func flight(_ t: TrajectoryObservation, frameWidth: Int, frameHeight: Int) -> Flight {
        let paths = OverlayPaths(t, frameWidth: frameWidth, frameHeight: frameHeight)
        let apex = t.events.apex.map {
            t.coordinateSystem.pixel(NormalizedPoint(x: $0.x, y: $0.y), frameWidth: frameWidth, frameHeight: frameHeight)
        }
        let landing = t.events.exit.reason == .landed ? paths.detected.last : nil
        return Flight(detected: paths.detected, predicted: paths.predicted, launch: t.continues == nil ? paths.detected[0] : nil,
                      apex: apex, landing: landing)
    }

    /// The polyline with points at most 8 px apart, so that a long straight segment keeps
    /// labels off it too.
    static func densified(_ points: [PixelPoint]) -> [PixelPoint] {
        guard let first = points.first else { return [] }
        var result = [first]
        for (a, b) in zip(points, points.dropFirst()) {
            let steps = max(1, Int((a.distance(to: b) / 8).rounded(.up)))
            for i in 1...steps {
                let f = Double(i) / Double(steps)
                result.append(PixelPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
            }
        }
        return result
    }

    /// The box of the given size beside `anchor` that stays inside the picture, off the other
    /// labels and off the paths, trying the eight directions around the anchor in turn (right
    /// first, where a reader looks after a point); the least bad one when none is clear.
    static func place(width: Double, height: Double, near anchor: PixelPoint, clearance: Double, inside frame: PixelRect,
                      avoiding boxes: [PixelRect], points: [PixelPoint]) -> PixelRect {
        let c = clearance
        let candidates = [
            (c, -height / 2), (-c - width, -height / 2),                  // right, left
            (-width / 2, -c - height), (-width / 2, c),                    // above, below
            (c * 0.7, -c * 0.7 - height), (-c * 0.7 - width, -c * 0.7 - height),  // upper right, upper left
            (c * 0.7, c * 0.7), (-c * 0.7 - width, c * 0.7),               // lower right, lower left
        ].map { PixelRect(x: anchor.x + $0.0, y: anchor.y + $0.1, width: width, height: height) }
        func cost(_ box: PixelRect) -> Double {
            // Rounding leaves a box wholly inside a sliver outside: ignored.
            let outside = max(0, box.width * box.height - overlap(box, frame) - 1e-6)
            let onLabels = boxes.reduce(0) { $0 + overlap(box, $1) }
            let onPath = Double(points.count { box.contains($0) })
            return outside * 100 + onLabels * 10 + onPath * 50
        }
        let best = candidates.enumerated().min { (cost($0.element), $0.offset) < (cost($1.element), $1.offset) }!.element
        // Whatever is left outside (a label larger than a tiny picture) is pushed in.
        return PixelRect(x: min(max(best.x, frame.x), frame.x + frame.width - best.width),
                         y: min(max(best.y, frame.y), frame.y + frame.height - best.height),
                         width: best.width, height: best.height)
    }

    /// Area shared by two rectangles.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return w > 0 && h > 0 ? w * h : 0
    }
}

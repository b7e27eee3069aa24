internal import CBallTraceVision
import FoundationEssentials

/// Draws flights as a broadcast tracer onto frames of the stored picture: each flight's
/// ``FlightCurve`` from its launch up to where the ball is at the frame's time, in one colour
/// with a soft glow under it, staying a moment after the flight's last detection and then
/// fading out (``BroadcastTracerStyle``).
///
/// The layer is rasterized (with OpenCV: anti-aliased lines, a Gaussian blur for the glow) only
/// when what it shows changes: a flight grows or a new one comes. A fade changes only the opacity
/// every frame is blended with, so it costs no drawing while one flight fades alone. Nothing is
/// allocated for a frame that changes nothing.
final class BroadcastTracerRenderer: FrameOverlay {
    /// A flight remembered after the trajectories given stop naming it, until it has faded out.
    private struct Flight {
        let id: UUID
        var points: Int
        var curve: FlightCurve
    }

    /// What the layer shows of one flight: enough to tell when it must be drawn again.
    private struct Drawn: Equatable {
        let id: UUID
        let points: Int
        /// The time the line is drawn up to (the frame's, within the flight).
        let until: Double
        /// Its coverage relative to the most visible flight's, in sixteenths.
        let level: Int
    }

    private let handle: OpaquePointer
    private let geometry: FrameGeometry
    private let style: BroadcastTracerStyle
    private let lineWidth: Double
    private var flights: [Flight] = []
    private var drawn: [Drawn] = []
    private var next: [Drawn] = []
    private var opacity = 0.0
    /// Reused from one drawing to the next.
    private var path: [PixelPoint] = []
    private var xy: [Double] = []

    init(geometry: FrameGeometry, style: BroadcastTracerStyle, width: Int, height: Int) throws {
        self.geometry = geometry
        self.style = style
        lineWidth = style.lineWidth(shorterSide: geometry.shorterSide)
        var created: OpaquePointer?
        try callShim("tracer setup") { bt_tracer_create(Int32(width), Int32(height), &created, $0, $1) }
        handle = created!
    }

    deinit { bt_tracer_destroy(handle) }

    /// Shows these flights, and those shown before that have not yet faded out, as at `time`
    /// (seconds, the frames' clock): each up to where its ball is then.
    func show(_ trajectories: [TrajectoryObservation], at time: Double) throws {
        for t in trajectories {
            let index = flights.firstIndex { $0.id == t.uuid }
            if let index, flights[index].points == t.detectedPoints.count { continue }
            let flight = Flight(id: t.uuid, points: t.detectedPoints.count,
                                curve: FlightCurve(t, frameWidth: geometry.displayedWidth, frameHeight: geometry.displayedHeight))
            if let index { flights[index] = flight } else { flights.append(flight) }
        }
        // Forget what has faded out and is no longer given.
        flights.removeAll { flight in
            style.remaining(age: time - flight.curve.end) == 0 && !trajectories.contains { $0.uuid == flight.id }
        }
        var strongest = 0.0
        for flight in flights where time >= flight.curve.start {
            strongest = max(strongest, style.remaining(age: time - flight.curve.end))
        }
        next.removeAll(keepingCapacity: true)
        for flight in flights where time >= flight.curve.start && strongest > 0 {
            let level = Int((16 * style.remaining(age: time - flight.curve.end) / strongest).rounded())
            guard level > 0 else { continue }
            next.append(Drawn(id: flight.id, points: flight.points, until: min(time, flight.curve.end), level: level))
        }
        opacity = style.opacity * strongest
        guard next != drawn else { return }
        swap(&next, &drawn)
        try redraw()
    }

    private func redraw() throws {
        bt_tracer_clear(handle)
        for shown in drawn {
            guard let flight = flights.first(where: { $0.id == shown.id }) else { continue }
            let weight = Double(shown.level) / 16
            path.removeAll(keepingCapacity: true)
            flight.curve.drawn(until: shown.until, into: &path)
            try line(path, weight: weight)
            guard style.showsLanding else { continue }
            path.removeAll(keepingCapacity: true)
            flight.curve.remainder(after: shown.until, into: &path)
            for dash in OverlayPaths.dashes(path, dash: 3 * lineWidth) { try line(dash, weight: weight) }
        }
        let c = style.colour
        try callShim("tracer rasterization") {
            bt_tracer_finish(handle, style.glow > 0 ? max(1, lineWidth) : 0, c.red, c.green, c.blue, $0, $1)
        }
    }

    /// The line, and under it its glow (``BroadcastTracerStyle/glow``).
    private func line(_ points: [PixelPoint], weight: Double) throws {
        guard points.count >= 2 else { return }
        geometry.storedCoordinates(of: points, into: &xy)
        let count = Int32(points.count)
        try callShim("tracer drawing") {
            bt_tracer_path(handle, xy, count, lineWidth, weight, 3 * lineWidth, style.glow * weight, $0, $1)
        }
    }

    func composite(y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                   v: UnsafeMutablePointer<UInt8>, vStride: Int) throws {
        guard opacity > 0, !drawn.isEmpty else { return }
        try callShim("tracer compositing") {
            bt_tracer_composite_yuv420(handle, opacity, y, yStride, u, uStride, v, vStride, $0, $1)
        }
    }
}

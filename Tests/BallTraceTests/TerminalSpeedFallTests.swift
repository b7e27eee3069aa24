import Testing
@testable import BallTrace

/// A shuttlecock is slowed by drag far more than any ball: within half a second of its apex it
/// falls straight down at its terminal speed, about 6.8 m/s, where drag cancels gravity. The
/// detections are measured on badminton-rally-2 (1280×720, 25 fps pictures converted to 30
/// fps, so every sixth frame repeats the one before): the shuttle dropping from the top of the
/// picture toward a player's racket, 18 px a picture, 2.5–3.5 px across.
@Suite struct TerminalSpeedFallTests {
    private let test = BallisticTest(shorterSide: 720)

    /// frame, the time the analysis gave it (the picture's capture, not its place in the
    /// converted clip), centre, radius, elongation and orientation as the detector measured them.
    typealias Detection = (frame: Int, time: Double, x: Double, y: Double, radius: Double, elongation: Double,
                           orientation: Double)

    private let fall: [Detection] = [
        (79, 2.6200, 497.6, 174.2, 3.50, 2.56, -1.322), (80, 2.6615, 499.2, 192.2, 2.50, 3.98, -1.527),
        (81, 2.7015, 496.2, 217.0, 2.80, 1.83, -1.437), (82, 2.7400, 493.6, 235.6, 2.90, 2.54, -1.418),
        (83, 2.7769, 491.7, 253.5, 2.60, 2.49, -1.481), (85, 2.8200, 489.5, 272.5, 2.80, 2.29, -1.524),
        (86, 2.8615, 487.8, 291.3, 2.80, 2.40, -1.507), (87, 2.9015, 486.2, 307.0, 3.10, 1.55, -1.386),
        (88, 2.9400, 484.5, 324.2, 2.70, 2.34, -1.512), (89, 2.9769, 483.5, 342.7, 2.50, 1.38, -1.412),
        (91, 3.0200, 482.4, 358.6, 2.20, 2.24, -1.505), (92, 3.0615, 480.8, 377.8, 2.50, 2.82, -1.517),
        (93, 3.1015, 480.0, 393.3, 3.00, 1.65, -1.465), (94, 3.1400, 479.3, 410.8, 2.60, 3.06, -1.470),
        (95, 3.1769, 477.7, 428.3, 2.60, 1.23, -1.277),
    ]

    private func points(_ measured: [Detection], turned: Bool = false, slowedBy slowing: Double = 1) -> [TrackPoint] {
        measured.enumerated().map { step, p in
            // Turned a quarter: the same pace across the picture instead of down it.
            let position = turned ? PixelPoint(x: p.y, y: p.x) : PixelPoint(x: p.x, y: p.y)
            let orientation = turned ? .pi / 2 - p.orientation : p.orientation
            return TrackPoint(frame: p.frame, time: fall[0].time + slowing * (p.time - fall[0].time), position: position,
                              radius: p.radius, step: step, elongation: p.elongation, orientation: orientation)
        }
    }

    /// Every window the tracker judges along the fall: none shows the gravity a ball of its size
    /// falls with, and some read as pulled upward (drag slowing it a little, and the noise of a
    /// streak's centre), yet each is a flight.
    @Test func aShuttlecockFallingAtItsTerminalSpeedIsAFlight() {
        let all = points(fall)
        for start in 0...(all.count - 10) {
            let window = Array(all[start..<start + 10])
            let verdict = test.evaluate(window)
            #expect({ if case .fallingAtTerminalSpeed = verdict { true } else { false } }(),
                    "window from frame \(window[0].frame): \(verdict)")
            #expect(!test.isPulledUpward(window), "window from frame \(window[0].frame)")
        }
    }

    /// The same detections crossing the picture at the same pace: something carried or walking,
    /// which nothing makes fall.
    @Test func theSamePaceAcrossThePictureIsNoFall() {
        let verdict = test.evaluate(Array(points(fall, turned: true).prefix(10)))
        #expect(verdict.path == nil, "got \(verdict)")
    }

    /// The same path a third as fast (60 radii a second): a hand or a racket lowered, far slower
    /// than anything drag holds to a steady fall.
    @Test func aSlowSteadyDescentIsNoFall() {
        let verdict = test.evaluate(Array(points(fall, slowedBy: 3).prefix(10)))
        #expect(verdict.path == nil, "got \(verdict)")
    }

    /// Replayed through the tracker, the fall is reported as one flight from its first detection
    /// (its blobs taken as round: a replayed blob has no orientation).
    @Test func theFallIsReportedAsOneFlight() throws {
        let detections = Dictionary(uniqueKeysWithValues: fall.map { p in
            (p.frame, [RecordedBlob(x: p.x, y: p.y, r: p.radius, e: 1, c: 60)])
        })
        let times = Dictionary(uniqueKeysWithValues: fall.map { ($0.frame, $0.time) })
        let flights = flightsReported(from: detections, frames: fall.map(\.frame), width: 1280, height: 720) { times[$0]! }
        try #require(flights.count == 1, "\(flights.count) flights")
        #expect(flights[0].points.first?.frame == 79)
        #expect(flights[0].points.last?.frame == 95)
    }
}

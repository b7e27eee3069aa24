import Foundation
import Testing
@testable import BallTrace

private let width = 640, height = 360

/// A ball launched at (80, 300) px at 30 fps: 300 px/s to the right, 450 px/s up, falling at 600 px/s².
private func flightTrack(frames: Int = 20, startX: Double = 80, direction: Double = 1,
                         radius: (Int) -> Double = { _ in 4 }) -> Track {
    func point(_ k: Int) -> TrackPoint {
        let t = Double(k) / 30
        return TrackPoint(frame: 10 + k, time: 1 + t,
                          position: PixelPoint(x: startX + direction * 300 * t, y: 300 - 450 * t + 300 * t * t), radius: radius(k))
    }
    var track = Track(first: point(0))
    for k in 1..<frames { track.append(point(k)) }
    return track
}

private func observation(_ track: Track, coordinates: CoordinateSystem = .topLeft, scale: ScaleSetting? = .pixelsPerMetre(100)) -> TrajectoryObservation {
    TrajectoryObservation(track: track, frameWidth: width, frameHeight: height, coordinates: coordinates,
                          trajectoryLength: 10, frameInterval: 1.0 / 30, scale: scale)
}

/// Text boxes 14 px tall, 8 px a character: close enough to the real font for placement.
private func layout(_ observations: [TrajectoryObservation]) -> TracerLayout {
    TracerLayout(trajectories: observations, frameWidth: width, frameHeight: height, clearance: 10) {
        (Double($0.count) * 8, 14)
    }
}

@Test func theLaunchLabelGivesSpeedAndAngleAndTheApexLabelItsHeight() throws {
    let o = observation(flightTrack())
    let physics = try #require(o.physics)
    let speed = try #require(physics.launchSpeed), angle = try #require(physics.launchAngle)
    let height = try #require(physics.apexHeight)
    let labels = layout([o]).labels.map(\.text)
    #expect(labels == [String(format: "%.1f m/s  %.1f°", speed, angle), String(format: "apex %.2f m", height)])
    // 300 and 450 px/s at 100 px/m: 5.4 m/s at 56.3°; 450²/(2·600) px = 1.69 m.
    #expect(labels[0] == "5.4 m/s  56.3°" && labels[1] == "apex 1.69 m")
}

/// A ball seen to land (and lie there) gets its carry written beside where it came down; one
/// lost in flight does not (its carry is the path's, to where it would come back down).
@Test(arguments: [true, false])
func aBallSeenToLandHasItsCarryWrittenWhereItCameDown(landed: Bool) throws {
    var track = flightTrack(frames: 40)
    if landed { track.ending = .landed }
    let l = layout([observation(track)])
    let flight = try #require(l.flights.first)
    if landed {
        // 39 frames at 300 px/s, 100 px/m: 3.90 m, beside the last detection.
        let label = try #require(l.labels.last)
        #expect(label.text == "carry 3.90 m")
        #expect(label.anchor == flight.detected.last && flight.landing == flight.detected.last)
    } else {
        #expect(flight.landing == nil && !l.labels.contains { $0.text.hasPrefix("carry") })
    }
}

@Test func withoutAScaleNothingIsWrittenButLaunchAndApexAreStillMarked() throws {
    let l = layout([observation(flightTrack(), scale: nil)])
    #expect(l.labels.isEmpty)
    let flight = try #require(l.flights.first)
    let launch = try #require(flight.launch)
    #expect(abs(launch.x - 80) < 1e-6 && abs(launch.y - 300) < 1e-6)
    // Apex at t = 0.75 s: x = 305, y = 300 − 168.75.
    let apex = try #require(flight.apex)
    #expect(abs(apex.x - 305) < 3 && abs(apex.y - 131.25) < 1)
}

@Test func aFlightSeenInDepthGetsNoFiguresWritten() {
    // The ball shrinks to half its size: flying away from the camera.
    let track = flightTrack(radius: { 8 - 4 * Double($0) / 19 })
    #expect(layout([observation(track)]).labels.isEmpty)
}

@Test func pathsAreInPixelsWhateverTheDocumentsCoordinates() {
    let track = flightTrack()
    let a = layout([observation(track)]).flights[0], b = layout([observation(track, coordinates: .vision)]).flights[0]
    #expect(zip(a.detected, b.detected).allSatisfy { $0.distance(to: $1) < 1e-9 })
    #expect(zip(a.detected, track.points).allSatisfy { $0.distance(to: $1.position) < 1e-9 })
}

@Test func thePredictedPathStartsAtTheLastDetection() throws {
    // Cut short while climbing: the path goes on beyond the last detection.
    let track = flightTrack(frames: 12)
    let flight = layout([observation(track)]).flights[0]
    #expect(flight.predicted.count > 5)
    #expect(try #require(flight.predicted.first).distance(to: track.last.position) < 1e-9)
}

@Test func labelsStayInsideThePictureOffThePathsAndOffEachOther() {
    // Two flights, one launched near the left edge flying right, one near the right edge flying
    // left: every label must be found a clear place.
    let flights = [observation(flightTrack(startX: 20)), observation(flightTrack(startX: 620, direction: -1))]
    let l = layout(flights)
    #expect(l.labels.count == 4)
    let frame = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
    for label in l.labels {
        #expect(frame.contains(label.box), "\(label.text) at \(label.box)")
        let onPath = l.flights.flatMap { TracerLayout.densified($0.detected) + TracerLayout.densified($0.predicted) }
            .filter { label.box.contains($0) }
        #expect(onPath.isEmpty, "\(label.text) covers the path at \(onPath.prefix(3))")
        // Close to what it describes.
        let centre = PixelPoint(x: label.box.x + label.box.width / 2, y: label.box.y + label.box.height / 2)
        #expect(centre.distance(to: label.anchor) < label.box.width)
    }
    for (i, a) in l.labels.enumerated() {
        for b in l.labels[(i + 1)...] {
            #expect(TracerLayout.overlap(a.box, b.box) == 0, "\(a.text) and \(b.text) overlap")
        }
    }
}

@Test func aLabelThatCannotFitBesideItsPointIsPushedIntoThePicture() {
    let box = TracerLayout.place(width: 200, height: 20, near: PixelPoint(x: 5, y: 5), clearance: 10,
                                 inside: PixelRect(x: 0, y: 0, width: 150, height: 100), avoiding: [], points: [])
    #expect(box.x <= 0 && box.y >= 0 && box.y + box.height <= 100)
}

/// A trajectory that continues another (the ball coming back into the picture) was not
/// launched where it is first seen: the tracer marks no launch there, and writes no figures.
@Test func aBallComingBackIntoThePictureGetsNoLaunchMarker() throws {
    var track = flightTrack()
    let own = layout([observation(track)])
    #expect(own.flights.first?.launch == own.flights.first?.detected.first)
    track.continues = UUID()
    let continuing = layout([observation(track)])
    let flight = try #require(continuing.flights.first)
    #expect(flight.launch == nil)
    #expect(!continuing.labels.contains { $0.text.contains("m/s") })
}

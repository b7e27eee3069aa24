import Foundation
import Testing
@testable import BallTrace

private let width = 640, height = 480

/// y = 0.002·x² − 1.6·x + 420 in pixels: a ball rising to the right across a 640×480 frame.
private func pixelY(_ x: Double) -> Double { 0.002 * x * x - 1.6 * x + 420 }

/// Twelve detections at 30 fps, x from 60 to 335 px, starting 1 s into the clip at frame 30.
private func parabolicTrack(count: Int = 12, radii: [Double]? = nil) -> Track {
    func point(_ k: Int) -> TrackPoint {
        let x = 60 + 25 * Double(k)
        return TrackPoint(frame: 30 + k, time: 1 + Double(k) / 30, position: PixelPoint(x: x, y: pixelY(x)),
                          radius: radii?[k] ?? 4)
    }
    var track = Track(first: point(0))
    for k in 1..<count { track.append(point(k)) }
    return track
}

private func observe(_ track: Track, _ coordinates: CoordinateSystem = .topLeft, trajectoryLength: Int = 5) -> TrajectoryObservation {
    TrajectoryObservation(track: track, frameWidth: width, frameHeight: height, coordinates: coordinates,
                          trajectoryLength: trajectoryLength)
}

@Test func observationKeepsTheTracksIdentity() {
    let track = parabolicTrack()
    let o = observe(track)
    #expect(o.uuid == track.id)
    #expect(o.id == track.id)
}

@Test func detectedPointsAreNormalizedToTheWholeFrame() throws {
    let o = observe(parabolicTrack())
    #expect(o.detectedPoints.count == 12)
    let first = try #require(o.detectedPoints.first)
    #expect(first.frame == 30)
    #expect(first.time == 1)
    #expect(abs(first.x - 60.0 / 640) < 1e-12)
    #expect(abs(first.y - pixelY(60) / 480) < 1e-12)
}

@Test func projectedPointsLieOnTheEquationAtTheLastFiveDetectedX() {
    let o = observe(parabolicTrack())
    #expect(o.projectedPoints.count == 5)
    #expect(o.projectedPoints.map(\.x) == o.detectedPoints.suffix(5).map(\.x))
    for p in o.projectedPoints {
        #expect(abs(p.y - o.equation(p.x)) < 1e-9)
    }
    // The data are exact, so the projection is where the ball was seen.
    for (p, d) in zip(o.projectedPoints, o.detectedPoints.suffix(5)) {
        #expect(abs(p.y - d.y) < 1e-9)
    }
}

@Test func shortTrackProjectsEveryPoint() {
    let o = observe(parabolicTrack(count: 3))
    #expect(o.projectedPoints.count == 3)
}

@Test func equationIsTheParabolaInNormalizedTopLeftCoordinates() {
    // Y = y/480 with x = 640·X: a = 0.002·640²/480, b = −1.6·640/480, c = 420/480.
    let e = observe(parabolicTrack()).equation
    #expect(abs(e.a - 0.002 * 640 * 640 / 480) < 1e-9)
    #expect(abs(e.b - -1.6 * 640 / 480) < 1e-9)
    #expect(abs(e.c - 420.0 / 480) < 1e-9)
    let o = observe(parabolicTrack())
    #expect(o.equationCoefficients == SIMD3(Float(e.a), Float(e.b), Float(e.c)))
}

@Test func visionCoordinatesFlipYAndTheEquation() {
    let track = parabolicTrack()
    let top = observe(track, .topLeft), vision = observe(track, .vision)
    #expect(vision.coordinateSystem == .vision)
    for (v, t) in zip(vision.detectedPoints, top.detectedPoints) {
        #expect(v.x == t.x)
        #expect(abs(v.y - (1 - t.y)) < 1e-12)
    }
    for (v, t) in zip(vision.projectedPoints, top.projectedPoints) {
        #expect(abs(v.y - (1 - t.y)) < 1e-9)
    }
    #expect(abs(vision.equation.a - -top.equation.a) < 1e-9)
    #expect(abs(vision.equation.b - -top.equation.b) < 1e-9)
    #expect(abs(vision.equation.c - (1 - top.equation.c)) < 1e-9)
}

@Test func radiusIsNormalizedByTheShorterSide() {
    let o = observe(parabolicTrack())
    for p in o.detectedPoints { #expect(abs(p.radius - 4.0 / 480) < 1e-15) }
}

@Test func movingAverageRadiusIsTheMeanOfTheLastFiveNormalized() {
    let radii: [Double] = [4, 4, 4, 4, 4, 4, 4, 5, 5, 6, 6, 8]
    let o = observe(parabolicTrack(radii: radii))
    #expect(abs(o.movingAverageRadius - 6.0 / 480) < 1e-12)
}

@Test func timeRangeSpansFirstToLastDetection() {
    let o = observe(parabolicTrack())
    #expect(o.timeRange.start == 1)
    #expect(abs(o.timeRange.duration - 11.0 / 30) < 1e-12)
}

@Test func firstReportedFrameComesFromTheTrack() {
    var track = parabolicTrack()
    #expect(observe(track).firstReportedFrame == 41)   // never reported: its last frame
    track.reportedAtFrame = 34
    #expect(observe(track).firstReportedFrame == 34)
}

@Test func exactParabolaHasHighConfidence() {
    let c = observe(parabolicTrack(), trajectoryLength: 5).confidence
    #expect(c > 0.9)
    #expect(c <= 1)
}

@Test func confidenceFallsWithScatterAndStaysInRange() {
    let exact = observe(parabolicTrack()).confidence
    var track = parabolicTrack(count: 1)
    for k in 1..<12 {
        let x = 60 + 25 * Double(k)
        let wobble: Double = k % 2 == 0 ? 3 : -3
        track.append(TrackPoint(frame: 30 + k, time: 1 + Double(k) / 30, position: PixelPoint(x: x, y: pixelY(x) + wobble), radius: 4))
    }
    let noisy = observe(track).confidence
    #expect(noisy >= 0 && noisy <= 1)
    #expect(noisy < exact - 0.2)
}

@Test func aCleanFlightIsConfidentWhenFirstReported() {
    // Apple's samples keep trajectories above 0.9: a clean flight passes from its first report.
    #expect(observe(parabolicTrack(count: 10), trajectoryLength: 10).confidence > 0.9)
    #expect(observe(parabolicTrack(count: 15), trajectoryLength: 15).confidence > 0.9)
}

@Test func fewPointsLeaveDoubt() {
    // Three points fit any parabola: five leave little evidence, ten leave next to none.
    let five = observe(parabolicTrack(count: 5), trajectoryLength: 5).confidence
    let ten = observe(parabolicTrack(count: 10), trajectoryLength: 5).confidence
    #expect(five <= 0.76)
    #expect(ten > 0.98)
}

@Test func detectionsAmongOtherMovingThingsLowerConfidence() {
    let clean = parabolicTrack(count: 12)
    var crowded = Track(first: clean.points[0])
    for (k, point) in clean.points.enumerated().dropFirst() {
        var p = point
        p.isCrowded = k % 2 == 0
        crowded.append(p)
    }
    let alone = observe(clean, trajectoryLength: 10).confidence, among = observe(crowded, trajectoryLength: 10).confidence
    #expect(among < alone - 0.1)
}

/// A long flight slowed by drag: x(t) approaches its limit exponentially, so one parabola in
/// time does not describe the whole of it, though every detection is exact.
private func dragSlowedTrack(count: Int) -> Track {
    func point(_ k: Int) -> TrackPoint {
        let t = Double(k) / 30
        let x = 60 + 600 * (1 - exp(-t / 0.8)), y = 400 - 500 * t + 300 * t * t
        return TrackPoint(frame: k, time: t, position: PixelPoint(x: x, y: y), radius: 3)
    }
    var track = Track(first: point(0))
    for k in 1..<count { track.append(point(k)) }
    return track
}

@Test func aLongFlightBentByDragKeepsAHighConfidence() {
    let track = dragSlowedTrack(count: 60)
    // The path as a whole is not one parabola in time …
    #expect((MotionFit(track.points)?.rms ?? 0) > 3)
    // … but every stretch of it is, and the detections are exact.
    #expect(observe(track, trajectoryLength: 10).confidence > 0.9)
}

@Test func aShortTracksClosenessIsMeasuredFromEveryPointAndALongOnesFromNineWindows() {
    #expect(TrajectoryObservation.windowStarts(points: 9, length: 10).isEmpty)
    #expect(TrajectoryObservation.windowStarts(points: 10, length: 10) == [0])
    #expect(TrajectoryObservation.windowStarts(points: 16, length: 10) == Array(0...6))
    let long = TrajectoryObservation.windowStarts(points: 150, length: 10)
    #expect(long.count == TrajectoryObservation.closenessWindows)
    #expect(long.first == 0 && long.last == 140)
    #expect(zip(long, long.dropFirst()).allSatisfy { $0 < $1 })
}

@Test func aFlightWithTwoRoughPointsAtItsEndIsNotJudgedByItsWorstWindow() {
    // Sixteen exact detections but the last two, each 15 px off (the ball on a rim):
    // every window through them misfits, but most windows do not, and the flight is trusted.
    // (Two or three windows, one anchored at the end, took the worse as their median.)
    var track = parabolicTrack(count: 14)
    for k in 14..<16 {
        let x = 60 + 25 * Double(k)
        track.append(TrackPoint(frame: 30 + k, time: 1 + Double(k) / 30, position: PixelPoint(x: x - 9, y: pixelY(x) + 12), radius: 4))
    }
    #expect(observe(track, trajectoryLength: 10).confidence > 0.9)
}

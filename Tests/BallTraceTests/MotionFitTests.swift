import Testing
@testable import BallTrace

/// A ball launched at (100, 400) px with velocity (300, -600) px/s under gravity 1000 px/s²
/// (y down), sampled at 30 fps starting `start` seconds into the clip.
private func flight(start: Double = 2.0, frames: Int = 15) -> [TrackPoint] {
    (0..<frames).map { i in
        let t = Double(i) / 30
        return TrackPoint(
            frame: 60 + i, time: start + t,
            position: PixelPoint(x: 100 + 300 * t, y: 400 - 600 * t + 500 * t * t),
            radius: 3)
    }
}

@Test func ballisticFlightRecoversGravityAsVerticalAcceleration() throws {
    let fit = try #require(MotionFit(flight()))
    #expect(abs(fit.acceleration.y - 1000) < 1e-6)
    #expect(abs(fit.acceleration.x) < 1e-6)
}

@Test func ballisticFlightRecoversLaunchVelocity() throws {
    let fit = try #require(MotionFit(flight()))
    let v0 = fit.velocity(at: 2.0)
    #expect(abs(v0.x - 300) < 1e-6)
    #expect(abs(v0.y - -600) < 1e-6)
    // Half a second later gravity has turned the climb into a descent.
    let v1 = fit.velocity(at: 2.5)
    #expect(abs(v1.y - (-600 + 1000 * 0.5)) < 1e-6)
}

@Test func timesAreMeasuredFromTheFirstPoint() throws {
    let fit = try #require(MotionFit(flight(start: 7.25)))
    #expect(fit.origin == 7.25)
    let p = fit.position(at: 7.25)
    #expect(abs(p.x - 100) < 1e-9)
    #expect(abs(p.y - 400) < 1e-9)
}

@Test func positionExtrapolatesBeyondTheLastPoint() throws {
    let fit = try #require(MotionFit(flight()))
    // Last sample is at 2 + 14/30 s; predict one second after launch.
    let p = fit.position(at: 3.0)
    #expect(abs(p.x - 400) < 1e-6)
    #expect(abs(p.y - (400 - 600 + 500)) < 1e-6)
}

@Test func exactFlightHasNoResidual() throws {
    let fit = try #require(MotionFit(flight()))
    #expect(fit.rms < 1e-9)
}

@Test func displacedPointShowsUpInTheResidual() throws {
    var points = flight()
    points[7].position.y += 5
    let fit = try #require(MotionFit(points))
    #expect(fit.rms > 0.5)
    #expect(fit.rms < 5)
}

@Test func noPointsGiveNoMotion() {
    #expect(MotionFit([TrackPoint]()) == nil)
}

@Test func aShortStepAgreesWithAPathThatSlowsButNotWithOneThatSpeedsUp() throws {
    // Three detections 1/30 s apart, the last step shorter than the one before (0.8 of it).
    let points = [0.0, 30, 54].enumerated().map { i, y in
        TrackPoint(frame: i, time: Double(i) / 30, position: PixelPoint(x: 0, y: y), radius: 3)
    }
    let interval = 1.0 / 30
    // A ball falling under gravity speeds up a tenth a frame: the short step is not its own.
    let falling = (0..<10).map { i -> TrackPoint in
        let t = Double(i) / 30
        return TrackPoint(frame: i, time: t, position: PixelPoint(x: 0, y: 900 * t + 1350 * t * t), radius: 3)
    }
    let speedingUp = try #require(MotionFit(falling))
    #expect(!speedingUp.agreesWithStepRatio(of: points, interval: interval))
    // A ball receding from the camera slows in the picture: it is.
    let receding = (0..<10).map { i -> TrackPoint in
        let t = Double(i) / 30
        return TrackPoint(frame: i, time: t, position: PixelPoint(x: 0, y: 900 * t - 1350 * t * t), radius: 3)
    }
    let slowing = try #require(MotionFit(receding))
    #expect(slowing.agreesWithStepRatio(of: points, interval: interval))
    // A step longer than the one before agrees with the path that speeds up, not with the one that slows.
    let longer = [0.0, 30, 66].enumerated().map { i, y in
        TrackPoint(frame: i, time: Double(i) / 30, position: PixelPoint(x: 0, y: y), radius: 3)
    }
    #expect(speedingUp.agreesWithStepRatio(of: longer, interval: interval))
    #expect(!slowing.agreesWithStepRatio(of: longer, interval: interval))
}

@Test func aLaunchPointOffThePathIsOutlyingAndOneOnItIsNot() {
    var points = Array(flight(frames: 6))
    #expect(!MotionFit.isOutlyingOldest(points))
    // The strike's frame: the ball's centre taken from a blob merged with the club, 13 px short.
    points[0].position.y += 13
    #expect(MotionFit.isOutlyingOldest(points))
    // Four points say too little about a path to judge the fifth.
    #expect(!MotionFit.isOutlyingOldest(Array(points.prefix(4))))
}

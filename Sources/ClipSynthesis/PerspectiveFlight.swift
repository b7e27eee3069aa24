import BallTrace
import Foundation

/// A ball's flight in 3-D, under gravity and air drag, seen through a ``PinholeCamera``: it
/// shrinks, dims and slows in the picture as it flies away, and its path there is only roughly
/// a parabola.
///
/// Drag is linear in the velocity (deceleration `drag · v`). A golf ball's real drag is closer to
/// quadratic, but over the two or three seconds a clip shows, a linear rate matched to the
/// launch speed slows the ball about as much, and it has a closed form: every frame's position
/// is exact and cheap, with no integration step to tune.
package struct PerspectiveFlight: Sendable, Hashable, Codable {
    package var camera: PinholeCamera
    /// Where the ball's centre is at launch, metres.
    package var launch: SpacePoint
    /// Velocity at launch, metres per second.
    package var velocity: SpacePoint
    /// The ball's real radius, metres.
    package var ballRadius: Double
    /// Metres per second squared, downward.
    package var gravity: Double
    /// Linear drag rate, 1/s.
    package var drag: Double
    /// Quadratic drag instead of linear (deceleration `quadraticDrag · |v| · v`, 1/m), when
    /// given: a shuttlecock's drag is no small correction but most of its flight (it falls at
    /// its terminal speed, √(gravity / quadraticDrag), for much of it), and a linear rate slows it
    /// too little at first and brings it to that speed too late. Its positions are integrated
    /// (a fixed step of a millisecond), not in closed form.
    package var quadraticDrag: Double?
    /// How much more light the ball sends than the background it hides: a sunlit white ball is
    /// several times brighter than the sky, so even once it is smaller than the lens's blur spot
    /// it still shows, as a faint smudge.
    package var brightness: Double

    package init(camera: PinholeCamera, launch: SpacePoint, velocity: SpacePoint, ballRadius: Double,
                gravity: Double = 9.81, drag: Double, quadraticDrag: Double? = nil, brightness: Double) {
        self.camera = camera
        self.launch = launch
        self.velocity = velocity
        self.ballRadius = ballRadius
        self.gravity = gravity
        self.drag = drag
        self.quadraticDrag = quadraticDrag
        self.brightness = brightness
    }

    /// The ball's centre `t` seconds after launch (t ≥ 0).
    package func point(after t: Double) -> SpacePoint {
        let t = max(0, t)
        if let k = quadraticDrag { return integrated(after: t, quadraticDrag: k) }
        let c = drag
        // Distance covered at unit initial speed: (1 - e^{-ct}) / c, or t without drag.
        let reach = c > 1e-9 ? -expm1(-c * t) / c : t
        let fall = c > 1e-9 ? gravity * (t - reach) / c : 0.5 * gravity * t * t
        return SpacePoint(x: launch.x + velocity.x * reach, y: launch.y + velocity.y * reach - fall,
                          z: launch.z + velocity.z * reach)
    }

    /// The centre `t` seconds after launch under gravity and quadratic drag `k`, by fourth-order
    /// Runge–Kutta steps of a millisecond (the last one shorter).
    private func integrated(after t: Double, quadraticDrag k: Double) -> SpacePoint {
        typealias State = (p: SpacePoint, v: SpacePoint)
        func acceleration(_ v: SpacePoint) -> SpacePoint {
            let speed = (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
            return SpacePoint(x: -k * speed * v.x, y: -gravity - k * speed * v.y, z: -k * speed * v.z)
        }
        func moved(_ a: SpacePoint, _ b: SpacePoint, by s: Double) -> SpacePoint {
            SpacePoint(x: a.x + s * b.x, y: a.y + s * b.y, z: a.z + s * b.z)
        }
        var state: State = (launch, velocity)
        var elapsed = 0.0
        while elapsed < t {
            let h = min(0.001, t - elapsed)
            let k1v = acceleration(state.v), k1p = state.v
            let v2 = moved(state.v, k1v, by: h / 2), k2v = acceleration(v2)
            let v3 = moved(state.v, k2v, by: h / 2), k3v = acceleration(v3)
            let v4 = moved(state.v, k3v, by: h), k4v = acceleration(v4)
            func combined(_ a: SpacePoint, _ b: SpacePoint, _ c: SpacePoint, _ d: SpacePoint) -> SpacePoint {
                SpacePoint(x: (a.x + 2 * b.x + 2 * c.x + d.x) / 6, y: (a.y + 2 * b.y + 2 * c.y + d.y) / 6,
                           z: (a.z + 2 * b.z + 2 * c.z + d.z) / 6)
            }
            state.p = moved(state.p, combined(k1p, v2, v3, v4), by: h)
            state.v = moved(state.v, combined(k1v, k2v, k3v, k4v), by: h)
            elapsed += h
        }
        return state.p
    }

    /// Where the ball appears `t` seconds after launch.
    package func imagePosition(after t: Double) -> PixelPoint { camera.project(point(after: t)) }

    /// The geometric radius of the ball's image, pixels.
    package func projectedRadius(after t: Double) -> Double {
        camera.pixels(ballRadius, atDepth: point(after: t).z)
    }

    /// The radius of the spot the ball makes: its image spread by the lens's blur.
    package func apparentRadius(after t: Double) -> Double {
        let r = projectedRadius(after: t), b = camera.blurRadius
        return (r * r + b * b).squareRoot()
    }

    /// The spot's contrast, 0…1: the ball's light spread over the spot, times its brightness.
    package func contrast(after t: Double) -> Double {
        let r = projectedRadius(after: t), spot = apparentRadius(after: t)
        return min(1, brightness * r * r / (spot * spot))
    }

    /// Seconds after launch at which the ball comes back down to the ground; nil if it does not
    /// within a minute.
    package func landingTime() -> Double? {
        var low = 0.05, high = 0.05
        while point(after: high).y > ballRadius {
            low = high
            high *= 2
            if high > 60 { return nil }
        }
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if point(after: mid).y > ballRadius { low = mid } else { high = mid }
        }
        return high
    }
}

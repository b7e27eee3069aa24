import BallTrace

/// A point or vector in the world of a 3-D scene, metres: x to the right, y up, z away from the
/// camera along its optical axis; the origin is on the ground directly below the lens.
package struct SpacePoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double
    package var z: Double

    package init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// An ideal pinhole camera looking horizontally along +z from `height` metres above the ground.
///
/// The principal point need not be the picture's centre: it is where the horizon crosses the
/// picture, so a camera can show more ground than sky without being tilted (a shifted lens), and
/// vertical lines stay vertical.
package struct PinholeCamera: Sendable, Hashable, Codable {
    /// Focal length, pixels.
    package var focalLength: Double
    /// Where the optical axis meets the picture: the vanishing point of lines along z.
    package var principalPoint: PixelPoint
    /// Height of the lens above the ground, metres.
    package var height: Double
    /// Radius, pixels, of the smallest spot the lens and sensor can show: a distant ball never
    /// images smaller than this, it only gets fainter.
    package var blurRadius: Double

    package init(focalLength: Double, principalPoint: PixelPoint, height: Double, blurRadius: Double) {
        self.focalLength = focalLength
        self.principalPoint = principalPoint
        self.height = height
        self.blurRadius = blurRadius
    }

    /// Where `point` appears in the picture (it must be in front of the camera, z > 0).
    package func project(_ point: SpacePoint) -> PixelPoint {
        PixelPoint(x: principalPoint.x + focalLength * point.x / point.z,
                   y: principalPoint.y - focalLength * (point.y - height) / point.z)
    }

    /// The picture's x of the ground line at lateral offset `x` metres and depth `z`.
    func groundPoint(x: Double, z: Double) -> PixelPoint { project(SpacePoint(x: x, y: 0, z: z)) }

    /// Pixels that `size` metres span at depth `z`.
    func pixels(_ size: Double, atDepth z: Double) -> Double { focalLength * size / z }
}

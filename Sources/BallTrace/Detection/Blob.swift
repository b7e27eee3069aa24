/// A compact moving region found in one frame: a candidate ball.
///
/// Positions are in pixels of the displayed picture. A ball smeared by motion blur is an
/// elongated blob; its `radius` is then half the streak's width, and `length` its extent along
/// the direction of motion, which the tracker can use as a speed hint.
package struct Blob: Sendable, Hashable, Codable {
    package var center: PixelPoint
    /// Radius in pixels (half the minor axis of the equivalent ellipse).
    package var radius: Double
    /// Foreground pixels in the blob (at analysis scale, converted to full-frame pixels).
    package var area: Double
    /// Major-axis length over minor-axis length of the equivalent ellipse; 1 for a round blob.
    package var elongation: Double
    /// Length of the major axis in pixels.
    package var length: Double
    /// Angle of the major axis in radians, image axes (x right, y down).
    package var orientation: Double
    /// Mean luma difference from the background model, 0…255.
    package var contrast: Double

    package init(center: PixelPoint, radius: Double, area: Double, elongation: Double = 1, length: Double? = nil,
                orientation: Double = 0, contrast: Double = 0) {
        self.center = center
        self.radius = radius
        self.area = area
        self.elongation = elongation
        self.length = length ?? 2 * radius * elongation
        self.orientation = orientation
        self.contrast = contrast
    }
}

extension Blob {
    /// The same blob seen through `transform` (the camera's motion): moved, turned and scaled.
    func transformed(by transform: SimilarityTransform) -> Blob {
        guard !transform.isIdentity else { return self }
        var moved = self
        let scale = transform.scale
        moved.center = transform.apply(center)
        moved.radius *= scale
        moved.area *= scale * scale
        moved.length *= scale
        moved.orientation += transform.rotation
        return moved
    }
}

extension Blob {
    /// One blob from pieces of the same thing: their area-weighted centre and contrast, their
    /// total area, and the radius of a disc of that area; nil for no pieces.
    init?(merging pieces: [Blob]) {
        let area = pieces.reduce(0) { $0 + $1.area }
        guard area > 0 else { return nil }
        let x = pieces.reduce(0) { $0 + $1.center.x * $1.area } / area
        let y = pieces.reduce(0) { $0 + $1.center.y * $1.area } / area
        let contrast = pieces.reduce(0) { $0 + $1.contrast * $1.area } / area
        self.init(center: PixelPoint(x: x, y: y), radius: (area / .pi).squareRoot(), area: area, contrast: contrast)
    }
}

import FoundationEssentials
import Glibc

/// Where the camera was for one frame, against the first frame: what `--stream` reports per
/// frame, so that a live consumer knows the points it gets are in a moving picture.
public struct FrameCamera: Sendable, Hashable, Codable {
    /// The frame repeated the picture before it (frame-rate conversion) and was not analysed.
    public var repeated: Bool
    /// Where this frame's centre lies in the first frame's picture, less the centre: pixels of
    /// the displayed picture (0, 0 for a camera that has not moved).
    public var offsetX: Double
    public var offsetY: Double
    /// How much larger the scene appears than in the first frame (above 1: zoomed in).
    public var zoom: Double
    /// Degrees the picture is turned against the first frame's, clockwise on screen.
    public var rotation: Double

    package init(repeated: Bool, sceneFromPicture pose: SimilarityTransform, width: Int, height: Int) {
        self.repeated = repeated
        let centre = PixelPoint(x: Double(width) / 2, y: Double(height) / 2)
        let moved = pose.apply(centre)
        offsetX = (moved.x - centre.x).roundedTo(2)
        offsetY = (moved.y - centre.y).roundedTo(2)
        zoom = (1 / pose.scale).roundedTo(5)
        // The picture turned by θ shows the scene turned by −θ.
        rotation = (-pose.rotation * 180 / .pi).roundedTo(3)
    }
}

private extension Double {
    func roundedTo(_ places: Int) -> Double {
        let scale = pow(10, Double(places))
        let value = (self * scale).rounded() / scale
        return value == 0 ? 0 : value  // no −0 in the output
    }
}

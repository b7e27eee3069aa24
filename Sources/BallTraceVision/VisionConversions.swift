import Foundation
import BallTrace

// iOS 18's Swift Vision API converts its normalized points and rects to and from image
// coordinates; the same names here, so code written for it ports. Its points are normalized
// with the origin lower-left (Vision's convention, a request's default here); `origin` says
// which corner the image coordinates count from.

extension CoordinateSystem {
    /// iOS 18's `CoordinateOrigin.lowerLeft`: Vision's convention.
    public static var lowerLeft: CoordinateSystem { .vision }
    /// iOS 18's `CoordinateOrigin.upperLeft`: image coordinates.
    public static var upperLeft: CoordinateSystem { .topLeft }
}

extension NormalizedPoint {
    /// A pixel position in an image of `imageSize`, counted from `origin`, normalized with the
    /// origin lower-left.
    public init(imagePoint: CGPoint, in imageSize: CGSize, origin: CoordinateSystem = .lowerLeft) {
        let x = Double(imagePoint.x / imageSize.width), y = Double(imagePoint.y / imageSize.height)
        self.init(x: x, y: origin == .lowerLeft ? y : 1 - y)
    }

    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }

    /// The point (normalized, origin lower-left) in pixels of an image of `imageSize`, counted
    /// from `origin`.
    public func toImageCoordinates(_ imageSize: CGSize, origin: CoordinateSystem = .lowerLeft) -> CGPoint {
        CGPoint(x: x * Double(imageSize.width), y: (origin == .lowerLeft ? y : 1 - y) * Double(imageSize.height))
    }

    /// The point with y measured from the other edge.
    public func verticallyFlipped() -> NormalizedPoint { NormalizedPoint(x: x, y: 1 - y) }
}

extension NormalizedRect {
    /// A rectangle of pixels in an image of `imageSize`, counted from `origin`, normalized with
    /// the origin lower-left.
    public init(imageRect: CGRect, in imageSize: CGSize, origin: CoordinateSystem = .lowerLeft) {
        let w = Double(imageSize.width), h = Double(imageSize.height)
        let y = Double(imageRect.minY) / h, height = Double(imageRect.height) / h
        self.init(x: Double(imageRect.minX) / w, y: origin == .lowerLeft ? y : 1 - y - height,
                  width: Double(imageRect.width) / w, height: height)
    }

    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

    /// The rectangle (normalized, origin lower-left) in pixels of an image of `imageSize`,
    /// counted from `origin`.
    public func toImageCoordinates(_ imageSize: CGSize, origin: CoordinateSystem = .lowerLeft) -> CGRect {
        let w = Double(imageSize.width), h = Double(imageSize.height)
        return CGRect(x: x * w, y: (origin == .lowerLeft ? y : 1 - y - height) * h, width: width * w, height: height * h)
    }

    /// The rectangle with y measured from the other edge.
    public func verticallyFlipped() -> NormalizedRect { NormalizedRect(x: x, y: 1 - y - height, width: width, height: height) }
}

extension DetectedPoint {
    /// The position alone, as iOS 18 gives a trajectory's points.
    public var location: NormalizedPoint { NormalizedPoint(x: x, y: y) }
    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }

    /// See ``NormalizedPoint/toImageCoordinates(_:origin:)``.
    public func toImageCoordinates(_ imageSize: CGSize, origin: CoordinateSystem = .lowerLeft) -> CGPoint {
        location.toImageCoordinates(imageSize, origin: origin)
    }
}

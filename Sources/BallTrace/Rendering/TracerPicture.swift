internal import CBallTraceVision

/// One decoded frame, upright, drawn on: the tracer picture. Owns its shim picture and frees it
/// in `deinit`.
final class TracerPicture {
    private let handle: OpaquePointer
    let width: Int
    let height: Int

    /// The frame converted to RGB and turned upright as `geometry` says.
    init(frame: OwnedFrame, geometry: FrameGeometry) throws {
        let rgb = try RGBFrame(converting: frame)
        var created: OpaquePointer?
        let quarters = Int32(geometry.rotation.rawValue / 90)
        try callShim("tracer picture") {
            bt_picture_create(rgb.pixels, rgb.stride, Int32(rgb.width), Int32(rgb.height), quarters, &created, $0, $1)
        }
        handle = created!
        width = geometry.displayedWidth
        height = geometry.displayedHeight
    }

    deinit { bt_picture_destroy(handle) }

    /// The size of the box ``text(_:at:height:colour:outline:)`` fills.
    static func textSize(_ text: String, height: Double) -> (width: Double, height: Double) {
        var w = 0.0, h = 0.0
        bt_picture_text_size(text, height, &w, &h)
        return (w, h)
    }

    func polyline(_ points: [PixelPoint], closed: Bool = false, filled: Bool = false, colour: RGBColour, thickness: Double) throws {
        guard points.count >= 2 else { return }
        let xy = points.flatMap { [$0.x, $0.y] }
        try callShim("tracer drawing") {
            bt_picture_polyline(handle, xy, Int32(points.count), closed ? 1 : 0, filled ? 1 : 0, colour.bytes, thickness, $0, $1)
        }
    }

    /// A circle; filled when `thickness` is nil.
    func circle(_ centre: PixelPoint, radius: Double, colour: RGBColour, thickness: Double? = nil) throws {
        try callShim("tracer drawing") {
            bt_picture_circle(handle, centre.x, centre.y, radius, colour.bytes, thickness ?? -1, $0, $1)
        }
    }

    /// Text whose box has its top-left corner at `origin`.
    func text(_ text: String, at origin: PixelPoint, height: Double, colour: RGBColour, outline: RGBColour) throws {
        try callShim("tracer text") {
            bt_picture_text(handle, text, origin.x, origin.y, height, colour.bytes, outline.bytes, $0, $1)
        }
    }

    /// Lends the picture's packed RGB rows to `body`.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, Int) throws -> T) rethrows -> T {
        var data: UnsafePointer<UInt8>?
        var stride = 0
        var w: Int32 = 0, h: Int32 = 0
        bt_picture_pixels(handle, &data, &stride, &w, &h)
        return try withExtendedLifetime(self) { try body(data!, stride) }
    }
}

extension RGBColour {
    /// The three bytes the shim takes.
    package var bytes: [UInt8] { [red, green, blue] }
}

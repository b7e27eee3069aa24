import BallTrace
import CBallTraceVision

/// A colour picture the scenes are painted on (OpenCV drawing behind the C shim); owns its
/// shim state and frees it in `deinit`.
final class Canvas {
    private let handle: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws {
        var created: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        guard bt_canvas_create(Int32(width), Int32(height), &created, &message, message.count) == 0, let created else {
            throw SynthesisError.canvas(text(message))
        }
        handle = created
        self.width = width
        self.height = height
    }

    deinit { bt_canvas_destroy(handle) }

    func gradient(rows: Range<Int>, from top: RGBColour, to bottom: RGBColour) {
        bt_canvas_fill_gradient(handle, Int32(rows.lowerBound), Int32(rows.upperBound), top.bytes, bottom.bytes)
    }

    func circle(_ center: PixelPoint, radius: Double, _ colour: RGBColour, opacity: Double = 1) {
        bt_canvas_circle(handle, center.x, center.y, radius, colour.bytes, opacity)
    }

    func line(_ a: PixelPoint, _ b: PixelPoint, thickness: Double, _ colour: RGBColour, opacity: Double = 1) {
        bt_canvas_line(handle, a.x, a.y, b.x, b.y, thickness, colour.bytes, opacity)
    }

    func rect(_ r: PixelRect, _ colour: RGBColour) {
        bt_canvas_rect(handle, r.x, r.y, r.width, r.height, colour.bytes)
    }

    func polygon(_ points: [PixelPoint], _ colour: RGBColour, opacity: Double = 1) {
        let xy = points.flatMap { [$0.x, $0.y] }
        bt_canvas_polygon(handle, xy, Int32(points.count), colour.bytes, opacity)
    }

    /// An ellipse arc of the given thickness (degrees, clockwise on screen from the rotated x
    /// axis), or the filled ellipse when `thickness` is nil.
    func ellipse(_ center: PixelPoint, radii: (x: Double, y: Double), rotation: Double = 0, from start: Double = 0,
                 to end: Double = 360, thickness: Double? = nil, _ colour: RGBColour, opacity: Double = 1) {
        bt_canvas_ellipse(handle, center.x, center.y, radii.x, radii.y, rotation, start, end, thickness ?? -1,
                          colour.bytes, opacity)
    }

    /// Moves the whole picture by `offset` pixels (camera shake); the uncovered border repeats the edge.
    func shift(by offset: PixelPoint) throws {
        var message = [CChar](repeating: 0, count: 256)
        guard bt_canvas_shift(handle, offset.x, offset.y, &message, message.count) == 0 else {
            throw SynthesisError.canvas(text(message))
        }
    }

    /// Shows the picture through `view` (a camera that moved): each pixel takes the picture at
    /// the point the view maps onto it, bilinear; past the edge the edge repeats.
    func transform(by view: SimilarityTransform) throws {
        var message = [CChar](repeating: 0, count: 256)
        guard bt_canvas_transform(handle, view.a, view.b, view.tx, view.ty, &message, message.count) == 0 else {
            throw SynthesisError.canvas(text(message))
        }
    }

    func save() { bt_canvas_save(handle) }
    func restore() { bt_canvas_restore(handle) }
    func noise(sigma: Double, seed: UInt64) { bt_canvas_noise(handle, sigma, seed) }
    func gain(_ value: Double) { bt_canvas_gain(handle, value) }

    /// Copies the picture into a frame's planes, turned for storage as `rotation` says (the
    /// stored picture is the displayed one turned back by the display rotation).
    func copy(into planes: YUVPlanes, storedFor rotation: DisplayRotation = .none) throws {
        var message = [CChar](repeating: 0, count: 256)
        guard bt_canvas_to_yuv420(handle, Int32(rotation.rawValue / 90), planes.y, planes.yStride, planes.u, planes.uStride, planes.v, planes.vStride,
                                  &message, message.count) == 0
        else { throw SynthesisError.canvas(text(message)) }
    }
}

/// The text of the shim's NUL-terminated message buffer.
private func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

package enum SynthesisError: Error, CustomStringConvertible {
    case canvas(String)
    case invalidScene(String)

    package var description: String {
        switch self {
        case let .canvas(message): return "drawing failed: \(message)"
        case let .invalidScene(message): return "invalid scene: \(message)"
        }
    }
}

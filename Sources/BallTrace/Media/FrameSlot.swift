internal import CFFmpeg

/// Where a frame is decoded to, reused frame after frame: an `AVFrame` whose buffers come from
/// the decoder's own pool, and, for pixel formats without a luma plane, a luma buffer allocated
/// on first need.
final class FrameSlot {
    let frame = OwnedFrame()
    private var grey: UnsafeMutablePointer<UInt8>?
    private var greyCapacity = 0

    init() {}

    deinit { grey?.deallocate() }

    /// A luma buffer of at least `count` bytes, kept for the next frames.
    func greyBuffer(count: Int) -> UnsafeMutablePointer<UInt8> {
        if let grey, greyCapacity >= count { return grey }
        grey?.deallocate()
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        grey = buffer
        greyCapacity = count
        return buffer
    }

    /// The 8-bit luma plane of the frame decoded here: the frame's own first plane when its
    /// format has one, else converted into this slot's grey buffer.
    func luma(converter: inout ScaleContext?) throws -> (UnsafePointer<UInt8>, Int) {
        let f = frame.pointer
        let width = Int(f.pointee.width), height = Int(f.pointee.height)
        let pixelFormat = AVPixelFormat(rawValue: f.pointee.format)
        if hasLumaFirstPlane(pixelFormat), let plane = f.pointee.data.0, f.pointee.linesize.0 > 0 {
            return (UnsafePointer(plane), Int(f.pointee.linesize.0))
        }
        if converter?.matches(width: width, height: height, format: pixelFormat) != true {
            converter = try ScaleContext(width: width, height: height, from: pixelFormat, to: AV_PIX_FMT_GRAY8)
        }
        let grey = greyBuffer(count: width * height)
        converter!.convert(f, into: [grey], strides: [Int32(width)])
        return (UnsafePointer(grey), width)
    }
}

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
}

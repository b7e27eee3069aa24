import FoundationEssentials

/// A decoded picture on loan: valid until its ``FrameSlot`` is decoded into again.
struct DecodedFrame {
    /// 0-based index among decoded frames, in presentation order.
    let index: Int
    /// Seconds since the first decoded frame, from the frame's own timestamp.
    let time: Double
    /// The timestamp in the stream's time base, as the container stores it.
    let timestamp: Int64
    /// The decoded frame itself (any pixel format); owned by the slot it was decoded into.
    let frame: OwnedFrame
    /// The stored picture's 8-bit luma plane: the decoder's own plane when the format has one.
    let luma: UnsafePointer<UInt8>
    let lumaStride: Int
    /// Set on the first frame after the live source was lost and opened again.
    var reconnection: SourceReconnection? = nil
}

import FoundationEssentials

/// One picture handed to ``SequenceRequestHandler/perform(_:on:orientation:)``: its 8-bit luma
/// plane and its time. What `CVPixelBuffer` and `CMTime` are to Vision.
///
/// Frames from ``VideoFileReader`` hold the decoder's own buffer (reference-counted, not
/// copied). Frames made from a caller's buffer (a camera, a hardware decoder, another library)
/// keep that buffer alive as long as they exist; only BGRA is converted, since the analysis
/// reads luma alone.
public struct VideoFrame: @unchecked Sendable {
    /// The stored picture's size, pixels.
    public let width: Int
    public let height: Int
    /// Bytes from one row of the luma plane to the next.
    public let bytesPerRow: Int
    /// Seconds, from the frame's own timestamp; frames must come in increasing time.
    public let time: Double
    /// How the stored picture is turned for display, as its file says (`.none` for a caller's).
    public let rotation: DisplayRotation
    /// Seconds between the stream's frames, when a file says.
    let nominalInterval: Double?
    private let storage: LumaStorage

    /// Wraps a caller's 8-bit luma plane (Y of NV12 or I420, or grey): `bytesPerRow × height`
    /// bytes at least, the last row `width` at least. The array is shared, not copied.
    public init(width: Int, height: Int, bytesPerRow: Int, luma: [UInt8], time: Double) throws(VideoFrameError) {
        try Self.check(width: width, height: height, bytesPerRow: bytesPerRow, bytesPerPixel: 1, count: luma.count, time: time)
        self.init(width: width, height: height, bytesPerRow: bytesPerRow, time: time, rotation: .none, nominalInterval: nil,
                  storage: .array(luma))
    }

    /// Converts a caller's BGRA picture (8 bits a channel, as `kCVPixelFormatType_32BGRA`) to
    /// luma (BT.601).
    public init(width: Int, height: Int, bytesPerRow: Int, bgra: [UInt8], time: Double) throws(VideoFrameError) {
        try Self.check(width: width, height: height, bytesPerRow: bytesPerRow, bytesPerPixel: 4, count: bgra.count, time: time)
        var luma = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for col in 0..<width {
                let i = row * bytesPerRow + 4 * col
                let b = Int(bgra[i]), g = Int(bgra[i + 1]), r = Int(bgra[i + 2])
                luma[row * width + col] = UInt8((66 * r + 129 * g + 25 * b + 128) >> 8 + 16)
            }
        }
        self.init(width: width, height: height, bytesPerRow: width, time: time, rotation: .none, nominalInterval: nil,
                  storage: .array(luma))
    }

    /// A decoded frame, its luma plane read where the decoder wrote it.
    init(decoded: DecodedFrame, rotation: DisplayRotation, nominalInterval: Double?) throws {
        let owner = OwnedFrame()
        try owner.reference(decoded.frame)
        let width = decoded.frame.width, height = decoded.frame.height
        let storage: LumaStorage
        if let plane = owner.firstPlane, UnsafePointer(plane) == decoded.luma {
            storage = .decoded(owner)
        } else {
            // Converted to grey into the decoder's slot, which is reused: copied out.
            storage = .array((0..<height).flatMap { Array(UnsafeBufferPointer(start: decoded.luma + $0 * decoded.lumaStride, count: width)) })
        }
        self.init(width: width, height: height, bytesPerRow: storage.isDecoded ? decoded.lumaStride : width, time: decoded.time,
                  rotation: rotation, nominalInterval: nominalInterval, storage: storage)
    }

    private init(width: Int, height: Int, bytesPerRow: Int, time: Double, rotation: DisplayRotation,
                 nominalInterval: Double?, storage: LumaStorage) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.time = time
        self.rotation = rotation
        self.nominalInterval = nominalInterval
        self.storage = storage
    }

    /// Lends the luma plane to `body`.
    func withLuma<T>(_ body: (UnsafePointer<UInt8>) throws -> T) rethrows -> T {
        switch storage {
        case let .array(bytes): return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
        case let .decoded(frame): return try withExtendedLifetime(frame) { try body(UnsafePointer(frame.firstPlane!)) }
        }
    }

    /// A copy of the luma plane, `width` bytes a row.
    public var lumaBytes: [UInt8] {
        withLuma { luma in (0..<height).flatMap { Array(UnsafeBufferPointer(start: luma + $0 * bytesPerRow, count: width)) } }
    }

    private static func check(width: Int, height: Int, bytesPerRow: Int, bytesPerPixel: Int, count: Int, time: Double) throws(VideoFrameError) {
        guard width > 0, height > 0, width <= PictureLimits.largestSide, height <= PictureLimits.largestSide else { throw .badSize(width: width, height: height) }
        guard bytesPerRow >= width * bytesPerPixel else { throw .rowTooShort(bytesPerRow: bytesPerRow, needed: width * bytesPerPixel) }
        let needed = bytesPerRow * (height - 1) + width * bytesPerPixel
        guard count >= needed else { throw .bufferTooSmall(bytes: count, needed: needed) }
        guard time.isFinite else { throw .badTime(time) }
    }
}

/// Where a frame's luma lives.
private enum LumaStorage {
    case array([UInt8])
    case decoded(OwnedFrame)

    var isDecoded: Bool { if case .decoded = self { return true } else { return false } }
}

/// A caller's buffer that cannot be a frame, or frames that do not make one sequence.
public enum VideoFrameError: Error, Sendable, Hashable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case rowTooShort(bytesPerRow: Int, needed: Int)
    case bufferTooSmall(bytes: Int, needed: Int)
    case badTime(Double)
    /// Frames given to one ``SequenceRequestHandler`` must come in increasing time.
    case timeNotIncreasing(previous: Double, time: Double)
    /// A sequence's frames, or the pictures one ``TrajectoryOverlay`` draws on, keep one size and turn.
    case frameChanged(from: FrameGeometry, to: FrameGeometry)

    public var description: String {
        switch self {
        case let .badSize(w, h): return "a frame of \(w)×\(h) pixels: both sides must be 1…\(PictureLimits.largestSide)"
        case let .rowTooShort(row, needed): return "bytesPerRow \(row) is shorter than a row of the picture (\(needed) bytes)"
        case let .bufferTooSmall(bytes, needed): return "the buffer has \(bytes) bytes; the picture needs \(needed)"
        case let .badTime(time): return "the frame's time must be a finite number of seconds (got \(time))"
        case let .timeNotIncreasing(previous, time):
            return "frames must come in increasing time: \(time) s came after \(previous) s"
        case let .frameChanged(a, b):
            return "the frames changed from \(a.storedWidth)×\(a.storedHeight) turned \(a.rotation.rawValue)° to \(b.storedWidth)×\(b.storedHeight) turned \(b.rotation.rawValue)°; use a new SequenceRequestHandler for a new sequence"
        }
    }
}

/// How a caller's buffer is turned relative to the picture a viewer sees, as Vision's
/// `CGImagePropertyOrientation` says it: `.right` is a buffer whose top row is the picture's
/// right side (a phone held upright, its camera sensor landscape).
public enum FrameOrientation: Sendable, Hashable, CaseIterable {
    case up, right, down, left

    var rotation: DisplayRotation {
        switch self {
        case .up: return .none
        case .right: return .clockwise90
        case .down: return .upsideDown
        case .left: return .clockwise270
        }
    }
}

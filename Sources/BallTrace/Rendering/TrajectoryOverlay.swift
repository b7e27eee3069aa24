/// A picture in planar YUV 4:2:0 (I420), 8 bits a sample: what ``TrajectoryOverlay`` draws on.
public struct PlanarYUVImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height` luma samples, then two chroma planes of `⌈width/2⌉ × ⌈height/2⌉`.
    public var y: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// A black picture.
    public init(width: Int, height: Int) throws(VideoFrameError) {
        guard width > 0, height > 0, width <= PictureLimits.largestSide, height <= PictureLimits.largestSide else { throw .badSize(width: width, height: height) }
        self.width = width
        self.height = height
        y = [UInt8](repeating: 16, count: width * height)
        u = [UInt8](repeating: 128, count: ((width + 1) / 2) * ((height + 1) / 2))
        v = u
    }

    /// A caller's planes, rows packed (no padding).
    public init(width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8]) throws(VideoFrameError) {
        try self.init(width: width, height: height)
        let chroma = chromaWidth * chromaHeight
        guard y.count >= width * height else { throw .bufferTooSmall(bytes: y.count, needed: width * height) }
        guard u.count >= chroma, v.count >= chroma else { throw .bufferTooSmall(bytes: min(u.count, v.count), needed: chroma) }
        self.y = y
        self.u = u
        self.v = v
    }
}

/// Draws trajectories as the overlay video does (region of interest blue, detected path red,
/// projected path green, predicted path dashed green) onto a caller's pictures: a server
/// analysing its own frames produces the command line's overlay. Rasterized only when what it
/// shows changes, then blended into each picture.
public final class TrajectoryOverlay {
    private let renderer: any FrameOverlay
    private let geometry: FrameGeometry
    /// The latest detection drawn: the time of a picture drawn without one.
    private var latest = -Double.infinity

    /// - Parameters:
    ///   - width, height: the pictures drawn on, as stored.
    ///   - orientation: how they are turned relative to what a viewer sees, as given to
    ///     ``SequenceRequestHandler/perform(_:on:orientation:)``.
    ///   - regionOfInterest: drawn in blue when given, in `coordinates`.
    public init(width: Int, height: Int, orientation: FrameOrientation = .up, regionOfInterest: NormalizedRect? = nil,
                coordinates: CoordinateSystem = .vision) throws {
        (geometry, renderer) = try Self.renderer(.vision, width: width, height: height, orientation: orientation,
                                                 regionOfInterest: regionOfInterest, coordinates: coordinates)
    }

    /// Draws as `drawing` says: Vision's drawing, or the broadcast tracer (which leaves out the region of interest).
    package init(width: Int, height: Int, orientation: FrameOrientation = .up, regionOfInterest: NormalizedRect? = nil,
                 coordinates: CoordinateSystem = .vision, drawing: OverlayDrawing) throws {
        (geometry, renderer) = try Self.renderer(drawing, width: width, height: height, orientation: orientation,
                                                 regionOfInterest: regionOfInterest, coordinates: coordinates)
    }

    private static func renderer(_ drawing: OverlayDrawing, width: Int, height: Int, orientation: FrameOrientation,
                                 regionOfInterest: NormalizedRect?, coordinates: CoordinateSystem) throws -> (FrameGeometry, any FrameOverlay) {
        let geometry = FrameGeometry(storedWidth: width, storedHeight: height, rotation: orientation.rotation)
        let region = regionOfInterest.map {
            coordinates.topLeft($0).pixelRect(width: geometry.displayedWidth, height: geometry.displayedHeight)
        }
        return (geometry, try makeFrameOverlay(drawing, geometry: geometry, region: region, width: width, height: height))
    }

    /// Draws these trajectories (a request's ``DetectTrajectoriesRequest/results``) onto `image`.
    public func draw(_ trajectories: [TrajectoryObservation], on image: inout PlanarYUVImage) throws {
        latest = trajectories.lazy.compactMap { $0.detectedPoints.last?.time }.reduce(latest, max)
        try draw(trajectories, on: &image, at: latest)
    }

    /// Draws these trajectories onto the picture taken at `time` (seconds, the detections'
    /// clock): the broadcast tracer grows and fades with it.
    package func draw(_ trajectories: [TrajectoryObservation], on image: inout PlanarYUVImage, at time: Double) throws {
        guard image.width == geometry.storedWidth, image.height == geometry.storedHeight else {
            throw VideoFrameError.frameChanged(
                from: geometry, to: FrameGeometry(storedWidth: image.width, storedHeight: image.height, rotation: geometry.rotation))
        }
        try renderer.show(trajectories, at: time)
        let (cw, stride) = (image.chromaWidth, image.width)
        try image.y.withUnsafeMutableBufferPointer { y in
            try image.u.withUnsafeMutableBufferPointer { u in
                try image.v.withUnsafeMutableBufferPointer { v in
                    try renderer.composite(y: y.baseAddress!, yStride: stride, u: u.baseAddress!, uStride: cw, v: v.baseAddress!, vStride: cw)
                }
            }
        }
    }
}

/// The other places a track's object may be this frame (see `Track.prediction`), held inline:
/// a prediction is made for every chain in every frame (a thousand in clutter), and an array
/// of them would be allocated and freed each time.
struct OtherCentres: Sendable, Hashable, RandomAccessCollection {
    /// As many as a prediction offers: a short window's path, the path without the newest
    /// point, the path before the ball began to go behind something, one in depth or the
    /// parabola, the straight continuation, the receding one.
    static let capacity = 6

    private var storage: (PixelPoint, PixelPoint, PixelPoint, PixelPoint, PixelPoint, PixelPoint)
    private(set) var count = 0

    init() {
        let origin = PixelPoint(x: 0, y: 0)
        storage = (origin, origin, origin, origin, origin, origin)
    }

    /// The first ``capacity`` of `points`.
    init(_ points: some Sequence<PixelPoint>) {
        self.init()
        for point in points.prefix(Self.capacity) { append(point) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> PixelPoint {
        precondition(index >= 0 && index < count, "OtherCentres index out of range")
        return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<PixelPoint>.stride, as: PixelPoint.self) }
    }

    mutating func append(_ point: PixelPoint) {
        precondition(count < Self.capacity, "more centres than a prediction offers")
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: point, toByteOffset: count * MemoryLayout<PixelPoint>.stride, as: PixelPoint.self)
        }
        count += 1
    }

    static func == (a: OtherCentres, b: OtherCentres) -> Bool { a.elementsEqual(b) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for point in self { hasher.combine(point) }
    }
}

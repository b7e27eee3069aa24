import FoundationEssentials
import Glibc

/// A track's expectation for the current frame.
struct Expectation: Sendable, Hashable {
    var center: PixelPoint
    var gate: Double
    /// Radius the track has had lately, pixels.
    var radius: Double

    /// Other places the object may be (see `Track.prediction`); the nearest counts.
    var alternatives: OtherCentres

    init(center: PixelPoint, gate: Double, radius: Double, alternatives: OtherCentres = OtherCentres()) {
        self.center = center
        self.gate = gate
        self.radius = radius
        self.alternatives = alternatives
    }

    init(center: PixelPoint, gate: Double, radius: Double, alternatives: [PixelPoint]) {
        self.init(center: center, gate: gate, radius: radius, alternatives: OtherCentres(alternatives))
    }

    /// Distance in gate units, or nil when the blob is outside the gate or of another size.
    func cost(of blob: Blob) -> Double? {
        cost(x: blob.center.x, y: blob.center.y, radius: blob.radius)
    }

    /// The cost of a blob centred at (x, y) with that radius: all of a blob the cost looks at.
    @inline(__always)
    func cost(x: Double, y: Double, radius blobRadius: Double) -> Double? {
        // The nearest centre, compared squared (the square root only of the one that counts).
        func squared(_ p: PixelPoint) -> Double {
            let dx = p.x - x, dy = p.y - y
            return dx * dx + dy * dy
        }
        var nearest = squared(center)
        for alternative in alternatives { nearest = min(nearest, squared(alternative)) }
        // A blob larger than expected has a less certain centre: the gate grows with it.
        let allowed = gate + max(0, blobRadius - radius)
        guard nearest <= allowed * allowed else { return nil }
        let distance = nearest.squareRoot()
        guard distance <= allowed else { return nil }
        // A ball's apparent size changes slowly; a much larger or smaller blob is something else,
        // and among blobs in the gate, one of about the expected size is preferred.
        let ratio = blobRadius / max(radius, 0.5)
        guard (ratio < 3 && ratio > 1.0 / 3) || abs(blobRadius - radius) <= 2 else { return nil }
        let sizeMismatch = abs(blobRadius - radius) <= 1 ? 0 : max(0, abs(log(ratio)) - log(1.5))
        return distance / allowed + sizeMismatch
    }
}

/// Blobs sorted by x, so that each expectation looks only at those within reach of it: in a
/// cluttered frame (players, a crowd) hundreds of chains meet hundreds of blobs, and comparing
/// every pair cost more than decoding the frame.
struct BlobsByX {
    private let order: [Int]
    private let xs: [Double]
    /// The largest blob radius: a blob larger than expected widens the gate by the excess.
    private let largestRadius: Double

    init(_ blobs: [Blob], available: Set<Int>?) {
        self.init(blobs, indices: blobs.indices.filter { available?.contains($0) ?? true })
    }

    init(_ blobs: [Blob], available: [Bool]) {
        self.init(blobs, indices: blobs.indices.filter { available[$0] })
    }

    private init(_ blobs: [Blob], indices: [Int]) {
        order = indices.sorted { (blobs[$0].center.x, $0) < (blobs[$1].center.x, $1) }
        xs = order.map { blobs[$0].center.x }
        largestRadius = indices.map { blobs[$0].radius }.max() ?? 0
    }

    /// Indices of the blobs whose x lies within the largest gate `expectation` may have of any
    /// of its centres: a superset of those `Expectation.cost(of:)` accepts.
    func candidates(for expectation: Expectation) -> ArraySlice<Int> {
        let columns = reach(of: expectation, along: \.x)
        return order[firstIndex(atLeast: columns.lowerBound)..<firstIndex(atLeast: columns.upperBound + 1e-9)]
    }


    /// The span of one coordinate that any of the expectation's centres reaches with its
    /// largest gate (widened by the largest blob's excess radius).
    private func reach(of expectation: Expectation, along coordinate: (PixelPoint) -> Double) -> ClosedRange<Double> {
        let reach = expectation.gate + max(0, largestRadius - expectation.radius)
        var low = coordinate(expectation.center), high = low
        for alternative in expectation.alternatives {
            low = min(low, coordinate(alternative))
            high = max(high, coordinate(alternative))
        }
        return (low - reach)...(high + reach)
    }

    private func firstIndex(atLeast x: Double) -> Int {
        var lo = 0, hi = xs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// Assigns blobs to expectations one to one, cheapest pair first (greedy nearest-neighbour
/// within gates). Returns pairs of (expectation index, blob index).
func associateExclusively(_ expectations: [Expectation], _ blobs: [Blob], available: Set<Int>? = nil) -> [(Int, Int)] {
    var candidates: [(cost: Double, track: Int, blob: Int)] = []
    let byX = BlobsByX(blobs, available: available)
    for (t, expectation) in expectations.enumerated() {
        for b in byX.candidates(for: expectation) {
            if let cost = expectation.cost(of: blobs[b]) { candidates.append((cost, t, b)) }
        }
    }
    // Ties go to the lower expectation, then the lower blob, whatever order they were found in.
    candidates.sort { ($0.cost, $0.track, $0.blob) < ($1.cost, $1.track, $1.blob) }
    var usedTracks = Set<Int>(), usedBlobs = Set<Int>()
    var pairs: [(Int, Int)] = []
    for candidate in candidates where !usedTracks.contains(candidate.track) && !usedBlobs.contains(candidate.blob) {
        usedTracks.insert(candidate.track)
        usedBlobs.insert(candidate.blob)
        pairs.append((candidate.track, candidate.blob))
    }
    return pairs
}

/// Gives each expectation its nearest blobs within its gate (up to `limit`, cheapest first),
/// blobs shared: used for young tracks, so that a noise speck next to a ball cannot steal the
/// ball's second detection. Returns (expectation index, blob indices).
func associateNearest(_ expectations: [Expectation], _ blobs: [Blob], available: Set<Int>, limit: Int = 1) -> [(Int, [Int])] {
    var mask = [Bool](repeating: false, count: blobs.count)
    for b in available where b >= 0 && b < blobs.count { mask[b] = true }
    return associateNearest(expectations, blobs, available: mask, limit: limit)
}

/// ``associateNearest(_:_:available:limit:)`` with the available blobs as a mask by index: it
/// runs for every chain in every frame, so it keeps the few cheapest in place rather than
/// sorting every blob in the gate, and looks at the cells of a ``BlobGrid`` outward from the
/// expectation's centres, stopping once no farther blob could be cheaper than the ones kept. A
/// chain of one point has a gate as wide as the fastest ball travels in a frame: in clutter it
/// would otherwise compare every blob in the picture to find its few nearest.
func associateNearest(_ expectations: [Expectation], _ blobs: [Blob], available: [Bool], limit: Int) -> [(Int, [Int])] {
    var result: [(Int, [Int])] = []
    result.reserveCapacity(expectations.count)
    forEachNearest(expectations, blobs, available: available, limit: limit) { t, chosen in
        result.append((t, Array(chosen)))
    }
    return result
}

/// ``associateNearest(_:_:available:limit:)`` without building its answer: `body` is called, in
/// order, with each expectation that has blobs in its gate and its nearest (cheapest first),
/// in a buffer reused from one expectation to the next.
func forEachNearest(_ expectations: some Collection<Expectation>, _ blobs: [Blob], available: [Bool], limit: Int,
                    _ body: (Int, UnsafeBufferPointer<Int>) -> Void) {
    guard limit > 0 else { return }
    let grid = BlobGrid(blobs, available: available)
    // The cheapest so far, ascending by (cost, blob index): `kept` of them.
    withUnsafeTemporaryAllocation(of: Double.self, capacity: limit) { costs in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: limit) { chosen in
            for (t, expectation) in expectations.enumerated() {
                var kept = 0
                // Every cost is at least the distance to the nearest centre over the widest gate.
                grid.forEachCandidate(of: expectation, stop: { bound in
                    kept == limit && bound > costs[kept - 1]
                }) { b, x, y, radius in
                    guard let cost = expectation.cost(x: x, y: y, radius: radius) else { return }
                    if kept == limit, (costs[kept - 1], chosen[kept - 1]) <= (cost, b) { return }
                    // Insertion into the few kept: the last one falls out when all are taken.
                    var i = kept == limit ? kept - 1 : kept
                    while i > 0, (costs[i - 1], chosen[i - 1]) > (cost, b) {
                        costs[i] = costs[i - 1]
                        chosen[i] = chosen[i - 1]
                        i -= 1
                    }
                    costs[i] = cost
                    chosen[i] = b
                    if kept < limit { kept += 1 }
                }
                guard kept > 0 else { continue }
                body(t, UnsafeBufferPointer(rebasing: chosen[0..<kept]))
            }
        }
    }
}

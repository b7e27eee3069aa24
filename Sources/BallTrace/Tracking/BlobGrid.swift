/// A frame's blobs bucketed in square cells, so that a chain looks only at the cells its gate
/// reaches, nearest first. In clutter (players, leaves, a crowd) a thousand chains meet a few
/// hundred blobs every frame; sorted along one axis, each chain still compared every blob in its
/// column band.
struct BlobGrid {
    private let originX: Double, originY: Double
    /// Side of a cell, pixels.
    private let cell: Double
    private let columns: Int, rows: Int
    /// The blobs by cell (row-major), ascending by index within a cell:
    /// `members[starts[c]..<starts[c + 1]]`, each with its centre and radius, so that a cell's
    /// blobs are read from consecutive memory (a thousand chains look at a dozen blobs each,
    /// every frame).
    private let starts: [Int]
    private let members: [Member]
    private struct Member {
        var blob: Int
        var x, y, radius: Double
    }
    /// The largest blob radius: a blob larger than expected widens the gate by the excess.
    private let largestRadius: Double

    /// Cells along the longer side of the blobs' extent: enough that a typical gate covers a few
    /// cells holding a blob or two each.
    private static let cellsAcross = 32.0

    init(_ blobs: [Blob], available: [Bool]) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var largest = 0.0
        for (b, blob) in blobs.enumerated() where available[b] {
            minX = min(minX, blob.center.x)
            maxX = max(maxX, blob.center.x)
            minY = min(minY, blob.center.y)
            maxY = max(maxY, blob.center.y)
            largest = max(largest, blob.radius)
        }
        largestRadius = largest
        guard minX <= maxX else {
            originX = 0; originY = 0; cell = 1; columns = 0; rows = 0; starts = [0]; members = []
            return
        }
        originX = minX
        originY = minY
        let cell = max(4, max(maxX - minX, maxY - minY) / Self.cellsAcross)
        self.cell = cell
        let columns = Int((maxX - minX) / cell) + 1, rows = Int((maxY - minY) / cell) + 1
        self.columns = columns
        self.rows = rows
        // A counting sort by cell; blobs are visited in index order, so each cell's list ascends.
        var starts = [Int](repeating: 0, count: columns * rows + 1)
        for (b, blob) in blobs.enumerated() where available[b] {
            starts[Self.index(blob.center, minX, minY, cell, columns, rows) + 1] += 1
        }
        for c in 0..<columns * rows { starts[c + 1] += starts[c] }
        var next = starts
        var members = [Member](repeating: Member(blob: 0, x: 0, y: 0, radius: 0), count: starts[columns * rows])
        for (b, blob) in blobs.enumerated() where available[b] {
            let c = Self.index(blob.center, minX, minY, cell, columns, rows)
            members[next[c]] = Member(blob: b, x: blob.center.x, y: blob.center.y, radius: blob.radius)
            next[c] += 1
        }
        self.starts = starts
        self.members = members
    }

    private static func index(_ p: PixelPoint, _ minX: Double, _ minY: Double, _ cell: Double, _ columns: Int, _ rows: Int) -> Int {
        min(rows - 1, Int((p.y - minY) / cell)) * columns + min(columns - 1, Int((p.x - minX) / cell))
    }

    /// The column (or row) holding coordinate `v`, clamped to the grid.
    private func slot(_ v: Double, origin: Double, count: Int) -> Int {
        let s = ((v - origin) / cell).rounded(.down)
        return s < 0 ? 0 : s >= Double(count) ? count - 1 : Int(s)
    }

    /// The expectation's largest gate, widened by the largest blob's excess radius: no blob it
    /// accepts is farther than this from the nearest of its centres.
    func widestGate(of expectation: Expectation) -> Double {
        expectation.gate + max(0, largestRadius - expectation.radius)
    }

    /// Calls `visit` with every blob in the cells `expectation`'s gate reaches (its index, centre
    /// and radius), ring by ring outward from the cells of its centres, until `stop(bound)` says
    /// that no blob at least `bound` gate widths from every centre could matter. Inlined into its
    /// caller, with the cells read through pointers: it runs for every chain in every frame (a
    /// thousand in clutter), and called through closures, with each array access checked, it
    /// cost as much as everything else association does.
    @inline(__always)
    func forEachCandidate(of expectation: Expectation, stop: (Double) -> Bool,
                          _ visit: (_ blob: Int, _ x: Double, _ y: Double, _ radius: Double) -> Void) {
        guard columns > 0 else { return }
        var lowX = expectation.center.x, highX = lowX, lowY = expectation.center.y, highY = lowY
        for alternative in expectation.alternatives {
            lowX = min(lowX, alternative.x)
            highX = max(highX, alternative.x)
            lowY = min(lowY, alternative.y)
            highY = max(highY, alternative.y)
        }
        let widest = max(widestGate(of: expectation), 1e-9)
        // Cells the gate reaches; none when it lies wholly off the grid.
        let reachRight = highX + widest - originX, reachLeft = lowX - widest - originX
        let reachBottom = highY + widest - originY, reachTop = lowY - widest - originY
        guard reachRight >= 0, reachBottom >= 0, reachLeft < Double(columns) * cell, reachTop < Double(rows) * cell else { return }
        let c0 = slot(lowX - widest, origin: originX, count: columns), c1 = slot(highX + widest, origin: originX, count: columns)
        let r0 = slot(lowY - widest, origin: originY, count: rows), r1 = slot(highY + widest, origin: originY, count: rows)
        // The cells of the centres (clamped: a centre off the grid is only farther from the rest).
        let cc0 = slot(lowX, origin: originX, count: columns), cc1 = slot(highX, origin: originX, count: columns)
        let rr0 = slot(lowY, origin: originY, count: rows), rr1 = slot(highY, origin: originY, count: rows)
        let columns = columns, cell = cell
        starts.withUnsafeBufferPointer { starts in
            members.withUnsafeBufferPointer { members in
                // Every index below lies within the grid: rows r0…r1, columns c0…c1.
                @inline(__always) func visitCell(_ r: Int, _ c: Int) {
                    let k = r * columns + c
                    var m = starts[k]
                    let end = starts[k + 1]
                    while m < end {
                        let member = members[m]
                        visit(member.blob, member.x, member.y, member.radius)
                        m += 1
                    }
                }
                var ring = 0
                while true {
                    let left = cc0 - ring, right = cc1 + ring, top = rr0 - ring, bottom = rr1 + ring
                    if left < c0 && right > c1 && top < r0 && bottom > r1 { return }
                    // A cell `ring` cells out is at least `ring - 1` cells from every centre.
                    if ring > 1, stop(Double(ring - 1) * cell / widest) { return }
                    var r = max(top, r0)
                    let lastRow = min(bottom, r1)
                    while r <= lastRow {
                        if ring == 0 || r == top || r == bottom {  // the centres' own cells, then a ring's edges
                            var c = max(left, c0)
                            let to = min(right, c1)
                            while c <= to {
                                visitCell(r, c)
                                c += 1
                            }
                        } else {
                            if left >= c0 { visitCell(r, left) }
                            if right <= c1, right != left { visitCell(r, right) }
                        }
                        r += 1
                    }
                    ring += 1
                }
            }
        }
    }
}

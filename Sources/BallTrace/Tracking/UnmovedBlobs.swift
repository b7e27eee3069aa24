/// Which of `blobs` lie within `distance` pixels of one of `previous` (the blobs of the frame
/// before), by index. Both are in the scene's pixels, so a camera that moved does not move
/// what stood still.
func unmovedBlobs(_ blobs: [Blob], since previous: [Blob], within distance: Double) -> [Bool] {
    var unmoved = [Bool](repeating: false, count: blobs.count)
    guard !previous.isEmpty else { return unmoved }
    // The frame before's centres by x: each blob looks only at those in its column band.
    let centres = previous.map(\.center).sorted { $0.x < $1.x }
    for (b, blob) in blobs.enumerated() {
        var low = 0, high = centres.count
        while low < high {
            let middle = (low + high) / 2
            if centres[middle].x < blob.center.x - distance { low = middle + 1 } else { high = middle }
        }
        var k = low
        while k < centres.count, centres[k].x <= blob.center.x + distance {
            if centres[k].distance(to: blob.center) <= distance {
                unmoved[b] = true
                break
            }
            k += 1
        }
    }
    return unmoved
}

import Testing
@testable import BallTrace

private func blob(_ x: Double, _ y: Double, radius: Double = 3) -> Blob {
    Blob(center: PixelPoint(x: x, y: y), radius: radius, area: Double.pi * radius * radius)
}

private func expectation(_ x: Double, _ y: Double, gate: Double = 50, radius: Double = 3) -> BallTrace.Expectation {
    BallTrace.Expectation(center: PixelPoint(x: x, y: y), gate: gate, radius: radius)
}

/// Pairs as a set of "expectation→blob" strings, for order-independent comparison.
private func pairSet(_ pairs: [(Int, Int)]) -> Set<String> {
    Set(pairs.map { "\($0.0)→\($0.1)" })
}

@Test func exclusiveAssociationGivesTheContestedBlobToTheNearerExpectation() {
    // Both expectations could take blob 0; B is far nearer to it. A's only other option is
    // outside its gate, so A goes without.
    let expectations = [expectation(0, 0), expectation(30, 0)]
    let blobs = [blob(28, 0), blob(60, 0)]
    let pairs = associateExclusively(expectations, blobs)
    #expect(pairSet(pairs) == ["1→0"])
}

@Test func exclusiveAssociationGivesEachBlobToAtMostOneExpectation() {
    let expectations = [expectation(0, 0), expectation(20, 0), expectation(10, 5)]
    let blobs = [blob(18, 0), blob(-10, 0), blob(11, 4)]
    let pairs = associateExclusively(expectations, blobs)
    #expect(pairSet(pairs) == ["1→0", "0→1", "2→2"])
    #expect(Set(pairs.map { $0.1 }).count == pairs.count)
    #expect(Set(pairs.map { $0.0 }).count == pairs.count)
}

@Test func exclusiveAssociationPrefersTheCheapestPairOverTheFirstListed() {
    // Expectation 0 comes first but blob 0 is much closer to expectation 1; expectation 0
    // then takes the remaining blob within its gate.
    let expectations = [expectation(0, 0), expectation(10, 0)]
    let blobs = [blob(9, 0), blob(-20, 0)]
    let pairs = associateExclusively(expectations, blobs)
    #expect(pairSet(pairs) == ["1→0", "0→1"])
}

@Test func blobsOutsideTheGateAreNotAssigned() {
    let pairs = associateExclusively([expectation(100, 100, gate: 20)], [blob(121, 100), blob(100, 79)])
    #expect(pairs.isEmpty)
    let inside = associateExclusively([expectation(100, 100, gate: 20)], [blob(121, 100), blob(100, 81)])
    #expect(pairSet(inside) == ["0→1"])
}

@Test func blobFourTimesTheExpectedRadiusIsRejected() {
    let e = expectation(100, 100, radius: 3)
    #expect(e.cost(of: blob(100, 100, radius: 12)) == nil)
    #expect(associateExclusively([e], [blob(101, 100, radius: 12)]).isEmpty)
    #expect(associateNearest([e], [blob(101, 100, radius: 12)], available: [0]).isEmpty)
}

@Test func blobFourTimesSmallerThanTheExpectedRadiusIsRejected() {
    let e = expectation(100, 100, radius: 12)
    #expect(e.cost(of: blob(100, 100, radius: 3)) == nil)
}

@Test func modestSizeChangeIsAccepted() {
    let e = expectation(100, 100, radius: 4)
    #expect(e.cost(of: blob(100, 110, radius: 6)) != nil)
    #expect(e.cost(of: blob(100, 110, radius: 2)) != nil)
}

@Test func tinyBallToleratesAPixelOrTwoOfSizeChange() {
    // A half-pixel ball seen as a 2 px blob is a ratio of 4, but only 1.5 px apart.
    let e = expectation(100, 100, radius: 0.5)
    #expect(e.cost(of: blob(100, 100, radius: 2)) != nil)
}

@Test func costIsDistanceInGateUnits() throws {
    let e = expectation(0, 0, gate: 40)
    let cost = try #require(e.cost(of: blob(12, 16)))   // 20 px away
    #expect(abs(cost - 0.5) < 1e-12)
}

@Test func unavailableBlobsAreLeftAlone() {
    let expectations = [expectation(0, 0)]
    let blobs = [blob(1, 0), blob(20, 0)]
    #expect(pairSet(associateExclusively(expectations, blobs, available: [1])) == ["0→1"])
    #expect(pairSet(nearestPairs(associateNearest(expectations, blobs, available: [1]))) == ["0→1"])
    #expect(associateNearest(expectations, blobs, available: []).isEmpty)
}

@Test func nearestAssociationLetsTwoExpectationsShareOneBlob() {
    let expectations = [expectation(0, 0), expectation(20, 0)]
    let blobs = [blob(10, 0)]
    let pairs = nearestPairs(associateNearest(expectations, blobs, available: [0]))
    #expect(pairSet(pairs) == ["0→0", "1→0"])
    // Exclusive association would give it to only one of them.
    #expect(associateExclusively(expectations, blobs).count == 1)
}

@Test func nearestAssociationPicksEachExpectationsClosestBlob() {
    let expectations = [expectation(0, 0), expectation(100, 0)]
    let blobs = [blob(30, 0), blob(5, 0), blob(90, 0), blob(60, 0)]
    let pairs = nearestPairs(associateNearest(expectations, blobs, available: Set(blobs.indices)))
    #expect(pairSet(pairs) == ["0→1", "1→2"])
}

@Test func nearestAssociationCanOfferSeveralCandidatesCheapestFirst() {
    let expectations = [expectation(0, 0, gate: 50)]
    let blobs = [blob(30, 0), blob(5, 0), blob(90, 0), blob(20, 0)]
    let offered = associateNearest(expectations, blobs, available: Set(blobs.indices), limit: 3)
    #expect(offered.count == 1)
    // Within the gate, nearest first; the blob 90 px away is outside it.
    #expect(offered.first?.1 == [1, 3, 0])
}

/// The first (nearest) blob offered to each expectation.
private func nearestPairs(_ offers: [(Int, [Int])]) -> [(Int, Int)] {
    offers.compactMap { offer in offer.1.first.map { (offer.0, $0) } }
}

@Test func crowdedFrameIsAssociatedAsIfEveryPairWereCompared() {
    // A frame full of clutter: 150 chains and 300 blobs of all sizes. Looking only at the blobs
    // within reach of each chain must give exactly what comparing every pair gives.
    var jitter = Jitter(state: 99)
    func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (jitter.next(1) + 1) / 2 * (range.upperBound - range.lowerBound)
    }
    let blobs = (0..<300).map { _ in blob(uniform(0...1280), uniform(0...720), radius: uniform(0.5...25)) }
    let expectations = (0..<150).map { _ -> BallTrace.Expectation in
        let centre = PixelPoint(x: uniform(0...1280), y: uniform(0...720))
        let alternatives = (0..<Int(uniform(0...3))).map { _ in
            PixelPoint(x: centre.x + uniform(-60...60), y: centre.y + uniform(-60...60))
        }
        return BallTrace.Expectation(center: centre, gate: uniform(4...80), radius: uniform(1...15), alternatives: alternatives)
    }
    let available = Set(blobs.indices.filter { $0 % 7 != 0 })

    // Every pair, cheapest first, ties by expectation then blob.
    var every: [(cost: Double, track: Int, blob: Int)] = []
    for (t, e) in expectations.enumerated() {
        for b in available.sorted() { if let cost = e.cost(of: blobs[b]) { every.append((cost, t, b)) } }
    }
    every.sort { ($0.cost, $0.track, $0.blob) < ($1.cost, $1.track, $1.blob) }
    var usedTracks = Set<Int>(), usedBlobs = Set<Int>(), exclusive: [(Int, Int)] = []
    for c in every where !usedTracks.contains(c.track) && !usedBlobs.contains(c.blob) {
        usedTracks.insert(c.track)
        usedBlobs.insert(c.blob)
        exclusive.append((c.track, c.blob))
    }
    #expect(exclusive.count > 20, "the clutter should give many pairs")
    #expect(pairSet(associateExclusively(expectations, blobs, available: available)) == pairSet(exclusive))

    let nearest = associateNearest(expectations, blobs, available: available, limit: 3)
    for (t, chosen) in nearest {
        let reference = every.filter { $0.track == t }.prefix(3).map(\.blob)
        #expect(chosen == reference, "expectation \(t)")
    }
    #expect(nearest.count == Set(every.map(\.track)).count)
}

@Test func chainsWithGatesAsWideAsThePictureGetTheFewNearestBlobsAsIfEveryBlobWereCompared() {
    // Chains of one point have gates as wide as a fast ball travels in a frame. In clutter
    // bunched in places (a crowd, a tree), some centres off the picture, each chain's three
    // cheapest blobs must be those that comparing every blob gives.
    var jitter = Jitter(state: 7)
    func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (jitter.next(1) + 1) / 2 * (range.upperBound - range.lowerBound)
    }
    let clumps = (0..<6).map { _ in PixelPoint(x: uniform(0...1920), y: uniform(0...1080)) }
    let blobs = (0..<400).map { i -> Blob in
        let clump = clumps[i % clumps.count]
        return blob(clump.x + uniform(-150...150), clump.y + uniform(-90...90), radius: uniform(0.5...12))
    }
    let expectations = (0..<200).map { i -> BallTrace.Expectation in
        let centre = PixelPoint(x: uniform(-200...2120), y: uniform(-200...1280))
        let alternatives = i % 3 == 0 ? [PixelPoint(x: centre.x + uniform(-40...40), y: centre.y + uniform(-40...40))] : []
        return BallTrace.Expectation(center: centre, gate: uniform(20...700), radius: uniform(1...8), alternatives: alternatives)
    }
    let available = blobs.indices.map { $0 % 5 != 0 }
    let nearest = associateNearest(expectations, blobs, available: available, limit: 3)
    var offered = 0
    for (t, e) in expectations.enumerated() {
        let reference = blobs.indices.filter { available[$0] }
            .compactMap { b in e.cost(of: blobs[b]).map { (cost: $0, blob: b) } }
            .sorted { ($0.cost, $0.blob) < ($1.cost, $1.blob) }
            .prefix(3).map(\.blob)
        let chosen = nearest.first { $0.0 == t }?.1 ?? []
        #expect(chosen == reference, "expectation \(t)")
        offered += reference.isEmpty ? 0 : 1
    }
    #expect(offered > 100, "most wide gates should reach some clutter")
}

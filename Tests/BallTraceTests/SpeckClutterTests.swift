import Testing
@testable import BallTrace

/// A 1280×720 picture analysed at full size: specks are blobs of up to three pixels.
private func clutter() -> SpeckClutter { SpeckClutter(width: 1280, height: 720, analysisPixel: 1) }

private func blob(_ x: Double, _ y: Double, radius: Double) -> Blob {
    Blob(center: PixelPoint(x: x, y: y), radius: radius, area: .pi * radius * radius, contrast: 30)
}

/// A fence's flicker: three specks a frame somewhere in a 40 px patch around (400, 300).
private func fence(frame: Int) -> [Blob] {
    (0..<3).map { k in blob(390 + Double((frame * 7 + k * 13) % 20), 290 + Double((frame * 5 + k * 11) % 20), radius: 0.6) }
}

@Test func specksAreChainedUntilTheirPlaceShowsThemInMostFrames() {
    var specks = clutter()
    // The first frames: nothing is known of the place yet.
    #expect(specks.crowdedSpecks(fence(frame: 0)) == [false, false, false])
    for frame in 1..<60 { _ = specks.crowdedSpecks(fence(frame: frame)) }
    #expect(specks.crowdedSpecks(fence(frame: 60)) == [true, true, true])
}

@Test func aBallAmongTheSpecksAndASpeckElsewhereAreStillChained() {
    var specks = clutter()
    for frame in 0..<60 { _ = specks.crowdedSpecks(fence(frame: frame)) }
    let ball = blob(405, 305, radius: 3)
    let farSpeck = blob(1000, 100, radius: 0.6)
    #expect(specks.crowdedSpecks(fence(frame: 60) + [ball, farSpeck]) == [true, true, true, false, false])
}

@Test func aPlaceThatStoppedFlickeringHasItsSpecksChainedAgain() {
    var specks = clutter()
    for frame in 0..<60 { _ = specks.crowdedSpecks(fence(frame: frame)) }
    // The player who shook the fence walked away: a few seconds without specks there.
    for _ in 0..<90 { _ = specks.crowdedSpecks([]) }
    #expect(specks.crowdedSpecks([blob(400, 300, radius: 0.6)]) == [false])
}

@Test func specksBeyondTheSceneFollowedAreKept() {
    var specks = clutter()
    // A camera panned more than a picture's width away: no rate is kept there, nothing dropped.
    let far = (0..<3).map { blob(-1500 + Double($0), 300, radius: 0.6) }
    for _ in 0..<60 { _ = specks.crowdedSpecks(far) }
    #expect(specks.crowdedSpecks(far) == [false, false, false])
}

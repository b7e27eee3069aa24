import Foundation
import Testing
@testable import BallTrace

private func close(_ a: PixelPoint, _ b: PixelPoint, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

// MARK: Coordinate systems

@Test func topLeftNormalizesByFrameSizeKeepingYDown() {
    let n = CoordinateSystem.topLeft.normalize(PixelPoint(x: 160, y: 90), frameWidth: 640, frameHeight: 360)
    #expect(n == NormalizedPoint(x: 0.25, y: 0.25))
}

@Test func visionFlipsYSoTheTopRowIsOne() {
    let top = CoordinateSystem.vision.normalize(PixelPoint(x: 0, y: 0), frameWidth: 640, frameHeight: 360)
    #expect(top == NormalizedPoint(x: 0, y: 1))
    let bottom = CoordinateSystem.vision.normalize(PixelPoint(x: 640, y: 360), frameWidth: 640, frameHeight: 360)
    #expect(bottom == NormalizedPoint(x: 1, y: 0))
    let n = CoordinateSystem.vision.normalize(PixelPoint(x: 160, y: 90), frameWidth: 640, frameHeight: 360)
    #expect(n == NormalizedPoint(x: 0.25, y: 0.75))
}

@Test(arguments: CoordinateSystem.allCases)
func normalizeThenPixelReturnsTheSamePixel(system: CoordinateSystem) {
    for p in [PixelPoint(x: 0, y: 0), PixelPoint(x: 123.5, y: 47.25), PixelPoint(x: 1919, y: 1079)] {
        let n = system.normalize(p, frameWidth: 1920, frameHeight: 1080)
        #expect(close(system.pixel(n, frameWidth: 1920, frameHeight: 1080), p))
    }
}

@Test func coordinateSystemNamesAreTheDocumentedOnes() {
    #expect(CoordinateSystem.topLeft.rawValue == "top-left")
    #expect(CoordinateSystem.vision.rawValue == "vision")
    #expect(CoordinateSystem(rawValue: "top-left") == .topLeft)
}

// MARK: Display rotation

@Test func quarterTurnsSwapDisplayedWidthAndHeight() {
    for rotation in DisplayRotation.allCases {
        let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: rotation)
        let swapped = rotation == .clockwise90 || rotation == .clockwise270
        #expect(g.displayedWidth == (swapped ? 1080 : 1920))
        #expect(g.displayedHeight == (swapped ? 1920 : 1080))
        #expect(g.shorterSide == 1080)
    }
}

@Test(arguments: DisplayRotation.allCases)
func storedAndDisplayedMappingsAreInverses(rotation: DisplayRotation) {
    let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: rotation)
    let storedPoints = [PixelPoint(x: 0, y: 0), PixelPoint(x: 10.5, y: 700.25), PixelPoint(x: 1920, y: 1080)]
    for p in storedPoints {
        #expect(close(g.stored(fromDisplayed: g.displayed(fromStored: p)), p))
    }
    let displayedPoints = [PixelPoint(x: 0, y: 0), PixelPoint(x: 333, y: 44.5),
                           PixelPoint(x: Double(g.displayedWidth), y: Double(g.displayedHeight))]
    for p in displayedPoints {
        #expect(close(g.displayed(fromStored: g.stored(fromDisplayed: p)), p))
    }
}

@Test(arguments: DisplayRotation.allCases)
func storedPictureMapsOntoTheWholeDisplayedPicture(rotation: DisplayRotation) {
    let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: rotation)
    let corners = [PixelPoint(x: 0, y: 0), PixelPoint(x: 1920, y: 0), PixelPoint(x: 0, y: 1080), PixelPoint(x: 1920, y: 1080)]
    let mapped = corners.map { g.displayed(fromStored: $0) }
    let w = Double(g.displayedWidth), h = Double(g.displayedHeight)
    let expected = [PixelPoint(x: 0, y: 0), PixelPoint(x: w, y: 0), PixelPoint(x: 0, y: h), PixelPoint(x: w, y: h)]
    for corner in expected {
        #expect(mapped.contains { close($0, corner) })
    }
}

@Test func clockwiseQuarterTurnPutsStoredTopLeftAtDisplayedTopRight() {
    // A portrait phone clip stored as 1920×1080 landscape, shown 1080×1920.
    let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: .clockwise90)
    let nearTopLeft = g.displayed(fromStored: PixelPoint(x: 10, y: 20))
    #expect(close(nearTopLeft, PixelPoint(x: 1080 - 20, y: 10)))
    // Stored top-right goes to displayed bottom-right, stored bottom-left to displayed top-left.
    #expect(close(g.displayed(fromStored: PixelPoint(x: 1920, y: 0)), PixelPoint(x: 1080, y: 1920)))
    #expect(close(g.displayed(fromStored: PixelPoint(x: 0, y: 1080)), PixelPoint(x: 0, y: 0)))
}

@Test func counterClockwiseQuarterTurnPutsStoredTopLeftAtDisplayedBottomLeft() {
    let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: .clockwise270)
    #expect(close(g.displayed(fromStored: PixelPoint(x: 10, y: 20)), PixelPoint(x: 20, y: 1920 - 10)))
}

@Test func upsideDownMapsTopLeftToBottomRight() {
    let g = FrameGeometry(storedWidth: 640, storedHeight: 360, rotation: .upsideDown)
    #expect(close(g.displayed(fromStored: PixelPoint(x: 10, y: 20)), PixelPoint(x: 630, y: 340)))
}

@Test func displayedRegionMapsToTheSameStoredPixels() {
    let g = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: .clockwise90)
    // Top-left quarter of the displayed portrait picture.
    let region = PixelRect(x: 0, y: 0, width: 540, height: 960)
    let stored = g.stored(fromDisplayed: region)
    #expect(stored == PixelRect(x: 0, y: 540, width: 960, height: 540))
    // Every displayed point inside the region lands inside the stored rectangle.
    for p in [PixelPoint(x: 1, y: 1), PixelPoint(x: 539, y: 959), PixelPoint(x: 270, y: 480)] {
        #expect(stored.contains(g.stored(fromDisplayed: p)))
    }
}

@Test func nearestRotationRoundsAndWrapsAngles() {
    #expect(DisplayRotation(nearestDegrees: -90) == .clockwise270)
    #expect(DisplayRotation(nearestDegrees: 90) == .clockwise90)
    #expect(DisplayRotation(nearestDegrees: 180) == .upsideDown)
    #expect(DisplayRotation(nearestDegrees: -180) == .upsideDown)
    #expect(DisplayRotation(nearestDegrees: 359) == DisplayRotation.none)
    #expect(DisplayRotation(nearestDegrees: 0) == DisplayRotation.none)
    #expect(DisplayRotation(nearestDegrees: 89.9) == .clockwise90)
    #expect(DisplayRotation(nearestDegrees: 450) == .clockwise90)
    #expect(DisplayRotation(nearestDegrees: 270) == .clockwise270)
}

@Test func nonFiniteRotationMeansNoRotation() {
    #expect(DisplayRotation(nearestDegrees: .nan) == DisplayRotation.none)
    #expect(DisplayRotation(nearestDegrees: .infinity) == DisplayRotation.none)
}

// MARK: Normalized rectangles

@Test func regionOfInterestConvertsToPixelsOfTheFrame() {
    let r = NormalizedRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)
    #expect(r.pixelRect(width: 640, height: 360) == PixelRect(x: 160, y: 180, width: 320, height: 90))
    #expect(NormalizedRect.fullFrame.isFullFrame)
    #expect(!r.isFullFrame)
}

@Test func iOS18sImageConversionsCountFromTheOriginAsked() {
    let size = CGSize(width: 200, height: 100)
    let p = NormalizedPoint(x: 0.25, y: 0.8)   // origin lower-left: near the top
    #expect(p.toImageCoordinates(size) == CGPoint(x: 50, y: 80))
    #expect(abs(p.toImageCoordinates(size, origin: .upperLeft).y - 20) < 1e-9)
    #expect(abs(NormalizedPoint(imagePoint: CGPoint(x: 50, y: 20), in: size, origin: .upperLeft).verticallyFlipped().y - 0.2) < 1e-12)
    let r = NormalizedRect(x: 0.1, y: 0.6, width: 0.5, height: 0.3)
    let image = r.toImageCoordinates(size, origin: .upperLeft)
    #expect(abs(image.minY - 10) < 1e-9 && abs(image.height - 30) < 1e-9)
    let back = NormalizedRect(imageRect: image, in: size, origin: .upperLeft)
    #expect(abs(back.y - r.y) < 1e-12 && abs(back.height - r.height) < 1e-12)
    #expect(abs(r.verticallyFlipped().y - 0.1) < 1e-12)
}

import Foundation
import Testing
@testable import BallTrace

// MARK: Radius limits

@Test func plainNumberIsARadiusNormalizedToTheShorterSide() {
    #expect(RadiusLimit(parsing: "0.01") == .normalized(0.01))
    #expect(RadiusLimit(parsing: " 0.2 ") == .normalized(0.2))
}

@Test func numberWithPxSuffixIsARadiusInPixels() {
    #expect(RadiusLimit(parsing: "12px") == .pixels(12))
    #expect(RadiusLimit(parsing: "2.5px") == .pixels(2.5))
}

@Test(arguments: ["abc", "px", "", "12pt", "nan", "infpx", "inf"])
func unparseableRadiusIsRejected(text: String) {
    #expect(RadiusLimit(parsing: text) == nil)
}

@Test(arguments: [RadiusLimit.normalized(0.015), .pixels(12), .pixels(2.5), .normalized(0)])
func radiusLimitDescriptionParsesBackToItself(limit: RadiusLimit) {
    #expect(RadiusLimit(parsing: limit.description) == limit)
}

@Test func radiusLimitsConvertBetweenPixelsAndNormalized() {
    #expect(abs(RadiusLimit.normalized(0.01).pixels(shorterSide: 1080) - 10.8) < 1e-12)
    #expect(RadiusLimit.pixels(12).pixels(shorterSide: 1080) == 12)
    #expect(abs(RadiusLimit.pixels(12).normalized(shorterSide: 1000) - 0.012) < 1e-15)
    #expect(abs(RadiusLimit.normalized(0.05).normalized(shorterSide: 720) - 0.05) < 1e-15)
}

// MARK: Analysis settings

@Test func defaultSettingsAreValid() throws {
    try AnalysisSettings().validate()
    try AnalysisSettings().validate(shorterSide: 360)
}

@Test func trajectoryLengthBelowFiveIsRejected() throws {
    #expect(throws: AnalysisSettingsError.trajectoryLengthTooShort(4)) {
        try AnalysisSettings(trajectoryLength: 4).validate()
    }
    try AnalysisSettings(trajectoryLength: 5).validate()
}

@Test func negativeFrameSpacingIsRejected() throws {
    #expect(throws: AnalysisSettingsError.negativeFrameSpacing(-0.1)) {
        try AnalysisSettings(frameSpacing: -0.1).validate()
    }
    #expect(throws: AnalysisSettingsError.self) {
        try AnalysisSettings(frameSpacing: .nan).validate()
    }
    try AnalysisSettings(frameSpacing: 0.5).validate()
}

@Test func regionReachingPastTheRightEdgeIsRejected() throws {
    let region = NormalizedRect(x: 0.5, y: 0, width: 0.6, height: 1)
    #expect(throws: AnalysisSettingsError.regionOutsideFrame(region)) {
        try AnalysisSettings(regionOfInterest: region).validate()
    }
    try AnalysisSettings(regionOfInterest: NormalizedRect(x: 0.5, y: 0, width: 0.5, height: 1)).validate()
}

@Test func emptyOrNegativeRegionIsRejected() {
    for region in [NormalizedRect(x: 0.1, y: 0.1, width: 0, height: 0.5),
                   NormalizedRect(x: -0.1, y: 0, width: 0.5, height: 0.5),
                   NormalizedRect(x: 0, y: 0, width: .nan, height: 0.5)] {
        #expect(!region.isValid)
        #expect(throws: AnalysisSettingsError.self) { try AnalysisSettings(regionOfInterest: region).validate() }
    }
}

@Test func minimumRadiusAboveMaximumIsRejected() {
    #expect(throws: AnalysisSettingsError.minimumAboveMaximum(.normalized(0.2), .normalized(0.1))) {
        try AnalysisSettings(minimumRadius: .normalized(0.2), maximumRadius: .normalized(0.1)).validate()
    }
    #expect(throws: AnalysisSettingsError.minimumAboveMaximum(.pixels(30), .pixels(20))) {
        try AnalysisSettings(minimumRadius: .pixels(30), maximumRadius: .pixels(20)).validate()
    }
}

@Test func negativeMinimumAndNonPositiveMaximumRadiusAreRejected() {
    #expect(throws: AnalysisSettingsError.negativeRadius(.pixels(-1))) {
        try AnalysisSettings(minimumRadius: .pixels(-1)).validate()
    }
    #expect(throws: AnalysisSettingsError.nonPositiveMaximumRadius(.normalized(0))) {
        try AnalysisSettings(maximumRadius: .normalized(0)).validate()
    }
}

@Test func mixedUnitRadiiAreCheckedOnceTheFrameSizeIsKnown() throws {
    // 20 px minimum against 0.01 of a 1000 px shorter side (10 px) maximum.
    let settings = AnalysisSettings(minimumRadius: .pixels(20), maximumRadius: .normalized(0.01))
    try settings.validate()   // units differ: cannot be judged without the frame
    #expect(throws: AnalysisSettingsError.minimumAboveMaximum(.pixels(20), .normalized(0.01))) {
        try settings.validate(shorterSide: 1000)
    }
    // On a 4K-high frame 0.01 is 40 px, above the minimum.
    try settings.validate(shorterSide: 4000)
}

@Test func frameSizeCheckStillAppliesTheBasicChecks() {
    #expect(throws: AnalysisSettingsError.trajectoryLengthTooShort(3)) {
        try AnalysisSettings(trajectoryLength: 3).validate(shorterSide: 1080)
    }
}

@Test func settingsErrorsNameTheOffendingValue() {
    #expect(AnalysisSettingsError.trajectoryLengthTooShort(4).description.contains("4"))
    #expect(AnalysisSettingsError.minimumAboveMaximum(.pixels(20), .normalized(0.01)).description.contains("20.0px"))
}

// MARK: Blob filter

private func blob(_ x: Double, _ y: Double, radius: Double) -> Blob {
    Blob(center: PixelPoint(x: x, y: y), radius: radius, area: Double.pi * radius * radius)
}

@Test func blobFilterDropsBlobsOutsideTheRegion() {
    let filter = BlobFilter(region: PixelRect(x: 100, y: 100, width: 200, height: 100), minimumRadius: 2, maximumRadius: 10)
    #expect(filter.accepts(blob(150, 150, radius: 4)))
    #expect(filter.accepts(blob(100, 200, radius: 4)))   // on the edge counts as inside
    #expect(!filter.accepts(blob(99, 150, radius: 4)))
    #expect(!filter.accepts(blob(150, 201, radius: 4)))
    #expect(!filter.accepts(blob(301, 150, radius: 4)))
}

@Test func blobFilterDropsBlobsOutsideTheRadiusBounds() {
    let filter = BlobFilter(region: nil, minimumRadius: 2, maximumRadius: 10)
    #expect(!filter.accepts(blob(150, 150, radius: 1.9)))
    #expect(filter.accepts(blob(150, 150, radius: 2)))
    #expect(filter.accepts(blob(150, 150, radius: 10)))
    #expect(!filter.accepts(blob(150, 150, radius: 10.1)))
    // Without a region, position does not matter.
    #expect(filter.accepts(blob(-5, 5000, radius: 5)))
}

@Test func blobFilterApplyKeepsOnlyAcceptedBlobsInOrder() {
    let filter = BlobFilter(region: PixelRect(x: 0, y: 0, width: 100, height: 100), minimumRadius: 2, maximumRadius: 10)
    let blobs = [blob(10, 10, radius: 3), blob(200, 10, radius: 3), blob(20, 20, radius: 20),
                 blob(30, 30, radius: 1), blob(40, 40, radius: 5)]
    #expect(filter.apply(blobs) == [blobs[0], blobs[4]])
}

// MARK: Settings as data

@Test func settingsRoundTripThroughJSONAndOlderOnesFollowTheCamera() throws {
    var settings = AnalysisSettings(regionOfInterest: NormalizedRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6), trajectoryLength: 8)
    settings.fixedCamera = true
    let data = try JSONEncoder().encode(settings)
    #expect(try JSONDecoder().decode(AnalysisSettings.self, from: data) == settings)
    // Settings written before the camera could be said to stand still have no such key.
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object.removeValue(forKey: "fixedCamera")
    let older = try JSONDecoder().decode(AnalysisSettings.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(!older.fixedCamera && older.trajectoryLength == 8)
}

import Foundation
import Testing
@testable import BallTrace

/// A portrait phone clip stored 1920×1080 and shown 1080×1920, with one short flight.
private func sampleResult(coordinates: CoordinateSystem = .topLeft) -> AnalysisResult {
    let source = VideoSourceInfo(
        path: "/clips/range day/swing.mov", storedWidth: 1920, storedHeight: 1080, rotation: .clockwise90,
        frameRate: 30000.0 / 1001, duration: 3.0, claimedFrameCount: 90, codecName: "h264", hasAudio: true)
    let settings = AnalysisSettings(minimumRadius: .pixels(2), maximumRadius: .normalized(0.05),
                                    trajectoryLength: 5, coordinates: coordinates)
    func point(_ k: Int) -> TrackPoint {
        let t = Double(k) / 30
        return TrackPoint(frame: 12 + k, time: 0.4 + t,
                          position: PixelPoint(x: 200 + 400 * t, y: 1500 - 900 * t + 500 * t * t), radius: 5)
    }
    var track = Track(first: point(0))
    for k in 1..<8 { track.append(point(k)) }
    track.reportedAtFrame = 16
    let observation = TrajectoryObservation(track: track, frameWidth: 1080, frameHeight: 1920,
                                            coordinates: coordinates, trajectoryLength: 5)
    return AnalysisResult(
        source: source, decodedFrameCount: 90, decodedDuration: 89.0 * 1001 / 30000,
        integrity: InputIntegrity(claimedDuration: 90.0 * 1001 / 30000, claimedFrameCount: 90), settings: settings,
        applied: AppliedSettings(minimumRadiusPixels: 2, maximumRadiusPixels: 54, analysisWidth: 540,
                                 analysisHeight: 960, maximumMissedFrames: 4, backgroundSubtraction: "sigma-delta",
                                 foregroundThresholdMinimum: 8, foregroundThresholdMaximum: 48),
        trajectories: [observation], warnings: ["frame 40 was damaged"], analysedFrameCount: 90,
        capture: CaptureSummary(cameraMoved: true, largestCameraDisplacement: 12.5, repeatedFrames: 3, shortStepFrames: 2))
}

private func json(_ result: AnalysisResult) throws -> [String: Any] {
    let data = try AnalysisDocument(result: result).jsonData()
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

private func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}

@Test func documentHasTheContractedTopLevelFields() throws {
    let root = try json(sampleResult())
    for key in ["schemaVersion", "coordinateSystem", "source", "settings", "trajectories", "warnings"] {
        #expect(root[key] != nil, "missing \(key)")
    }
    #expect(number(root["schemaVersion"]) == 1)
    #expect(root["warnings"] as? [String] == ["frame 40 was damaged"])
}

@Test func sourceDescribesTheDisplayedPicture() throws {
    let source = try #require(try json(sampleResult())["source"] as? [String: Any])
    for key in ["path", "width", "height", "rotation", "frameRate", "duration", "frameCount"] {
        #expect(source[key] != nil, "missing source.\(key)")
    }
    #expect(source["path"] as? String == "/clips/range day/swing.mov")
    #expect(number(source["width"]) == 1080)
    #expect(number(source["height"]) == 1920)
    #expect(number(source["rotation"]) == 90)
    #expect(number(source["frameRate"]) == 29.97)
    #expect(number(source["frameCount"]) == 90)
    #expect(number(source["duration"]) == 2.969633)
}

@Test func settingsReportBothNormalizedAndPixelRadii() throws {
    let settings = try #require(try json(sampleResult())["settings"] as? [String: Any])
    for key in ["regionOfInterest", "minimumRadius", "minimumRadiusPixels", "maximumRadius", "maximumRadiusPixels",
                "trajectoryLength", "frameSpacing"] {
        #expect(settings[key] != nil, "missing settings.\(key)")
    }
    // 2 px of a 1080 px shorter side.
    #expect(number(settings["minimumRadius"]) == 0.001852)
    #expect(number(settings["maximumRadius"]) == 0.05)
    #expect(number(settings["trajectoryLength"]) == 5)
}

@Test func trajectoriesCarryVisionStyleFields() throws {
    let trajectories = try #require(try json(sampleResult())["trajectories"] as? [[String: Any]])
    #expect(trajectories.count == 1)
    let t = try #require(trajectories.first)
    for key in ["uuid", "detectedPoints", "projectedPoints", "equationCoefficients", "timeRange", "confidence",
                "movingAverageRadius"] {
        #expect(t[key] != nil, "missing trajectory.\(key)")
    }
    let detected = try #require(t["detectedPoints"] as? [[String: Any]])
    #expect(detected.count == 8)
    for p in detected {
        #expect(Set(p.keys).isSuperset(of: ["frame", "time", "x", "y", "radius"]))
    }
    #expect(number(detected.first?["frame"]) == 12)
    #expect(number(detected.first?["time"]) == 0.4)
    #expect(number(detected.first?["x"]) == 0.185185)   // 200 / 1080, to 6 decimals
    let projected = try #require(t["projectedPoints"] as? [[String: Any]])
    #expect(projected.count == 5)
    for p in projected { #expect(Set(p.keys) == ["x", "y"]) }
    let coefficients = try #require(t["equationCoefficients"] as? [Any])
    #expect(coefficients.count == 3)
    #expect(coefficients.allSatisfy { number($0) != nil })
    let timeRange = try #require(t["timeRange"] as? [String: Any])
    #expect(number(timeRange["start"]) == 0.4)
    #expect(number(timeRange["duration"]) == 0.233333)
    let confidence = try #require(number(t["confidence"]))
    #expect(confidence > 0.9 && confidence <= 1)
    #expect(number(t["movingAverageRadius"]) == 0.00463)   // 5 / 1080
}

@Test func uuidIsWrittenUppercaseInTheStandardForm() throws {
    let result = sampleResult()
    let t = try #require((try json(result)["trajectories"] as? [[String: Any]])?.first)
    let uuid = try #require(t["uuid"] as? String)
    #expect(uuid.wholeMatch(of: /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/) != nil)
    #expect(uuid == result.trajectories[0].uuid.uuidString)
}

@Test(arguments: [(CoordinateSystem.topLeft, "top-left"), (.vision, "vision")])
func coordinateSystemIsNamedAsTheUserAskedForIt(system: CoordinateSystem, name: String) throws {
    #expect(try json(sampleResult(coordinates: system))["coordinateSystem"] as? String == name)
}

/// `jsonData()` promises "keys in declaration order"; the same document must always be written
/// the same way, so that two runs over one clip give identical files.
@Test func jsonListsTopLevelKeysInDeclarationOrderAndEndsInANewline() throws {
    let data = try AnalysisDocument(result: sampleResult()).jsonData()
    #expect(data.last == 0x0A)
    let text = try #require(String(data: data, encoding: .utf8))
    let positions = ["\"schemaVersion\"", "\"coordinateSystem\"", "\"source\"", "\"settings\"", "\"trajectories\"",
                     "\"warnings\""].map { text.range(of: $0)?.lowerBound }
    let found = positions.compactMap { $0 }
    #expect(found.count == positions.count)
    #expect(found == found.sorted())
    #expect(!text.contains("\\/"))   // paths are written without escaped slashes
}

@Test func documentSurvivesAJSONRoundTrip() throws {
    let document = AnalysisDocument(result: sampleResult())
    let decoded = try JSONDecoder().decode(AnalysisDocument.self, from: try document.jsonData())
    #expect(decoded == document)
}

@Test func roundingHelpersKeepWhatTheMeasurementSupports() {
    #expect(rounded(0.1234567, 6) == 0.123457)
    #expect(rounded(.nan, 6) == 0)
    #expect(significant(0.000123456789123, 3) == 0.000123)
    #expect(significant(123456.789, 3) == 123000)
    #expect(significant(0, 9) == 0)
}

/// The text summary says which trajectory a ball coming back into the picture continues, so that
/// a reader sees one flight in two lines, not two shots.
@Test func theSummaryNamesTheTrajectoryAReturningBallContinues() throws {
    var result = sampleResult()
    let first = try #require(result.trajectories.first)
    var comeback = first
    comeback.uuid = UUID()
    comeback.continues = first.uuid
    result.trajectories.append(comeback)
    let lines = TextSummary.lines(for: result)
    try #require(lines.count == 3, "\(lines)")
    #expect(!lines[1].contains("continues"))
    #expect(lines[2].hasSuffix("continues \(first.uuid.uuidString.prefix(8))"))
}

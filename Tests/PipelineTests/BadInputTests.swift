import BallTrace
import Foundation
import Testing

/// `balltrace analyze INPUT --json … --video …` into a fresh, empty folder.
struct AnalysisRun {
    let run: BalltraceRun
    let folder: String
    var json: String { "\(folder)/out.json" }
    var video: String { "\(folder)/out.mp4" }

    init(_ input: String, _ extra: [String] = []) throws {
        folder = GeneratedClips.temporaryPath("run")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        run = try BalltraceRun(["analyze", input, "--json", "\(folder)/out.json", "--video", "\(folder)/out.mp4"] + extra)
    }

    var leftBehind: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }
    var errorLines: [Substring] { run.standardError.split(separator: "\n") }
    var warnings: [Substring] { errorLines.filter { $0.hasPrefix("warning: ") } }

    func document() throws -> AnalysisDocument {
        try JSONDecoder().decode(AnalysisDocument.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
    }

    /// An input error: status 66, one line naming the problem, nothing written.
    func expectRefusedInput(mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 66, "status \(run.status), stderr: \(run.standardError)", sourceLocation: sourceLocation)
        #expect(errorLines.count == 1 && errorLines.first?.hasPrefix("Error: ") == true,
                "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.standardError.contains(word), "'\(word)' not in: \(run.standardError)", sourceLocation: sourceLocation)
        }
        #expect(leftBehind.isEmpty, "left behind: \(leftBehind)", sourceLocation: sourceLocation)
        #expect(run.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }
}

@Suite("Inputs that cannot be analysed are refused in one line, with exit status 66")
struct RefusedInputTests {
    @Test func aMissingFileIsNamed() throws {
        try AnalysisRun("/nonexistent/swing.mp4").expectRefusedInput(mentioning: ["/nonexistent/swing.mp4", "no such file"])
    }

    @Test func aFolderIsNotTakenForAVideo() throws {
        try AnalysisRun(GeneratedClips.folder).expectRefusedInput(mentioning: ["is a folder"])
    }

    @Test func anEmptyFileSaysItIsEmpty() throws {
        try AnalysisRun(DamagedClips.empty()).expectRefusedInput(mentioning: ["empty (0 bytes)"])
    }

    @Test func textNamedMP4IsNotAVideo() throws {
        try AnalysisRun(DamagedClips.text()).expectRefusedInput(mentioning: ["notes.mp4", "not a video file"])
    }

    @Test func anAudioOnlyFileHasNoVideoStream() throws {
        try AnalysisRun(DamagedClips.audioOnly()).expectRefusedInput(mentioning: ["no video stream"])
    }

    @Test func anMP4CutShortBeforeItsIndexSaysSo() throws {
        // Cameras write the index last: a copy cut short has none, and no player can read it.
        let cut = try DamagedClips.cutShort(DamagedClips.indexLast, keeping: 0.5, name: "cut-no-index.mp4")
        try AnalysisRun(cut).expectRefusedInput(mentioning: ["no index", "cut short"])
    }

    @Test(arguments: [(UInt16(65535), UInt16(65535)), (40000, 30000)])
    func aHeaderClaimingAnAbsurdPictureIsRefusedBeforeDecoding(width: UInt16, height: UInt16) throws {
        let input = try DamagedClips.claimingSize(width: width, height: height)
        let started = Date()
        let run = try AnalysisRun(input)
        run.expectRefusedInput(mentioning: ["\(width)×\(height)", "8192×8192"])
        // Refused from the header: no decoding, let alone of a picture of gigabytes.
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aRawStreamClaimingAnAbsurdPictureIsRefused() throws {
        try AnalysisRun(DamagedClips.hugeY4M()).expectRefusedInput(mentioning: ["60000x60000"])
    }

    @Test func aCodecFFmpegCannotDecodeIsNamed() throws {
        try AnalysisRun(DamagedClips.taggedAVS2()).expectRefusedInput(mentioning: ["avs2", "cannot be decoded"])
    }

    @Test func aCodecTagFFmpegDoesNotKnowIsNamed() throws {
        try AnalysisRun(DamagedClips.unknownTag()).expectRefusedInput(mentioning: ["'a64m'", "unknown to FFmpeg"])
    }

    @Test func anInputThatCannotBeAnalysedLeavesAnEarlierDocumentAsItWas() throws {
        let folder = GeneratedClips.temporaryPath("earlier")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let earlier = Data("{\"from\": \"yesterday\"}\n".utf8)
        try earlier.write(to: URL(fileURLWithPath: "\(folder)/swing.json"))
        let run = try BalltraceRun(["analyze", try DamagedClips.text(), "--json", "\(folder)/swing.json"])
        #expect(run.status == 66)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/swing.json")) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["swing.json"])
    }
}

@Suite("Damaged inputs are analysed as far as they go, and say so")
struct DamagedInputTests {
    @Test func aOneFrameVideoIsAnalysedAndHasNoTrajectory() throws {
        let run = try AnalysisRun(try DamagedClips.oneFrame())
        #expect(run.run.status == 0, "stderr: \(run.run.standardError)")
        let document = try run.document()
        #expect(document.source.frameCount == 1)
        #expect(document.trajectories.isEmpty)
        #expect(try #require(document.source.integrity).complete && document.warnings.isEmpty && run.warnings.isEmpty)
        #expect(try FrameTimes(path: run.video).times.count == 1)
    }

    @Test(arguments: [("mp4", 0.45), ("mkv", 0.45), ("mp4", 0.8)])
    func aFileCutShortIsAnalysedUpToWhereItEndsWithAWarning(container: String, fraction: Double) throws {
        let source = container == "mp4" ? DamagedClips.indexFirst : DamagedClips.matroska
        let cut = try DamagedClips.cutShort(source, keeping: fraction, name: "cut.\(container)")
        let run = try AnalysisRun(cut)
        #expect(run.run.status == 0, "stderr: \(run.run.standardError)")
        let document = try run.document()
        let frames = document.source.frameCount
        #expect(frames > 10 && frames < 90)
        let integrity = try #require(document.source.integrity)
        #expect(integrity.endsEarly && !integrity.complete)
        #expect(integrity.claimedDuration == 3)
        #expect(document.warnings.contains { $0.contains("ends early") })
        #expect(run.warnings.contains { $0.contains("ends early") }, "stderr: \(run.run.standardError)")
        // The overlay is complete for what was there: finalized, playable, every frame drawn.
        #expect(try FrameTimes(path: run.video).times.count == frames)
    }

    @Test func aFileCutShortAfterItsFlightStillReportsTheFlight() throws {
        // The ball leaves the frame at 2.4 s of 3 s: a copy missing the last tenth lost no flight.
        let cut = try DamagedClips.cutShort(DamagedClips.indexFirst, keeping: 0.9, name: "cut-late.mp4")
        let run = try AnalysisRun(cut)
        #expect(run.run.status == 0)
        let document = try run.document()
        #expect(try #require(document.source.integrity).endsEarly)
        #expect(document.trajectories.count == 1)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func corruptedBytesAreReportedAndTheRestIsAnalysed(seed: UInt64) throws {
        let damaged = try DamagedClips.corrupted(DamagedClips.indexFirst, runs: 4, seed: seed, name: "corrupted-\(seed).mp4")
        let run = try AnalysisRun(damaged)
        #expect(run.run.status == 0, "stderr: \(run.run.standardError)")
        let document = try run.document()
        let integrity = try #require(document.source.integrity)
        #expect(integrity.repairedFrames + integrity.damagedPackets > 0)
        #expect(!integrity.complete)
        #expect(document.source.frameCount >= 80)
        let start = try #require(integrity.damageStart), end = try #require(integrity.damageEnd)
        #expect(0 <= start && start <= end && end <= 3)
        #expect(run.warnings.contains { $0.contains("damaged") }, "stderr: \(run.run.standardError)")
        #expect(document.warnings.contains { $0.contains("damaged") })
    }

    @Test func aPictureSizeChangingMidStreamStopsTheAnalysisThereWithAWarning() throws {
        let run = try AnalysisRun(try DamagedClips.sizeChangingMidStream())
        #expect(run.run.status == 0, "stderr: \(run.run.standardError)")
        let document = try run.document()
        #expect(document.source.width == 640 && (55...60).contains(document.source.frameCount))
        let integrity = try #require(document.source.integrity)
        let reason = try #require(integrity.stoppedEarlyBecause)
        #expect(reason.contains("640×360 to 320×240"))
        #expect(run.warnings.contains { $0.contains("640×360 to 320×240") })
        #expect(try FrameTimes(path: run.video).times.count == document.source.frameCount)
    }

    @Test func anUndamagedInputIsReportedComplete() throws {
        let run = try AnalysisRun(GeneratedClips.golfDrive.path)
        let integrity = try #require(try run.document().source.integrity)
        #expect(integrity.complete && !integrity.endsEarly)
        #expect(integrity.claimedFrameCount == 90 && integrity.repairedFrames == 0 && integrity.damagedPackets == 0)
        #expect(run.warnings.isEmpty)
    }

    @Test func theInputIsNeverModified() throws {
        let damaged = try DamagedClips.corrupted(DamagedClips.indexFirst, runs: 4, seed: 9, name: "kept.mp4")
        let before = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let attributes = try FileManager.default.attributesOfItem(atPath: damaged)
        _ = try AnalysisRun(damaged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == before)
        let after = try FileManager.default.attributesOfItem(atPath: damaged)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
    }
}

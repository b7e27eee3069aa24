@testable import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The generated range session (a practice swing, then two struck drives), with a sine as its
/// soundtrack, made once for these tests and those of its report (ShotReportBrowserTests).
enum RangeSession {
    static let silent: GeneratedClips.Clip = GeneratedClips.render(.rangeSession(width: 640, height: 360, frameRate: 30, seconds: 9, seed: 3))

    static let withSound: String = {
        let path = GeneratedClips.temporaryPath("range-session-with-sound.mp4")
        do {
            try ffmpeg(["-i", silent.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=9", "-c:v", "copy", "-c:a", "aac",
                        "-shortest", path])
        } catch {
            fatalError("could not add sound to the session: \(error)")
        }
        return path
    }()

    /// `balltrace shots` on the session with sound, into a folder of its own, run once.
    static let run: (run: BalltraceRun, folder: String) = {
        let folder = GeneratedClips.temporaryPath("shots")
        do {
            return (try BalltraceRun(["shots", withSound, "--out-dir", folder, "--ball", "golf"]), folder)
        } catch {
            fatalError("could not run balltrace shots: \(error)")
        }
    }()
}

/// What ffprobe says of each stream of a file: its kind, the frames it decodes to, its duration.
private struct ProbedStream: Decodable {
    let codec_type: String
    let nb_read_frames: String?
    let duration: String?
}

private func ffprobe(_ path: String) throws -> [ProbedStream] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffprobe", "-v", "error", "-count_frames", "-show_entries", "stream=codec_type,nb_read_frames,duration",
                         "-of", "json", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "ffprobe could not read \(path)")
    struct Output: Decodable { let streams: [ProbedStream] }
    return try JSONDecoder().decode(Output.self, from: data).streams
}

@Suite("A range session in, shots out")
struct ShotsPipelineTests {
    let truth = RangeSession.silent.truth
    let frameInterval = 1.0 / 30

    func log() throws -> ShotLog {
        let (run, folder) = RangeSession.run
        try #require(run.status == 0, "stderr: \(run.standardError)")
        return try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/shots.json")))
    }

    @Test func everyStruckShotIsFoundOnceWithinFiftyMillisecondsOfItsImpactAndThePracticeSwingIsNone() throws {
        let shots = try log().shots
        let impacts = truth.scene.flights.map(\.launchTime)
        #expect(impacts == SyntheticScene.rangeSessionSwings.struck)
        #expect(shots.count == impacts.count, "shots at \(shots.map(\.impactTime))")
        for impact in impacts {
            #expect(shots.count { abs($0.impactTime - impact) <= 0.05 } == 1, "impact at \(impact) s; shots at \(shots.map(\.impactTime))")
        }
        #expect(!shots.contains { abs($0.impactTime - SyntheticScene.rangeSessionSwings.practice) < 1.5 })
        // A sine has no strike in it: the shots are timed by sight and marked unheard.
        #expect(shots.allSatisfy { $0.heard == false && $0.impactSource == .sight })
        #expect(shots.map(\.number) == Array(1...shots.count))
        #expect(zip(shots, shots.dropFirst()).allSatisfy { $0.impactTime < $1.impactTime })
    }

    @Test func withATeeHintEachImpactIsTimedWhereThePathLeavesTheTeeAndOnlyFlightsFromItAreShots() throws {
        let start = try #require(truth.scene.flights.first).start
        let tee = "\(start.x / 640),\(start.y / 360)"
        let folder = GeneratedClips.temporaryPath("shots-tee")
        let run = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", folder, "--tee", tee, "--quiet"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let shots = try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/shots.json"))).shots
        let impacts = truth.scene.flights.map(\.launchTime)
        #expect(shots.count == impacts.count, "shots at \(shots.map(\.impactTime))")
        for impact in impacts {
            // Sight alone puts the impact at the first frame the ball is seen flying; the tee
            // puts it where the path leaves the tee, between frames.
            #expect(shots.count { abs($0.impactTime - impact) <= 0.01 } == 1, "impact at \(impact) s; shots at \(shots.map(\.impactTime))")
        }
        // A tee elsewhere in the picture: the flights do not come from it, so none is a shot.
        let elsewhere = GeneratedClips.temporaryPath("shots-tee-elsewhere")
        let other = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", elsewhere, "--tee", "0.2,0.3", "--quiet"])
        try #require(other.status == 0, "stderr: \(other.standardError)")
        #expect(try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(elsewhere)/shots.json"))).shots.isEmpty)
    }

    @Test func eachShotIsATrajectoryOfTheSessionsAnalysis() throws {
        let shots = try log().shots
        let document = try JSONDecoder().decode(AnalysisDocument.self,
                                                from: Data(contentsOf: URL(fileURLWithPath: "\(RangeSession.run.folder)/analysis.json")))
        #expect(document.source.path == RangeSession.withSound)
        for shot in shots {
            let trajectory = try #require(document.trajectories.first { $0.uuid == shot.trajectory })
            #expect(trajectory.continues == nil)
            #expect(abs(try #require(trajectory.events).launch.time - shot.impactTime) < 1e-6)
            #expect(shot.launchSpeed == trajectory.physics?.launchSpeed && shot.launchSpeed != nil)
        }
    }

    @Test func eachClipPlaysAndCoversItsShotFromThePreRollToThePostRoll() throws {
        let (_, folder) = RangeSession.run
        for shot in try log().shots {
            let flight = try #require(truth.scene.flights.min { abs($0.launchTime - shot.impactTime) < abs($1.launchTime - shot.impactTime) })
            let index = try #require(truth.scene.flights.firstIndex(of: flight))
            let lastSeen = try #require(truth.flightPositions(index).last { $0.counts }).time
            #expect(shot.clipStart <= flight.launchTime - 2 + 0.05 && shot.clipStart >= flight.launchTime - 2 - 0.1)
            // The whole flight the camera saw, and no more than the post-roll after it.
            #expect(shot.clipEnd >= lastSeen && shot.clipEnd <= lastSeen + 1 + 0.05)
            let streams = try ffprobe("\(folder)/\(shot.clip)")
            let video = try #require(streams.first { $0.codec_type == "video" })
            let frames = try #require(Int(video.nb_read_frames ?? ""))
            let duration = try #require(Double(video.duration ?? ""))
            let expected = (shot.clipEnd - shot.clipStart) / frameInterval + 1
            #expect(abs(Double(frames) - expected) <= 1.5, "\(shot.clip): \(frames) frames for \(shot.clipStart)…\(shot.clipEnd) s")
            #expect(abs(duration - Double(frames) * frameInterval) <= frameInterval + 1e-3, "\(shot.clip): \(duration) s")
            let audio = try #require(streams.first { $0.codec_type == "audio" }, "\(shot.clip) lost the session's sound")
            #expect(abs((Double(audio.duration ?? "") ?? 0) - duration) < 0.1)
        }
    }

    @Test func eachClipCarriesTheFlightDrawnAsTheOverlayVideoDrawsIt() throws {
        let (_, folder) = RangeSession.run
        for shot in try log().shots {
            // The clip's last frame, after the flight: its detected path in red, over a scene with no red in it.
            let frames = try StillPicture.frames(of: "\(folder)/\(shot.clip)")
            let after = try #require(frames.last { $0.time < shot.impactTime - shot.clipStart + 0.5 })
            let redRows = (0..<after.picture.height).filter { y in
                (0..<after.picture.width).contains { after.picture.isRed(at: PixelPoint(x: Double($0) + 0.5, y: Double(y) + 0.5)) }
            }
            #expect(redRows.count > 30, "\(shot.clip): red in \(redRows.count) rows half a second after impact")
            let before = try #require(frames.first)
            #expect(!(0..<before.picture.width).contains { x in
                (0..<before.picture.height).contains { before.picture.isRed(at: PixelPoint(x: Double(x) + 0.5, y: Double($0) + 0.5)) }
            }, "\(shot.clip) shows a flight before its impact")
        }
    }

    /// The settings libx264 wrote into a clip's stream ("options: cabac=1 ref=2 …").
    private func encoderOptions(_ path: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(bytes.range(of: Data("options: ".utf8)).map { String(decoding: bytes[$0.upperBound...].prefix(1200), as: UTF8.self) },
                            "\(path) carries no libx264 settings")
    }

    @Test func clipsAreEncodedUltrafastUnlessAnotherPresetOrRateFactorIsAskedForAndShowTheSameShots() throws {
        // By default the clips are written with the fastest preset, the one without CABAC.
        let (_, usualFolder) = RangeSession.run
        let usual = try log()
        for shot in usual.shots {
            let options = try encoderOptions("\(usualFolder)/\(shot.clip)")
            #expect(options.contains("cabac=0") && options.contains("crf=20.0"), "\(shot.clip): \(options.prefix(200))")
        }
        let folder = GeneratedClips.temporaryPath("shots-veryfast")
        let run = try BalltraceRun(["shots", RangeSession.withSound, "--out-dir", folder, "--ball", "golf",
                                    "--video-preset", "veryfast", "--video-crf", "30"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let asked = try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/shots.json")))
        #expect(asked.shots.map(\.impactTime) == usual.shots.map(\.impactTime))
        #expect(asked.shots.map(\.clip) == usual.shots.map(\.clip))
        for shot in asked.shots {
            let options = try encoderOptions("\(folder)/\(shot.clip)")
            #expect(options.contains("cabac=1") && options.contains("crf=30.0"), "\(shot.clip): \(options.prefix(200))")
            let streams = try ffprobe("\(folder)/\(shot.clip)")
            #expect(streams.contains { $0.codec_type == "video" } && streams.contains { $0.codec_type == "audio" })
        }
    }

    @Test func theLogValidatesAgainstItsSchemaAndTheCSVHasTheSameRows() throws {
        let (run, folder) = RangeSession.run
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let schema = GeneratedClips.temporaryPath("shot-log.schema.json")
        try Data(DocumentSchema.shotLog.utf8).write(to: URL(fileURLWithPath: schema))
        let validation = try SchemaValidation(schema: schema, files: ["\(folder)/shots.json"])
        #expect(validation.status == 0, "\(validation.output)")
        let log = try log()
        let csv = try String(contentsOfFile: "\(folder)/shots.csv", encoding: .utf8)
        #expect(csv == log.csvText)
        #expect(csv.split(separator: "\n").count == log.shots.count + 1)
        let printed = String(decoding: try BalltraceRun(["schema", "--shots"]).standardOutput, as: UTF8.self)
        #expect(printed == DocumentSchema.shotLog)
    }

    @Test func aSessionWithFrequentKeyFramesIsSoughtPastWhatLiesBetweenShotsIntoTheSameClips() throws {
        let session = GeneratedClips.temporaryPath("range-session-gop15.mp4")
        try ffmpeg(["-i", RangeSession.silent.path, "-c:v", "libx264", "-preset", "veryfast", "-g", "15", session])
        let folder = GeneratedClips.temporaryPath("sought")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try SessionShots.run(SessionShotsRequest(path: session, folder: folder, settings: AnalysisSettings(),
                                                              preRoll: 0.5, postRoll: 0.5))
        try #require(result.shots.count == 2)
        // The first clip starts 3.8 s in: the frames before it are not decoded again.
        #expect(result.seeksForClips >= 1)
        #expect(result.framesReadForClips < result.analysis.decodedFrameCount - 90, "\(result.framesReadForClips) frames read again")
        for entry in result.log.shots {
            let clip = "\(folder)/\(entry.clip)"
            let counted = try ffprobe(clip).first?.nb_read_frames
            let frames = try #require(counted.flatMap { Int($0) })
            #expect(abs(Double(frames) - ((entry.clipEnd - entry.clipStart) * 30 + 1)) <= 1.5, "\(entry.clip): \(frames) frames")
            // Its first frame is the session's frame at the clip's start (before impact: nothing drawn yet).
            let reader = try MediaDecoder(path: session)
            var original: StillPicture?
            while original == nil, let frame = try reader.nextFrame() {
                if abs(frame.time - entry.clipStart) < 1.0 / 60 { original = try StillPicture(converting: frame.frame.pointer) }
            }
            let first = try #require(try MediaDecoder(path: clip).nextFrame())
            let difference = try StillPicture(converting: first.frame.pointer).meanDifference(from: try #require(original))
            #expect(difference < 2, "\(entry.clip) starts \(difference) levels away from the session at \(entry.clipStart) s")
        }
    }

    @Test func soundMP4CannotCarryIsLeftOutOfTheClipsWithAWarning() throws {
        let session = GeneratedClips.temporaryPath("range-session-pcm.mov")
        try ffmpeg(["-i", RangeSession.silent.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=9", "-c:v", "copy", "-c:a", "pcm_s24be",
                    "-shortest", session])
        let folder = GeneratedClips.temporaryPath("pcm-shots")
        let run = try BalltraceRun(["shots", session, "--out-dir", folder])
        #expect(run.status == 0)
        #expect(run.standardError.hasPrefix("warning: ") && run.standardError.split(separator: "\n").count == 1
                && run.standardError.hasSuffix("range-session-pcm.mov: the audio stream's codec cannot be stored in MP4; the shot clips have no sound\n"),
                "\(run.standardError)")
        #expect(try ffprobe("\(folder)/shot-01.mp4").map(\.codec_type) == ["video"])
    }

    @Test func theSummaryNamesEveryShotAndQuietPrintsNothing() throws {
        let (run, _) = RangeSession.run
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(lines.first?.contains("2 shots") == true && lines.count == 4)
        #expect(lines.last == "  report \(RangeSession.run.folder)/report.html")
        let folder = GeneratedClips.temporaryPath("quiet-shots")
        let quiet = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", folder, "--quiet", "--pre-roll", "0.5", "--post-roll", "0"])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty && quiet.standardError.isEmpty)
        let log = try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/shots.json")))
        #expect(log.shots.allSatisfy { abs($0.impactTime - $0.clipStart - 0.5) < 1e-6 })
        // A silent session gives silent clips.
        #expect(try ffprobe("\(folder)/shot-01.mp4").map(\.codec_type) == ["video"])
    }
}

@Suite("balltrace shots: bad input, several sessions")
struct ShotsCommandLineTests {
    /// The names of the files in `folder`, nothing for a folder that does not exist.
    func files(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func aMissingSessionIsOneLineOnStandardErrorAnInputStatusAndNoLog() throws {
        let folder = GeneratedClips.temporaryPath("missing")
        let run = try BalltraceRun(["shots", "/nonexistent/range.mp4", "--out-dir", folder])
        #expect(run.status == 66)
        #expect(run.standardError.hasPrefix("Error: ") && run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        #expect(run.standardError.contains("range.mp4"))
        #expect(files(folder).isEmpty)
    }

    @Test(arguments: [(["--pre-roll", "-1"], "--pre-roll"), (["--post-roll", "nan"], "--post-roll"),
                      (["--min-radius", "-1px"], "--min-radius"), (["--pixels-per-metre", "100", "--ball-diameter", "4cm"], "scale"),
                      (["--video-preset", "quick"], "--video-preset"), (["--video-crf", "99"], "--video-crf")])
    func aFlagOutOfRangeIsAUsageErrorNamingIt(flags: [String], named: String) throws {
        let folder = GeneratedClips.temporaryPath("usage")
        let run = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", folder] + flags)
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("Error: ") && run.standardError.contains(named), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(files(folder).isEmpty)
    }

    @Test func standardInputIsRefusedBecauseASessionIsReadTwice() throws {
        let run = try BalltraceRun(["shots", "-", "--out-dir", GeneratedClips.temporaryPath("stdin")])
        #expect(run.status == 64 && run.standardError.contains("twice"))
    }

    @Test func anOutputFolderThatIsAFileIsAnOutputError() throws {
        let file = GeneratedClips.temporaryPath("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let run = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", file])
        #expect(run.status == 73, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: ") && run.standardError.split(separator: "\n").count == 1)
    }

    @Test func severalSessionsEachGetAFolderNamedAfterThemAndAFailureDoesNotStopTheOthers() throws {
        let folder = GeneratedClips.temporaryPath("sessions")
        let other = GeneratedClips.temporaryPath("tuesday.mp4")
        try FileManager.default.copyItem(atPath: RangeSession.silent.path, toPath: other)
        let run = try BalltraceRun(["shots", other, "/nonexistent/monday.mp4", "--out-dir", folder, "--quiet"])
        #expect(run.status == 66)
        #expect(run.standardError.contains("monday.mp4"))
        let stem = URL(fileURLWithPath: other).deletingPathExtension().lastPathComponent
        #expect(files("\(folder)/\(stem)") == ["analysis.json", "report.html", "shot-01.mp4", "shot-02.mp4", "shots.csv", "shots.json"])
        #expect(files("\(folder)/monday").isEmpty)
    }

    @Test func sessionsShotTwoAtATimeGiveEachTheShotsItGetsAlone() throws {
        let folder = GeneratedClips.temporaryPath("sessions-at-once")
        let monday = GeneratedClips.temporaryPath("monday.mp4"), tuesday = GeneratedClips.temporaryPath("tuesday.mp4")
        for copy in [monday, tuesday] { try FileManager.default.copyItem(atPath: RangeSession.withSound, toPath: copy) }
        let run = try BalltraceRun(["shots", monday, tuesday, "--out-dir", folder, "--ball", "golf", "--jobs", "2", "--progress"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        // Both sessions' progress, side by side on one status line.
        #expect(run.standardError.split(separator: "\n").contains { $0.contains("monday.mp4") && $0.contains("tuesday.mp4") && $0.contains("%") },
                "no progress of both on standard error: \(run.standardError)")
        let single = RangeSession.run
        try #require(single.run.status == 0, "stderr: \(single.run.standardError)")
        let alone = try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(single.folder)/shots.json")))
            .shots.map(\.impactTime)
        for copy in [monday, tuesday] {
            let stem = URL(fileURLWithPath: copy).deletingPathExtension().lastPathComponent
            let shots = try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(stem)/shots.json")))
            #expect(shots.shots.map(\.impactTime) == alone, "\(stem)")
            // Each session's lines are printed together.
            let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
            let header = try #require(lines.firstIndex { $0.hasPrefix(URL(fileURLWithPath: copy).lastPathComponent) })
            #expect(lines[(header + 1)...].prefix(alone.count).allSatisfy { $0.hasPrefix("  shot ") })
        }
    }

    @Test func aTeeOutsideThePictureIsAUsageError() throws {
        for tee in ["1.2,0.5", "0.5", "a,b"] {
            let run = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", GeneratedClips.temporaryPath("bad-tee"), "--tee", tee])
            #expect(run.status == 64 && run.standardError.contains("--tee"), "--tee \(tee): \(run.status) \(run.standardError)")
        }
    }

    @Test func jobsMustBeOneOrMore() throws {
        let run = try BalltraceRun(["shots", RangeSession.silent.path, "--out-dir", GeneratedClips.temporaryPath("no-jobs"), "--jobs", "0"])
        #expect(run.status == 64 && run.standardError.contains("--jobs"))
    }
}

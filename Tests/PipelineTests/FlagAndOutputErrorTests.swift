import BallTrace
import Foundation
import Testing

@Suite("Flags out of range: one line naming the flag and what it accepts, exit status 64")
struct FlagErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let flags: [String]
        /// Words the one line must hold: the flag, and the allowed range or values.
        let mentions: [String]
        var testDescription: String { flags.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(flags: ["--roi", "0.5,0.5,0.6,0.2"], mentions: ["--roi", "within 0…1"]),
        Case(flags: ["--roi", "-0.1,0,0.5,0.5"], mentions: ["--roi", "within 0…1"]),
        Case(flags: ["--roi", "0.1,0.1,0.5"], mentions: ["--roi", "four numbers"]),
        Case(flags: ["--roi", "left,top,half,half"], mentions: ["--roi", "four numbers"]),
        Case(flags: ["--min-radius", "0.2", "--max-radius", "0.1"], mentions: ["--min-radius", "--max-radius", "above"]),
        Case(flags: ["--min-radius", "30px", "--max-radius", "10px"], mentions: ["--min-radius", "above"]),
        Case(flags: ["--min-radius", "0.1", "--max-radius", "20px"], mentions: ["--min-radius", "above"]),
        Case(flags: ["--max-radius", "0"], mentions: ["--max-radius", "more than 0"]),
        Case(flags: ["--max-radius", "-0.1"], mentions: ["--max-radius", "more than 0"]),
        Case(flags: ["--min-radius", "-2px"], mentions: ["--min-radius", "0 or more"]),
        Case(flags: ["--min-radius", "big"], mentions: ["--min-radius", "px"]),
        Case(flags: ["--trajectory-length", "4"], mentions: ["--trajectory-length", "at least 5"]),
        Case(flags: ["--trajectory-length", "-10"], mentions: ["--trajectory-length", "at least 5"]),
        Case(flags: ["--frame-spacing", "-0.5"], mentions: ["--frame-spacing", "0 or more"]),
        Case(flags: ["--slow-motion", "0.5"], mentions: ["--slow-motion", "1…32"]),
        Case(flags: ["--slow-motion", "64"], mentions: ["--slow-motion", "1…32"]),
        Case(flags: ["--coordinates", "bottom-left"], mentions: ["--coordinates", "top-left", "vision"]),
        Case(flags: ["--video-crf", "60"], mentions: ["--video-crf", "0…51"]),
        Case(flags: ["--video-preset", "quick"], mentions: ["--video-preset", "veryfast"]),
        Case(flags: ["--tracer", "swing.gif"], mentions: ["--tracer", ".png", ".jpg"]),
        Case(flags: ["--tracer", "-"], mentions: ["--tracer", "file path"]),
        Case(flags: ["--tracer-time", "1"], mentions: ["--tracer-time", "give --tracer"]),
        Case(flags: ["--tracer", "swing.png", "--tracer-time", "-1"], mentions: ["--tracer-time", "0 or more"]),
        Case(flags: ["--style", "fancy"], mentions: ["--style", "vision", "broadcast"]),
        Case(flags: ["--style", "broadcast"], mentions: ["--style", "give --video"]),
        Case(flags: ["--tracer-color", "yellow"], mentions: ["--tracer-color", "add --style broadcast"]),
        Case(flags: ["--style", "broadcast", "--tracer-color", "mauve"], mentions: ["--tracer-color", "orange", "#RRGGBB"]),
        Case(flags: ["--style", "broadcast", "--tracer-color", "#12345"], mentions: ["--tracer-color", "#RRGGBB"]),
        Case(flags: ["--style", "broadcast", "--tracer-width", "0"], mentions: ["--tracer-width", "more than 0"]),
        Case(flags: ["--style", "broadcast", "--tracer-width", "-3"], mentions: ["--tracer-width", "more than 0"]),
        Case(flags: ["--style", "broadcast", "--tracer-opacity", "1.5"], mentions: ["--tracer-opacity", "0 (invisible) to 1"]),
        Case(flags: ["--style", "broadcast", "--tracer-opacity", "half"], mentions: ["--tracer-opacity", "0 (invisible) to 1"]),
        // Known to be wrong only once the clip's length is: still refused before any analysis.
        Case(flags: ["--tracer", "swing.png", "--tracer-time", "60"], mentions: ["--tracer-time", "past the end", "3.00 s"]),
    ]

    @Test(arguments: cases)
    func aFlagOutOfRangeIsOneLineNamingTheFlagAndItsRange(_ c: Case) throws {
        let folder = GeneratedClips.temporaryPath("flags")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try BalltraceRun(["analyze", GeneratedClips.golfDrive.path, "--json", "\(folder)/out.json"] + c.flags)
        #expect(run.status == 64)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("Error: ") == true, "stderr: \(run.standardError)")
        for word in c.mentions {
            #expect(run.standardError.contains(word), "'\(word)' not in: \(run.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func helpDocumentsEveryExitStatus() throws {
        for arguments in [["--help"], ["analyze", "--help"]] {
            let run = try BalltraceRun(arguments)
            let help = String(decoding: run.standardOutput, as: UTF8.self)
            #expect(run.status == 0)
            for status in ["0 ", "64 ", "66 ", "73 ", "130 ", "143 "] {
                #expect(help.contains("  \(status)") || help.contains(" \(status)"), "'\(status)' missing from \(arguments) help")
            }
            #expect(help.contains("input error") && help.contains("output error") && help.contains("usage error"))
        }
    }
}

@Suite("Outputs that cannot be written: refused before the analysis, exit status 73")
struct OutputErrorTests {
    let clip = GeneratedClips.golfDrive.path

    @Test(arguments: ["--json", "--video"])
    func anOutputInAFolderThatDoesNotExistIsRefused(flag: String) throws {
        let target = GeneratedClips.temporaryPath("missing-folder") + "/swing.out"
        let run = try BalltraceRun(["analyze", clip, flag, target])
        #expect(run.status == 73)
        #expect(run.standardError == "Error: cannot write '\(target)': folder '\((target as NSString).deletingLastPathComponent)' does not exist\n")
    }

    @Test(arguments: ["--json", "--video"])
    func anOutputWhereNothingMayBeWrittenIsRefused(flag: String) throws {
        // A folder without write permission; root may write anywhere its permissions say no, so
        // it gets a file system that refuses everyone.
        let folder: String
        if geteuid() == 0 {
            folder = "/sys"
        } else {
            folder = GeneratedClips.temporaryPath("read-only")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o555])
        }
        let run = try BalltraceRun(["analyze", clip, flag, "\(folder)/swing.out"])
        #expect(run.status == 73)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: cannot write '\(folder)/swing.out'"), "stderr: \(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/swing.out"))
    }

    @Test func anOutputThatIsAFolderIsRefused() throws {
        let folder = GeneratedClips.temporaryPath("a-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try BalltraceRun(["analyze", clip, "--json", folder])
        #expect(run.status == 73)
        #expect(run.standardError.contains("it is a folder"))
    }

    @Test(arguments: ["--json", "--video"])
    func anOutputThatIsTheInputIsRefusedAndTheInputKept(flag: String) throws {
        let input = GeneratedClips.temporaryPath("keep.mp4")
        try FileManager.default.copyItem(atPath: clip, toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        // The same file by another spelling of its path.
        let folder = (input as NSString).deletingLastPathComponent
        let sameFile = "\(folder)/../\((folder as NSString).lastPathComponent)/\((input as NSString).lastPathComponent)"
        let run = try BalltraceRun(["analyze", input, flag, sameFile])
        #expect(run.status == 64)
        #expect(run.standardError.contains("\(flag): ") && run.standardError.contains("is the input file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test func theSamePathForJSONAndVideoIsRefused() throws {
        let target = GeneratedClips.temporaryPath("both.out")
        let run = try BalltraceRun(["analyze", clip, "--json", target, "--video", target])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--json and --video name the same file"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func outputsAppearOnlyWhenCompleteAndNoTemporaryFileIsLeft() throws {
        let run = try AnalysisRun(clip)
        #expect(run.run.status == 0)
        #expect(Set(run.leftBehind) == ["out.json", "out.mp4"])
        #expect(try run.document().trajectories.count == 1)
    }
}

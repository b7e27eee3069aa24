import BallTrace
import Foundation
import Testing

/// Runs the built executable with its standard input from a file and, when asked, its standard
/// error on a pseudo-terminal (as a user's shell would give it).
private struct ShellRun {
    let status: Int32
    let standardOutput: Data
    let standardError: String

    init(_ arguments: [String], standardInput: String? = nil, terminal: Bool = false) throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let process = Process()
        process.executableURL = folder.appendingPathComponent("balltrace")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        if let standardInput { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInput)) }
        var collected = Data()
        var reader: Thread?
        let done = DispatchSemaphore(value: 0)
        if terminal {
            let (master, slave) = try openPseudoTerminal()
            process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            // Read as it comes, so that a full terminal buffer never blocks the program.
            let box = DataBox()
            reader = Thread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(master, &buffer, buffer.count)
                    if n <= 0 { break }
                    box.append(buffer[0..<n])
                }
                close(master)
                done.signal()
            }
            reader!.start()
            try process.run()
            close(slave)
            process.standardError = nil
            let output = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            done.wait()
            collected = box.data
            standardOutput = output
        } else {
            let err = Pipe()
            process.standardError = err
            try process.run()
            standardOutput = out.fileHandleForReading.readDataToEndOfFile()
            collected = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        status = process.terminationStatus
        standardError = String(decoding: collected, as: UTF8.self)
    }
}

/// A Linux pseudo-terminal pair (master, slave). Glibc's `posix_openpt` family is not visible
/// to Swift, so this is what it does: open the multiplexer, unlock the slave, find its number.
private func openPseudoTerminal() throws -> (Int32, Int32) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0, "no /dev/ptmx")
    var unlock: Int32 = 0, number: UInt32 = 0
    let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430  // _IOW('T', 0x31, int), _IOR('T', 0x30, unsigned)
    try #require(ioctl(master, TIOCSPTLCK, &unlock) == 0 && ioctl(master, TIOCGPTN, &number) == 0)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(slave >= 0, "cannot open /dev/pts/\(number)")
    return (master, slave)
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { stored.append(contentsOf: bytes) } }
    var data: Data { lock.withLock { stored } }
}

private func folder(_ name: String) throws -> String {
    let path = GeneratedClips.temporaryPath(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func modified(_ path: String) throws -> Date {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
}

@Suite("Progress, quiet and verbose")
struct ProgressTests {
    let clip = GeneratedClips.golfDrive.path

    @Test func onATerminalProgressShowsPercentRateAndTimeLeftAndIsClearedAtTheEnd() throws {
        // The time left is shown once the analysis has run for half a second.
        let long = GeneratedClips.drivenSixteenTimes
        let out = try folder("progress-tty")
        let run = try ShellRun(["analyze", long, "--json", "\(out)/a.json"], terminal: true)
        #expect(run.status == 0)
        #expect(run.standardError.contains("%") && run.standardError.contains("frames/s"), "\(run.standardError)")
        #expect(run.standardError.contains(" left"))
        // Rewritten in place, and erased before the summary.
        #expect(run.standardError.contains("\r\u{1B}[K"))
        #expect(run.standardError.contains("\u{1B}[K\(long): 640×360"), "\(run.standardError.debugDescription)")
    }

    @Test func aBatchOnATerminalShowsHowManyClipsAreDoneAndEachRunningClipsProgress() throws {
        let long = GeneratedClips.longDrive.path
        let out = try folder("progress-batch")
        let run = try ShellRun(["analyze", long, clip, "--out-dir", out, "--jobs", "2"], terminal: true)
        #expect(run.status == 0)
        #expect(run.standardError.contains("0/2 done") && run.standardError.contains("1/2 done"), "\(run.standardError.debugDescription)")
        #expect(run.standardError.contains(" %"))
        // The table is the result: on standard output, without terminal codes.
        let table = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(table.contains("2 clips: 2 analysed") && !table.contains("\u{1B}"))
    }

    @Test func notOnATerminalThereIsNoProgressUnlessAskedFor() throws {
        let out = try folder("progress-pipe")
        let plain = try ShellRun(["analyze", clip, "--json", "\(out)/a.json"])
        #expect(plain.status == 0 && !plain.standardError.contains("frames/s"))
        #expect(!plain.standardError.contains("\u{1B}"))
        let asked = try ShellRun(["analyze", clip, "--json", "\(out)/b.json", "--progress"])
        let lines = asked.standardError.split(separator: "\n")
        #expect(lines.contains { $0.contains("%") && $0.contains("frames/s") }, "\(asked.standardError)")
        #expect(!asked.standardError.contains("\u{1B}"), "no terminal codes in a file or pipe")
    }

    @Test func quietPrintsNothingOnSuccessAndTheErrorOnFailure() throws {
        let out = try folder("quiet")
        let ok = try ShellRun(["analyze", clip, "--json", "\(out)/a.json", "--quiet"], terminal: true)
        #expect(ok.status == 0 && ok.standardError.isEmpty, "\(ok.standardError.debugDescription)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/a.json"))
        let bad = try ShellRun(["analyze", "\(out)/missing.mp4", "--quiet"])
        #expect(bad.status == 66 && bad.standardError.hasPrefix("Error: cannot open"))
    }

    @Test func verboseLogsEachStage() throws {
        let run = try ShellRun(["analyze", clip, "--json", "-", "--verbose"])
        #expect(run.status == 0)
        for stage in ["media: opened", "detection: sigma-delta", "tracking: trajectory", "reported at frame", "media: read 90 frames",
                      "stages: CPU a frame (90 frames): detecting"] {
            #expect(run.standardError.contains(stage), "'\(stage)' not in \(run.standardError)")
        }
        // Standard output is still the document alone.
        #expect(try JSONDecoder().decode(AnalysisDocument.self, from: run.standardOutput).trajectories.count == 1)
    }
}

@Suite("Several clips into a folder")
struct BatchTests {
    @Test func eachClipGetsItsDocumentAndOneBadClipDoesNotStopTheOthers() throws {
        let out = try folder("batch")
        let inputs = try folder("batch-in")
        try FileManager.default.copyItem(atPath: GeneratedClips.golfDrive.path, toPath: "\(inputs)/drive.mp4")
        try FileManager.default.copyItem(atPath: GeneratedClips.irregularDrive.path, toPath: "\(inputs)/vfr.mp4")
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: "\(inputs)/broken.mp4"))
        let run = try ShellRun(["analyze", "\(inputs)/drive.mp4", "\(inputs)/broken.mp4", "\(inputs)/vfr.mp4",
                                "--out-dir", "\(out)/results", "--render", "--jobs", "2"])
        #expect(run.status == 66, "the first failure's status")
        let made = Set(try FileManager.default.contentsOfDirectory(atPath: "\(out)/results"))
        #expect(made == ["drive.json", "drive.traced.mp4", "vfr.json", "vfr.traced.mp4"])
        let table = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(table.contains("drive.mp4") && table.contains("analysed"))
        #expect(table.contains("broken.mp4") && table.contains("failed") && table.contains("not a video file"))
        #expect(table.contains("3 clips: 2 analysed, 1 failed"), "\(table)")
        #expect(run.standardError.contains("Error: cannot open '\(inputs)/broken.mp4'"))
        // The documents are those a single analysis writes.
        let single = try ShellRun(["analyze", "\(inputs)/vfr.mp4", "--json", "-"])
        let a = try JSONDecoder().decode(AnalysisDocument.self, from: single.standardOutput)
        let b = try JSONDecoder().decode(AnalysisDocument.self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/results/vfr.json")))
        #expect(a.trajectories.map(\.detectedPoints) == b.trajectories.map(\.detectedPoints))
    }

    @Test func resultsAlreadyThereAreSkippedUnlessForced() throws {
        let out = try folder("batch-skip")
        let clip = GeneratedClips.golfDrive.path
        let first = try ShellRun(["analyze", clip, "--out-dir", out])
        #expect(first.status == 0)
        let document = "\(out)/\(BatchNamesForTests.stem(clip)).json"
        let written = try modified(document)
        let again = try ShellRun(["analyze", clip, "--out-dir", out])
        #expect(again.status == 0)
        #expect(String(decoding: again.standardOutput, as: UTF8.self).contains("skipped"))
        #expect(try modified(document) == written)
        Thread.sleep(forTimeInterval: 0.01)
        let forced = try ShellRun(["analyze", clip, "--out-dir", out, "--force"])
        #expect(forced.status == 0 && String(decoding: forced.standardOutput, as: UTF8.self).contains("analysed"))
        #expect(try modified(document) > written)
        // Asking for videos now: the document alone is not enough.
        let render = try ShellRun(["analyze", clip, "--out-dir", out, "--render"])
        #expect(String(decoding: render.standardOutput, as: UTF8.self).contains("analysed"))
    }

    @Test func resultsMadeWithOtherSettingsAreAnalysedAgain() throws {
        let out = try folder("batch-settings")
        let clip = GeneratedClips.golfDrive.path
        func result(_ flags: [String]) throws -> String {
            let run = try ShellRun(["analyze", clip, "--out-dir", out] + flags)
            #expect(run.status == 0)
            return String(decoding: run.standardOutput, as: UTF8.self)
        }
        #expect(try result([]).contains("analysed"))
        #expect(try result(["--pixels-per-metre", "100"]).contains("analysed"), "a scale is asked for now")
        #expect(try result(["--pixels-per-metre", "100"]).contains("skipped"))
        #expect(try result(["--ball-diameter", "42.67mm"]).contains("analysed"))
        #expect(try result(["--ball-diameter", "42.67mm", "--max-radius", "0.1"]).contains("analysed"))
        #expect(try result(["--ball-diameter", "42.67mm", "--max-radius", "0.1", "--coordinates", "vision"]).contains("analysed"))
        #expect(try result(["--ball-diameter", "42.67mm", "--max-radius", "0.1", "--coordinates", "vision"]).contains("skipped"))
    }

    @Test(arguments: [
        (["a.mp4", "b.mp4"], "needs --out-dir"),
        (["a.mp4", "--render"], "--render works with --out-dir"),
        (["a.mp4", "--jobs", "3"], "--jobs works with --out-dir"),
        (["a.mp4", "x/a.mov", "--out-dir", "o"], "would both write 'a.json'"),
        (["-", "--out-dir", "o"], "standard input"),
        (["a.mp4", "--out-dir", "o", "--json", "a.json"], "--json names one clip's output"),
        (["a.mp4", "--out-dir", "o", "--jobs", "0"], "--jobs: at least 1"),
        (["a.mp4", "--stream", "--json", "-"], "--stream writes its lines to standard output"),
        (["a.mp4", "--quiet", "--verbose"], "contradict"),
    ])
    func flagsThatDoNotGoTogetherAreOneLineUsageErrors(arguments: [String], mentions: String) throws {
        let run = try ShellRun(["analyze"] + arguments)
        #expect(run.status == 64)
        #expect(run.standardError.split(separator: "\n").count == 1 && run.standardError.contains(mentions), "\(run.standardError)")
    }
}

/// The batch's naming rule, restated: `<name without extension>.json`.
private enum BatchNamesForTests {
    static func stem(_ path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
}

@Suite("Pipes and live streams")
struct PipeAndStreamTests {
    let clip = GeneratedClips.golfDrive.path

    func matroskaCopy() throws -> String {
        let path = GeneratedClips.temporaryPath("piped.mkv")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-i", clip, "-c", "copy", "-f", "matroska", path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        #expect(ffmpeg.terminationStatus == 0)
        return path
    }

    @Test func standardInputIsAnalysedLikeTheFileAndOnlyTheDocumentGoesToStandardOutput() throws {
        let piped = try ShellRun(["analyze", "-", "--json", "-"], standardInput: try matroskaCopy())
        #expect(piped.status == 0, "\(piped.standardError)")
        let fromPipe = try JSONDecoder().decode(AnalysisDocument.self, from: piped.standardOutput)
        let fromFile = try JSONDecoder().decode(AnalysisDocument.self, from: try ShellRun(["analyze", clip, "--json", "-"]).standardOutput)
        #expect(fromPipe.source.path == "-")
        // The same detections; times to Matroska's millisecond.
        let a = fromPipe.trajectories.flatMap(\.detectedPoints), b = fromFile.trajectories.flatMap(\.detectedPoints)
        #expect(a.count == b.count && !a.isEmpty)
        #expect(zip(a, b).allSatisfy { $0.frame == $1.frame && $0.x == $1.x && $0.y == $1.y && abs($0.time - $1.time) <= 0.0005 })
        #expect(piped.standardError.contains("standard input: 640×360"))
    }

    @Test func somethingOtherThanVideoOnStandardInputIsAnInputError() throws {
        let text = GeneratedClips.temporaryPath("text.txt")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        let run = try ShellRun(["analyze", "-"], standardInput: text)
        #expect(run.status == 66 && run.standardError == "Error: cannot open standard input: not a video file FFmpeg recognises\n")
    }

    @Test func streamWritesOneLinePerAnalysedFrameWithTheFlightsInView() throws {
        let run = try ShellRun(["analyze", clip, "--stream", "--frame-spacing", "0.066"])
        #expect(run.status == 0)
        let stream = try StreamOutput(run.standardOutput)
        let decoded = stream.frames
        #expect(decoded.count == 45, "every second frame of 90")
        // Last, the line saying why it ended.
        #expect(stream.end?.reason == .endOfInput && stream.end?.frameLines == 45 && stream.endIsLast)
        #expect(stream.end?.message == "the input ended after 90 frames (3.0 s)")
        #expect(decoded.map(\.frame) == Array(stride(from: 0, to: 90, by: 2)))
        let withFlight = decoded.filter { !$0.trajectories.isEmpty }
        #expect(withFlight.count >= 8)
        // One flight, the same UUID on every line, growing.
        #expect(Set(withFlight.flatMap { $0.trajectories.map(\.uuid) }).count == 1)
        let counts = withFlight.map { $0.trajectories[0].detectedPoints.count }
        #expect(counts == counts.sorted() && counts.first! < counts.last!)
        // A file is read faster than it plays.
        #expect(decoded.last!.behindRealTime < 0)
        #expect(run.standardError.contains("1 trajectory"))
    }

    @Test func aLiveStreamIsAnalysedAsItArrives() throws {
        // FFmpeg plays the clip in real time (-re) over TCP; balltrace connects to it.
        let server = try LoopbackServer(clip: clip, port: 47100 + Int(getpid() % 500))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace")
        process.arguments = ["analyze", server.url, "--stream"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        // The first line arrives long before the 3 s clip has finished playing.
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let firstLineAfter = Date().timeIntervalSince(started)
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let total = Date().timeIntervalSince(started)
        #expect(process.terminationStatus == 0)
        #expect(firstLineAfter < 2 && total > 2.5, "first line after \(firstLineAfter) s, end after \(total) s")
        let stream = try StreamOutput(firstLine + rest)
        #expect(stream.frames.count >= 85 && stream.end?.reason == .sourceClosed)
        let last = try #require(stream.frames.last)
        // Keeping up: no more than half a second behind the playing clip.
        #expect(last.behindRealTime < 0.5)
        withExtendedLifetime(server) {}
    }

    @Test func aReaderThatStopsReadingEndsTheStreamQuietly() throws {
        let out = try folder("stream-head")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let balltrace = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace").path
        shell.arguments = ["-c", "'\(balltrace)' analyze '\(clip)' --stream --video '\(out)/v.mp4' 2>'\(out)/err' | head -n 1 >/dev/null"]
        try shell.run()
        shell.waitUntilExit()
        let errors = try String(contentsOfFile: "\(out)/err", encoding: .utf8)
        #expect(!errors.contains("Error") && !errors.contains("Fatal"), "\(errors)")
        // Nothing half-written is left: no video, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["err"])
    }
}

import BallTrace
import Foundation
import Testing

/// FFmpeg serving a clip in real time (`-re`) as MPEG-TS over TCP on loopback: a live source
/// that can be frozen (SIGSTOP) or killed mid-stream.
private final class LoopbackServer {
    let url: String
    private let process = Process()

    init(clip: String, port: Int) throws {
        url = "tcp://127.0.0.1:\(port)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-re", "-i", clip, "-c", "copy", "-f", "mpegts", "\(url)?listen=1"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
    }

    func signal(_ number: Int32, after seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { kill(pid, number) }
    }

    deinit {
        kill(process.processIdentifier, SIGCONT)
        if process.isRunning { process.terminate() }
    }
}

/// `balltrace` run to its end, timed.
private struct TimedRun {
    let status: Int32
    let lines: [Substring]
    let errors: String
    let seconds: Double

    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace")
        process.arguments = arguments
        // Both to files, so that neither pipe can fill and block the process.
        let outPath = GeneratedClips.temporaryPath("run.out"), errPath = GeneratedClips.temporaryPath("run.err")
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let started = Date()
        try process.run()
        process.waitUntilExit()
        seconds = Date().timeIntervalSince(started)
        status = process.terminationStatus
        lines = try String(contentsOfFile: outPath, encoding: .utf8).split(separator: "\n")
        errors = try String(contentsOfFile: errPath, encoding: .utf8)
    }
}

@Suite("Live sources that stall or go away", .serialized)
struct LiveSourceTests {
    let clip = GeneratedClips.longDrive.path
    let port = 47600 + Int(getpid() % 400)

    @Test func aFrozenSourceIsGivenUpWithWhatWasAnalysedKept() throws {
        let server = try LoopbackServer(clip: clip, port: port)
        server.signal(SIGSTOP, after: 1.5)
        let json = GeneratedClips.temporaryPath("stalled.json")
        let run = try TimedRun(["analyze", server.url, "--stream", "--json", json, "--timeout", "2"])
        #expect(run.status == 69, "stderr: \(run.errors)")
        #expect(run.seconds < 10, "gave up after \(run.seconds) s")
        let lastError = run.errors.split(separator: "\n").last ?? ""
        #expect(lastError.hasPrefix("Error: \(server.url) stopped sending") && lastError.contains("sent nothing for 2 s"))
        // Every stream line is whole, and the document holds what was analysed, saying why it ends early.
        #expect(run.lines.count >= 20)
        for line in run.lines { _ = try JSONDecoder().decode(StreamLine.self, from: Data(line.utf8)) }
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        let integrity = (document["source"] as! [String: Any])["integrity"] as! [String: Any]
        #expect((integrity["stoppedEarlyBecause"] as? String)?.contains("stalled") == true)
    }

    @Test func aSourceKilledMidStreamEndsTheAnalysisAtOnceWithAWarning() throws {
        let server = try LoopbackServer(clip: clip, port: port + 1)
        server.signal(SIGKILL, after: 1.5)
        let run = try TimedRun(["analyze", server.url, "--stream"])
        #expect(run.status == 0)
        #expect(run.seconds < 5)
        #expect(run.errors.contains("warning: the source closed the stream after"))
        for line in run.lines { _ = try JSONDecoder().decode(StreamLine.self, from: Data(line.utf8)) }
    }

    @Test func anInterruptionAfterStreamLinesSaysTheyStand() throws {
        let server = try LoopbackServer(clip: clip, port: port + 2)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace")
        process.arguments = ["analyze", server.url, "--stream"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { kill(process.processIdentifier, SIGINT) }
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(message.contains("stream lines already written stand"), "stderr: \(message)")
        withExtendedLifetime(server) {}
    }

    @Test func aTimeoutMustBeSecondsZeroOrMore() throws {
        let run = try TimedRun(["analyze", clip, "--timeout", "-1"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--timeout"))
    }
}

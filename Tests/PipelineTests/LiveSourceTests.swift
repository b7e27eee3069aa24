import BallTrace
import Foundation
import Testing

/// FFmpeg serving a clip in real time (`-re`) as MPEG-TS over TCP on loopback: a live source
/// that can be frozen (SIGSTOP) or killed mid-stream.
final class LoopbackServer {
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

/// `balltrace` run to its end, and how long it took.
private func timedRun(_ arguments: [String]) throws -> (run: BalltraceRun, lines: [Substring], seconds: Double) {
    let started = Date()
    let run = try BalltraceRun(arguments)
    return (run, String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n"), Date().timeIntervalSince(started))
}

@Suite("Live sources that stall or go away", .serialized)
struct LiveSourceTests {
    let clip = GeneratedClips.longDrive.path
    let port = 47600 + Int(getpid() % 400)

    @Test func aFrozenSourceIsGivenUpWithWhatWasAnalysedKept() throws {
        let server = try LoopbackServer(clip: clip, port: port)
        server.signal(SIGSTOP, after: 1.5)
        let json = GeneratedClips.temporaryPath("stalled.json")
        let (run, lines, seconds) = try withExtendedLifetime(server) {
            try timedRun(["analyze", server.url, "--stream", "--json", json, "--timeout", "2"])
        }
        #expect(run.status == 69, "stderr: \(run.standardError)")
        #expect(seconds < 10, "gave up after \(seconds) s")
        let lastError = run.standardError.split(separator: "\n").last ?? ""
        #expect(lastError.hasPrefix("Error: \(server.url) stopped sending") && lastError.contains("sent nothing for 2 s"))
        // Every stream line is whole, and the document holds what was analysed, saying why it ends early.
        #expect(lines.count >= 20)
        for line in lines { _ = try JSONDecoder().decode(StreamLine.self, from: Data(line.utf8)) }
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        let integrity = (document["source"] as! [String: Any])["integrity"] as! [String: Any]
        #expect((integrity["stoppedEarlyBecause"] as? String)?.contains("stalled") == true)
    }

    @Test func aSourceKilledMidStreamEndsTheAnalysisAtOnceWithAWarning() throws {
        let server = try LoopbackServer(clip: clip, port: port + 1)
        server.signal(SIGKILL, after: 1.5)
        let (run, lines, seconds) = try withExtendedLifetime(server) { try timedRun(["analyze", server.url, "--stream"]) }
        #expect(run.status == 0)
        #expect(seconds < 5)
        #expect(run.standardError.contains("warning: the source closed the stream after"))
        for line in lines { _ = try JSONDecoder().decode(StreamLine.self, from: Data(line.utf8)) }
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
        let run = try BalltraceRun(["analyze", clip, "--timeout", "-1"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--timeout"))
    }
}

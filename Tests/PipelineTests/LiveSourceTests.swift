import BallTrace
import Foundation
import Testing

/// `balltrace` run to its end, and how long it took.
private func timedRun(_ arguments: [String]) throws -> (run: BalltraceRun, lines: [Substring], seconds: Double) {
    let started = Date()
    let run = try BalltraceRun(arguments)
    return (run, String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n"), Date().timeIntervalSince(started))
}

/// The stream-line schema, to validate a live run's whole output against.
private let streamLineSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/BallTrace/Schemas/stream-line.schema.json").path

/// Every line of a stream validates against the published schema.
private func validateStream(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = GeneratedClips.temporaryPath("live.jsonl")
    try data.write(to: URL(fileURLWithPath: path))
    let validation = try SchemaValidation(schema: streamLineSchema, files: [path], lines: true)
    #expect(validation.status == 0, "\(validation.output)", sourceLocation: sourceLocation)
}

/// Times a test allows: generous for a loaded two-core machine (the debug balltrace can fall
/// behind real time there), and each test stays under 40 s.
@Suite("Live sources that stall, go away, come back or run slow", .serialized)
struct LiveSourceTests {
    let clip = GeneratedClips.longDrive.path
    /// Three seconds, 90 frames: for the tests that play a clip to its end.
    let shortClip = GeneratedClips.golfDrive.path
    let port = 47600 + Int(getpid() % 400) * 12

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
        // Every stream line is whole, the last says why it ended, and the document holds what
        // was analysed, saying why it ends early.
        let stream = try StreamOutput(run.standardOutput)
        #expect(stream.frames.count >= 20 && lines.count == stream.frames.count + 1)
        #expect(stream.end?.reason == .sourceStalled && stream.end?.frameLines == stream.frames.count && stream.endIsLast)
        #expect(stream.end.map { lastError.hasPrefix("Error: \($0.message)") } == true, "\(String(describing: stream.end))")
        try validateStream(run.standardOutput)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        let integrity = (document["source"] as! [String: Any])["integrity"] as! [String: Any]
        #expect((integrity["stoppedEarlyBecause"] as? String)?.contains("stalled") == true)
    }

    @Test func aSourceKilledMidStreamEndsTheAnalysisAtOnceWithAWarning() throws {
        let server = try LoopbackServer(clip: clip, port: port + 1)
        server.signal(SIGKILL, after: 1.5)
        let (run, _, seconds) = try withExtendedLifetime(server) { try timedRun(["analyze", server.url, "--stream"]) }
        #expect(run.status == 0)
        #expect(seconds < 5)
        #expect(run.standardError.contains("warning: the source closed the stream after"))
        let stream = try StreamOutput(run.standardOutput)
        #expect(stream.end?.reason == .sourceClosed && stream.end?.message.hasPrefix("the source closed the stream after") == true)
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
        let pid = process.processIdentifier
        runOnOwnThread(after: 2) { kill(pid, SIGINT) }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(message.contains("stream lines already written stand"), "stderr: \(message)")
        let stream = try StreamOutput(output)
        #expect(stream.end?.reason == .interrupted && stream.end?.message == "interrupted by SIGINT" && stream.endIsLast)
        #expect(!stream.frames.isEmpty && stream.end?.frameLines == stream.frames.count)
        withExtendedLifetime(server) {}
    }

    @Test func aTimeoutMustBeSecondsZeroOrMore() throws {
        let run = try BalltraceRun(["analyze", clip, "--timeout", "-1"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--timeout"))
    }

    // MARK: Resumed, slow

    @Test func aSourceFrozenLessThanTheTimeoutIsFollowedToItsEnd() throws {
        let server = try LoopbackServer(clip: shortClip, port: port + 3)
        server.signal(SIGSTOP, after: 1)
        server.signal(SIGCONT, after: 2.5)
        let (run, _, seconds) = try withExtendedLifetime(server) {
            try timedRun(["analyze", server.url, "--stream", "--timeout", "5"])
        }
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(seconds > 2.5 && seconds < 15, "ended after \(seconds) s")
        let stream = try StreamOutput(run.standardOutput)
        // Every frame of the clip, the flight in it, and the close at the clip's end.
        #expect(stream.frames.count >= 85 && stream.frames.last!.time > 2.8, "\(stream.frames.count) frames")
        #expect(stream.frames.contains { !$0.trajectories.isEmpty })
        #expect(stream.end?.reason == .sourceClosed)
    }

    @Test func aSourceServedAtHalfItsRateIsNotTakenForAStall() throws {
        let server = try LoopbackServer(clip: shortClip, port: port + 4, readRate: 0.5)
        let (run, _, seconds) = try withExtendedLifetime(server) {
            try timedRun(["analyze", server.url, "--stream", "--timeout", "2"])
        }
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(seconds > 4.5 && seconds < 20, "ended after \(seconds) s")
        let stream = try StreamOutput(run.standardOutput)
        #expect(stream.frames.count >= 85 && stream.end?.reason == .sourceClosed)
        // Frames come at half the clip's rate: by its end the analysis is seconds behind the
        // clip's own time, as the line says.
        #expect(stream.frames.last!.behindRealTime > 1, "behind by \(stream.frames.last!.behindRealTime) s")
    }

    // MARK: UDP and HTTP

    @Test func aUDPSourceThatStopsSendingIsGivenUpAsStalledSinceUDPCannotSayItEnded() throws {
        // balltrace listens first: datagrams sent before it does are lost (and a keyframe every
        // half second lets it start on any).
        // A timeout generous enough for the sender's own start on a loaded machine (it encodes
        // as it sends): what is tested is that a sender that stops is given up, not how soon.
        let process = try BalltraceProcess(["analyze", "udp://127.0.0.1:\(port + 5)", "--stream", "--timeout", "6"])
        #expect(process.waitUntilListening(udpPort: port + 5), "balltrace never listened")
        let server = try LoopbackServer(clip: clip, port: port + 5, transport: .udp, keyframeInterval: 15, settle: 0)
        // Killed once balltrace has analysed frames of it (however long a loaded machine took
        // to start the sender).
        #expect(process.waitUntilOutput(lines: 25, timeout: 20), "no frames analysed")
        server.signal(SIGKILL, after: 0)
        let (status, output, errors, seconds) = process.finish()
        #expect(status == 69, "stderr: \(errors)")
        #expect(seconds < 35, "gave up after \(seconds) s")
        let stream = try StreamOutput(output)
        #expect(stream.frames.count >= 20, "\(stream.frames.count) frames; stderr: \(errors)")
        #expect(stream.end?.reason == .sourceStalled && stream.endIsLast, "\(String(describing: stream.end))")
        try validateStream(output)
        withExtendedLifetime(server) {}
    }

    @Test func aUDPSourceFrozenLessThanTheTimeoutIsFollowedOn() throws {
        let process = try BalltraceProcess(["analyze", "udp://127.0.0.1:\(port + 6)", "--stream", "--timeout", "6"])
        #expect(process.waitUntilListening(udpPort: port + 6), "balltrace never listened")
        let server = try LoopbackServer(clip: shortClip, port: port + 6, transport: .udp, keyframeInterval: 15, settle: 0)
        server.signal(SIGSTOP, after: 1)
        server.signal(SIGCONT, after: 2.5)
        let (status, output, errors, seconds) = process.finish()
        // UDP has no end: the clip's end is a stall too, after every frame was analysed.
        #expect(status == 69, "stderr: \(errors)")
        #expect(seconds < 25, "ended after \(seconds) s")
        let stream = try StreamOutput(output)
        // Frozen after a second: the frames after the resume were read too.
        #expect(stream.frames.count >= 75, "\(stream.frames.count) frames")
        #expect(stream.reconnections.isEmpty && stream.end?.reason == .sourceStalled)
        withExtendedLifetime(server) {}
    }

    @Test func anHTTPSourceKilledMidStreamEndsTheAnalysisAtOnce() throws {
        let server = try LoopbackServer(clip: clip, port: port + 7, transport: .http)
        server.signal(SIGKILL, after: 1.5)
        let (run, _, seconds) = try withExtendedLifetime(server) { try timedRun(["analyze", server.url, "--stream"]) }
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(seconds < 5, "ended after \(seconds) s")
        let stream = try StreamOutput(run.standardOutput)
        #expect(stream.frames.count >= 10 && stream.end?.reason == .sourceClosed)
    }

    // MARK: --reconnect

    @Test func reconnectPicksUpARestartedServerAndStartsTrackingAfresh() throws {
        let json = GeneratedClips.temporaryPath("reconnected.json")
        var first: LoopbackServer? = try LoopbackServer(clip: clip, port: port + 8)
        let process = try BalltraceProcess(["analyze", first!.url, "--stream", "--reconnect", "--timeout", "3", "--json", json])
        Thread.sleep(forTimeInterval: 1.5)
        first = nil  // killed mid-stream
        Thread.sleep(forTimeInterval: 1)
        let second = try LoopbackServer(clip: shortClip, port: port + 8)
        let (status, output, errors, seconds) = process.finish()
        // The restarted server plays its clip, closes, and does not come back: given up as a stall.
        #expect(status == 69, "stderr: \(errors)")
        #expect(seconds < 20, "ended after \(seconds) s")
        let stream = try StreamOutput(output)
        let reconnection = try #require(stream.reconnections.first, "no reconnection line")
        #expect(stream.reconnections.count == 1 && !reconnection.timeContinues && reconnection.attempts >= 1)
        #expect(reconnection.lostBecause == "the source closed the stream")
        // Frames before and after, indices and times going on across the gap.
        let after = stream.frames.filter { $0.frame >= reconnection.frame }
        #expect(stream.frames.count - after.count >= 20 && after.count >= 80, "\(stream.frames.count) frames, \(after.count) after")
        #expect(zip(stream.frames, stream.frames.dropFirst()).allSatisfy { $0.frame < $1.frame && $0.time < $1.time })
        #expect(after.first?.frame == reconnection.frame && after.first?.time == reconnection.time)
        // The flight of the restarted clip is found: tracking went on after the reconnection.
        #expect(after.contains { !$0.trajectories.isEmpty })
        #expect(stream.end?.reason == .sourceStalled && stream.end?.message.contains("did not come back within 3 s") == true)
        try validateStream(output)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        #expect((document["warnings"] as? [String])?.contains { $0.contains("reconnected") && $0.contains("tracking started afresh") } == true)
        withExtendedLifetime(second) {}
    }

    @Test func reconnectFollowsOnASenderThatResumesAfterAStallWithItsTimeGoingOn() throws {
        let process = try BalltraceProcess(["analyze", "udp://127.0.0.1:\(port + 9)", "--stream", "--reconnect", "--timeout", "3"])
        #expect(process.waitUntilListening(udpPort: port + 9), "balltrace never listened")
        // A keyframe every half second: the reader joins again mid-stream. The 8 s clip is
        // served in real time from the start whatever the stop, so after the resumption it
        // bursts what it is behind and then goes on sending until 8 s: a resumption anywhere in
        // the reconnection window is seen, however late a loaded machine delivers it.
        let server = try LoopbackServer(clip: clip, port: port + 9, transport: .udp, keyframeInterval: 15, settle: 0)
        server.signal(SIGSTOP, after: 1.2)
        // After the 3 s stall, early in the 3 s of reconnection.
        server.signal(SIGCONT, after: 5.7)
        let (status, output, errors, seconds) = process.finish()
        // After the sender's end, UDP says nothing: the source is given up as stalled again.
        #expect(status == 69, "stderr: \(errors)")
        #expect(seconds < 35, "ended after \(seconds) s")
        let stream = try StreamOutput(output)
        let reconnection = try #require(stream.reconnections.first, "no reconnection line; stderr: \(errors)")
        #expect(reconnection.timeContinues && reconnection.lostBecause.contains("sent nothing for 3 s"))
        #expect(stream.frames.count >= 60, "the stream after the stall was read: \(stream.frames.count) frames")
        #expect(zip(stream.frames, stream.frames.dropFirst()).allSatisfy { $0.frame < $1.frame && $0.time < $1.time })
        try validateStream(output)
        withExtendedLifetime(server) {}
    }

    @Test func reconnectIsRefusedForAFile() throws {
        let run = try BalltraceRun(["analyze", clip, "--reconnect"])
        #expect(run.status == 64 && run.standardError.contains("--reconnect") && run.standardError.contains("is a file"))
    }
}

/// balltrace started in the background, its output collected as it comes until it ends. The
/// lock orders the readers' writes before every read; ``finish()`` waits for both readers.
final class BalltraceProcess: @unchecked Sendable {
    private let process = Process()
    private let out = Pipe(), err = Pipe()
    private let started = Date()
    private var output = Data(), errors = Data()
    private let reading = DispatchGroup()
    private let lock = NSLock()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace")
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read as it comes, so that a full pipe never holds balltrace up.
        for (pipe, isOutput) in [(out, true), (err, false)] {
            reading.enter()
            runOnOwnThread { [self] in
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                    lock.withLock { if isOutput { output.append(chunk) } else { errors.append(chunk) } }
                }
                reading.leave()
            }
        }
        // Bound: a balltrace that hangs is killed (SIGKILL: the mask it was spawned with may
        // block SIGTERM), and the test fails on its status.
        runOnOwnThread(after: 40) { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Waits, up to 10 s, until a UDP socket is bound to `udpPort` on this machine (read from
    /// Linux's `/proc/net/udp`): datagrams sent before balltrace listens are lost, and a loaded
    /// machine can take seconds to start a debug build. False when it never happens.
    func waitUntilListening(udpPort: Int) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && process.isRunning {
            if socketIsBound(port: udpPort, in: ["/proc/net/udp", "/proc/net/udp6"]) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Waits, up to `timeout` seconds, until balltrace has written `lines` lines to standard
    /// output (a stream's frame lines, one a frame). False when it has not by then.
    func waitUntilOutput(lines: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lock.withLock({ output.count { $0 == UInt8(ascii: "\n") } }) >= lines { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Waits for the end: status, standard output, standard error, and seconds since the start.
    func finish() -> (Int32, Data, String, Double) {
        process.waitUntilExit()
        reading.wait()
        return lock.withLock {
            (process.terminationStatus, output, String(decoding: errors, as: UTF8.self), Date().timeIntervalSince(started))
        }
    }
}

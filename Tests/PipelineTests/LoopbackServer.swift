import BallTrace
import Foundation

/// FFmpeg serving a clip as MPEG-TS on loopback, at the clip's own rate (`-re`) or slower: a
/// live source that can be frozen (SIGSTOP), resumed (SIGCONT), killed, or started again.
final class LoopbackServer {
    enum Transport {
        /// balltrace connects; FFmpeg listens (`?listen=1`) and serves one connection.
        case tcp
        /// FFmpeg sends datagrams to the port balltrace listens on: nothing says the stream ended.
        case udp
        /// FFmpeg's own HTTP server (`-listen 1`), one client.
        case http
    }

    let url: String
    private let process = Process()

    /// - Parameters:
    ///   - readRate: the clip's seconds served per second (1: real time).
    ///   - keyframeInterval: re-encode with a keyframe every this many frames, so that a reader
    ///     that joins (or joins again) mid-stream can decode; nil copies the clip as it is.
    ///   - settle: for UDP, seconds to wait after starting; a TCP or HTTP server is waited for
    ///     until it listens instead (up to 10 s on a loaded machine).
    init(clip: String, port: Int, transport: Transport = .tcp, readRate: Double = 1, keyframeInterval: Int? = nil,
         settle: Double = 0.5) throws {
        let address = "127.0.0.1:\(port)"
        let output: [String]
        switch transport {
        case .tcp: url = "tcp://\(address)"; output = ["\(url)?listen=1"]
        case .udp: url = "udp://\(address)"; output = [url]
        case .http: url = "http://\(address)"; output = ["-listen", "1", url]
        }
        let codec = keyframeInterval.map { ["-c:v", "libx264", "-preset", "ultrafast", "-g", "\($0)", "-bf", "0", "-an"] } ?? ["-c", "copy"]
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-readrate", "\(readRate)", "-i", clip] + codec + ["-f", "mpegts"] + output
        process.standardError = FileHandle.nullDevice
        try process.run()
        if transport == .udp {
            Thread.sleep(forTimeInterval: settle)
        } else {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, process.isRunning, !socketIsBound(port: port, in: ["/proc/net/tcp", "/proc/net/tcp6"], state: "0A") {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    func signal(_ number: Int32, after seconds: Double) {
        let pid = process.processIdentifier
        runOnOwnThread(after: seconds) { kill(pid, number) }
    }

    /// Killed outright: FFmpeg starts with the signal mask of the test's thread that spawned
    /// it, where SIGTERM may be blocked, and a server still waiting for its client would then
    /// never end (a test run hung on it).
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// `--stream`'s output read back: the frame lines, the reconnection lines and the end line,
/// each decoded as the type it must be (a line that is none of them fails the decoding).
struct StreamOutput {
    var frames: [StreamLine] = []
    var reconnections: [StreamReconnectedLine] = []
    var end: StreamEndLine?
    /// Whether the end line was the last line, and came once.
    var endIsLast = true

    init(_ data: Data) throws {
        let decoder = JSONDecoder()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if end != nil { endIsLast = false }
            let bytes = Data(line.utf8)
            if line.hasPrefix("{\"event\":\"end\"") {
                end = try decoder.decode(StreamEndLine.self, from: bytes)
            } else if line.hasPrefix("{\"event\":\"reconnected\"") {
                reconnections.append(try decoder.decode(StreamReconnectedLine.self, from: bytes))
            } else {
                frames.append(try decoder.decode(StreamLine.self, from: bytes))
            }
        }
    }
}

/// Whether a socket on this machine is bound to local `port`, from Linux's tables
/// (`/proc/net/udp`, `/proc/net/tcp`, ...): each line "sl local_address rem_address st ...",
/// the local address ending in ":PORT" (hex); `state`, when given, the hex state (`0A`: listening).
func socketIsBound(port: Int, in tables: [String], state: String? = nil) -> Bool {
    let local = String(format: ":%04X", port)
    return tables.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
        .split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[1].hasSuffix(local) else { return false }
            return state.map { fields[3] == $0 } ?? true
        }
}

/// Runs `body` on a thread of its own after `seconds`. Not on a dispatch queue: the tests'
/// timings (a stall of so many seconds, a resumption in the middle of a reconnection window)
/// must hold on a loaded two-core machine, where a global queue's few threads can all be
/// blocked reading pipes and a timer there fires seconds late.
func runOnOwnThread(after seconds: Double = 0, _ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        body()
    }
}

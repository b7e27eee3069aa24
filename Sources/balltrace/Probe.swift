import ArgumentParser
import BallTrace
import FoundationEssentials

struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what balltrace sees in a clip: container, codec, size, rotation, frame rate, frames, audio.",
        discussion: """
            Frames are counted and timed from the video's packets, without decoding:
            the count is exact, and a long clip takes about as long as reading it.
            The size is the displayed one, after the rotation a phone records. The
            frame rate is variable when frame intervals differ by more than a tenth
            of a frame, beyond what timestamp rounding explains.

            Examples:
              What a clip holds, in a few lines:
                balltrace probe swing.mp4
              The same as JSON, for a script:
                balltrace probe swing.mp4 --json
              A clip on standard input, in a container read without seeking
              (Matroska, MPEG-TS; not an MP4 whose index comes last):
                ffmpeg -i swing.mp4 -c copy -f matroska - | balltrace probe -

            \(ExitStatus.help)
            """)

    @Argument(help: "Video file (any container and codec FFmpeg can read), or '-' for standard input.")
    var input: String

    @Flag(help: "Write the probe as JSON to standard output.")
    var json = false

    func run() throws {
        let probe: MediaProbe
        do {
            probe = try MediaProbe(path: input)
        } catch {
            throw fail(error)
        }
        if json {
            do {
                StandardStream.output.write(try probe.jsonData())
            } catch {
                throw fail(error)
            }
        } else {
            print(ProbeSummary.lines(for: probe).joined(separator: "\n"))
        }
        let warnings = probe.warnings.map { "warning: \($0)\n" }.joined()
        StandardStream.error.write(warnings)
    }
}

/// The human-readable probe: one labelled line per aspect, the labels padded to one column.
enum ProbeSummary {
    static func lines(for probe: MediaProbe) -> [String] {
        let rows = [
            ("container", "\(probe.container.longName) (\(probe.container.name))"),
            ("video", video(probe.video)),
            ("frames", frames(probe.video)),
            ("duration", duration(probe)),
            ("audio", probe.audio.map(audio) ?? "none"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, text in label + String(repeating: " ", count: width + 2 - label.count) + text }
    }

    /// `h264 (High), yuv420p, 360×640 displayed (stored 640×360, turned 90°), 1.2 Mbit/s`
    private static func video(_ v: MediaProbe.Video) -> String {
        var parts = [v.profile.map { "\(v.codec) (\($0))" } ?? v.codec]
        if let format = v.pixelFormat { parts.append(format) }
        if v.rotation == 0 {
            parts.append("\(v.width)×\(v.height)")
        } else {
            parts.append("\(v.width)×\(v.height) displayed (stored \(v.storedWidth)×\(v.storedHeight), turned \(v.rotation)°)")
        }
        if let bits = v.bitRate { parts.append(bitRate(bits)) }
        return parts.joined(separator: ", ")
    }

    /// `90 at 30 fps, constant`, or `88 at 29.4 fps on average, variable 24.1–31.9 fps`.
    private static func frames(_ v: MediaProbe.Video) -> String {
        guard v.frameCount > 0 else { return "none: the video stream has no packets" }
        var text = v.frameCount == 1 ? "1 frame" : "\(v.frameCount)"
        if let rate = v.frameRate { text += " at \(fps(rate)) fps" }
        guard let shortest = v.minimumFrameInterval, let longest = v.maximumFrameInterval else { return text }
        guard v.variableFrameRate else { return text + ", constant" }
        text += " on average, variable"
        if shortest > 0 && longest > 0 {
            text += String(printf: " %.1f–%.1f fps", 1 / longest, 1 / shortest)
        } else {
            text += " (some frames share a timestamp)"
        }
        return text
    }

    /// The video's own duration, and the file's when it differs.
    private static func duration(_ probe: MediaProbe) -> String {
        var text = String(printf: "%.3f s", probe.video.duration)
        if let file = probe.duration, abs(file - probe.video.duration) >= 0.0005 {
            text += String(printf: " (file %.3f s)", file)
        }
        return text
    }

    private static func audio(_ a: MediaProbe.Audio) -> String {
        "\(a.codec), \(a.sampleRate) Hz, \(a.channels) channel\(a.channels == 1 ? "" : "s")"
    }

    /// At most three decimals, none that are zero: 30, 29.97, 23.976.
    private static func fps(_ rate: Double) -> String {
        var text = String(printf: "%.3f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func bitRate(_ bits: Int) -> String {
        bits >= 1_000_000 ? String(printf: "%.1f Mbit/s", Double(bits) / 1e6) : String(printf: "%.0f kbit/s", Double(bits) / 1e3)
    }
}

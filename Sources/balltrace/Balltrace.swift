import ArgumentParser
import BallTrace
import FoundationEssentials
import Glibc

@main
struct Balltrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balltrace",
        abstract: "Find ball flights in video and report them as trajectories.",
        discussion: """
            Common tasks:
              What balltrace sees in a file (size, rotation, frame rate, frames, audio):
                balltrace probe swing.mp4
              The flights as JSON, and the clip with them drawn on it:
                balltrace analyze swing.mp4 --json swing.json --video swing.traced.mp4
              Launch speed, angle and apex of a golf shot, and a picture for the player:
                balltrace analyze swing.mp4 --ball golf --tracer swing.png
              A whole session, two clips at a time (clips already done are skipped):
                balltrace analyze session/*.mp4 --out-dir results --render --jobs 2
              From a pipe, the document alone on standard output:
                ffmpeg -i cam.mov -c copy -f matroska - | balltrace analyze - --json -
              A live stream, one JSON line per frame:
                balltrace analyze rtsp://camera.local/stream --stream
              A range session: a clip per shot with its flight drawn on it, and a shot log:
                balltrace shots range.mp4 --out-dir range-shots
              The JSON Schema of the document:
                balltrace schema

            More in 'balltrace analyze --help'. Shell completion:
              balltrace --generate-completion-script bash|zsh|fish

            \(ExitStatus.help)
            """,
        version: "0.1.0",
        subcommands: [Analyze.self, Shots.self, Probe.self, Schema.self])

    /// swift-argument-parser's own entry point, except that a usage error is one line (the
    /// error, then where help is) rather than the error followed by the whole usage: in a
    /// loop over a hundred clips, the line that says what is wrong is the one wanted.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // An `ExitCode` was thrown after its error was printed.
            guard code == .validationFailure, !(error is ExitCode) else { exit(withError: error) }
            let message = self.message(for: error)
                .split(separator: "\n").map { $0.trimmingWhitespace() }
                .filter { !$0.isEmpty && !$0.hasPrefix("Help:") }
                .joined(separator: " ")
            StandardStream.error.write("Error: \(message) (see '\(helpCommand(for: error))')\n")
            Glibc.exit(code.rawValue)
        }
    }

    /// `balltrace analyze --help` when the error is about a subcommand's flags.
    private static func helpCommand(for error: any Error) -> String {
        let names = configuration.subcommands.map { $0._commandName }
        if let first = CommandLine.arguments.dropFirst().first, names.contains(first) { return "balltrace \(first) --help" }
        return "balltrace --help"
    }
}

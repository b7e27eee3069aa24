import ArgumentParser
import Foundation

@main
struct Balltrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balltrace",
        abstract: "Find ball flights in video and report them as trajectories.",
        discussion: ExitStatus.help,
        version: "0.1.0",
        subcommands: [Analyze.self, Probe.self])

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
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("Help:") }
                .joined(separator: " ")
            FileHandle.standardError.write(Data("Error: \(message) (see '\(helpCommand(for: error))')\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// `balltrace analyze --help` when the error is about the analyze command's flags.
    private static func helpCommand(for error: any Error) -> String {
        CommandLine.arguments.dropFirst().first == "analyze" ? "balltrace analyze --help" : "balltrace --help"
    }
}

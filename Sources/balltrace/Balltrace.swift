import ArgumentParser

@main
struct Balltrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balltrace",
        abstract: "Find ball flights in video and report them as trajectories.",
        version: "0.1.0",
        subcommands: [Analyze.self])
}
